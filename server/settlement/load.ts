/**
 * Reads a settlement folder (SETTLEMENT_DIR) and validates every file against schemas/ at
 * start-up, collecting every problem at once: a broken folder stops the start with, for each
 * problem, the file, its line and column, the JSON pointer, the message and how to fix it — the
 * report of `npm run flows:check`, which reads the whole folder (deadlines, settings, captcha,
 * whitelist and the class-list headers too).
 *
 * The folder is read by the settlement reader (settlement/read: the folders it extends, the
 * repository's flows/ and locales/ when it has none) and checked by the flow checker
 * (tooling/flow, the one behind `npm run flows:check`): each flow against its schema and
 * cross-checked against the model configs and every locale in use. The defaults of the settings
 * are filled in here.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFolder } from '../../tooling/flow/check-folder.js';
import { fileBytes, readSettlementFolder, type ReadSettlementOptions, type SettlementFolder } from '../../settlement/read.js';
import type { FlowIssue } from '../../runtime/core/flow/issues.js';
import { LOGO_TYPES, logoExtension, type LogoExtension, type SiteFile } from '../../runtime/core/site/index.js';
import { messageOf } from '../../runtime/core/guards.js';
import type { FlowFile, FormType, LegacyDeadlinesResponse, ModelConfig, PerCultureDeadlinesResponse } from '../../runtime/core/types.js';
import type { IdentifierKind } from '../db/types.js';
import { classListHeader, formOf, settlementForms, SPEC_FORMS, withSignInRules, type ClassListHeader, type SettlementForm } from '../../runtime/core/forms/index.js';
import { claimStatuses, type ClaimStatuses } from '../../runtime/core/statuses/index.js';
import { deadlineInstants } from './deadlines.js';
import { fraudSettings, type FraudSettings, type FraudSettingsFile } from '../fraud/settings.js';

/** The repository's schemas/ folder. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

export interface SettingsFile {
  theme: 'default' | 'ftc' | 'kontent';
  analyticsTagId?: string | null;
  analyticsTagId2?: string | null;
  client: { minSessionDuration: number };
  captchaEnabled?: boolean;
  redirectOnError?: boolean;
  internationalAddresses?: boolean;
  uploads?: { maxFileBytes?: number; maxTotalBytes?: number; maxFiles?: number; minBytesPerSecond?: number; scanUnavailable?: ScanUnavailable };
  pinAttempts?: { max?: number; maxPerIp?: number; maxNoticeIdsPerIp?: number; windowMinutes?: number };
  duplicates?: Partial<Record<IdentifierKind, Partial<DuplicateRule>>>;
  drafts?: { retentionDays?: number };
  mail?: { retentionDays?: number };
  fraud?: FraudSettingsFile;
}

/** What becomes of a document the malware scanner could not scan (settings.json `uploads.scanUnavailable`). */
export type ScanUnavailable = 'refuse' | 'acceptUnscanned';

/** What a submission naming an identifier that an earlier one named gets (settings.json `duplicates`). */
export type DuplicateAction = 'refuse' | 'mark' | 'allow';

/** The rule of one identifier: for an earlier submission of the same form, and of the other form. */
export interface DuplicateRule {
  sameForm: DuplicateAction;
  otherForm: DuplicateAction;
}

export type DuplicatePolicy = Record<IdentifierKind, DuplicateRule>;

export interface CaptchaFile {
  provider: 'recaptcha' | 'hcaptcha' | 'turnstile';
  siteKey: string;
  class: string;
  emulator?: boolean;
  url?: string;
  verifyUrl?: string;
  secretEnv?: string;
  secret?: string;
  hostnames?: string[];
  timeoutMs?: number;
}

export interface WhitelistFile {
  description?: string;
  allowedCharacters: string[];
}

export type DeadlinesFile =
  | { shape: 'perCulture'; file: string; body: PerCultureDeadlinesResponse }
  | { shape: 'legacy'; file: string; body: LegacyDeadlinesResponse };

