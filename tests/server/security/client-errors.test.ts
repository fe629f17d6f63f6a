/**
 * Threat: a careless or hostile client sends a request the server cannot use — nested too deep,
 * malformed, of another content type, too large, cut off halfway, carrying `__proto__` keys that
 * would pollute the server's objects — or the server's disk fills while it stores. Every such
 * request must get a catalogued answer: a 4xx saying what to do (413 for what is too large), or
 * 503 with Retry-After when the server is at fault; never a 500, never a stored row, never an
 * error-level log line for what a client did.
 */
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { loggerOptions } from '../../../server/app.js';
import { isUnavailable, translateDatabaseError } from '../../../server/db/errors.js';
import { clientKey } from '../../../server/plugins/external/rate-limit.js';
import { appsOnSqlite, automotiveParts, Claimant, DIALECTS, encodeMultipart, FILES, MARIA, model, otherClassVehicle, overHttp, PG_URL, serverOver, vinOnly, type Parts } from '../helper.js';

/** A logger writing into `lines` (one JSON object per line), at the development level. */
function capturedLogger(lines: Array<{ level: number; msg: string; err?: { message?: string } }>): FastifyServerOptions['logger'] {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { ...(loggerOptions('development') as object), stream } as FastifyServerOptions['logger'];
}

