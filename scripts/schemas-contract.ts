/**
 * The code the API contract (schemas/api/*.schema.json) gives besides its types, written by
 * `npm run schemas:types` next to them in schemas/generated/api/:
 * - routes.ts: the route table (name, method, url, summary) of every call;
 * - guards/<call>.ts: one narrowing function per answer body of the call, checking its shape as
 *   the contract declares it (types, required properties, enums; not formats or lengths), and
 *   guards/record.ts, what they share. They cost a few bytes each in the browser bundle, where a
 *   JSON Schema validator would cost tens of kilobytes.
 */

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema files of the contract, by path relative to schemas/api/ ('csrf.schema.json'). */
export type ContractFiles = ReadonlyMap<string, Schema>;

/** The contract's own keyword at a call's root: how the server registers it. */
export interface RouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The full path; `{authorize}` and `{submit}` stand for a flow's endpoints (one route per flow). */
  url: string;
  /** `{formType}` stands for the flow's form type. */
  summary: string;
  consumes?: string[];
}

export const SHARED_FILE = 'shared.schema.json';
const METHODS: ReadonlySet<unknown> = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const isMethod = (method: unknown): method is RouteDeclaration['method'] => METHODS.has(method);

/** The route of a call's schema file, or an error naming what is missing. */
export function routeDeclaration(file: string, schema: Schema): RouteDeclaration {
  const route = schema['x-route'];
  if (!isObject(route) || !isMethod(route.method) || typeof route.url !== 'string' || typeof route.summary !== 'string') {
    throw new Error(`schemas/api/${file}: "x-route" must give method (GET, POST, PUT or DELETE), url and summary`);
  }
  const consumes = Array.isArray(route.consumes) ? route.consumes.filter((c): c is string => typeof c === 'string') : undefined;
  return { method: route.method, url: route.url, summary: route.summary, ...(consumes ? { consumes } : {}) };
}

/** A call's name: its file name without `.schema.json`. */
export const callName = (file: string) => file.replace(/\.schema\.json$/, '');

/** `$ref` as the contract writes it: `#/definitions/X` in the same file, `shared.schema.json#/definitions/X`. */
export function resolveRef(files: ContractFiles, fromFile: string, ref: string): { file: string; schema: Schema } {
  const [target = '', pointer = ''] = ref.split('#');
  const file = target || fromFile;
  let node: unknown = files.get(file);
  for (const part of pointer.split('/').filter(Boolean)) node = isObject(node) ? node[part] : undefined;
  if (!isObject(node)) throw new Error(`schemas/api/${fromFile}: $ref ${ref} names nothing`);
  return { file, schema: node };
}

const jsonKey = (key: string) => JSON.stringify(key);

/** A boolean expression of `value` (a variable name) that holds when it has the schema's shape. */
function guardExpression(files: ContractFiles, file: string, schema: Schema, value: string, depth: number): string {
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(files, file, schema.$ref);
    return guardExpression(files, target.file, target.schema, value, depth);
  }
  const parts: string[] = [];
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null)?.filter(isObject);
  if (branches) parts.push(`(${branches.map((b) => guardExpression(files, file, b, value, depth)).join(' || ')})`);
  // A value from a list is of its type already: the list alone is checked.
  if (Array.isArray(schema.enum)) return [...parts, `(${schema.enum.map((v) => `${value} === ${JSON.stringify(v)}`).join(' || ')})`].join(' && ');
  if (schema.const !== undefined) return [...parts, `${value} === ${JSON.stringify(schema.const)}`].join(' && ');
  const declared = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];
  const types = declared.length === 0 && (isObject(schema.properties) || isObject(schema.additionalProperties)) ? ['object'] : declared;
  if (types.length) {
    const alternatives = types.map((type) => typeGuard(files, file, schema, type, value, depth));
    parts.push(alternatives.length === 1 ? alternatives.join('') : `(${alternatives.join(' || ')})`);
  }
  return parts.length ? parts.join(' && ') : 'true';
}

function typeGuard(files: ContractFiles, file: string, schema: Schema, type: string, value: string, depth: number): string {
  const inner = `v${depth + 1}`;
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
      return `typeof ${value} === '${type}'`;
    case 'integer':
      return `Number.isInteger(${value})`;
    case 'null':
      return `${value} === null`;
    case 'array':
      return isObject(schema.items)
        ? `(Array.isArray(${value}) && ${value}.every((${inner}: unknown) => ${guardExpression(files, file, schema.items, inner, depth + 1)}))`
        : `Array.isArray(${value})`;
    case 'object': {
      const checks = [`isRecord(${value})`];
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      for (const [name, sub] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        if (!isObject(sub)) continue;
        const property = `${value}[${jsonKey(name)}]`;
        if (required.has(name)) {
          checks.push(guardExpression(files, file, sub, property, depth));
          continue;
        }
        // Absent or null in one test (`== null`) when the property may be null.
        const nullable = Array.isArray(sub.type) && sub.type.includes('null') && sub.enum === undefined;
        const check = guardExpression(files, file, nullable && Array.isArray(sub.type) ? { ...sub, type: sub.type.filter((t) => t !== 'null') } : sub, property, depth);
        if (check !== 'true') checks.push(`(${property} ${nullable ? '== null' : '=== undefined'} || ${check})`);
      }
      if (isObject(schema.additionalProperties) && !isObject(schema.properties)) {
        const check = guardExpression(files, file, schema.additionalProperties, inner, depth + 1);
        if (check !== 'true') checks.push(`Object.values(${value}).every((${inner}: unknown) => ${check})`);
      }
      return `(${checks.join(' && ')})`;
    }
    default:
      throw new Error(`schemas/api/${file}: no guard for type ${type}`);
  }
}

