/**
 * The flow checker behind `npm run flows:check` (Node only): reads the flow files, the model
 * configs and the locale files, validates each against its schema, then every cross-reference,
 * and gives each problem a line and column in its file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { DeadlinesResponse, FlowFile, ModelConfig } from '../../runtime/core/types';
import { impossibleDeadlineDates, unknownDeadlineZones } from '../../runtime/core/deadlines/normalize';
import { checkFlow, checkFlowSet, checkLocaleKeySets, type CheckContext } from '../../runtime/core/flow/cross-check';
import { pointer, pointerSegments, type FlowIssue } from '../../runtime/core/flow/issues';
import { localizedCopyProblems } from '../../runtime/core/i18n/localizedCopy';
import { loadLocale, loadModelConfigs, schemaIssues, type SchemaName } from './validate-schema';
import { checkDigitWarnings, classListIssues } from './class-list-header';
import { runtimeLocaleKeys } from '../locales/runtime-keys';
import { appPaths, copyLinkIssues, DEFAULT_LANGUAGES, defaultFormLinkIssues, defaultLanguages, isLogoImage, logoExtension, siteIssues, siteLinkIssues, type SiteFile } from '../../runtime/core/site';
import { classListHeader, formsIssues, settlementForms, SPEC_FORMS, type FormsFile, type SettlementForm } from '../../runtime/core/forms';
import { didYouMean } from '../../runtime/core/flow/nearest';
import { PLACEHOLDER_MARK, placeholderKeys } from './placeholder';

export interface FolderPaths {
  /** Folder of flow files (*.json). */
  flowsDir: string;
  /** The model configs file. */
  modelsFile: string;
  /** Folder of locale files (<culture>.json). */
  localesDir: string;
  /** The settlement's deadlines file, whose time-zone names and dates are checked when given. */
  deadlinesFile?: string;
  /**
   * The settlement folder itself, when given: its deadlines (deadlines.json, else
   * deadlines.legacy.json), settings, captcha and whitelist files (and site.json when present)
   * are checked against their schemas, site.json's links, keys, languages and logo against the
   * flows, the locales and the folder, and the headers of its class-list CSV files against the columns the import needs.
   */
  settlementDir?: string;
  /**
   * The folder lends only some files and borrows the rest from the shipped settlement (a
   * fixture's folder such as tests/settlements/record-rules): files it lacks are not reported.
   */
  partialSettlement?: boolean;
}

export interface FolderReport {
  issues: FlowIssue[];
  /** What may be a mistake but does not stop the folder (class-list VINs failing a verified check digit). */
  warnings: FlowIssue[];
  flows: number;
  models: number;
  locales: number;
  pages: number;
  /** What was read: the flows that satisfy their schema, the model configs, the locale texts by file. */
  loaded: {
    flows: Array<{ file: string; flow: FlowFile }>;
    models: ModelConfig[];
    locales: Record<string, Record<string, string>>;
    /** The settlement files that satisfy their schemas, by name ('settings.json'); only with settlementDir. */
    settlementFiles: Partial<Record<SettlementFileName, unknown>>;
  };
}

/** The JSON files of a settlement folder besides models.json, flows/ and locales/, and their schemas. */
export const SETTLEMENT_FILES = {
  'deadlines.json': 'settlement/deadlines',
  'deadlines.legacy.json': 'settlement/deadlines.legacy',
  'captcha.json': 'settlement/captcha',
  'settings.json': 'settlement/settings',
  'site.json': 'settlement/site',
  'forms.json': 'settlement/forms',
  'whitelist.json': 'settlement/whitelist',
} as const satisfies Record<string, SchemaName>;
export type SettlementFileName = keyof typeof SETTLEMENT_FILES;

/** The repository's flows/ and locales/: the defaults of a settlement folder without its own. */
export const DEFAULT_FLOWS_DIR = fileURLToPath(new URL('../../flows/', import.meta.url));
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

export interface SettlementPaths extends FolderPaths {
  /** true when the folder has its own flows/ (else the default flows folder is used). */
  ownFlows: boolean;
  /** true when the folder has its own locales/ (else the default locales folder is used). */
  ownLocales: boolean;
}

let codeKeysRead: string[] | undefined;
/** The keys the code names (read once: the code does not change while the process runs). */
const codeKeys = () => (codeKeysRead ??= runtimeLocaleKeys());

const isDir = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

/**
 * The files of a settlement folder: `<folder>/models.json`, `<folder>/flows/` when present (else
 * the default flows folder) and `<folder>/locales/` when present (else the default locales).
 */
