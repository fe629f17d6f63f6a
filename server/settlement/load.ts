/**
 * Reads a settlement folder (SETTLEMENT_DIR) and validates every file against schemas/ at
 * start-up, collecting every problem at once: a broken folder stops the start with, for each
 * problem, the file, the JSON pointer and the message.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { deadlineInstants } from './deadlines.js';
import type { LegacyDeadlinesResponse, ModelConfig, PerCultureDeadlinesResponse } from '../../runtime/core/types.js';

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
  uploads?: { maxFileBytes?: number; maxTotalBytes?: number; maxFiles?: number };
  pinAttempts?: { max?: number; windowMinutes?: number };
}

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

/** A validated settlement folder. Settings carry their defaults. */
export interface Settlement {
  dir: string;
  models: ModelConfig[];
  deadlines: DeadlinesFile;
  captcha: CaptchaFile;
  settings: Required<Omit<SettingsFile, 'uploads' | 'pinAttempts'>> & {
    uploads: { maxFileBytes: number; maxTotalBytes: number; maxFiles: number };
    pinAttempts: { max: number; windowMinutes: number };
  };
  whitelist: WhitelistFile;
  /** Every allowed character (the union of the whitelist's groups). */
  allowedCharacters: ReadonlySet<string>;
}

export interface SettlementProblem {
  /** File name inside the folder. */
  file: string;
  /** JSON pointer inside the file ('' = the whole file). */
  pointer: string;
  message: string;
}

export class SettlementError extends Error {
  override name = 'SettlementError';
  readonly problems: SettlementProblem[];
  constructor(dir: string, problems: SettlementProblem[]) {
    super(
      `The settlement folder ${dir} is not valid (${problems.length} problem(s)):\n` +
        problems.map((p) => `  ${p.file}${p.pointer ? ` at ${p.pointer}` : ''}: ${p.message}`).join('\n'),
    );
    this.problems = problems;
  }
}

/** The settlement files and the schema each must satisfy (path relative to schemas/). */
const FILES = {
  models: { file: 'models.json', schema: 'model-config.schema.json' },
  deadlines: { file: 'deadlines.json', schema: 'settlement/deadlines.schema.json' },
  legacyDeadlines: { file: 'deadlines.legacy.json', schema: 'settlement/deadlines.legacy.schema.json' },
  captcha: { file: 'captcha.json', schema: 'settlement/captcha.schema.json' },
  settings: { file: 'settings.json', schema: 'settlement/settings.schema.json' },
  whitelist: { file: 'whitelist.json', schema: 'settlement/whitelist.schema.json' },
} as const;

const validators = new Map<string, ValidateFunction>();

function validatorFor(schemaFile: string): ValidateFunction {
  let validate = validators.get(schemaFile);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: false });
    const schema = JSON.parse(readFileSync(path.join(SCHEMAS_DIR, schemaFile), 'utf8')) as Record<string, unknown>;
    delete schema.$id;
    validate = ajv.compile(schema);
    validators.set(schemaFile, validate);
  }
  return validate;
}

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown property "${String(e.params.additionalProperty)}" (remove it or check its spelling)`;
  if (e.keyword === 'required') return `missing required property "${String(e.params.missingProperty)}"`;
  if (e.keyword === 'enum') return `${e.message}: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

function readJson(dir: string, file: string, problems: SettlementProblem[]): unknown {
  const full = path.join(dir, file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch {
    problems.push({ file, pointer: '', message: 'file is missing' });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ file, pointer: '', message: `not valid JSON: ${(err as Error).message}` });
    return undefined;
  }
}

function check<T>(dir: string, spec: { file: string; schema: string }, problems: SettlementProblem[]): T | undefined {
  const data = readJson(dir, spec.file, problems);
  if (data === undefined) return undefined;
  const validate = validatorFor(spec.schema);
  if (!validate(data)) {
    for (const e of validate.errors ?? []) problems.push({ file: spec.file, pointer: e.instancePath, message: describe(e) });
    return undefined;
  }
  return data as T;
}

/** Load and validate; throws SettlementError listing every problem. */
export function loadSettlement(dir: string): Settlement {
  const problems: SettlementProblem[] = [];
  if (!existsSync(dir)) throw new SettlementError(dir, [{ file: '.', pointer: '', message: 'folder not found (check SETTLEMENT_DIR)' }]);

  const models = check<{ models: ModelConfig[] }>(dir, FILES.models, problems);
  const seen = new Set<string>();
  models?.models.forEach((m, i) => {
    const key = `${m.metadata.formType}/${m.metadata.dtoMapping}`;
    if (seen.has(key)) problems.push({ file: FILES.models.file, pointer: `/models/${i}`, message: `${key} is declared twice` });
    seen.add(key);
  });

  // deadlines.json (per-culture) wins; deadlines.legacy.json is used only when it is absent.
  let deadlines: DeadlinesFile | undefined;
  if (existsSync(path.join(dir, FILES.deadlines.file))) {
    const body = check<PerCultureDeadlinesResponse>(dir, FILES.deadlines, problems);
    if (body) deadlines = { shape: 'perCulture', file: FILES.deadlines.file, body };
  } else if (existsSync(path.join(dir, FILES.legacyDeadlines.file))) {
    const body = check<LegacyDeadlinesResponse>(dir, FILES.legacyDeadlines, problems);
    if (body) deadlines = { shape: 'legacy', file: FILES.legacyDeadlines.file, body };
  } else {
    problems.push({ file: FILES.deadlines.file, pointer: '', message: 'file is missing (or provide deadlines.legacy.json)' });
  }

  const captcha = check<CaptchaFile>(dir, FILES.captcha, problems);
  const settings = check<SettingsFile>(dir, FILES.settings, problems);
  const whitelist = check<WhitelistFile>(dir, FILES.whitelist, problems);

  if (deadlines) {
    try {
      deadlineInstants(deadlines);
    } catch (err) {
      problems.push({ file: deadlines.file, pointer: '/deadlines', message: (err as Error).message });
    }
  }

  if (problems.length || !models || !deadlines || !captcha || !settings || !whitelist) throw new SettlementError(dir, problems);

  const allowed = new Set<string>();
  for (const group of whitelist.allowedCharacters) for (const ch of group) allowed.add(ch);

  return {
    dir,
    models: models.models,
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
      },
      pinAttempts: { max: settings.pinAttempts?.max ?? 5, windowMinutes: settings.pinAttempts?.windowMinutes ?? 15 },
    },
    whitelist,
    allowedCharacters: allowed,
  };
}
