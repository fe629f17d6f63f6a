/**
 * npm run schemas:types
 * Writes the TypeScript types of every JSON Schema in schemas/ to schemas/generated/ (same
 * relative path, `.ts`), with json-schema-to-typescript. The schemas are the source of truth;
 * tests/core/schemas/generated.test.ts regenerates in memory and fails when a committed file differs.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { GUARDS_DIR, guardsModule, recordGuardModule, routesModule, SHARED_FILE, withSharedAnswers } from './schemas-contract';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMAS_DIR = path.join(ROOT, 'schemas');
export const GENERATED_DIR = path.join(SCHEMAS_DIR, 'generated');
export const COMMAND = 'npm run schemas:types';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A schema object as json-schema-to-typescript takes it: any JSON object (the compiler judges its keywords). */
const isJsonSchema = (v: unknown): v is JSONSchema => isObject(v);

/** Schema files under schemas/ (relative, `/`-separated, sorted), generated/ excluded. */
export function schemaFiles(dir = SCHEMAS_DIR, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (rel !== 'generated') files.push(...schemaFiles(path.join(dir, entry.name), rel));
    } else if (entry.name.endsWith('.schema.json')) {
      files.push(rel);
    }
  }
  return files;
}

/**
 * `{ "allOf": [{ "if": { "properties": { "block": { "const": "header" } } }, "then": { "$ref": … } }, …] }`
 * is how the flow schema writes a tagged union (one precise error per wrong block instead of one per
 * kind); for typing it is the union of the `then` references.
 */
function taggedUnion(schema: Schema): Schema | null {
  const allOf = schema.allOf;
  if (!Array.isArray(allOf) || allOf.length === 0) return null;
  const refs: Schema[] = [];
  for (const entry of allOf) {
    if (!isObject(entry) || !isObject(entry.if) || !isObject(entry.then) || typeof entry.then.$ref !== 'string') return null;
    refs.push({ $ref: entry.then.$ref });
  }
  return { description: schema.description, oneOf: refs };
}

/**
 * `{ "properties": {…}, "additionalProperties": false, "oneOf": [{ "required": ["all"], "maxProperties": 1 }, …] }`
 * says "exactly one of these property sets"; for typing it is a union of objects holding exactly
 * those properties. Each branch must limit the object to its required properties, or the union
 * would claim more than the schema checks.
 */
function requiredSetsUnion(schema: Schema, where: string): Schema | null {
  const { oneOf, properties } = schema;
  if (!Array.isArray(oneOf) || !isObject(properties)) return null;
  if (!oneOf.every((b) => isObject(b) && Object.keys(b).every((k) => k === 'required' || k === 'maxProperties'))) return null;
  return {
    description: schema.description,
    oneOf: oneOf.map((branch: Schema) => {
      const required = Array.isArray(branch.required) && branch.required.every((name) => typeof name === 'string') ? branch.required : undefined;
      if (required === undefined) throw new Error(`${where}: each oneOf branch lists the properties it requires`);
      const maxProperties = branch.maxProperties ?? schema.maxProperties;
      const max = typeof maxProperties === 'number' ? maxProperties : undefined;
      if (schema.additionalProperties !== false || max !== required.length) {
        throw new Error(`${where}: a oneOf branch requiring ${required.join(', ')} must also allow nothing else (maxProperties ${required.length})`);
      }
      return {
        type: 'object',
        additionalProperties: false,
        required,
        properties: Object.fromEntries(required.map((name) => [name, properties[name]])),
      };
    }),
  };
}

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBSCHEMAS = new Set(['items', 'additionalItems', 'additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else']);

/** A schema with annotations only accepts any value (json-schema-to-typescript would say "object"). */
function anyValue(schema: Schema): Schema | null {
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key)) ? { ...schema, tsType: 'unknown' } : null;
}

/** The schema as json-schema-to-typescript should see it: the idioms above rewritten, nothing else. */
export function typingSchema(node: unknown, where = '#'): unknown {
  if (!isObject(node)) return node;
  const schema = taggedUnion(node) ?? requiredSetsUnion(node, where) ?? anyValue(node) ?? node;
  const walk = (value: unknown, at: string): unknown => (isObject(value) || Array.isArray(value) ? typingSchema(value, at) : value);
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      const at = `${where}/${key}`;
      if (SCHEMA_MAPS.has(key) && isObject(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, walk(sub, `${at}/${name}`)]))];
      }
      if (SCHEMA_LISTS.has(key) && Array.isArray(value)) return [key, value.map((sub, i) => walk(sub, `${at}/${i}`))];
      if (SUBSCHEMAS.has(key)) return [key, Array.isArray(value) ? value.map((sub, i) => walk(sub, `${at}/${i}`)) : walk(value, at)];
      return [key, value];
    }),
  );
}