export function settlementPaths(folder: string, defaults: { flowsDir?: string; localesDir?: string } = {}): SettlementPaths {
  const ownFlows = isDir(path.join(folder, 'flows'));
  const ownLocales = isDir(path.join(folder, 'locales'));
  return {
    flowsDir: ownFlows ? path.join(folder, 'flows') : (defaults.flowsDir ?? DEFAULT_FLOWS_DIR),
    modelsFile: path.join(folder, 'models.json'),
    localesDir: ownLocales ? path.join(folder, 'locales') : (defaults.localesDir ?? DEFAULT_LOCALES_DIR),
    ownFlows,
    ownLocales,
  };
}

/** The 1-based line and column of a JSON pointer in the text (the nearest existing ancestor when absent). */
export function locate(text: string, jsonPointer: string): { line: number; column: number } {
  const tree = parseTree(text);
  let offset = 0;
  if (tree) {
    const segments = pointerSegments(jsonPointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, segments.slice(0, n));
      if (node) {
        // A property's key is where an editor should land.
        offset = node.parent?.type === 'property' ? node.parent.offset : node.offset;
        break;
      }
    }
  }
  return lineColumn(text, offset);
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

interface ReadFile {
  file: string;
  text: string;
  json: unknown;
}

function readJson(file: string, issues: FlowIssue[], missing = { message: 'file not found', hint: 'check the path' }): ReadFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    issues.push({ file, pointer: '', ...missing });
    return undefined;
  }
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) {
    for (const e of errors) {
      issues.push({ file, pointer: '', message: `not valid JSON: ${printParseErrorCode(e.error)}`, hint: 'fix the JSON syntax (flow files allow no comments or trailing commas)', ...lineColumn(text, e.offset) });
    }
    return undefined;
  }
  return { file, text, json: JSON.parse(text) as unknown };
}

function jsonFiles(dir: string, issues: FlowIssue[]): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    issues.push({ file: dir, pointer: '', message: 'folder not found', hint: 'check the path' });
    return [];
  }
}

