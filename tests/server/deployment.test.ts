/**
 * Settlement loading, the app shell, deadlines, the emulator's refusal in production, 503 on an
 * unavailable database, timeouts over a real socket, and two instances on one PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { buildApp } from '../../server/app.js';
import { createApiClient, EARLY_CSRF_GLOBAL } from '../../runtime/core/api/client.js';
import { EARLY_CSRF_SCRIPT, EARLY_SCRIPT } from '../../server/routes/app-shell/index.js';
import { appsOnSqlite, automotiveParts, Claimant, fixtureDist, MARIA, SECRET, settlementCopy, testApp, testDatabase, type TestDatabase } from './helper.js';

let emulator: CaptchaEmulator;
beforeAll(async () => {
  emulator = await startCaptchaEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

describe('the settlement folder', () => {
  it('loads the sample settlement', () => {
    const s = loadSettlement(settlementCopy());
    expect(s.deadlines.shape).toBe('perCulture');
    expect(s.settings.client.minSessionDuration).toBe(30);
  });

  it('reports every problem with file, JSON pointer and message', () => {
    const dir = settlementCopy({
      'settings.json': { theme: 'purple', client: { minSessionDuration: 'long' } },
      'captcha.json': '{ not json',
      'whitelist.json': null,
    });
    try {
      loadSettlement(dir);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SettlementError);
      const problems = (err as SettlementError).problems;
      expect(problems).toContainEqual(expect.objectContaining({ file: 'settings.json', pointer: '/theme' }));
      expect(problems).toContainEqual(expect.objectContaining({ file: 'settings.json', pointer: '/client/minSessionDuration' }));
      expect(problems).toContainEqual(expect.objectContaining({ file: 'captcha.json', message: expect.stringContaining('not valid JSON') }));
      expect(problems).toContainEqual({ file: 'whitelist.json', pointer: '', message: 'file is missing (add whitelist.json to the settlement folder)' });
      expect((err as Error).message).toMatch(/settings\.json:\d+:\d+ \/theme — /);
    }
  });

  it('refuses an unknown deadline time zone', () => {
    const dir = settlementCopy({ 'deadlines.json': { timeZone: 'Martian', deadlines: { globalDeadline: { deadlineDateTime: '2027-12-31T23:59:59', redirectUrl: null } } } });
    expect(() => loadSettlement(dir)).toThrow(/deadlines\.json:\d+:\d+ \/timeZone — /);
  });
});

describe('serving a settlement', () => {
  const { start, open } = appsOnSqlite(() => emulator);

  it('serves the legacy deadline shape when the folder holds only that', async () => {
    const app = await start({ settlementDir: settlementCopy({ 'deadlines.json': null }) });
    const body = (await app.inject('/api/deadlines')).json();
    expect(body.deadlines.claimFilingDeadline).toEqual({ timeZone: 'Pacific', deadline: '06/30/2027', redirectUrl: '/deadline' });
  });

  it('refuses authorize and submit once the form\'s deadline has passed', async () => {
    let now = Date.parse('2027-07-01T06:50:00Z'); // 2027-06-30 23:50 Pacific
    const app = await start({ clock: () => now });
    const c = await new Claimant(app, emulator).start();
    const auth = await c.authorize('Automotive', { ...MARIA });
    expect(auth.statusCode).toBe(200);
    now = Date.parse('2027-07-01T07:00:01Z'); // 2027-07-01 00:00:01 Pacific, session still alive
    const res = await c.submit('Automotive', automotiveParts(auth.json().captcha, await c.captchaToken()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ submitted: false, code: 'DEADLINE_PASSED' });
    expect((await app.stores.submissions.listSubmissions()).length).toBe(0);
    // Lookup stays open until the global deadline.
    expect((await c.authorize('Lookup', { vin: MARIA.vin })).json().authorized).toBe(true);
  });

  it('serves the app with the settings embedded for every app route, and assets under /app/dist/', async () => {
    const app = await start({ appDistDir: fixtureDist() });
    for (const url of ['/', '/automotive', '/automotive/claimant-info', '/vinlookup', '/exclusion/claim-summary', '/session-expired?form=Automotive&culture=es', '/deadline']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const settings = JSON.parse(/<script id="app-settings" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!);
      expect(settings).toEqual({
        analyticsTagId: null,
        analyticsTagId2: null,
        theme: 'default',
        client: { minSessionDuration: 30 },
        captchaEnabled: true,
        redirectOnError: true,
        internationalAddresses: true,
        site: expect.objectContaining({ header: expect.any(Array) }),
      });
    }
    const unknown = await app.inject('/somewhere/else');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('id="app-settings"');
    expect((await app.inject('/app/dist/other.html')).statusCode).toBe(200);
    expect((await app.inject('/app/dist/missing.js')).statusCode).toBe(404);
  });

  it('embeds the startup answers of the address\'s culture in the page, the same as the API answers', async () => {
    const app = await start({ appDistDir: fixtureDist() });
    const answersOf = (body: string) => JSON.parse(/<script id="app-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(body)![1]!) as Record<string, unknown>;
    const get = async (url: string) => (await app.inject(url)).json();
    const shared = {
      '/api/deadlines': await get('/api/deadlines'),
      '/api/forms/flows': await get('/api/forms/flows'),
      '/api/captcha': await get('/api/captcha'),
      '/api/forms/config': await get('/api/forms/config'),
      '/api/characters-whitelist': await get('/api/characters-whitelist'),
    };
    for (const [url, culture] of [['/automotive', 'en'], ['/vinlookup?culture=es', 'es'], ['/deadline?culture=es&form=Lookup', 'es'], ['/somewhere/else?culture=es', 'es']] as const) {
      const res = await app.inject(url);
      const answers = answersOf(res.body);
      expect(Object.keys(answers).sort(), url).toEqual([...Object.keys(shared), `/api/culture/content?culture=${culture}`].sort());
      expect(answers, url).toMatchObject(shared);
      expect(answers[`/api/culture/content?culture=${culture}`], url).toEqual(await get(`/api/culture/content?culture=${culture}`));
      // Configuration only: nothing of a session.
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.body, url).not.toContain('requestToken');
    }
    const es = answersOf((await app.inject('/vinlookup?culture=es')).body)['/api/culture/content?culture=es'] as Array<{ key: string; value: string }>;
    const en = answersOf((await app.inject('/vinlookup')).body)['/api/culture/content?culture=en'] as Array<{ key: string; value: string }>;
    expect(es.length).toBeGreaterThan(0);
    expect(es).not.toEqual(en);
    // Nothing in the JSON can close the script element.
    const page = (await app.inject('/automotive')).body;
    const json = /<script id="app-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(page)![1]!;
    expect(json).not.toMatch(/<|>/);
  });

  it('starts the anti-forgery token request (and watches for the app\'s script failing to load) from the page with its one inline script, which the CSP allows by hash and no other', async () => {
    const app = await start({ appDistDir: fixtureDist() });
    for (const url of ['/automotive', '/vinlookup?culture=es', '/session-expired', '/somewhere/else']) {
      const res = await app.inject(url);
      const inline = [...res.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]!);
      expect(inline, url).toEqual([EARLY_SCRIPT]);
      expect(inline[0], url).toMatch(new RegExp(`^${EARLY_CSRF_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};`));
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
      const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
      expect(scriptSrc.filter((s) => s.startsWith("'sha256-")), url).toEqual([hash]);
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      // The page itself creates no session: the script's request does.
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it("makes the page's early token request the API client's own: same address, headers and credentials; a network failure resolves to null", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const record = async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: 't' }), { status: 200 });
    };
    await createApiClient({ fetch: record as typeof fetch, endpoints: {} }).getCsrf();
    const run = (fetchFn: (url: string, init?: RequestInit) => Promise<unknown>) => {
      const win: Record<string, unknown> = {};
      new Function('window', 'fetch', EARLY_CSRF_SCRIPT)(win, fetchFn);
      return win[EARLY_CSRF_GLOBAL] as Promise<unknown>;
    };
    const [client] = calls.splice(0);
    await run(record);
    expect(calls).toEqual([[client![0], { headers: client![1]!.headers, credentials: client![1]!.credentials }]]);
    expect(client![1]!.method).toBe('GET');
    expect(await run(() => Promise.reject(new TypeError('Failed to fetch')))).toBeNull();
  });

  it('compresses the page and API JSON when asked, keeping the security and cache headers', async () => {
    const app = await start({ appDistDir: fixtureDist() });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (const url of ['/api/forms/flows', '/api/culture/content?culture=es', '/api/forms/config']) {
      const plain = await app.inject(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], url).toBe(plain.headers['cache-control']);
      expect(br.headers['content-security-policy'], url).toBe(plain.headers['content-security-policy']);
      expect(br.headers['x-content-type-options'], url).toBe('nosniff');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')), url).toEqual(plain.json());
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')), url).toEqual(plain.json());
    }
    // Personal-data answers keep no-store; small answers go as they are.
    const csrf = await app.inject({ url: '/api/csrf', headers: { 'accept-encoding': 'br, gzip' } });
    expect(csrf.headers['cache-control']).toBe('no-store');
    expect(csrf.headers['content-encoding']).toBeUndefined();
    // The page (a flow page and a fixed route), compressed per culture.
    for (const url of ['/automotive?culture=es', '/deadline']) {
      const plain = await app.inject(url);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-security-policy'], url).toBeDefined();
      expect(brotliDecompressSync(br.rawPayload).toString('utf8'), url).toBe(plain.body);
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gz.rawPayload).toString('utf8'), url).toBe(plain.body);
    }
  });

  it('refuses to start on the captcha emulator in production', async () => {
    await expect(
      buildApp({ database: await open(), sessionSecret: SECRET, environment: 'production', captcha: { emulatorOrigin: emulator.origin } }),
    ).rejects.toThrow(/not for production|development and tests only/);
  });

  it('refuses to start in production without a PIN secret', async () => {
    const dir = settlementCopy({ 'captcha.json': { provider: 'turnstile', siteKey: 'site-key', secret: 'provider-secret', class: 'cf-turnstile' } });
    await expect(buildApp({ settlementDir: dir, database: await open(), sessionSecret: SECRET, environment: 'production' })).rejects.toThrow(/PIN_SECRET is required/);
  });

  it('answers 503 and acknowledges nothing when the database is busy', async () => {
    const sqlite = await testDatabase('sqlite');
    const database = await sqlite.open({ busyTimeoutMs: 100 });
    const app = await testApp(database, emulator);
    const c = await new Claimant(app, emulator).start();
    const token = await c.captchaToken();
    // Another process holds the write lock for longer than the busy timeout.
    const { default: SQLite } = await import('better-sqlite3');
    const locker = new SQLite(`${sqlite.dataDir}/claims.sqlite`);
    locker.exec('BEGIN EXCLUSIVE');
    try {
      const res = await c.authorize('Lookup', { vin: MARIA.vin }, token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(res.json().error).toContain('Nothing was saved');
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
      await app.close();
      await sqlite.cleanup();
    }
  });

  it('closes a client that sends its headers too slowly (real socket)', async () => {
    const app = await start({ timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 300, checkIntervalMs: 50 } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('two instances on one PostgreSQL', () => {
  let db: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    db = await testDatabase('postgres');
    a = await testApp(await db.open(), emulator);
    b = await testApp(await db.open(), emulator);
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.cleanup();
  });

  it('a claimant authorized on A submits on B, over real sockets', async () => {
    const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const c = new Claimant(a, emulator);
    const csrf = await fetch(`${urlOf(a)}/api/csrf`);
    c.cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
    c.csrf = ((await csrf.json()) as { requestToken: string }).requestToken;
    const auth = await fetch(`${urlOf(a)}/api/forms/automotive/authorize`, {
      method: 'POST',
      headers: { ...c.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: (await import('./helper.js')).model('Automotive', 'Credentials', { ...MARIA }), reCaptchaResponse: await c.captchaToken(undefined, '127.0.0.1') }),
    });
    expect(auth.status).toBe(200);
    c.cookie = auth.headers.get('set-cookie')!.split(';')[0]!;
    c.csrf = auth.headers.get('x-csrf-token')!;
    const { captcha } = (await auth.json()) as { captcha: string };

    const form = new FormData();
    const parts = automotiveParts(captcha, await c.captchaToken(undefined, '127.0.0.1'));
    for (const [k, v] of Object.entries(parts.text)) form.append(k, v);
    for (const f of parts.files) form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
    const submit = await fetch(`${urlOf(b)}/api/forms/automotive`, { method: 'POST', headers: c.headers(), body: form });
    const body = (await submit.json()) as { submitted: boolean; referenceCodeForm: string };
    expect(submit.status).toBe(200);
    expect(body.submitted).toBe(true);
    expect(await a.stores.submissions.getByReferenceCode(body.referenceCodeForm)).not.toBeNull();
  });
});
