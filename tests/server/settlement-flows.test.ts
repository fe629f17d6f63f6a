/**
 * A settlement folder with its own flows/ and locales/: validated at start-up with the core flow
 * checker, served by GET /api/forms/flows, and used by the server for each form's deadline keys,
 * models and call endpoints.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import type { FlowFile, ModelConfig } from '../../runtime/core/types.js';
import { appsOnSqlite, automotiveParts, Claimant, exclusionParts, MARIA, ROOT, settlementCopy } from './helper.js';

type FlowName = 'automotive' | 'exclusion' | 'lookup';

/**
 * A copy of the sample settlement with its own flows/ (and, when `locales` is given, its own
 * locales/), each edited as JSON or as text.
 */
function settlementWithFlows(options: {
  flows?: Partial<Record<FlowName, (flow: FlowFile) => void>>;
  flowText?: Partial<Record<FlowName, (text: string) => string>>;
  locales?: (culture: string, texts: Record<string, string>) => void;
  models?: (models: ModelConfig[]) => void;
}): string {
  const dir = settlementCopy();
  if (options.models) {
    const file = path.join(dir, 'models.json');
    const body = JSON.parse(readFileSync(file, 'utf8')) as { models: ModelConfig[] };
    options.models(body.models);
    writeFileSync(file, JSON.stringify(body, null, 2));
  }
  cpSync(path.join(ROOT, 'flows'), path.join(dir, 'flows'), { recursive: true });
  for (const [name, edit] of Object.entries(options.flows ?? {})) {
    const file = path.join(dir, 'flows', `${name}.json`);
    const flow = JSON.parse(readFileSync(file, 'utf8')) as FlowFile;
    edit(flow);
    writeFileSync(file, JSON.stringify(flow, null, 2));
  }
  for (const [name, edit] of Object.entries(options.flowText ?? {})) {
    const file = path.join(dir, 'flows', `${name}.json`);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
  }
  if (options.locales) {
    mkdirSync(path.join(dir, 'locales'));
    for (const file of readdirSync(path.join(ROOT, 'locales'))) {
      const texts = JSON.parse(readFileSync(path.join(ROOT, 'locales', file), 'utf8')) as Record<string, string>;
      options.locales(path.basename(file, '.json'), texts);
      writeFileSync(path.join(dir, 'locales', file), JSON.stringify(texts, null, 2));
    }
  }
  return dir;
}

/** The fields of the first ClaimantInfo block of the form's claimant-info page. */
function claimantFields(flow: FlowFile): Array<{ key: string; label?: string; widget?: string }> {
  const page = flow.pages.find((p) => p.id.endsWith('claimant-info'))!;
  const block = page.blocks.find((b) => b.block === 'model' && (b as { model?: string }).model === 'ClaimantInfo') as unknown as { fields: Array<{ key: string; label?: string }> };
  return block.fields;
}

function problemsOf(fn: () => unknown): SettlementError['problems'] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SettlementError);
    return (err as SettlementError).problems;
  }
  return expect.unreachable('the settlement loaded');
}

