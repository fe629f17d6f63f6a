/**
 * One API contract (schemas/api/): every route the server shows is declared there and every call
 * declared there is a route, with the answers it declares, in the OpenAPI document too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../runtime/core/api/index.js';
import { MULTIPART_FIELDS } from '../../runtime/core/payload/index.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { API_ROUTES, declaredUrl, registerContract, routeSchema, type ApiRouteName } from '../../server/routes/contract.js';
import { appsOnSqlite, ROOT } from './helper.js';

let emulator: CaptchaEmulator;
beforeAll(async () => {
  emulator = await startCaptchaEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const names = Object.keys(API_ROUTES).filter((name): name is ApiRouteName => Object.hasOwn(API_ROUTES, name));

/** `:id` as OpenAPI writes it: `{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the API contract', () => {
  const { start } = appsOnSqlite(() => emulator);

  it('declares one call per schema file of schemas/api/, each with a route', () => {
    const files = readdirSync(path.join(ROOT, 'schemas/api')).filter((f) => f.endsWith('.schema.json') && f !== 'shared.schema.json');
    expect(files.map((f) => f.replace('.schema.json', '')).sort()).toEqual([...names].sort());
  });

  it('is what the server registers: every declared call is a route (per flow where the url names a flow endpoint), and the OpenAPI document lists exactly these with their answers', async () => {
    const app = await start();
    const declared = names.flatMap((name) => {
      const { method, url } = API_ROUTES[name];
      if (!/\{(authorize|submit)\}/.test(url)) return [{ name, method, url }];
      return app.settlement.flows
        .filter(({ flow }) => !url.includes('{submit}') || flow.submit)
        .map(({ flow }) => ({ name, method, url: declaredUrl(name, flow) }));
    });
    for (const { name, method, url } of declared) expect(app.hasRoute({ method, url }), `${name}: ${method} ${url}`).toBe(true);

    const doc = (await app.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    const listed = Object.entries(doc.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`));
    expect(listed.sort()).toEqual(declared.map(({ method, url }) => `${method} ${openApiPath(url)}`).sort());
    for (const { name, method, url } of declared) {
      const declaredStatuses = Object.keys(routeSchema(name).response ?? {}).sort();
      expect(Object.keys(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {}).sort(), `${method} ${url}`).toEqual(declaredStatuses);
    }

    // The error answer is declared once, under components, and each call's error answers refer to it.
    const whole = (await app.inject('/api/openapi.json')).json<{ components: { schemas: Record<string, { title?: string; required?: string[] }> }; paths: unknown }>();
    expect(Object.entries(whole.components.schemas).filter(([, schema]) => schema.title === 'ErrorResponse').map(([name]) => name)).toEqual(['ErrorResponse']);
    expect(whole.components.schemas.ErrorResponse?.required).toEqual(['error', 'code']);
    const operations = JSON.stringify(whole.paths);
    expect(operations).not.toContain('"title":"ErrorResponse"');
    expect(operations).toContain('{"$ref":"#/components/schemas/ErrorResponse"}');
  });

  it('stops a route of the API that is not in the contract, or not where the contract puts it', async () => {
    const app = Fastify();
    registerContract(app);
    app.get('/hidden', { schema: { hide: true } }, async () => 'ok');
    expect(() => app.get('/api/undeclared', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}))).toThrow(/takes its schema from the contract/);
    expect(() => app.get('/api/no-schema', async () => ({}))).toThrow(/takes its schema from the contract/);
    expect(() => app.post('/api/csrf', { schema: routeSchema('csrf') }, async () => ({}))).toThrow(/declares csrf as GET \/api\/csrf/);
    expect(() => app.get('/api/csrf', { schema: routeSchema('csrf') }, async () => ({}))).not.toThrow();
    const flow = { formType: 'Automotive', authorize: { endpoint: '/api/forms/automotive/authorize' }, submit: { endpoint: '/api/forms/automotive' } };
    expect(() => app.put('/api/forms/other/draft', { schema: routeSchema('draft-save', flow) }, async () => ({}))).toThrow(/PUT \/api\/forms\/automotive\/draft/);
    await app.close();
  });

  it('has a call for every address the browser client names', () => {
    const declared = new Set(names.map((name) => API_ROUTES[name].url));
    expect(Object.values(API_PATHS).filter((url) => !declared.has(url))).toEqual([]);
  });

  it("declares the submit's parts as the client sends them (runtime/core/payload/multipart.ts)", () => {
    const submit = JSON.parse(readFileSync(path.join(ROOT, 'schemas/api/submit.schema.json'), 'utf8'));
    expect(Object.keys(submit.properties.multipartBody.properties).sort()).toEqual([...MULTIPART_FIELDS.text, ...MULTIPART_FIELDS.json].sort());
  });
});