/** The logo of site.json: a file inside the folder, of the image type its name says. */
function logoIssues(dir: string, site: SiteFile, file: string): FlowIssue[] {
  if (!site.logo) return [];
  const at = '/logo/file';
  const ext = logoExtension(site.logo.file);
  const full = path.resolve(dir, site.logo.file);
  const relative = path.relative(path.resolve(dir), full);
  if (!ext || relative.startsWith('..') || path.isAbsolute(relative)) {
    return [{ file, pointer: at, message: `"${site.logo.file}" is not an svg, png or webp file of the settlement folder`, hint: 'name an image inside the folder, e.g. "logo.svg"' }];
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch {
    return [{ file, pointer: at, message: `the logo file "${site.logo.file}" is not in the settlement folder`, hint: 'add the image to the folder or correct the name' }];
  }
  if (!isLogoImage(ext, bytes)) return [{ file, pointer: at, message: `"${site.logo.file}" is not a ${ext} image`, hint: `save the logo as ${ext} or name the file by its real type` }];
  return [];
}

/**
 * Checks a whole configuration: locale files (schema, copy, same keys), model configs (schema,
 * rule types and parameters, message keys), each flow (schema, cross-references) and all flows
 * together (unique page ids and routes), and the deadlines' time-zone names when the deadlines
 * file is given. Every problem at once, with line and column.
 */
export function checkFolder(paths: FolderPaths, context: Omit<CheckContext, 'models' | 'locales'> = {}): FolderReport {
  const issues: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  const texts = new Map<string, string>();
  const remember = (r: ReadFile | undefined) => (r ? (texts.set(r.file, r.text), r) : undefined);

  const locales: Record<string, Record<string, string>> = {};
  for (const file of jsonFiles(paths.localesDir, issues)) {
    const read = remember(readJson(file, issues));
    if (!read) continue;
    const result = loadLocale(read.json, file);
    if (!result.ok) {
      issues.push(...result.errors);
      continue;
    }
    locales[file] = result.value;
    // Claimants would read the placeholder: warned of (a settlement being made keeps passing the check).
    const unwritten = placeholderKeys(result.value);
    if (unwritten.length > 0) {
      const named = unwritten.slice(0, 5).join(', ') + (unwritten.length > 5 ? `, and ${unwritten.length - 5} more` : '');
      warnings.push({ file, pointer: `/${unwritten[0]}`, message: `${unwritten.length} text(s) still read "${PLACEHOLDER_MARK}" and would be shown so to claimants: ${named}`, hint: 'write them under the studio\'s Translations ("Only texts still to write"), or in this file' });
    }
    for (const reason of localizedCopyProblems(result.value)) issues.push({ file, pointer: '', message: reason, hint: 'localized copy may hold inline HTML only' });
    for (const key of codeKeys()) {
      if (!Object.hasOwn(result.value, key)) issues.push({ file, pointer: '', message: `${key} is missing: the app or its e-mails show this text whatever the flows say`, hint: `npm run locales:add ${path.dirname(file)} ${key} --en "…" --es "…"; docs/configuring.md lists these keys` });
    }
  }
  issues.push(...checkLocaleKeySets(locales));

  let models: ModelConfig[] = [];
  const modelsRead = remember(readJson(paths.modelsFile, issues));
  if (modelsRead) {
    const result = loadModelConfigs(modelsRead.json, paths.modelsFile, { ...context, locales });
    if (result.ok) models = result.value;
    else {
      issues.push(...result.errors);
      // Cross-check flows against whatever parsed, so one run shows the flows' problems too.
      const body = modelsRead.json as { models?: unknown };
      if (Array.isArray(body.models)) models = body.models as ModelConfig[];
    }
  }

  // A hint names a model rule by file, line:col and pointer, as an issue is named.
  const modelsBase = Array.isArray(modelsRead?.json) ? '' : '/models';
  const modelRuleAt = (model: number, field: string, rule: number) => {
    const at = `${modelsBase}${pointer(model, 'fields', field, 'validations', rule)}`;
    if (!modelsRead) return `${paths.modelsFile} ${at}`;
    const { line, column } = locate(modelsRead.text, at);
    return `${paths.modelsFile}:${line}:${column} ${at}`;
  };

  const flows: Array<{ file: string; flow: FlowFile }> = [];
  // Links are checked against the pages only when every flow could be read.
  let allFlowsRead = true;
  for (const file of jsonFiles(paths.flowsDir, issues)) {
    const read = remember(readJson(file, issues));
    if (!read) {
      allFlowsRead = false;
      continue;
    }
    const schemaErrors = schemaIssues('flow', read.json, file);
    if (schemaErrors.length > 0) {
      issues.push(...schemaErrors);
      allFlowsRead = false;
      continue;
    }
    const flow = read.json as FlowFile;
    issues.push(...checkFlow(flow, file, { modelRuleAt, ...context, models, locales }));
    flows.push({ file, flow });
  }
  issues.push(...checkFlowSet(flows));
  const pagePaths = allFlowsRead ? appPaths(flows) : null;
  if (pagePaths) issues.push(...copyLinkIssues(locales, pagePaths));

  const settlementFiles: Partial<Record<SettlementFileName, unknown>> = {};
  let deadlinesFile = paths.deadlinesFile;
  if (paths.settlementDir) {
    const dir = paths.settlementDir;
    // deadlines.json wins; deadlines.legacy.json is read only when it is absent.
    const deadlinesName = existsSync(path.join(dir, 'deadlines.json')) || !existsSync(path.join(dir, 'deadlines.legacy.json')) ? 'deadlines.json' : 'deadlines.legacy.json';
    deadlinesFile ??= path.join(dir, deadlinesName);
    for (const name of [deadlinesName, 'captcha.json', 'settings.json', 'whitelist.json'] as const) {
      const file = name === deadlinesName ? deadlinesFile : path.join(dir, name);
      if (paths.partialSettlement && !existsSync(file)) continue;
      const hint = name === deadlinesName ? 'add deadlines.json (or deadlines.legacy.json) to the settlement folder' : `add ${name} to the settlement folder`;
      const read = remember(readJson(file, issues, { message: 'file is missing', hint }));
      if (!read) continue;
      const schemaErrors = schemaIssues(SETTLEMENT_FILES[name], read.json, file);
      issues.push(...schemaErrors);
      if (schemaErrors.length === 0) settlementFiles[name] = read.json;
    }
    // site.json is optional: without it the app shows the default chrome.
    const siteFile = path.join(dir, 'site.json');
    const site = existsSync(siteFile) ? remember(readJson(siteFile, issues)) : undefined;
    const cultures = Object.keys(locales).map((file) => path.basename(file, '.json'));
    if (!(site?.json as SiteFile | undefined)?.languages) {
      // No languages listed: every culture with a locale file is offered, by its default label.
      for (const { culture, labelKey } of defaultLanguages(cultures)) {
        if (DEFAULT_LANGUAGES.some((l) => l.culture === culture)) continue;
        for (const [file, texts] of Object.entries(locales)) {
          if (Object.hasOwn(texts, labelKey)) continue;
          issues.push({
            file,
            pointer: '',
            message: `${labelKey} is missing: the language selector offers ${culture} (site.json lists no languages, so every culture with a locale file is offered) under this label`,
            hint: `npm run locales:add ${path.dirname(file)} ${labelKey} ${cultures.map((c) => `--${c} "…"`).join(' ')}, or list the languages offered in site.json`,
          });
        }
      }
    }
    if (site) {
      const schemaErrors = schemaIssues(SETTLEMENT_FILES['site.json'], site.json, site.file);
      issues.push(...schemaErrors);
      if (schemaErrors.length === 0) {
        const body = site.json as SiteFile;
        issues.push(...siteIssues(body, site.file, { forms: flows.map((f) => f.flow.formType), locales, cultures }));
        issues.push(...logoIssues(dir, body, site.file));
        if (pagePaths) issues.push(...siteLinkIssues(body, site.file, pagePaths));
        settlementFiles['site.json'] = body;
      }
    }
    // The default header's links to forms the settlement has (a site.json the schema refuses is reported above).
    if (!site || settlementFiles['site.json']) issues.push(...defaultFormLinkIssues(settlementFiles['site.json'] as SiteFile | undefined, { forms: flows.map((f) => f.flow.formType), locales, cultures }));
    // forms.json is optional: without it the settlement has the spec's three forms.
    const formsFile = path.join(dir, 'forms.json');
    const forms = existsSync(formsFile) ? remember(readJson(formsFile, issues)) : undefined;
    let formsBody: FormsFile | undefined;
    if (forms) {
      const schemaErrors = schemaIssues(SETTLEMENT_FILES['forms.json'], forms.json, forms.file);
      issues.push(...schemaErrors);
      if (schemaErrors.length === 0) {
        formsBody = forms.json as FormsFile;
        const credentialFields = (formType: string) => {
          const config = models.find((m) => m.metadata?.formType === formType && m.metadata.dtoMapping === 'Credentials');
          return config ? Object.keys(config.fields ?? {}) : undefined;
        };
        const named = flows.map((f) => ({ file: `flows/${path.basename(f.file)}`, flow: f.flow }));
        issues.push(...formsIssues(formsBody, forms.file, { flows: named, credentialFields }));
        settlementFiles['forms.json'] = formsBody;
      }
    } else if (!existsSync(formsFile)) {
      // Without forms.json the settlement has the spec's three forms.
      for (const { file, flow } of flows) {
        if (!SPEC_FORMS.some((f) => f.id === flow.formType)) {
          issues.push({ file, pointer: '/formType', message: `"${flow.formType}" is not a form of this settlement`, hint: `${didYouMean(flow.formType, SPEC_FORMS.map((f) => f.id))}, or declare the form in forms.json` });
        }
      }
    }
    // A forms.json its schema refuses declares no header yet: its own problems come first.
    if (!existsSync(formsFile) || formsBody) issues.push(...classListIssues(dir, classListHeader(formsBody)));
    if (formsBody?.forms.some((f) => f.signIn.credentials.some((c) => c.match === 'vin' && c.checkDigit))) warnings.push(...checkDigitWarnings(dir, classListHeader(formsBody)));
    const settings = settlementFiles['settings.json'] as { fraud?: { minFillSeconds?: Record<string, number> } } | undefined;
    if (settings && (!existsSync(formsFile) || formsBody)) issues.push(...minFillSecondsIssues(settings.fraud?.minFillSeconds, path.join(dir, 'settings.json'), settlementForms(formsBody)));
  }

  if (deadlinesFile) {
    // With the folder, only a deadlines file that satisfies its schema (its problems are reported above).
    const json = paths.settlementDir ? (settlementFiles['deadlines.json'] ?? settlementFiles['deadlines.legacy.json']) : remember(readJson(deadlinesFile, issues))?.json;
    if (json && typeof json === 'object') {
      const deadlines = json as DeadlinesResponse;
      for (const problem of [...unknownDeadlineZones(deadlines), ...impossibleDeadlineDates(deadlines)]) issues.push({ file: deadlinesFile, ...problem });
    }
  }

  for (const issue of [...issues, ...warnings]) {
    const text = texts.get(issue.file);
    if (text !== undefined && issue.line === undefined) Object.assign(issue, locate(text, issue.pointer));
  }
  return {
    issues,
    warnings,
    flows: flows.length,
    models: models.length,
    locales: Object.keys(locales).length,
    pages: flows.reduce((n, f) => n + f.flow.pages.length, 0),
    loaded: { flows, models, locales, settlementFiles },
  };
}

/** fraud.minFillSeconds names form kinds and form ids only: another name would silently not apply. */
function minFillSecondsIssues(minFill: Record<string, number> | undefined, file: string, forms: readonly SettlementForm[]): FlowIssue[] {
  const known = [...new Set([...forms.map((f) => f.kind), ...forms.map((f) => f.id)])];
  return Object.keys(minFill ?? {})
    .filter((name) => !known.includes(name))
    .map((name) => ({
      file,
      pointer: pointer('fraud', 'minFillSeconds', name),
      message: `"${name}" is neither a form kind nor a form of this settlement`,
      hint: didYouMean(name, known) || `use one of: ${known.join(', ')}`,
    }));
}
