/**
 * The flow checker behind `npm run flows:check` (Node only): reads the flow files, the model
 * configs and the locale files, validates each against its schema, then every cross-reference,
 * and gives each problem a line and column in its file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeadlinesResponse, FlowFile, ModelConfig } from '../../runtime/core/types';
import { deadlinesAfterGlobal, impossibleDeadlineDates, unknownDeadlineZones } from '../../runtime/core/deadlines/normalize';
import { checkFlow, checkFlowSet, checkLocaleKeySets, unaskedRequiredFields, type CheckContext } from '../../runtime/core/flow/cross-check';
import { pointer, type FlowIssue } from '../../runtime/core/flow/issues';
import { localizedCopyProblems } from '../../runtime/core/i18n/localizedCopy';
import { loadLocale, loadModelConfigs, matchesSchema, schemaIssues, type SchemaTypes } from './validate-schema';
import { isRecord, propertyOf } from '../../runtime/core/guards';
import { checkDigitWarnings, classListIssues } from './class-lists';
import { credentialWordWarnings } from './credential-words';
import { labelMessageWarnings } from './label-messages';
import { localizationKeysOf } from '../../runtime/core/flow/pages';
import { runtimeLocaleKeys } from '../locales/runtime-keys';
import { appPaths, copyLinkIssues, DEFAULT_LANGUAGES, defaultFormLinkIssues, defaultLanguages, isLogoImage, logoExtension, siteIssues, siteLinkIssues, type SiteFile } from '../../runtime/core/site';
import { classListHeader, formsIssues, settlementForms, SPEC_FORMS, type FormsFile, type SettlementForm } from '../../runtime/core/forms';
import { didYouMean } from '../../runtime/core/flow/nearest';
import { PLACEHOLDER_MARK, placeholderKeys } from './placeholder';
import { statusesIssues } from '../../runtime/core/statuses';
import { SETTLEMENT_FILES, SETTLEMENT_MANIFEST, type SettlementFileName } from '../../settlement/files';
import { locate, parseJsonText } from '../../settlement/json-text';
import { atOrigin, fileBytes, filesIn, readFilesAt, readSettlementFolder, type ReadSettlementOptions, type SettlementFileEntry, type SettlementFolder } from '../../settlement/read';

export { DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR, SETTLEMENT_FILES, type SettlementFileName } from '../../settlement/files';
export { locate } from '../../settlement/json-text';

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
    /** The settlement files that satisfy their schemas, by name ('settings.json'); only with a settlement folder. */
    settlementFiles: SettlementFiles;
  };
}

/** The settlement files by name, each as its schema accepts it. */
export type SettlementFiles = { [K in SettlementFileName]?: SchemaTypes[(typeof SETTLEMENT_FILES)[K]] };

/** A file's JSON as its schema accepts it, or undefined when the schema refuses it (schemaIssues reports why). */
function accepted<N extends keyof SchemaTypes>(schema: N, json: unknown): SchemaTypes[N] | undefined {
  return matchesSchema(schema, json) ? json : undefined;
}

export interface SettlementPaths extends FolderPaths {
  /** true when the folder has its own flows/ (else the default flows folder is used). */
  ownFlows: boolean;
  /** true when the folder has its own locales/ (else the default locales folder is used). */
  ownLocales: boolean;
}

let codeKeysRead: string[] | undefined;
/** The keys the code names (read once: the code does not change while the process runs). */
const codeKeys = () => (codeKeysRead ??= runtimeLocaleKeys());

/**
 * Where the checker finds the files of a settlement folder (settlement/read): `<folder>/models.json`,
 * `<folder>/flows/` when it or a folder it extends has one (else the default flows folder) and
 * `<folder>/locales/` likewise.
 */
export function settlementPaths(folder: string, defaults: ReadSettlementOptions = {}): SettlementPaths {
  const read = readSettlementFolder(folder, defaults);
  return { flowsDir: read.flowsDir, modelsFile: read.modelsFile, localesDir: read.localesDir, ownFlows: read.ownFlows, ownLocales: read.ownLocales };
}

/**
 * The files to check: a settlement folder as settlement/read makes it (extends and defaults),
 * or, for paths that are not a settlement folder's own, the files at those paths.
 */
function folderToCheck(input: FolderPaths | SettlementFolder): SettlementFolder {
  if ('files' in input) return input;
  // The paths settlementPaths gives for a folder (with or without the folder's other files to check): that folder as the reader makes it.
  const dir = input.settlementDir ?? path.dirname(input.modelsFile);
  const read = readSettlementFolder(dir);
  if (read.problems.length === 0 && read.flowsDir === input.flowsDir && read.localesDir === input.localesDir && read.modelsFile === input.modelsFile) return read;
  return readFilesAt(input);
}

