/**
 * The API contract (schemas/api/*.schema.json) as the routes register it: each route takes its
 * Fastify schema from here by the name of its call (`routeSchema('csrf')`), so request checks,
 * answer serialization and the OpenAPI document all come from the one declaration. The types of
 * requests and answers are generated from the same files (schemas/generated/api/).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_ROUTES, SHARED_ANSWERS, type ApiRouteName } from '../../schemas/generated/api/routes.js';

export { API_ROUTES, type ApiRouteName };

type Schema = Record<string, unknown>;

/**
 * A call's answers by status code as Fastify's `Reply` route generic takes them (numeric keys),
 * from its generated type: `app.get<{ Reply: Replies<CsrfRoute> }>` makes the handler answer the
 * contract's bodies.
 */
export type Replies<Route extends { response: object }> = {
  [Status in keyof Route['response'] as Status extends `${infer Code extends number}` ? Code : never]: Route['response'][Status];
};

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

const CONTRACT_DIR = new URL('../../schemas/api/', import.meta.url);
const files = new Map<string, Schema>();

function contractFile(file: string): Schema {
  let schema = files.get(file);
  if (!schema) {
    const parsed: unknown = JSON.parse(readFileSync(new URL(file, CONTRACT_DIR), 'utf8'));
    if (!isObject(parsed)) throw new Error(`schemas/api/${file} is not a JSON Schema object`);
    schema = parsed;
    files.set(file, schema);
  }
  return schema;
}

/** The schema a `$ref` of the contract names: `#/definitions/X` in its own file, `shared.schema.json#/definitions/X`. */
function referenced(fromFile: string, ref: string): { file: string; schema: Schema } {
  const [target = '', pointer = ''] = ref.split('#');
  const file = target || fromFile;
  let node: unknown = contractFile(file);
  for (const part of pointer.split('/').filter(Boolean)) node = isObject(node) ? node[part] : undefined;
  if (!isObject(node)) throw new Error(`schemas/api/${fromFile}: $ref ${ref} names nothing`);
  return { file, schema: node };
}

const SHARED_FILE = 'shared.schema.json';
const isSharedAnswer = (name: string): name is (typeof SHARED_ANSWERS)[number] => SHARED_ANSWERS.some((answer) => answer === name);

/** The shared answer a `$ref` names (`shared.schema.json#/definitions/ErrorResponse`), if it names one. */
function sharedAnswerOf(fromFile: string, ref: string): string | undefined {
  const [target = '', pointer = ''] = ref.split('#');
  const name = pointer.replace(/^\/definitions\//, '');
  return (target || fromFile) === SHARED_FILE && pointer === `/definitions/${name}` && isSharedAnswer(name) ? name : undefined;
}

/**
 * The shared answers (the error answer) as schemas of their own, by `$id`: added to the server
 * once (registerContract), referenced by every route that gives them, and listed once in the
 * OpenAPI document's components.
 */
export function sharedAnswerSchemas(): Schema[] {
  return SHARED_ANSWERS.map((name) => ({ $id: name, ...referenced(SHARED_FILE, `#/definitions/${name}`).schema }));
}

/**
 * The schema with each `$ref` replaced by what it names (the contract's references are not
 * recursive), except the shared answers, which stay references to their `$id`.
 */
function inlined(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(item, file));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const shared = sharedAnswerOf(file, node.$ref);
    if (shared !== undefined) return { $ref: `${shared}#` };
    const target = referenced(file, node.$ref);
    return inlined(target.schema, target.file);
  }
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'definitions').map(([key, value]) => [key, inlined(value, file)]));
}

/** A flow's form type and endpoints: what a call made once per flow fills in. */
export interface FlowCalls {
  formType: string;
  authorize: { endpoint: string };
  submit?: { endpoint: string };
}

/** What each schema given out came from: its call, the flow it was made for, and the multipart parts it declares (for the OpenAPI document only: the route reads and checks them while they stream). */
const declarations = new WeakMap<object, { name: ApiRouteName; flow: FlowCalls | undefined; multipartBody: Schema | undefined }>();