describe.each(DIALECTS)('client errors over %s', (dialect) => {
  const logs: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
  // Hundreds of odd requests from one address: the coarse per-IP limit is not what is tested here.
  const server = serverOver(dialect, { trustProxy: 1, logger: capturedLogger(logs), apiRequestsPerMinute: 100_000 });
  const { authorized, claimant, stored } = server;

  /** An authorized claimant's submission, changed by `mutate`: the status and code expected with an error text and no stack trace or SQL, nothing stored, no error logged. */
  async function refused(mutate: (p: Parts) => Parts, status: number, code: string) {
    const { c, raw, credentials } = await authorized();
    const before = await stored();
    const logged = logs.length;
    const res = await c.submit('Automotive', mutate(automotiveParts(raw, await c.captchaToken(), credentials)));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code });
    expect(res.json().error).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT|INSERT/);
    expect(await stored()).toBe(before);
    expect(logs.slice(logged).filter((l) => l.level >= 50)).toEqual([]);
    return res.json<{ error: string }>().error;
  }

  describe('nesting', () => {
    it('a JSON part nested 100,000 levels deep: 400, never parsed', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const error = await refused((p) => ({ ...p, text: { ...p.text, claimDetails: deep } }), 400, 'MALFORMED_JSON');
      expect(error).toContain('nested too deeply');
      // Inside a model, where nothing else would look: its id.
      await refused((p) => ({ ...p, text: { ...p.text, claimantInfo: p.text.claimantInfo!.replace('"id":null', `"id":${deep}`) } }), 400, 'MALFORMED_JSON');
      const objects = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
      await refused((p) => ({ ...p, text: { ...p.text, claimantInfo: p.text.claimantInfo!.replace('"id":null', `"id":${objects}`) } }), 400, 'MALFORMED_JSON');
    });

    it('an authorize body nested 100,000 levels deep: 400', async () => {
      const c = await claimant();
      for (const inner of [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`]) {
        const res = await server.http({
          method: 'POST',
          url: '/api/forms/lookup/authorize',
          headers: c.headers({ 'content-type': 'application/json' }),
          payload: `{"credentials":{"clientId":"t0000001abcdefgh","metadata":{"formType":"Lookup","dtoMapping":"credentials"},"fields":{"vin":${inner}}},"reCaptchaResponse":null}`,
        });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  });

  describe('malformed bodies and prototype pollution', () => {
    it('answers 415 for text/plain and 400 for malformed JSON; prototype-pollution keys are refused and harmless', async () => {
      const c = await claimant();
      const url = '/api/forms/lookup/authorize';
      const text = await server.http({ method: 'POST', url, headers: c.headers({ 'content-type': 'text/plain' }), payload: 'vin=1' });
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const broken = await server.http({ method: 'POST', url, headers: c.headers({ 'content-type': 'application/json' }), payload: '{"credentials": ' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('MALFORMED_JSON');
      const polluted = await server.http({
        method: 'POST',
        url,
        headers: c.headers({ 'content-type': 'application/json' }),
        payload: `{"credentials": {"clientId": "x", "metadata": {"formType": "Lookup", "dtoMapping": "credentials"}, "fields": {"vin": "${MARIA.vin}"}}, "__proto__": {"polluted": true}}`,
      });
      expect(polluted.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('malformed JSON parts and prototype-pollution keys: 400, harmless', async () => {
      await refused((p) => ({ ...p, text: { ...p.text, claimDetails: '{"fields": ' } }), 400, 'MALFORMED_JSON');
      await refused((p) => {
        const text = p.text.claimantInfo!.replace('"fields":{', '"fields":{"__proto__":{"polluted":true},');
        return { ...p, text: { ...p.text, claimantInfo: text } };
      }, 400, 'MALFORMED_JSON');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('malformed multipart: 400, never 500', async () => {
      const { c } = await authorized();
      const before = await stored();
      const bodies = [
        '--BOUNDARY\r\nContent-Disposition: form-data; name="userPreferredCulture"\r\n\r\nen\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="x"; filename="a.pdf"\r\n\r\n%PDF',
        'not multipart at all',
        '--OTHER\r\n\r\n--OTHER--',
      ];
      for (const payload of bodies) {
        const res = await server.http({
          method: 'POST',
          url: '/api/forms/automotive',
          headers: c.headers({ 'content-type': 'multipart/form-data; boundary=BOUNDARY' }),
          payload,
        });
        expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, payload).toBeLessThan(500);
        expect(res.json().submitted).toBe(false);
      }
      const noBoundary = await server.http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': 'multipart/form-data' }), payload: 'x' });
      expect(noBoundary.statusCode).toBe(400);
      const json = await server.http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': 'application/json' }), payload: '{}' });
      expect(json.statusCode).toBe(415);
      expect(await stored()).toBe(before);
    });
  });

  describe('multipart', () => {
    it('a 300-character boundary: 400 MALFORMED_MULTIPART', async () => {
      const { c } = await authorized();
      const boundary = 'b'.repeat(300);
      const res = await server.http({
        method: 'POST',
        url: '/api/forms/automotive',
        headers: c.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="userPreferredCulture"\r\n\r\nen\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ submitted: false, code: 'MALFORMED_MULTIPART' });
    });

    it('a file over the size limit, documents over the total limit, too many parts: 413', async () => {
      const big = Buffer.concat([FILES.pdf, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      expect(await refused((p) => ({ ...p, files: [{ ...p.files[0]!, bytes: big }] }), 413, 'FILE_TOO_LARGE')).toContain('10 MB');
      await refused((p) => ({ ...p, files: Array.from({ length: 25 }, (_, i) => ({ ...p.files[0]!, name: `f${i}.pdf` })) }), 413, 'TOO_MANY_PARTS');
      await refused((p) => ({ ...p, text: { ...p.text, ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, 'x'])) } }), 413, 'TOO_MANY_PARTS');
      await refused((p) => ({ ...p, text: { ...p.text, claimantInfo: ' '.repeat(600 * 1024) } }), 413, 'TOO_MANY_PARTS');
      // Six files of 9.5 MB each pass the per-file limit and break the 50 MB total.
      const nine = Buffer.concat([FILES.pdf, Buffer.alloc(9.5 * 1024 * 1024)]);
      await refused((p) => ({ ...p, files: Array.from({ length: 6 }, (_, i) => ({ ...p.files[0]!, name: `f${i}.pdf`, bytes: nine })) }), 413, 'FILE_TOO_LARGE');
    });

    it('the OpenAPI document lists 413 for both form calls', async () => {
      const doc = (await server.http('/api/openapi.json')).json();
      expect(Object.keys(doc.paths['/api/forms/automotive'].post.responses)).toContain('413');
      expect(Object.keys(doc.paths['/api/forms/automotive/authorize'].post.responses)).toContain('413');
    });
  });

  describe('a client that goes away', () => {
    /**
     * Sends the request's headers and the first `sent` bytes of its body over a raw socket, waits
     * for `reading` (the server is at work on it), then destroys the socket.
     */
    async function abandon(c: Claimant, body: Buffer, contentType: string, sent: number, url: string, reading: () => Promise<void>) {
      const { port } = server.app.server.address() as AddressInfo;
      const headers = Object.entries(c.headers({ 'content-type': contentType, 'content-length': String(body.length) }))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.write(`POST ${url} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 10.9.9.9\r\n${headers}\r\n`);
        socket.write(body.subarray(0, sent), () => resolve());
      });
      await reading();
      socket.destroy();
    }
    /** Until the server has let go of every connection. */
    const connections = () => new Promise<number>((resolve) => server.app.server.getConnections((_error, count) => resolve(count)));

    it('half a multipart body, then the socket closes: nothing stored, logged as information, never as an error', async () => {
      const { c, raw, credentials } = await authorized();
      const before = await stored();
      const logged = logs.length;
      const big = Buffer.concat([FILES.pdf, Buffer.alloc(2 * 1024 * 1024)]);
      const parts = automotiveParts(raw, await c.captchaToken(), credentials);
      const { body, contentType } = await encodeMultipart({ ...parts, files: [{ ...parts.files[0]!, bytes: big }] });
      // The route is reading the parts once it has sent the provider token (the first part) to siteverify.
      const verified = server.emulator.verifyCount();
      await abandon(c, body, contentType, Math.floor(body.length / 2), '/api/forms/automotive', () => expect.poll(() => server.emulator.verifyCount(), { timeout: 10_000 }).toBe(verified + 1));
      await expect.poll(() => logs.slice(logged).some((l) => /closed the connection/.test(l.msg)), { timeout: 10_000 }).toBe(true);
      // Headers only, the body never sent; half a JSON body to authorize.
      const drained = () => expect.poll(connections, { timeout: 10_000 }).toBe(0);
      await abandon(c, body, contentType, 0, '/api/forms/automotive', async () => {});
      const json = Buffer.from(JSON.stringify({ credentials: model('Lookup', 'Credentials', { vin: MARIA.vin }), reCaptchaResponse: 'x'.repeat(2000) }));
      await abandon(c, json, 'application/json', 1000, '/api/forms/lookup/authorize', async () => {});
      await drained();
      expect(logs.slice(logged).filter((l) => /closed the connection/.test(l.msg)).every((l) => l.level === 30)).toBe(true);
      expect(await stored()).toBe(before);
      expect(logs.slice(logged).filter((l) => l.level >= 50)).toEqual([]);
      // The claimant can still submit.
      const res = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken(), credentials));
      expect(res.json()).toMatchObject({ submitted: true });
    });
  });

  it('the API rate limit counts a client whose socket is already gone (no address left) without a TypeError', () => {
    expect(clientKey({ ip: undefined as unknown as string })).toBe('client-gone');
    expect(clientKey({ ip: '10.0.0.7' })).toBe('10.0.0.7');
  });

  describe('odd bodies on every route: a 4xx, never a 5xx', () => {
    it('wrong JSON types for each property of authorize, empty bodies, invalid UTF-8, duplicate and __proto__ parts', async () => {
      const { c, raw } = await authorized();
      const logged = logs.length;
      const credentials = model('Lookup', 'Credentials', { vin: MARIA.vin });
      const odd: unknown[] = [null, 42, true, 'text', [], {}, [1, 2], { x: { y: 1 } }, '\u0000', '\ud800'];
      const bodies: string[] = ['', 'null', '[]', '"x"', '42', '{}', '\u0000'];
      for (const value of odd) {
        bodies.push(JSON.stringify({ credentials: value, reCaptchaResponse: null }));
        bodies.push(JSON.stringify({ credentials, reCaptchaResponse: value }));
        for (const key of ['clientId', 'metadata', 'metadataHash', 'fields', 'id']) bodies.push(JSON.stringify({ credentials: { ...credentials, [key]: value }, reCaptchaResponse: null }));
        bodies.push(JSON.stringify({ credentials: { ...credentials, metadata: { formType: value, dtoMapping: value } }, reCaptchaResponse: null }));
        bodies.push(JSON.stringify({ credentials: { ...credentials, fields: { vin: value } }, reCaptchaResponse: null }));
      }
      // Another claimant's session: the ones sent to /api/session-timeout end it.
      const other = await claimant();
      for (const url of ['/api/forms/lookup/authorize', '/api/forms/automotive/authorize', '/api/forms/exclusion/authorize', '/api/session-timeout']) {
        for (const body of bodies) {
          if (url === '/api/session-timeout') await other.start();
          const res = await server.http({ method: 'POST', url, headers: other.headers({ 'content-type': 'application/json' }), payload: body });
          expect(res.statusCode, `${url} ${body.slice(0, 120)} → ${res.body}`).toBeLessThan(500);
        }
        await other.start();
        const utf8 = await server.http({ method: 'POST', url, headers: other.headers({ 'content-type': 'application/json' }), payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
        expect(utf8.statusCode, url).toBeLessThan(500);
        await other.start();
        const empty = await server.http({ method: 'POST', url, headers: other.headers({ 'content-type': 'multipart/form-data; boundary=x' }), payload: '' });
        expect(empty.statusCode, url).toBeLessThan(500);
      }
      const multipartBodies: Array<(p: Parts) => Parts> = [
        (p) => ({ ...p, text: Object.fromEntries([...Object.entries(p.text), ['__proto__', 'x']]) }),
        (p) => ({ ...p, text: { ...p.text, constructor: '{}' } }),
        (p) => ({ ...p, files: [...p.files, { ...p.files[0]!, field: '__proto__' }] }),
        (p) => ({ ...p, files: [...p.files, { ...p.files[0]!, field: 'credentials' }] }),
        (p) => ({ ...p, text: { ...p.text, claimantInfo: '"x"' } }),
        (p) => ({ ...p, text: { ...p.text, claimantInfo: '[]' } }),
        (p) => ({ ...p, text: { ...p.text, claimantInfo: '42' } }),
        (p) => ({ ...p, text: { ...p.text, documentContexts: '{}' } }),
        (p) => ({ ...p, text: { ...p.text, documentContexts: '[null]' } }),
        (p) => ({ ...p, text: { ...p.text, claimTransactions: '[1,"x",[]]' } }),
        (p) => ({ ...p, files: [] }),
        (p) => ({ ...p, files: [{ ...p.files[0]!, name: '' }] }),
        (p) => ({ ...p, files: [{ ...p.files[0]!, bytes: new Uint8Array(0) }] }),
      ];
      for (const mutate of multipartBodies) {
        const res = await c.submit('Automotive', mutate(automotiveParts(raw, await c.captchaToken())));
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
      // A part sent twice, and a raw body with invalid UTF-8 in a field.
      const parts = automotiveParts(raw, await c.captchaToken());
      const { body, contentType } = await encodeMultipart(parts);
      const boundary = contentType.split('boundary=')[1]!;
      const twice = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="userPreferredCulture"\r\n\r\nes\r\n`), body]);
      const invalid = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="captchaRawValue"\r\n\r\n`), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('\r\n'), body]);
      for (const payload of [twice, invalid]) {
        const res = await server.http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': contentType }), payload });
        expect(res.statusCode, res.body).toBe(400);
      }
      // Odd queries, methods and content types on every route.
      const routes = ['/api/csrf', '/api/deadlines', '/api/characters-whitelist', '/api/captcha', '/api/signature-date', '/api/culture/content', '/api/forms/config', '/api/forms/flows', '/healthz', '/readyz', '/api/openapi.json', '/api/forms/lookup/authorize', '/api/forms/automotive', '/api/session-timeout'];
      const queries = ['?culture=%00', '?culture=%zz', '?culture=%ED%A0%80', `?culture=${'a'.repeat(5000)}`, '?culture[]=en', '?culture=en&culture=es', '?__proto__=1', '?a=%'];
      for (const route of routes) {
        for (const query of queries) {
          for (const method of ['GET', 'POST', 'PUT']) {
            const res = await server.http({ method, url: `${route}${query}`, headers: other.headers({ 'content-type': 'application/json' }), ...(method === 'GET' ? {} : { payload: '{}' }) });
            expect(res.statusCode, `${method} ${route}${query.slice(0, 30)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          }
        }
      }
      for (const contentType of ['application/json; charset=utf-16', 'Application/JSON', 'multipart/form-data; boundary="a b"', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=x; boundary=y', 'application/x-www-form-urlencoded']) {
        for (const route of ['/api/forms/lookup/authorize', '/api/forms/automotive']) {
          const res = await server.http({ method: 'POST', url: route, headers: c.headers({ 'content-type': contentType }), payload: '{"a":1}' });
          expect(res.statusCode, `${contentType} ${route} → ${res.body}`).toBeLessThan(500);
        }
      }
      // Huge headers: Node's own 431.
      const huge = await server.http({ url: '/api/csrf', headers: { 'x-padding': 'x'.repeat(20_000) } });
      expect(huge.statusCode).toBe(431);
      expect(huge.json()).toEqual({ error: "The request was too large to read. Please clear this site's cookies, reload the page and try again.", code: 'HEADERS_TOO_LARGE' });
      expect(huge.headers['x-content-type-options']).toBe('nosniff');
      expect(logs.slice(logged).filter((l) => l.level >= 50)).toEqual([]);
    });
  });
});