/** A deadlines file named on its own (checked without its settlement folder). */
function readDeadlines(file: string, issues: FlowIssue[]): ReadFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    issues.push({ file, pointer: '', message: 'file not found', hint: 'check the path' });
    return undefined;
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    issues.push(...parsed.errors.map((e) => ({ file, pointer: '', hint: 'fix the JSON syntax', ...e })));
    return undefined;
  }
  return { file, text, json: parsed.json };
}

interface ReadFile {
  file: string;
  text: string;
  json: unknown;
}

/** A file's JSON, or its syntax errors (or that it is missing) as issues. */
function readEntry(entry: SettlementFileEntry | undefined, file: string, issues: FlowIssue[], missing = { message: 'file not found', hint: 'check the path' }): ReadFile | undefined {
  if (!entry) {
    issues.push({ file, pointer: '', ...missing });
    return undefined;
  }
  if (!entry.parsed) {
    issues.push(...entry.errors);
    return undefined;
  }
  return { file: entry.path, text: entry.text, json: entry.json };
}

/** The logo of site.json: a file inside the folder (or a folder it extends), of the image type its name says. */
function logoIssues(folder: SettlementFolder, site: SiteFile, file: string): FlowIssue[] {
  if (!site.logo) return [];
  const at = '/logo/file';
  const ext = logoExtension(site.logo.file);
  const relative = path.relative(path.resolve(folder.dir), path.resolve(folder.dir, site.logo.file));
  if (!ext || relative.startsWith('..') || path.isAbsolute(relative)) {
    return [{ file, pointer: at, message: `"${site.logo.file}" is not an svg, png or webp file of the settlement folder`, hint: 'name an image inside the folder, e.g. "logo.svg"' }];
  }
  const bytes = fileBytes(folder, relative);
  if (!bytes) return [{ file, pointer: at, message: `the logo file "${site.logo.file}" is not in the settlement folder`, hint: 'add the image to the folder or correct the name' }];
  if (!isLogoImage(ext, bytes)) return [{ file, pointer: at, message: `"${site.logo.file}" is not a ${ext} image`, hint: `save the logo as ${ext} or name the file by its real type` }];
  return [];
}

/**
 * Checks a whole configuration: locale files (schema, copy, same keys), model configs (schema,
 * rule types and parameters, message keys), each flow (schema, cross-references) and all flows
 * together (unique page ids and routes), and the deadlines' time-zone names when the deadlines
 * file is given. Every problem at once, with line and column; a problem in a value a folder
 * inherits names the file the value came from.
 */