let emulator: CaptchaEmulator;
beforeAll(async () => {
  emulator = await startCaptchaEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

describe('loading the flows of a settlement folder', () => {
  it('takes the repository flows/ and locales/ when the folder has none', () => {
    const s = loadSettlement(settlementCopy());
    expect(s.flowsDir).toBe(path.join(ROOT, 'flows/'));
    expect(s.localesDir).toBe(path.join(ROOT, 'locales/'));
    expect(s.flows.map((f) => [path.basename(f.file), f.flow.formType])).toEqual([
      ['automotive.json', 'Automotive'],
      ['exclusion.json', 'Exclusion'],
      ['lookup.json', 'Lookup'],
    ]);
    expect(Object.keys(s.locales).sort()).toEqual(['en', 'es']);
  });

  it('takes the folder\'s own flows/ and locales/', () => {
    const dir = settlementWithFlows({ flows: { lookup: (f) => (f.deadlineKeys = ['globalDeadline']) }, locales: () => {} });
    const s = loadSettlement(dir);
    expect(s.flowsDir).toBe(path.join(dir, 'flows'));
    expect(s.localesDir).toBe(path.join(dir, 'locales'));
    expect(s.flows.map((f) => f.file)).toEqual(['flows/automotive.json', 'flows/exclusion.json', 'flows/lookup.json']);
    expect(s.flows.find((f) => f.flow.formType === 'Lookup')!.flow.deadlineKeys).toEqual(['globalDeadline']);
  });

  it('a field that is not in models.json stops the start with file, line, JSON pointer and message', () => {
    const dir = settlementWithFlows({ flowText: { automotive: (t) => t.replace('"key": "lastName"', '"key": "surname"') } });
    const problems = problemsOf(() => loadSettlement(dir));
    expect(problems).toEqual([
      {
        file: 'flows/automotive.json',
        pointer: '/pages/1/blocks/2/fields/2/key',
        message: expect.stringContaining('field "surname" is not a field of the Automotive model ClaimantInfo'),
        line: expect.any(Number),
        column: expect.any(Number),
      },
    ]);
  });

  it('a schema error, a label key missing from the locales and a repeated endpoint are all reported at once', () => {
    const dir = settlementWithFlows({
      flows: {
        lookup: (f) => Object.assign(f, { colour: 'red' }),
        exclusion: (f) => {
          claimantFields(f)[0]!.label = 'LocKey_ClaimantInfo_GivenName';
          f.authorize.endpoint = '/api/forms/automotive/authorize';
          f.submit = { endpoint: '/api/config', method: 'POST' };
        },
      },
    });
    const problems = problemsOf(() => loadSettlement(dir));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/lookup.json', pointer: '/colour', message: expect.stringContaining('unknown property "colour"') }));
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'flows/exclusion.json', pointer: expect.stringMatching(/^\/pages\/1\/blocks\/\d+\/fields\/0\/label$/), message: expect.stringContaining('"LocKey_ClaimantInfo_GivenName" is missing from') }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/exclusion.json', pointer: '/authorize/endpoint', message: expect.stringContaining('already the endpoint of flows/automotive.json') }));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'flows/exclusion.json', pointer: '/submit/endpoint', message: expect.stringContaining('not a form call of this server') }));
  });

  it('a broken locale of the folder stops the start too', () => {
    const dir = settlementWithFlows({ locales: (culture, texts) => culture === 'es' && delete texts.LocKey_Lookup_Title });
    const problems = problemsOf(() => loadSettlement(dir));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'locales/es.json', message: expect.stringContaining('"LocKey_Lookup_Title"') }));
  });

  it('an empty flows/ folder stops the start', () => {
    const dir = settlementCopy();
    mkdirSync(path.join(dir, 'flows'));
    expect(problemsOf(() => loadSettlement(dir))).toContainEqual({ file: 'flows', pointer: '', message: expect.stringContaining('no flow files') });
  });
});