/** The answers a client reads of one call: each titled body of its responses (errors and empty answers aside), once per title. */
function titledAnswers(files: ContractFiles, file: string): Array<{ title: string; file: string; schema: Schema }> {
  const seen = new Map<string, { title: string; file: string; schema: Schema }>();
  const root = files.get(file);
  const response = isObject(root?.properties) && isObject(root.properties.response) ? root.properties.response.properties : undefined;
  for (const body of Object.values(isObject(response) ? response : {})) {
    if (!isObject(body)) continue;
    const { file: at, schema } = typeof body.$ref === 'string' ? resolveRef(files, file, body.$ref) : { file, schema: body };
    if (typeof schema.title !== 'string' || SHARED_ANSWERS.some((answer) => answer === schema.title) || seen.has(schema.title)) continue;
    seen.set(schema.title, { title: schema.title, file: at, schema });
  }
  return [...seen.values()].sort((a, b) => a.title.localeCompare(b.title));
}

/** The answers of shared.schema.json that every call gives: declared once, in shared.ts, and by $id in the server's schemas. */
export const SHARED_ANSWERS = ['ErrorResponse'] as const;

/**
 * A call's generated module with the shared answers imported from './shared' rather than declared
 * again: json-schema-to-typescript declares every type a file references, in each file.
 */
export function withSharedAnswers(ts: string): string {
  let text = ts;
  const imported: string[] = [];
  for (const name of SHARED_ANSWERS) {
    // The declaration with its doc comment: the comment's lines start with " *", the body's with two spaces.
    const declaration = new RegExp(`(?:/\\*\\*\\n(?: \\*.*\\n)*? \\*/\\n)?export interface ${name} \\{\\n(?: {2}.*\\n)*\\}\\n`);
    if (!declaration.test(text)) continue;
    text = text.replace(declaration, '');
    imported.push(name);
  }
  const bannerEnd = text.indexOf(' */\n\n');
  if (!imported.length || bannerEnd < 0) return text;
  const at = bannerEnd + ' */\n\n'.length;
  return `${text.slice(0, at)}import type { ${imported.join(', ')} } from './${callName(SHARED_FILE)}';\n\n${text.slice(at)}`;
}

const banner = (what: string) =>
  ['/**', ` * Generated from schemas/api/*.schema.json by \`npm run schemas:types\` (scripts/schemas-contract.ts): ${what}.`, ' * Do not edit: change the schemas, then run the command again.', ' */'].join('\n');

/** schemas/generated/api/routes.ts: every call's route, by name. */
export function routesModule(files: ContractFiles): string {
  const entries = [...files]
    .filter(([file]) => file !== SHARED_FILE)
    .map(([file, schema]) => `  ${jsonKey(callName(file)).replace(/"/g, "'")}: ${JSON.stringify(routeDeclaration(file, schema))},`);
  const urls = [...files]
    .filter(([file]) => file !== SHARED_FILE)
    .map(([file, schema]) => `  ${jsonKey(callName(file)).replace(/"/g, "'")}: ${JSON.stringify(routeDeclaration(file, schema).url)},`);
  return [
    banner('the route of every call'),
    '',
    '/** The calls of the API, by the name of their schema file; `{authorize}` and `{submit}` in a url stand for each flow\'s endpoints, `{formType}` in a summary for its form type. */',
    'export const API_ROUTES = {',
    ...entries,
    '} as const;',
    '',
    'export type ApiRouteName = keyof typeof API_ROUTES;',
    '',
    '/** The url of every call alone: what the browser\'s client takes, without the summaries. */',
    'export const API_URLS = {',
    ...urls,
    '} as const satisfies { [name in ApiRouteName]: string };',
    '',
    '/** The answers of shared.schema.json every call gives (the error answer): declared once, and by `$id` in the server\'s route schemas. */',
    `export const SHARED_ANSWERS = ${JSON.stringify(SHARED_ANSWERS)} as const;`,
    '',
  ].join('\n');
}

/** The folder of the guards under schemas/generated/api/: one module per call, so that a bundle takes only the calls it makes. */
export const GUARDS_DIR = 'guards';

/** guards/record.ts: what every guard of an object starts with. */
export function recordGuardModule(): string {
  return [
    banner('what the guards of objects share'),
    '',
    'export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === \'object\' && value !== null && !Array.isArray(value);',
    '',
  ].join('\n');
}

/** guards/<call>.ts: `is<Title>(value): value is <Title>` per answer of the call; null when it has none to check. */
export function guardsModule(files: ContractFiles, file: string): string | null {
  const answers = titledAnswers(files, file);
  if (!answers.length) return null;
  const byModule = new Map<string, string[]>();
  for (const { title, file: at } of answers) byModule.set(callName(at), [...(byModule.get(callName(at)) ?? []), title]);
  const imports = [...byModule].map(([module, titles]) => `import type { ${titles.join(', ')} } from '../${module}';`);
  const guards = answers.map(
    ({ title, file: at, schema }) =>
      `/** Whether an answer has the shape of ${title} (schemas/api/${at}). */\nexport const is${title} = (v0: unknown): v0 is ${title} =>\n  ${guardExpression(files, at, schema, 'v0', 0)};`,
  );
  const body = guards.join('\n\n');
  const helpers = ['isRecord'].filter((helper) => body.includes(`${helper}(`));
  return [
    banner(`a narrowing function per answer of ${callName(file)}`),
    '',
    ...imports.sort(),
    ...(helpers.length ? [`import { ${helpers.join(', ')} } from './record';`] : []),
    '',
    body,
    '',
  ].join('\n');
}