function banner(schemaFile: string): string {
  return [
    '/**',
    ` * Generated from schemas/${schemaFile} by \`${COMMAND}\` (scripts/schemas-types.ts).`,
    ' * Do not edit: change the schema, then run the command again.',
    ' */',
  ].join('\n');
}

/** deadlines.legacy -> DeadlinesLegacy, model-config -> ModelConfig. */
function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The API contract's folder under schemas/: one file per call, and the pieces they share. */
export const CONTRACT_DIR = 'api';

function isContractFile(schemaFile: string): boolean {
  return schemaFile.startsWith(`${CONTRACT_DIR}/`);
}

/** Values that are data, not schemas: a `title` inside them is left alone. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The schema without the titles of its properties and definitions: in a settlement, flow or model
 * schema a title labels the studio's generated forms ("Minimum session length"); it is no type's
 * name (json-schema-to-typescript would declare one per title).
 */
export function withoutLabels(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLabels);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'title' && typeof value === 'string'))
      .map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : withoutLabels(value)]),
  );
}

/** Output path under schemas/generated/ of a schema file: settlement/captcha.schema.json -> settlement/captcha.ts. */
export function generatedPath(schemaFile: string): string {
  return schemaFile.replace(/\.schema\.json$/, '.ts');
}

/** The generated TypeScript of every schema: relative output path -> file text. */
export async function generateSchemaTypes(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const contractFiles = new Map<string, Schema>();
  for (const file of schemaFiles()) {
    const schema: unknown = JSON.parse(readFileSync(path.join(SCHEMAS_DIR, file), 'utf8'));
    const contract = isContractFile(file);
    const typed = typingSchema(contract ? schema : withoutLabels(schema));
    if (!isObject(schema) || !isJsonSchema(typed)) throw new Error(`schemas/${file} is not a JSON object`);
    // The file's own shape is named after the file (flow -> FlowFile), not after its title; a call
    // of the API contract is named by its title (AuthorizeRoute).
    const rootName = contract && typeof schema.title === 'string' ? schema.title : `${pascalCase(path.basename(file, '.schema.json'))}${contract ? 'Definitions' : 'File'}`;
    const root: JSONSchema = { ...typed, title: rootName };
    const ts = await compile(root, rootName, {
      bannerComment: banner(file),
      cwd: path.dirname(path.join(SCHEMAS_DIR, file)),
      declareExternallyReferenced: true,
      unreachableDefinitions: true,
      ignoreMinAndMaxItems: true,
      unknownAny: true,
      strictIndexSignatures: false,
      // Answers are serialized with their declared properties only: the API's types say no more.
      additionalProperties: !contract,
      format: true,
      style: { singleQuote: true, printWidth: 120, trailingComma: 'all', endOfLine: 'lf' },
    });
    // A call's module takes the answers every call gives from shared.ts, which declares them once.
    out.set(generatedPath(file), contract && file !== `${CONTRACT_DIR}/${SHARED_FILE}` ? withSharedAnswers(ts) : ts);
    if (contract) contractFiles.set(file.slice(CONTRACT_DIR.length + 1), schema);
  }
  if (contractFiles.size) {
    out.set(`${CONTRACT_DIR}/routes.ts`, routesModule(contractFiles));
    out.set(`${CONTRACT_DIR}/${GUARDS_DIR}/record.ts`, recordGuardModule());
    for (const file of contractFiles.keys()) {
      const guards = guardsModule(contractFiles, file);
      if (guards) out.set(`${CONTRACT_DIR}/${GUARDS_DIR}/${file.replace(/\.schema\.json$/, '.ts')}`, guards);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const files = await generateSchemaTypes();
  for (const [rel, text] of files) {
    const target = path.join(GENERATED_DIR, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  console.log(`schemas:types: ${files.size} files written to ${path.relative(process.cwd(), GENERATED_DIR) || '.'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