/** The settlement's logo (site.json `logo.file`), read once at start-up and served from memory. */
export interface SiteLogo {
  extension: LogoExtension;
  contentType: (typeof LOGO_TYPES)[LogoExtension];
  body: Buffer;
  /** A digest of the image: the ETag, and the version in the logo's address. */
  digest: string;
}

/** A flow of the settlement and the file it came from. */
export interface SettlementFlow {
  /** The file, relative to the settlement folder when inside it, else absolute. */
  file: string;
  flow: FlowFile;
}

/** A validated settlement folder. Settings carry their defaults. */
export interface Settlement {
  dir: string;
  models: ModelConfig[];
  /** The flows, one per form type, in file-name order. */
  flows: SettlementFlow[];
  /** Where the flows and locales were read from (the folder's own, or the defaults). */
  flowsDir: string;
  localesDir: string;
  /** What it was read with (a reload reads it the same way). */
  readOptions: LoadSettlementOptions;
  /** Culture ('en', 'es') → key → text. */
  locales: Record<string, Record<string, string>>;
  deadlines: DeadlinesFile;
  captcha: CaptchaFile;
  settings: Required<Omit<SettingsFile, 'uploads' | 'pinAttempts' | 'duplicates' | 'drafts' | 'mail' | 'fraud'>> & {
    uploads: { maxFileBytes: number; maxTotalBytes: number; maxFiles: number; minBytesPerSecond: number; scanUnavailable: ScanUnavailable };
    pinAttempts: { max: number; maxPerIp: number; maxNoticeIdsPerIp: number; windowMinutes: number };
    duplicates: DuplicatePolicy;
    drafts: { retentionDays: number };
    mail: { retentionDays: number };
    fraud: FraudSettings;
  };
  whitelist: WhitelistFile;
  /** site.json as written, when the folder has one (the app's chrome is resolved from it against the flows). */
  site: SiteFile | undefined;
  /** The logo site.json names, when it names one. */
  logo: SiteLogo | undefined;
  /** Every allowed character (the union of the whitelist's groups). */
  allowedCharacters: ReadonlySet<string>;
  /** The forms and how each signs in (forms.json; without it the spec's three). */
  forms: SettlementForm[];
  /** The header of class-members.csv the import reads (forms.json `classList`; without it the sample's). */
  classListHeader: ClassListHeader;
  /** The statuses a claim can have after Submit and the deficiency kinds (statuses.json; without it the defaults). */
  statuses: ClaimStatuses;
  /** What the checker warns of without refusing (texts still to write, VINs failing their check digit). */
  warnings?: SettlementProblem[];
}

export interface SettlementProblem {
  /** File name inside the folder (a flow or locale file outside it: its absolute path). */
  file: string;
  /** JSON pointer inside the file ('' = the whole file). */
  pointer: string;
  message: string;
  /** 1-based line and column in the file, when known. */
  line?: number;
  column?: number;
}

export class SettlementError extends Error {
  override name = 'SettlementError';
  readonly problems: SettlementProblem[];
  constructor(dir: string, problems: SettlementProblem[]) {
    super(
      `The settlement folder ${dir} is not valid (${problems.length} problem(s)):\n` +
        // The lines of `npm run flows:check`: file:line:col pointer — message (hint).
        problems.map((p) => `  ${p.file}${p.line !== undefined ? `:${p.line}:${p.column}` : ''} ${p.pointer || '/'} — ${p.message}`).join('\n'),
    );
    this.problems = problems;
  }
}

/**
 * The declared form of a form type; the spec's form of that name for a settlement (or a test's
 * partial one) that declares none.
 */
export function settlementFormOf(settlement: Partial<Pick<Settlement, 'forms'>>, formType: FormType): SettlementForm {
  const form = formOf(settlement.forms ?? SPEC_FORMS, formType) ?? formOf(SPEC_FORMS, formType);
  if (!form) throw new Error(`No form "${formType}" in the settlement (declare it in forms.json)`);
  return form;
}

/** The flow of a form type, or undefined when the settlement has none. */
export function flowOf(settlement: Pick<Settlement, 'flows'>, formType: FormType): FlowFile | undefined {
  return settlement.flows.find((f) => f.flow.formType === formType)?.flow;
}

