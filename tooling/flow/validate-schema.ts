/**
 * Schema validation of flow files, model configs and locale files with ajv (Node only: the
 * checker, the tests and the server import this; the browser bundle never does).
 * Every error is reported at once, each with its JSON pointer, what is wrong and how to fix it.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FlowFile, ModelConfig } from '../../runtime/core/types';
import type { FormsFile } from '../../runtime/core/forms';
import type { SiteFile } from '../../runtime/core/site';
import type { CaptchaFile } from '../../schemas/generated/settlement/captcha';
import type { DeadlinesFile } from '../../schemas/generated/settlement/deadlines';
import type { DeadlinesLegacyFile } from '../../schemas/generated/settlement/deadlines.legacy';
import type { SettingsFile } from '../../schemas/generated/settlement/settings';
import type { WhitelistFile } from '../../schemas/generated/settlement/whitelist';
import type { StatusesFile } from '../../runtime/core/statuses';
import { checkFlow, checkModelConfigs, type CheckContext } from '../../runtime/core/flow/cross-check';
import type { FlowIssue, LoadResult } from '../../runtime/core/flow/issues';
import { nearestName } from '../../runtime/core/flow/nearest';
import { ANALYTICS_TAG_HINT, ANALYTICS_TAG_PATTERN } from '../../runtime/core/site/analytics';
import { isRecord, propertyOf } from '../../runtime/core/guards';

export type SchemaName =
  | 'flow'
  | 'model-config'
  | 'locale'
  | 'settlement/deadlines'
  | 'settlement/deadlines.legacy'
  | 'settlement/captcha'
  | 'settlement/settings'
  | 'settlement/site'
  | 'settlement/forms'
  | 'settlement/whitelist'
  | 'settlement/statuses'
  | 'settlement/settlement';

/** What a value that satisfies the schema is, for the schemas whose values are read here. */
/** The value a schema accepts, for the schemas whose values the code reads. */
export interface SchemaTypes {
  flow: FlowFile;
  'model-config': { models: ModelConfig[] };
  locale: Record<string, string>;
  'settlement/site': SiteFile;
  'settlement/forms': FormsFile;
  'settlement/deadlines': DeadlinesFile;
  'settlement/deadlines.legacy': DeadlinesLegacyFile;
  'settlement/captcha': CaptchaFile;
  'settlement/settings': SettingsFile;
  'settlement/whitelist': WhitelistFile;
  'settlement/statuses': StatusesFile;
}

const validators = new Map<SchemaName, ValidateFunction>();

function validatorFor(name: SchemaName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const url = new URL(`../../schemas/${name}.schema.json`, import.meta.url);
    const schema: unknown = JSON.parse(readFileSync(url, 'utf8'));
    if (!isRecord(schema)) throw new Error(`${url.pathname} is not a JSON Schema`);
    const ajv = new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true, strict: false });
    validate = ajv.compile(schema);
    validators.set(name, validate);
  }
  return validate;
}

const LOC_KEY_PATTERN = '^LocKey_[A-Za-z0-9_]+$';

function allowedProperties(parentSchema: unknown): string[] {
  const props = propertyOf(parentSchema, 'properties');
  return isRecord(props) ? Object.keys(props) : [];
}

/** 'did you mean "x"? ' when a known name is near enough to be what was meant, else ''. */
function nearHint(name: string, known: readonly string[]): string {
  const near = nearestName(name, known);
  return near ? `did you mean "${near}"? ` : '';
}