describe('serving the flows of a settlement folder', () => {
  const { start } = appsOnSqlite(() => emulator);

  it('a broken flow stops buildApp with the file and the pointer', async () => {
    const dir = settlementWithFlows({ flows: { lookup: (f) => (f.pages[0]!.blocks[2] = { block: 'model', model: 'Credentials', fields: [{ key: 'vin', widget: 'slider' }] } as never) } });
    await expect(start({ settlementDir: dir })).rejects.toThrow(/flows\/lookup\.json:\d+:\d+ \/pages\/0\/blocks\/2\/fields\/0\/widget — /);
  });

  it('GET /api/forms/flows answers the sample flows, cacheable and revalidated by ETag', async () => {
    const app = await start({ settlementDir: settlementCopy() });
    const res = await app.inject('/api/forms/flows');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['set-cookie']).toBeUndefined();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const shipped = ['automotive', 'exclusion', 'lookup'].map((name) => {
      const { $schema: _s, ...flow } = JSON.parse(readFileSync(path.join(ROOT, 'flows', `${name}.json`), 'utf8')) as FlowFile;
      return flow;
    });
    expect(res.json()).toEqual(shipped);

    const again = await app.inject({ url: '/api/forms/flows', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await app.inject({ url: '/api/forms/flows', headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);

    const openapi = (await app.inject('/api/openapi.json')).json();
    expect(openapi.paths['/api/forms/flows'].get.responses['200']).toBeDefined();
  });

  it('serves the folder\'s own flows and locales (a changed label key, an extra optional field) and takes the new field on submit', async () => {
    const dir = settlementWithFlows({
      flows: {
        automotive: (f) => (claimantFields(f).find((field) => field.key === 'lastName')!.label = 'LocKey_ClaimantInfo_FamilyName'),
        exclusion: (f) => claimantFields(f).push({ key: 'preferredName', widget: 'text', label: 'LocKey_ClaimantInfo_PreferredName' }),
      },
      models: (models) => {
        const info = models.find((m) => m.metadata.formType === 'Exclusion' && m.metadata.dtoMapping === 'ClaimantInfo')!;
        info.fields.preferredName = { dataType: 'string', validations: [{ type: 'maxLength', max: 40 }, { type: 'characterSetRestriction' }] } as never;
      },
      locales: (culture, texts) => {
        texts.LocKey_ClaimantInfo_FamilyName = culture === 'es' ? 'Apellido' : 'Family name';
        texts.LocKey_ClaimantInfo_PreferredName = culture === 'es' ? 'Nombre preferido' : 'Preferred name';
      },
    });
    const app = await start({ settlementDir: dir });
    const res = await app.inject('/api/forms/flows');
    expect(res.statusCode).toBe(200);
    const flows = res.json() as FlowFile[];
    expect(claimantFields(flows.find((f) => f.formType === 'Automotive')!).find((f) => f.key === 'lastName')!.label).toBe('LocKey_ClaimantInfo_FamilyName');
    expect(claimantFields(flows.find((f) => f.formType === 'Exclusion')!).at(-1)).toEqual({ key: 'preferredName', widget: 'text', label: 'LocKey_ClaimantInfo_PreferredName' });
    const sample = await start({ settlementDir: settlementCopy() });
    expect(res.headers.etag).not.toBe((await sample.inject('/api/forms/flows')).headers.etag);

    const content = (await app.inject('/api/culture/content?culture=es')).json() as Array<{ key: string; value: string }>;
    expect(content).toContainEqual({ key: 'LocKey_ClaimantInfo_PreferredName', value: 'Nombre preferido' });

    const c = await new Claimant(app, emulator).start();
    const auth = await c.authorize('Exclusion', { vin: MARIA.vin, noticeId: null, pin: null });
    expect(auth.json()).toMatchObject({ authorized: true });
    const parts = exclusionParts(auth.json().captcha, await c.captchaToken());
    const info = JSON.parse(parts.text.claimantInfo!) as { fields: Record<string, unknown> };
    info.fields.preferredName = 'Mari';
    parts.text.claimantInfo = JSON.stringify(info);
    const submitted = await c.submit('Exclusion', parts);
    expect(submitted.json()).toMatchObject({ submitted: true });
    const [stored] = await app.stores.submissions.listSubmissions();
    expect(JSON.stringify(stored)).toContain('"preferredName":"Mari"');
  });

  it('enforces the deadline keys of the flow, not the spec table\'s', async () => {
    // Automotive guarded by the exclusion deadline (2027-03-31 23:59:59 Pacific); Exclusion by the claim deadline.
    const dir = settlementWithFlows({
      flows: {
        automotive: (f) => (f.deadlineKeys = ['exclusionFilingDeadline', 'globalDeadline']),
        exclusion: (f) => (f.deadlineKeys = ['claimFilingDeadline', 'globalDeadline']),
      },
    });
    let now = Date.parse('2027-04-01T06:50:00Z'); // 2027-03-31 23:50 Pacific
    const app = await start({ settlementDir: dir, clock: () => now });
    const before = (await app.stores.submissions.listSubmissions()).length;
    const c = await new Claimant(app, emulator).start();
    const auth = await c.authorize('Automotive', { ...MARIA });
    expect(auth.statusCode).toBe(200);
    now = Date.parse('2027-04-01T07:00:01Z'); // 2027-04-01 00:00:01 Pacific
    const res = await c.submit('Automotive', automotiveParts(auth.json().captcha, await c.captchaToken()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ submitted: false, code: 'DEADLINE_PASSED' });
    expect((await c.authorize('Automotive', { ...MARIA })).json()).toMatchObject({ authorized: false, code: 'DEADLINE_PASSED' });
    // The exclusion deadline has passed, but the Exclusion flow is guarded by the claim deadline.
    expect((await c.authorize('Exclusion', { vin: MARIA.vin, noticeId: null, pin: null })).json()).toMatchObject({ authorized: true });
    expect((await app.stores.submissions.listSubmissions()).length).toBe(before);
  });

  it('answers each form call at the endpoint its flow names', async () => {
    const dir = settlementWithFlows({
      flows: {
        exclusion: (f) => {
          f.authorize.endpoint = '/api/forms/opt-out/authorize';
          f.submit = { endpoint: '/api/forms/opt-out', method: 'POST' };
        },
      },
    });
    const app = await start({ settlementDir: dir });
    const c = await new Claimant(app, emulator).start();
    expect((await app.inject({ method: 'POST', url: '/api/forms/exclusion/authorize', headers: c.headers(), payload: {} })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/forms/exclusion', headers: c.headers({ 'content-type': 'application/json' }), payload: '{}' })).statusCode).toBe(404);
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/opt-out/authorize',
      headers: c.headers(),
      payload: { credentials: { id: null, clientId: 'c1', metadata: { formType: 'Exclusion', dtoMapping: 'credentials' }, metadataHash: 'x', fields: { vin: MARIA.vin } }, reCaptchaResponse: await c.captchaToken() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true });
    // The submit answers at its new path (refused here for a missing multipart body, not unknown).
    expect((await app.inject({ method: 'POST', url: '/api/forms/opt-out', headers: c.headers({ 'content-type': 'application/json' }), payload: '{}' })).statusCode).toBe(415);
  });
});