/** Faults of the server's storage: a test that needs an app builds its own on one SQLite database, with its own fault (a full or read-only database, Redis out of reach). */
describe('the server at fault', () => {
  let emulator: CaptchaEmulator;
  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const { start } = appsOnSqlite(() => emulator);

  describe('a full disk', () => {
    /** An app on a connection of its own (its pragmas are the test's), a claimant authorized on it, and how many claims are stored. */
    async function authorizedOnAppOfItsOwn() {
      const app = await start();
      const http = await overHttp(app);
      const credentials = vinOnly(otherClassVehicle());
      const c = await new Claimant(app, emulator, http).start();
      const raw = (await c.authorize('Automotive', { ...credentials })).json<{ captcha: string }>().captcha;
      const before = (await app.stores.submissions.listSubmissions()).length;
      return { app, http, credentials, c, raw, before };
    }

    it('SQLite out of pages while a claim is stored: 503 with Retry-After, nothing stored, and the claim goes through once there is room', async () => {
      const { app, http, credentials, c, raw, before } = await authorizedOnAppOfItsOwn();
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(app.database.db)).rows[0]!.page_count;
      // The database may not grow: a claim with a 200 KB document needs new pages.
      await sql.raw(`pragma max_page_count = ${pages}`).execute(app.database.db);
      const parts = automotiveParts(raw, await c.captchaToken(), credentials);
      const document = Buffer.concat([FILES.pdf.subarray(0, 9), Buffer.alloc(200 * 1024, 0x20), FILES.pdf.subarray(9)]);
      const contexts = JSON.parse(parts.text.documentContexts!);
      contexts[0].fields.size = document.length;
      const full = { text: { ...parts.text, documentContexts: JSON.stringify(contexts) }, files: [{ ...parts.files[0]!, bytes: document }] };
      const res = await c.submit('Automotive', full);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.stringContaining('Nothing was saved') });
      // New sessions cannot be stored either: the CSRF call says so (503), it does not hand out a token that would answer 403.
      await sql`create table filler (x blob)`.execute(app.database.db).catch(() => {});
      for (let i = 0; i < 10_000; i++) {
        try {
          await app.stores.sessions.create({ csrfSecret: 'x'.repeat(43), authorized: {}, captchaRaw: {}, prepopulated: {}, extra: {} });
        } catch {
          break;
        }
      }
      const csrf = await http('/api/csrf');
      expect(csrf.statusCode).toBe(503);
      expect(csrf.headers['retry-after']).toBe('30');
      expect(csrf.json().code).toBe('DATABASE_UNAVAILABLE');
      expect((await app.stores.submissions.listSubmissions()).length).toBe(before);

      await sql`pragma max_page_count = 1073741823`.execute(app.database.db);
      const again = await c.submit('Automotive', { ...full, text: { ...full.text, reCaptchaResponse: await c.captchaToken() } });
      expect(again.json()).toMatchObject({ submitted: true, referenceCodeForm: expect.stringMatching(/^AUT-/) });
    });

    it('a database that cannot be written (read-only): the CSRF call still answers the session\'s token, and the submit is 503, never 403 "page expired"', async () => {
      const { app, credentials, c, raw, before } = await authorizedOnAppOfItsOwn();
      await sql`pragma query_only = 1`.execute(app.database.db);
      // The page is reloaded: the app fetches its token again (a session write: the expiry).
      const token = c.csrf;
      await c.start();
      expect(c.csrf).toBe(token);
      const res = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken(), credentials));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.stringContaining('Nothing was saved') });
      await sql`pragma query_only = 0`.execute(app.database.db);
      expect((await app.stores.submissions.listSubmissions()).length).toBe(before);
      const again = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken(), credentials));
      expect(again.json()).toMatchObject({ submitted: true });
    });

    it('the database errors that mean "full" or "cannot write" are DATABASE_UNAVAILABLE in both dialects', async () => {
      // Real driver errors: SQLite's from better-sqlite3, PostgreSQL's as node-postgres builds them from the server's answer.
      const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/full-`);
      const sqlite = new BetterSqlite3(`${dir}/x.sqlite`);
      sqlite.exec('create table t (x blob)');
      sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
      let sqliteFull: unknown;
      try {
        sqlite.prepare('insert into t values (randomblob(100000))').run();
      } catch (error) {
        sqliteFull = error;
      }
      sqlite.close();
      expect((sqliteFull as { code?: string }).code).toBe('SQLITE_FULL');
      expect(isUnavailable(sqliteFull)).toBe(true);
      expect(isUnavailable(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(true);

      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        // A real PostgreSQL error object (a failed query), given the SQLSTATEs of a full disk and of out of memory.
        const pgError = await client.query('select 1/0').catch((error: unknown) => error as pg.DatabaseError);
        expect(pgError).toBeInstanceOf(pg.DatabaseError);
        expect(isUnavailable(pgError)).toBe(false);
        for (const code of ['53100', '53200']) {
          const translated = translateDatabaseError(Object.assign(pgError, { code }));
          expect((translated as { code?: string }).code, code).toBe('DB_UNAVAILABLE');
        }
      } finally {
        await client.end();
      }
    });
  });

  describe('Redis out of reach or out of room', () => {
    it('sessions in an unreachable Redis: 503 with Retry-After, never 500, and a session that cannot be read is not a CSRF refusal', async () => {
      const logs: Array<{ level: number; msg: string }> = [];
      // Port 1 on this machine: nothing listens there.
      const app = await start({ redisUrl: 'redis://127.0.0.1:1', logger: capturedLogger(logs) });
      const http = await overHttp(app);
      const csrf = await http('/api/csrf');
      expect(csrf.statusCode, csrf.body).toBe(503);
      expect(csrf.headers['retry-after']).toBe('30');
      expect(csrf.json().code).toBe('DATABASE_UNAVAILABLE');
      const post = await http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: `claims.sid=${app.signCookie('some-session-id')}`, 'x-csrf-token': 'x' } });
      expect(post.statusCode, post.body).toBe(503);
      expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    });

    it('Redis refusing writes (out of memory, unable to persist to its disk) is DATABASE_UNAVAILABLE; its other errors are not', async () => {
      const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      try {
        // Real error replies from the server, as Redis sends them when maxmemory is reached or its disk is full.
        const reply = (text: string) => redis.eval(`return redis.error_reply('${text}')`, 0).then(() => null, (error: unknown) => error);
        const oom = await reply('OOM command not allowed when used memory > maxmemory.');
        const misconf = await reply('MISCONF Redis is configured to save RDB snapshots, but it is currently not able to persist on disk.');
        const unknown = await redis.call('NO-SUCH-COMMAND').then(() => null, (error: unknown) => error);
        expect((oom as Error).name).toBe('ReplyError');
        expect(isUnavailable(oom)).toBe(true);
        expect(isUnavailable(misconf)).toBe(true);
        expect(isUnavailable(unknown)).toBe(false);
      } finally {
        redis.disconnect();
      }
    });
  });
});
