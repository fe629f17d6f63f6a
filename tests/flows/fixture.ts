/**
 * Flow fixtures as data: their shape (schemas/flow-fixture.schema.json), loading with a schema
 * check that names the file, line, column and JSON pointer, and the settlement a fixture plays.
 * Nothing here knows how a fixture is played: the headless player and a browser player share it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import { locate } from '../../tooling/flow/check-folder';
import type { Dictionary } from '../../runtime/core/i18n';
import type { FieldValue, FlowFile, FormType, ModelConfig } from '../../runtime/core/types';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL('./', import.meta.url));
export const FIXTURE_SUFFIX = '.fixture.json';

/* ------------------------------------------------------------------------------------------------
 * The shape (mirrors schemas/flow-fixture.schema.json)
 * ----------------------------------------------------------------------------------------------*/

export interface FileAnswer {
  name: string;
  type: string;
  size: number;
}
export interface RecordRef {
  $record: string;
}
export type Answers = Record<string, Record<string, FieldValue>>;
/** Field key -> the message shown, or the messages. */
export type ExpectedErrors = Record<string, string | string[]>;

export type RecordAnswer = { $as?: string; $expectErrors?: ExpectedErrors; $unsaved?: true } & {
  [field: string]: FieldValue | FileAnswer | RecordRef | ExpectedErrors | undefined;
};

export interface Step {
  page: string;
  expectValues?: Answers;
  answers?: Answers;
  records?: Record<string, RecordAnswer[]>;
  deleteRecords?: string[];
  press?: 'primary' | 'back' | 'none';
  goto?: string;
  expectErrors?: ExpectedErrors;
  expectResult?: { feedback: 'success' | 'warning'; text?: string };
}

export type AuthorizeAnswer =
  | { authorized: boolean; error?: string | null; code?: string | null; captcha?: string | null; prepopulatedData?: Record<string, FieldValue> | null }
  | { fails: true };
export type SubmitAnswer = { submitted: boolean; error?: string | null; referenceCodeForm?: string | null } | { fails: true };

export interface Fixture {
  $schema?: string;
  version: 1;
  description: string;
  settlement?: string;
  formType: FormType;
  culture?: string;
  now: string;
  authorize?: AuthorizeAnswer | AuthorizeAnswer[];
  submit?: SubmitAnswer | SubmitAnswer[];
  steps: Step[];
  expectPages?: string[];
  expectPayload?: Record<string, unknown>;
  expectNoSubmission?: boolean;
}

/* ------------------------------------------------------------------------------------------------
 * Failures that point into the fixture file
 * ----------------------------------------------------------------------------------------------*/

/** Where in a fixture file something is: the file, a JSON pointer, and its line and column. */
export interface FixturePlace {
  file: string;
  pointer: string;
}

/** A fixture that is malformed, or whose expectations did not hold. The message names each place. */
export class FixtureError extends Error {
  override name = 'FixtureError';
  readonly problems: Array<FixturePlace & { message: string }>;
  constructor(problems: Array<FixturePlace & { message: string }>, text?: string) {
    super(problems.map((p) => `${where(p, text)}\n  ${p.message.split('\n').join('\n  ')}`).join('\n\n'));
    this.problems = problems;
  }
}

/** 'tests/flows/x.fixture.json:12:5 at /steps/2/expectErrors' (line and column when the text is known). */
export function where(place: FixturePlace, text?: string): string {
  const rel = path.relative(ROOT, place.file) || place.file;
  const at = place.pointer === '' ? '' : ` at ${place.pointer}`;
  if (text === undefined) return `${rel}${at}`;
  const { line, column } = locate(text, place.pointer);
  return `${rel}:${line}:${column}${at}`;
}

/* ------------------------------------------------------------------------------------------------
 * Loading
 * ----------------------------------------------------------------------------------------------*/

let validateFixture: ReturnType<Ajv['compile']> | undefined;