/** The server's answers under /api/forms/ that a flow's endpoint must not take. */
const RESERVED_FORM_PATHS = ['/api/forms/config', '/api/forms/flows'];
const FORM_ENDPOINT = /^\/api\/forms\/[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

export type LoadSettlementOptions = ReadSettlementOptions;

/** A file as problems name it: relative to the settlement folder when inside it, else absolute. */
function shownFile(dir: string, file: string): string {
  const relative = path.relative(dir, file);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? relative.split(path.sep).join('/') : path.resolve(file);
}

function problemFrom(dir: string, issue: FlowIssue): SettlementProblem {
  return {
    file: shownFile(dir, issue.file),
    pointer: issue.pointer,
    message: issue.hint ? `${issue.message} (${issue.hint})` : issue.message,
    ...(issue.line !== undefined ? { line: issue.line, column: issue.column } : {}),
  };
}

/**
 * models.json, the flows and the locales, through the flow checker: schemas, then the
 * cross-references (fields, widgets, masks, rules, conditions, localization keys in every locale,
 * one flow per form type, unique routes), then what the server needs of the flows: the authorize
 * and submit endpoints under /api/forms/, each used once.
 */
function loadConfiguration(folder: SettlementFolder, problems: SettlementProblem[]) {
  const { dir } = folder;
  const paths = { flowsDir: folder.flowsDir, localesDir: folder.localesDir };
  const report = checkFolder(folder);
  problems.push(...report.issues.map((issue) => problemFrom(dir, issue)));
  const flows = report.loaded.flows.map(({ file, flow }) => ({ file: shownFile(dir, file), flow }));
  if (report.loaded.flows.length === 0 && !report.issues.some((i) => i.file === paths.flowsDir)) {
    problems.push({ file: shownFile(dir, paths.flowsDir), pointer: '', message: 'no flow files (*.json) in the flows folder' });
  }

  const endpoints = new Map<string, string>();
  for (const { file, flow } of flows) {
    for (const call of ['authorize', 'submit'] as const) {
      const endpoint = flow[call]?.endpoint;
      if (endpoint === undefined) continue;
      const pointer = `/${call}/endpoint`;
      if (!FORM_ENDPOINT.test(endpoint)) {
        problems.push({ file, pointer, message: `"${endpoint}" is not a form call of this server (use a path under /api/forms/ of lower-case letters, digits and dashes, e.g. /api/forms/${flow.formType.toLowerCase()}${call === 'authorize' ? '/authorize' : ''})` });
      } else if (RESERVED_FORM_PATHS.includes(endpoint)) {
        problems.push({ file, pointer, message: `"${endpoint}" is a call of its own (choose another path)` });
      } else if (endpoints.has(endpoint)) {
        problems.push({ file, pointer, message: `"${endpoint}" is already the endpoint of ${endpoints.get(endpoint)} (each form call has its own path)` });
      } else {
        endpoints.set(endpoint, `${file} ${pointer}`);
      }
    }
  }

  const locales: Record<string, Record<string, string>> = {};
  for (const [file, texts] of Object.entries(report.loaded.locales)) locales[path.basename(file, '.json')] = texts;
  return { paths, models: report.loaded.models, flows, locales, files: report.loaded.settlementFiles, warnings: report.warnings.map((issue) => problemFrom(dir, issue)) };
}

/** The logo file, which the checker found in the folder (or a folder it extends) and of its extension's image type. */
function readLogo(folder: SettlementFolder, file: string): SiteLogo | undefined {
  const extension = logoExtension(file);
  const body = fileBytes(folder, file);
  if (!extension || !body) return undefined;
  return { extension, contentType: LOGO_TYPES[extension], body, digest: createHash('sha256').update(body).digest('base64url').slice(0, 16) };
}

/** Load and validate; throws SettlementError listing every problem. */
export function loadSettlement(dir: string, options: LoadSettlementOptions = {}): Settlement {
  const problems: SettlementProblem[] = [];
  if (!existsSync(dir)) throw new SettlementError(dir, [{ file: '.', pointer: '', message: 'folder not found (check SETTLEMENT_DIR)' }]);

  const folder = readSettlementFolder(dir, options);
  const configuration = loadConfiguration(folder, problems);

  // The checker read and validated the other files (deadlines.json wins over deadlines.legacy.json).
  const { files } = configuration;
  const perCulture = files['deadlines.json'];
  const legacy = files['deadlines.legacy.json'];
  const deadlines: DeadlinesFile | undefined = perCulture
    ? { shape: 'perCulture', file: 'deadlines.json', body: perCulture }
    : legacy
      ? { shape: 'legacy', file: 'deadlines.legacy.json', body: legacy }
      : undefined;
  const captcha = files['captcha.json'];
  const settings = files['settings.json'];
  const whitelist = files['whitelist.json'];
  const site = files['site.json'];
  const formsFile = files['forms.json'];
  const statusesFile = files['statuses.json'];

  if (deadlines && problems.length === 0) {
    // The checker reported unknown zones and impossible dates; anything else the instants refuse still stops the start.
    try {
      deadlineInstants(deadlines);
    } catch (err) {
      problems.push({ file: deadlines.file, pointer: '/deadlines', message: messageOf(err) });
    }
  }

  if (problems.length || !deadlines || !captcha || !settings || !whitelist) throw new SettlementError(dir, problems);

  const allowed = new Set<string>();
  for (const group of whitelist.allowedCharacters) for (const ch of group) allowed.add(ch);

  const forms = settlementForms(formsFile);
  return {
    dir,
    forms,
    classListHeader: classListHeader(formsFile),
    statuses: claimStatuses(statusesFile, configuration.flows.map(({ flow }) => flow)),
    warnings: configuration.warnings,
    models: withSignInRules(configuration.models, forms),
    flows: configuration.flows,
    readOptions: options,
    flowsDir: configuration.paths.flowsDir,
    localesDir: configuration.paths.localesDir,
    locales: configuration.locales,
    deadlines,
    captcha,
    settings: {
      theme: settings.theme,
      analyticsTagId: settings.analyticsTagId ?? null,
      analyticsTagId2: settings.analyticsTagId2 ?? null,
      client: { minSessionDuration: settings.client.minSessionDuration },
      captchaEnabled: settings.captchaEnabled ?? true,
      redirectOnError: settings.redirectOnError ?? true,
      internationalAddresses: settings.internationalAddresses ?? false,
      uploads: {
        maxFileBytes: settings.uploads?.maxFileBytes ?? 10 * 1024 * 1024,
        maxTotalBytes: settings.uploads?.maxTotalBytes ?? 50 * 1024 * 1024,
        maxFiles: settings.uploads?.maxFiles ?? 20,
        minBytesPerSecond: settings.uploads?.minBytesPerSecond ?? 8 * 1024,
        scanUnavailable: settings.uploads?.scanUnavailable ?? 'refuse',
      },
      pinAttempts: {
        max: settings.pinAttempts?.max ?? 5,
        maxPerIp: settings.pinAttempts?.maxPerIp ?? 100,
        maxNoticeIdsPerIp: settings.pinAttempts?.maxNoticeIdsPerIp ?? 10,
        windowMinutes: settings.pinAttempts?.windowMinutes ?? 15,
      },
      duplicates: {
        noticeId: { sameForm: settings.duplicates?.noticeId?.sameForm ?? 'mark', otherForm: settings.duplicates?.noticeId?.otherForm ?? 'mark' },
        vin: { sameForm: settings.duplicates?.vin?.sameForm ?? 'mark', otherForm: settings.duplicates?.vin?.otherForm ?? 'mark' },
      },
      drafts: { retentionDays: settings.drafts?.retentionDays ?? 30 },
      mail: { retentionDays: settings.mail?.retentionDays ?? 30 },
      fraud: fraudSettings(settings.fraud),
    },
    whitelist,
    site,
    logo: site?.logo ? readLogo(folder, site.logo.file) : undefined,
    allowedCharacters: allowed,
  };
}