/** The full path a call is registered at: `{authorize}`, `{submit}` replaced by the flow's endpoints. */
export function declaredUrl(name: ApiRouteName, flow?: FlowCalls): string {
  const { url } = API_ROUTES[name];
  const endpoints: Record<string, string | undefined> = { authorize: flow?.authorize.endpoint, submit: flow?.submit?.endpoint };
  return url.replace(/\{(authorize|submit)\}/g, (placeholder, call: string) => {
    const endpoint = endpoints[call];
    if (endpoint === undefined) throw new Error(`The call ${name} (${url}) is made per flow: give the flow whose ${call} endpoint it is at`);
    return endpoint;
  });
}

/**
 * The Fastify schema of a call of the contract; a call made once per flow (`{authorize}`,
 * `{submit}` in its url) names the flow's form type in its summary.
 */
export function routeSchema(name: ApiRouteName, flow?: FlowCalls): FastifySchema {
  const root = inlined(contractFile(`${name}.schema.json`), `${name}.schema.json`);
  const properties = isObject(root) && isObject(root.properties) ? root.properties : {};
  const response = isObject(properties.response) && isObject(properties.response.properties) ? properties.response.properties : {};
  const route: { summary: string; consumes?: readonly string[] } = API_ROUTES[name];
  const schema: FastifySchema = {
    summary: flow ? route.summary.replaceAll('{formType}', flow.formType) : route.summary,
    ...(route.consumes ? { consumes: [...route.consumes] } : {}),
    ...(properties.querystring ? { querystring: properties.querystring } : {}),
    ...(properties.params ? { params: properties.params } : {}),
    ...(properties.headers ? { headers: properties.headers } : {}),
    ...(properties.body ? { body: properties.body } : {}),
    response,
  };
  declarations.set(schema, { name, flow, multipartBody: isObject(properties.multipartBody) ? properties.multipartBody : undefined });
  return schema;
}

/**
 * An onRoute hook: every route the server shows in its API (any route not hidden from the
 * OpenAPI document) takes its schema from the contract, at the method and path the contract
 * declares. A route added without its contract entry stops the server at start-up.
 */
export function checkDeclared(route: { method: string | readonly string[]; url: string; schema?: FastifySchema & { hide?: boolean } }): void {
  if (route.schema?.hide === true) return;
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  if (!methods.length) return;
  const declaration = route.schema ? declarations.get(route.schema) : undefined;
  if (!declaration) throw new Error(`${methods.join(',')} ${route.url}: every route of the API takes its schema from the contract (schemas/api/, routeSchema())`);
  const { method } = API_ROUTES[declaration.name];
  const url = declaredUrl(declaration.name, declaration.flow);
  if (methods.some((m) => m !== method) || route.url !== url) {
    throw new Error(`${methods.join(',')} ${route.url}: the contract declares ${declaration.name} as ${method} ${url}`);
  }
}

/**
 * What a Fastify instance serving the contract needs before its routes: the shared answers its
 * route schemas reference, and the check that every route of the API is declared (checkDeclared).
 */
export function registerContract(app: FastifyInstance): void {
  for (const schema of sharedAnswerSchemas()) app.addSchema(schema);
  app.addHook('onRoute', checkDeclared);
}

/** How the OpenAPI document names a schema added by `$id`: by that id (ErrorResponse), so it is listed once under components. */
export function localReference(json: Record<string, unknown>, _baseUri: unknown, _fragment: unknown, i: number): string {
  return typeof json.$id === 'string' ? json.$id : `def-${i}`;
}

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route's operation as the OpenAPI document shows it: a multipart route with its parts, and
 * every call of the API that changes state with the session cookie and CSRF header it needs.
 */
export function documentedSchema(schema: FastifySchema, url: string, method: string | readonly string[]): FastifySchema {
  const multipartBody = declarations.get(schema)?.multipartBody;
  const changesState = [method].flat().some((m) => !READ_ONLY.has(m.toUpperCase()));
  return {
    ...schema,
    ...(multipartBody ? { body: multipartBody } : {}),
    ...(changesState && url.startsWith('/api/') ? { security: [{ session: [], csrf: [] }] } : {}),
  };
}