function schemaValidator() {
  if (!validateFixture) {
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/flow-fixture.schema.json'), 'utf8')) as Record<string, unknown>;
    validateFixture = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(schema);
  }
  return validateFixture;
}

/** One ajv error in a tester's words. */
function describeSchemaError(e: ErrorObject): { pointer: string; message: string } {
  const at = e.instancePath;
  switch (e.keyword) {
    case 'required':
      return { pointer: at, message: `missing required property "${String(e.params.missingProperty)}"` };
    case 'additionalProperties': {
      const extra = String(e.params.additionalProperty);
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return {
        pointer: `${at}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `unknown property "${extra}"${allowed.length ? ` (allowed here: ${allowed.join(', ')})` : ''}`,
      };
    }
    case 'enum':
      return { pointer: at, message: `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'not':
      return { pointer: at, message: 'a step has either "press" or "goto", not both' };
    default:
      return { pointer: at, message: e.message ?? e.keyword };
  }
}

export interface LoadedFixture {
  file: string;
  text: string;
  fixture: Fixture;
}

/** Reads and checks a fixture file; a file that is not JSON or not a fixture is a FixtureError. */
export function loadFixture(file: string): LoadedFixture {
  const text = readFileSync(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new FixtureError([{ file, pointer: '', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return checkFixture(json, file, text);
}

/** Checks parsed fixture data against the schema (all problems at once). */
export function checkFixture(json: unknown, file: string, text?: string): LoadedFixture {
  const validate = schemaValidator();
  if (!validate(json)) {
    const seen = new Set<string>();
    const problems = (validate.errors ?? [])
      // oneOf restates its branches' errors; the branch errors say more.
      .filter((e) => e.keyword !== 'oneOf' || (validate.errors ?? []).every((o) => o === e || !o.instancePath.startsWith(e.instancePath)))
      .map(describeSchemaError)
      .filter((p) => (seen.has(`${p.pointer} ${p.message}`) ? false : (seen.add(`${p.pointer} ${p.message}`), true)))
      .map((p) => ({ file, ...p, message: `does not match the fixture schema: ${p.message}` }));
    throw new FixtureError(problems, text);
  }
  return { file, text: text ?? JSON.stringify(json, null, 2), fixture: json as Fixture };
}

/** The settlements shipped for tests; each may carry its fixtures in its own fixtures/. */
export const SETTLEMENTS_DIR = path.join(ROOT, 'tests', 'settlements');

/** A settlement folder has its models.json or its own flows/. */
const isSettlementFolder = (dir: string) => existsSync(path.join(dir, 'models.json')) || existsSync(path.join(dir, 'flows'));

/** Every *.fixture.json of a folder, sorted. */
function fixturesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(FIXTURE_SUFFIX))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The fixtures to play. Given a folder: a settlement folder's fixtures/ (fixtures travel with their
 * settlement), else the *.fixture.json of the folder itself. Without one: FLOW_FIXTURES when set
 * (what `npm run flows:test <folder>` sets), else tests/flows/ and the fixtures/ of every
 * settlement in tests/settlements/.
 */
export function fixtureFiles(dir: string | undefined = process.env.FLOW_FIXTURES || undefined): string[] {
  if (dir !== undefined) return isSettlementFolder(dir) || existsSync(path.join(dir, 'fixtures')) ? fixturesIn(path.join(dir, 'fixtures')) : fixturesIn(dir);
  const settlements = readdirSync(SETTLEMENTS_DIR).sort().map((name) => path.join(SETTLEMENTS_DIR, name, 'fixtures'));
  return [...fixturesIn(FIXTURES_DIR), ...settlements.flatMap(fixturesIn)];
}

/**
 * The settlement folder a fixture plays: its "settlement" (relative to the fixture file); else,
 * for a fixture in a settlement folder's fixtures/, that folder; else null (the shipped one).
 */
export function settlementDirOf(loaded: Pick<LoadedFixture, 'file' | 'fixture'>): string | null {
  if (loaded.fixture.settlement) return path.resolve(path.dirname(loaded.file), loaded.fixture.settlement);
  const holder = path.dirname(path.dirname(path.resolve(loaded.file)));
  return path.basename(path.dirname(path.resolve(loaded.file))) === 'fixtures' && isSettlementFolder(holder) ? holder : null;
}

/* ------------------------------------------------------------------------------------------------
 * The settlement a fixture plays
 * ----------------------------------------------------------------------------------------------*/

export interface Settlement {
  /** The folder, or null for the shipped settlement. */
  dir: string | null;
  flows: Partial<Record<FormType, FlowFile>>;
  models: ModelConfig[];
  /** Every allowed character, as GET /api/characters-whitelist gives it. */
  whitelist: string | null;
  locales: Record<string, Dictionary>;
  settings: { internationalAddresses: boolean; minSessionDuration: number };
}

const SHIPPED = {
  flows: path.join(ROOT, 'flows'),
  models: path.join(ROOT, 'server-fixtures/models.json'),
  whitelist: path.join(ROOT, 'server-fixtures/whitelist.json'),
  settings: path.join(ROOT, 'server-fixtures/settings.json'),
  locales: path.join(ROOT, 'locales'),
};

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

function jsonFilesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

const cache = new Map<string, Settlement>();

/** Reads a settlement folder afresh on its next load (a long-running player whose folder is being edited). */
export function forgetSettlement(dir: string): void {
  cache.delete(path.resolve(dir));
}

/**
 * The settlement of a fixture (settlementDirOf): a folder holding any of flows/, models.json,
 * whitelist.json, settings.json and locales/; what it lacks is the shipped one's.
 */
export function loadSettlement(loaded: Pick<LoadedFixture, 'file' | 'fixture'>): Settlement {
  const dir = settlementDirOf(loaded);
  const key = dir ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  if (dir !== null && !existsSync(dir)) {
    throw new FixtureError([{ file: loaded.file, pointer: '/settlement', message: `the settlement folder ${dir} does not exist` }]);
  }
  const pick = (name: keyof typeof SHIPPED, inFolder: string) => (dir !== null && existsSync(path.join(dir, inFolder)) ? path.join(dir, inFolder) : SHIPPED[name]);

  const flows: Settlement['flows'] = {};
  for (const file of jsonFilesOf(pick('flows', 'flows'))) {
    const flow = readJson(file) as FlowFile;
    flows[flow.formType] = flow;
  }
  const modelsJson = readJson(pick('models', 'models.json')) as { models?: ModelConfig[] } | ModelConfig[];
  const models = Array.isArray(modelsJson) ? modelsJson : (modelsJson.models ?? []);
  const whitelistJson = readJson(pick('whitelist', 'whitelist.json')) as { allowedCharacters?: string[] };
  const whitelist = whitelistJson.allowedCharacters ? [...new Set(whitelistJson.allowedCharacters.join(''))].join('') : null;
  const settingsJson = readJson(pick('settings', 'settings.json')) as { internationalAddresses?: boolean; client?: { minSessionDuration?: number } };
  const locales: Record<string, Dictionary> = {};
  for (const file of jsonFilesOf(pick('locales', 'locales'))) {
    const { $schema: _schema, ...texts } = readJson(file) as Record<string, string>;
    locales[path.basename(file, '.json')] = texts;
  }
  const settlement: Settlement = {
    dir,
    flows,
    models,
    whitelist,
    locales,
    settings: {
      // The server's defaults (server/settlement/load.ts).
      internationalAddresses: settingsJson.internationalAddresses ?? false,
      minSessionDuration: settingsJson.client?.minSessionDuration ?? 30,
    },
  };
  cache.set(key, settlement);
  return settlement;
}

/** JSON pointer segment escaping (RFC 6901). */
export function seg(name: string | number): string {
  return String(name).replace(/~/g, '~0').replace(/\//g, '~1');
}