/** One ajv error as a FlowIssue, or null for errors that only restate another (if/then). */
function toIssue(e: ErrorObject, file: string): FlowIssue | null {
  const at = e.instancePath;
  const show = (v: unknown) => JSON.stringify(v);
  switch (e.keyword) {
    case 'if':
      return null;
    case 'required': {
      const missing = String(e.params.missingProperty);
      return { file, pointer: at, message: `missing required property "${missing}"`, hint: `add "${missing}" here` };
    }
    case 'additionalProperties': {
      const extra = String(e.params.additionalProperty);
      const allowed = allowedProperties(e.parentSchema);
      return {
        file,
        pointer: `${at}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `unknown property "${extra}"`,
        hint: allowed.length ? `${nearHint(extra, allowed)}remove it or check its spelling; allowed here: ${allowed.join(', ')}` : 'remove it or check its spelling',
      };
    }
    case 'enum': {
      const allowed: unknown[] = Array.isArray(e.params.allowedValues) ? e.params.allowedValues : [];
      const near = typeof e.data === 'string' ? nearHint(e.data, allowed.filter((v): v is string => typeof v === 'string')) : '';
      return { file, pointer: at, message: `${show(e.data)} is not allowed here`, hint: `${near}use one of: ${allowed.map(show).join(', ')}` };
    }
    case 'const':
      return { file, pointer: at, message: `${show(e.data)} is not allowed here`, hint: `use ${show(e.params.allowedValue)}` };
    case 'pattern': {
      const pattern = String(e.params.pattern);
      const hint =
        pattern === LOC_KEY_PATTERN
          ? 'use a localization key (LocKey_Area_Name) defined in every locale file, never literal text'
          : pattern === ANALYTICS_TAG_PATTERN
            ? ANALYTICS_TAG_HINT
            : `use a value matching ${pattern}`;
      return { file, pointer: at, message: `${show(e.data)} does not match ${pattern}`, hint };
    }
    case 'type':
      return { file, pointer: at, message: `${show(e.data)} ${e.message ?? 'has the wrong type'}`, hint: `give a value of type ${String(e.params.type)}` };
    case 'oneOf':
      if (at.endsWith('/when') || at.endsWith('/skipWhen') || /\/(all|any)\/\d+$/.test(at) || at.endsWith('/not')) {
        return { file, pointer: at, message: 'not a valid condition', hint: 'a condition is { "scope", "schema" }, { "all": [...] }, { "any": [...] } or { "not": {...} }' };
      }
      return { file, pointer: at, message: e.message ?? 'must match exactly one form', hint: 'see the description of this property in the schema' };
    case 'not':
      if (String(propertyOf(e.schema, 'pattern') ?? '').includes('(p|li|ul|ol)')) {
        return { file, pointer: at, message: 'the text contains a p, li, ul or ol tag', hint: 'localized copy may hold inline HTML only; split paragraphs into separate keys' };
      }
      return { file, pointer: at, message: e.message ?? 'is not allowed', hint: 'see the description of this property in the schema' };
    default:
      return { file, pointer: at, message: e.message ?? e.keyword, hint: 'see the description of this property in the schema' };
  }
}

/** Whether `json` satisfies the schema `name` (its problems: schemaIssues). */
export function matchesSchema<N extends keyof SchemaTypes>(name: N, json: unknown): json is SchemaTypes[N] {
  return validatorFor(name)(json);
}

/** Validates `json` against one of the JSON Schemas in schemas/; every problem, in document order. */
export function schemaIssues(name: SchemaName, json: unknown, file: string): FlowIssue[] {
  const validate = validatorFor(name);
  if (validate(json)) return [];
  const errors = validate.errors ?? [];
  // Branch errors under a oneOf only restate the oneOf itself.
  const oneOfPaths = errors.filter((e) => e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  const issues: FlowIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (oneOfPaths.some((p) => e.schemaPath.startsWith(p))) continue;
    const issue = toIssue(e, file);
    if (!issue) continue;
    const id = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push(issue);
  }
  return issues;
}

/**
 * Loads a flow file: validates it with its JSON Schema, then (when a context is given) the
 * cross-references a schema cannot see — fields of the model configs, masks, rules, conditions,
 * summary edit pages, localization keys. Returns the flow, or every error at once.
 */
export function loadFlow(json: unknown, file: string, context?: CheckContext): LoadResult<FlowFile> {
  if (!matchesSchema('flow', json)) return { ok: false, errors: schemaIssues('flow', json, file) };
  const flow = json;
  const crossErrors = context ? checkFlow(flow, file, context) : [];
  return crossErrors.length > 0 ? { ok: false, errors: crossErrors } : { ok: true, value: flow, errors: [] };
}

/** Loads model configs: `{ "models": [...] }` (the settlement file) or a bare array (the API response). */
export function loadModelConfigs(json: unknown, file: string, context: Pick<CheckContext, 'ruleAdapters' | 'locales'> = {}): LoadResult<ModelConfig[]> {
  const wrapped = Array.isArray(json) ? { models: json } : json;
  if (!matchesSchema('model-config', wrapped)) {
    const errors = schemaIssues('model-config', wrapped, file);
    if (Array.isArray(json)) for (const e of errors) e.pointer = e.pointer.replace(/^\/models/, '');
    return { ok: false, errors };
  }
  const { models } = wrapped;
  const crossErrors = checkModelConfigs(models, file, context, Array.isArray(json) ? '' : '/models');
  return crossErrors.length > 0 ? { ok: false, errors: crossErrors } : { ok: true, value: models, errors: [] };
}

/** Loads a locale file (flat key -> text); `$schema` is dropped from the result. */
export function loadLocale(json: unknown, file: string): LoadResult<Record<string, string>> {
  if (!matchesSchema('locale', json)) return { ok: false, errors: schemaIssues('locale', json, file) };
  const { $schema: _schema, ...texts } = json;
  return { ok: true, value: texts, errors: [] };
}