export function checkFolder(input: FolderPaths | SettlementFolder, context: Omit<CheckContext, 'models' | 'locales'> = {}): FolderReport {
  const folder = folderToCheck(input);
  const paths = { flowsDir: folder.flowsDir, modelsFile: folder.modelsFile, localesDir: folder.localesDir, deadlinesFile: 'files' in input ? undefined : input.deadlinesFile };
  const settlementDir = 'files' in input || input.settlementDir !== undefined ? folder.dir : undefined;
  const named = (name: string) => folder.files.get(name);
  const issues: FlowIssue[] = [...folder.problems];
  const warnings: FlowIssue[] = [];
  const texts = new Map<string, string>();
  const remember = (r: ReadFile | undefined) => (r ? (texts.set(r.file, r.text), r) : undefined);

  const locales: Record<string, Record<string, string>> = {};
  for (const entry of filesIn(folder, 'locales')) {
    const read = remember(readEntry(entry, entry.path, issues));
    if (!read) continue;
    const file = read.file;
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
      if (!Object.hasOwn(result.value, key)) issues.push({ file, pointer: '', message: `${key} is missing: the app or its e-mails show this text whatever the flows say`, hint: `npm run locales:sync ${folder.dir} adds every such text with the product's default (reword it after, if you like); docs/configuring.md lists these keys` });
    }
  }
  issues.push(...checkLocaleKeySets(locales));

  let models: ModelConfig[] = [];
  const modelsRead = remember(readEntry(named('models.json'), paths.modelsFile, issues));
  if (modelsRead) {
    const result = loadModelConfigs(modelsRead.json, paths.modelsFile, { ...context, locales });
    if (result.ok) models = result.value;
    else {
      issues.push(...result.errors);
      // Cross-check flows against whatever parsed, so one run shows the flows' problems too.
      const parsedModels = propertyOf(modelsRead.json, 'models');
      if (Array.isArray(parsedModels)) models = parsedModels;
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
  for (const entry of filesIn(folder, 'flows')) {
    const read = remember(readEntry(entry, entry.path, issues));
    if (!read) {
      allFlowsRead = false;
      continue;
    }
    const file = read.file;
    if (!matchesSchema('flow', read.json)) {
      issues.push(...schemaIssues('flow', read.json, file));
      // Said, not left silent: a flow its schema refuses is not read further, so problems of what
      // it refers to can come up only after these are fixed.
      warnings.push({
        file,
        pointer: '',
        message: 'the checks of what this flow refers to (fields, models, localization keys, pages and paths shared with the other flows) run once the problems listed for this file are fixed',
        hint: 'fix them and run the check again',
      });
      allFlowsRead = false;
      continue;
    }
    const flow = read.json;
    issues.push(...checkFlow(flow, file, { modelRuleAt, ...context, models, locales }));
    warnings.push(...unaskedRequiredFields(flow, file, { models, modelRuleAt }));
    flows.push({ file, flow });
  }
  issues.push(...checkFlowSet(flows));
  warnings.push(...labelMessageWarnings(flows, models, locales));
  const pagePaths = allFlowsRead ? appPaths(flows) : null;
  if (pagePaths) issues.push(...copyLinkIssues(locales, pagePaths));

  const settlementFiles: SettlementFiles = {};
  let deadlinesFile = paths.deadlinesFile;
  if (settlementDir !== undefined) {
    const dir = settlementDir;
    const manifest = named(SETTLEMENT_MANIFEST);
    if (manifest?.parsed) issues.push(...schemaIssues('settlement/settlement', manifest.json, manifest.path));
    // deadlines.json wins; deadlines.legacy.json is read only when it is absent.
    const deadlinesName = named('deadlines.json') || !named('deadlines.legacy.json') ? 'deadlines.json' : 'deadlines.legacy.json';
    const valid = new Map<SettlementFileName, unknown>();
    for (const name of [deadlinesName, 'captcha.json', 'settings.json', 'whitelist.json'] as const) {
      const entry = named(name);
      const file = entry?.path ?? path.join(dir, name);
      if (name === deadlinesName) deadlinesFile = file;
      const hint = name === deadlinesName ? 'add deadlines.json (or deadlines.legacy.json) to the settlement folder' : `add ${name} to the settlement folder`;
      const read = remember(readEntry(entry, file, issues, { message: 'file is missing', hint }));
      if (!read) continue;
      const schemaErrors = schemaIssues(SETTLEMENT_FILES[name], read.json, file);
      issues.push(...schemaErrors);
      if (schemaErrors.length === 0) valid.set(name, read.json);
    }
    settlementFiles['deadlines.json'] = accepted('settlement/deadlines', valid.get('deadlines.json'));
    settlementFiles['deadlines.legacy.json'] = accepted('settlement/deadlines.legacy', valid.get('deadlines.legacy.json'));
    settlementFiles['captcha.json'] = accepted('settlement/captcha', valid.get('captcha.json'));
    settlementFiles['settings.json'] = accepted('settlement/settings', valid.get('settings.json'));
    settlementFiles['whitelist.json'] = accepted('settlement/whitelist', valid.get('whitelist.json'));
    // site.json is optional: without it the app shows the default chrome.
    const siteEntry = named('site.json');
    const site = siteEntry ? remember(readEntry(siteEntry, siteEntry.path, issues)) : undefined;
    const cultures = Object.keys(locales).map((file) => path.basename(file, '.json'));
    if (!propertyOf(site?.json, 'languages')) {
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
    let siteBody: SiteFile | undefined;
    if (site) {
      if (!matchesSchema(SETTLEMENT_FILES['site.json'], site.json)) issues.push(...schemaIssues(SETTLEMENT_FILES['site.json'], site.json, site.file));
      else {
        const body = site.json;
        siteBody = body;
        issues.push(...siteIssues(body, site.file, { forms: flows.map((f) => f.flow.formType), locales, cultures }));
        issues.push(...logoIssues(folder, body, site.file));
        if (pagePaths) issues.push(...siteLinkIssues(body, site.file, pagePaths));
        settlementFiles['site.json'] = body;
      }
    }
    // The default header's links to forms the settlement has (a site.json the schema refuses is reported above).
    if (!site || siteBody) issues.push(...defaultFormLinkIssues(siteBody, { forms: flows.map((f) => f.flow.formType), locales, cultures }));
    // forms.json is optional: without it the settlement has the spec's three forms.
    const formsEntry = named('forms.json');
    const forms = formsEntry ? remember(readEntry(formsEntry, formsEntry.path, issues)) : undefined;
    let formsBody: FormsFile | undefined;
    if (forms) {
      if (!matchesSchema(SETTLEMENT_FILES['forms.json'], forms.json)) issues.push(...schemaIssues(SETTLEMENT_FILES['forms.json'], forms.json, forms.file));
      else {
        formsBody = forms.json;
        const credentialFields = (formType: string) => {
          const config = models.find((m) => m.metadata?.formType === formType && m.metadata.dtoMapping === 'Credentials');
          return config ? Object.keys(config.fields ?? {}) : undefined;
        };
        const named = flows.map((f) => ({ file: `flows/${path.basename(f.file)}`, flow: f.flow }));
        issues.push(...formsIssues(formsBody, forms.file, { flows: named, credentialFields }));
        const shownKeys = new Set([...codeKeys(), ...flows.flatMap(({ flow }) => localizationKeysOf(flow).map((k) => k.key))]);
        warnings.push(...credentialWordWarnings(locales, formsBody, shownKeys));
        settlementFiles['forms.json'] = formsBody;
      }
    } else if (!formsEntry) {
      // Without forms.json the settlement has the spec's three forms.
      for (const { file, flow } of flows) {
        if (!SPEC_FORMS.some((f) => f.id === flow.formType)) {
          issues.push({ file, pointer: '/formType', message: `"${flow.formType}" is not a form of this settlement`, hint: `${didYouMean(flow.formType, SPEC_FORMS.map((f) => f.id))}, or declare the form in forms.json` });
        }
      }
    }
    // A forms.json its schema refuses declares no header yet: its own problems come first.
    if (!formsEntry || formsBody) issues.push(...classListIssues(folder, classListHeader(formsBody)));
    if (formsBody?.forms.some((f) => f.signIn.credentials.some((c) => c.match === 'vin' && c.checkDigit))) warnings.push(...checkDigitWarnings(folder, classListHeader(formsBody)));
    // statuses.json is optional: without it (or a list of it) the product's statuses and deficiency kinds.
    const statusesEntry = named('statuses.json');
    const statuses = statusesEntry ? remember(readEntry(statusesEntry, statusesEntry.path, issues)) : undefined;
    if (statuses && !matchesSchema(SETTLEMENT_FILES['statuses.json'], statuses.json)) issues.push(...schemaIssues(SETTLEMENT_FILES['statuses.json'], statuses.json, statuses.file));
    else if (!statusesEntry || statuses) {
      const body = statuses && matchesSchema(SETTLEMENT_FILES['statuses.json'], statuses.json) ? statuses.json : undefined;
      issues.push(...statusesIssues(body, statuses?.file ?? path.join(dir, 'statuses.json'), { flows: flows.map((f) => f.flow), locales }));
      if (body) settlementFiles['statuses.json'] = body;
    }
    const settings = settlementFiles['settings.json'];
    const minFillSeconds = propertyOf(propertyOf(settings, 'fraud'), 'minFillSeconds');
    if (settings && (!formsEntry || formsBody)) issues.push(...minFillSecondsIssues(isNumberRecord(minFillSeconds) ? minFillSeconds : undefined, named('settings.json')?.path ?? path.join(dir, 'settings.json'), settlementForms(formsBody)));
  }

  if (deadlinesFile) {
    // With the folder, only a deadlines file that satisfies its schema (its problems are reported above).
    const json = settlementDir !== undefined ? (settlementFiles['deadlines.json'] ?? settlementFiles['deadlines.legacy.json']) : remember(readDeadlines(deadlinesFile, issues))?.json;
    if (json && typeof json === 'object') {
      const deadlines = json as DeadlinesResponse;
      for (const problem of [...unknownDeadlineZones(deadlines), ...impossibleDeadlineDates(deadlines)]) issues.push({ file: deadlinesFile, ...problem });
      for (const problem of deadlinesAfterGlobal(deadlines)) warnings.push({ file: deadlinesFile, ...problem });
    }
  }

  for (const issue of [...issues, ...warnings]) {
    const text = texts.get(issue.file);
    if (text !== undefined && issue.line === undefined) Object.assign(issue, locate(text, issue.pointer));
  }
  return {
    issues: issues.map((issue) => atOrigin(folder, issue)),
    warnings: warnings.map((issue) => atOrigin(folder, issue)),
    flows: flows.length,
    models: models.length,
    locales: Object.keys(locales).length,
    pages: flows.reduce((n, f) => n + f.flow.pages.length, 0),
    loaded: { flows, models, locales, settlementFiles },
  };
}

/** A map of numbers (settings.json's minFillSeconds, which its schema has checked). */
const isNumberRecord = (value: unknown): value is Record<string, number> => isRecord(value) && Object.values(value).every((seconds) => typeof seconds === 'number');

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
