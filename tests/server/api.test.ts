import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_TOKENS, startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { SERVER_ERRORS } from '../../server/errors.js';
import { sessionCookieName } from '../../server/plugins/app/session.js';
import { runCli } from '../../server/admin/cli.js';
import { loggerOptions } from '../../server/app.js';
import {
  automotiveParts,
  Claimant,
  type Credentials,
  DIALECTS,
  exclusionParts,
  FILES,
  MARIA,
  model,
  NOT_CLASS_VIN,
  otherClassVehicle,
  overHttp,
  testApp,
  testDatabase,
  type Parts,
  type Send,
  type TestDatabase,
  vinOnly,
} from './helper.js';

describe.each(DIALECTS)('the API over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  /** Every call goes over a real socket; the app trusts one proxy hop (the test client plays the load balancer) to tell clients apart. */
  let http: Send;

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    app = await testApp(await db.open(), emulator, { trustProxy: 1 });
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  const stored = async () => (await app.stores.submissions.listSubmissions()).length;
  const claimant = () => new Claimant(app, emulator, http).start();

  /**
   * A claimant authorized for the form (by default with a class vehicle of their own, so that the
   * sample duplicate policy sees a new claimant each time), with the captcha value authorize
   * returned and their parts.
   */
  async function authorized(formType: 'Automotive' | 'Exclusion' = 'Automotive', credentials: Credentials = vinOnly(otherClassVehicle())) {
    const c = await claimant();
    const res = await c.authorize(formType, { ...credentials });
    expect(res.statusCode).toBe(200);
    const raw = res.json<{ captcha: string }>().captcha;
    const parts = (token: string) => (formType === 'Automotive' ? automotiveParts(raw, token, credentials) : exclusionParts(raw, token, credentials));
    return { c, raw, parts, credentials };
  }

  describe('the read calls', () => {
    it('GET /api/csrf creates a signed HttpOnly SameSite=Lax session cookie and names the header', async () => {
      const res = await http('/api/csrf');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: expect.any(String) });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie.startsWith(`${sessionCookieName('test')}=`)).toBe(true);
      expect(cookie).toMatch(/^[^=]+=[^;]+\.[^;]+;/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
      expect(res.headers['cache-control']).toBe('no-store');
      // Behind the load balancer's https (TRUST_PROXY), the cookie is Secure.
      const https = await http({ url: '/api/csrf', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(https.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('GET /api/deadlines answers the per-culture shape of the settlement', async () => {
      const body = (await http('/api/deadlines')).json();
      expect(body.timeZone).toBe('Pacific');
      expect(body.deadlines.claimFilingDeadline).toEqual({ deadlineDateTime: '2027-06-30T23:59:59', redirectUrl: expect.any(Object) });
      expect(body.deadlines.exclusionFilingDeadline.deadlineDateTime).toBe('2027-03-31T23:59:59');
      expect(body.deadlines.globalDeadline.deadlineDateTime).toBe('2027-12-31T23:59:59');
    });

    it('GET /api/characters-whitelist answers a JSON string of the allowed characters', async () => {
      const { allowedCharacters } = (await http('/api/characters-whitelist')).json();
      const chars = JSON.parse(allowedCharacters) as string;
      for (const ch of ['a', 'Z', '7', ' ', 'é', 'Ñ', "'", '-', '.', '\n']) expect(chars).toContain(ch);
      expect(chars).not.toContain('<');
    });

    it('GET /api/captcha answers provider, site key, script URL on the emulator and class', async () => {
      expect((await http('/api/captcha')).json()).toEqual({
        provider: 'recaptcha',
        siteKey: 'emulator-site-key',
        url: `${emulator.origin}/recaptcha/api.js`,
        class: 'g-recaptcha',
      });
    });

    it('GET /api/forms/config answers the model configs', async () => {
      const body = (await http('/api/forms/config')).json<Array<{ metadata: { dtoMapping: string }; metadataHash: string; fields: object }>>();
      expect(body.length).toBeGreaterThanOrEqual(10);
      expect(body.map((m) => m.metadata.dtoMapping)).toContain('ClaimTransactions');
      expect(body.every((m) => m.metadataHash && m.fields)).toBe(true);
    });

    it('GET /api/signature-date answers today in Pacific time', async () => {
      expect((await http('/api/signature-date?culture=en')).json()).toEqual({ signatureDate: '11/25/2026', display: 'November 25, 2026' });
      expect((await http('/api/signature-date?culture=es')).json().display).toBe('25 de noviembre de 2026');
    });

    it('GET /api/culture/content answers key/value items, falls back to en for an unknown culture, refuses a malformed one', async () => {
      const es = await http('/api/culture/content?culture=es');
      expect(es.headers['content-language']).toBe('es');
      const items = es.json<Array<{ key: string; value: string }>>();
      expect(items.length).toBeGreaterThan(10);
      expect(items.every((i) => typeof i.key === 'string' && typeof i.value === 'string' && i.key !== '$schema')).toBe(true);
      const fr = await http('/api/culture/content?culture=fr');
      expect(fr.statusCode).toBe(200);
      expect(fr.headers['content-language']).toBe('en');
      expect((await http('/api/culture/content?culture=../../etc')).statusCode).toBe(400);
    });

    it('GET /api/openapi.json describes every call with its request and response schemas', async () => {
      const doc = (await http('/api/openapi.json')).json();
      expect(doc.openapi).toMatch(/^3\./);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document as JSON
      type Json = any;
      const operations = Object.entries(doc.paths as Record<string, Record<string, { requestBody?: Json; responses: Record<string, Json>; security?: unknown[]; parameters?: Json[] }>>).flatMap(
        ([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
      );
      expect(operations.map((o) => o.key).sort()).toEqual(
        [
          'GET /healthz',
          'GET /readyz',
          'GET /api/csrf',
          'POST /api/session-timeout',
          'GET /api/deadlines',
          'GET /api/characters-whitelist',
          'GET /api/captcha',
          'GET /api/signature-date',
          'GET /api/culture/content',
          'GET /api/forms/config',
          'GET /api/forms/flows',
          'POST /api/forms/lookup/authorize',
          'POST /api/forms/automotive/authorize',
          'POST /api/forms/exclusion/authorize',
          'POST /api/forms/automotive',
          'POST /api/forms/exclusion',
        ].sort(),
      );
      for (const { key, op } of operations) {
        expect(op.responses['200']?.content?.['application/json']?.schema, key).toBeDefined();
        if (key.startsWith('POST')) expect(op.security, key).toEqual([{ session: [], csrf: [] }]);
      }
      const byKey = new Map(operations.map((o) => [o.key, o.op]));
      expect(byKey.get('POST /api/forms/automotive/authorize')!.requestBody.content['application/json'].schema.required).toEqual(['credentials']);
      const multipart = byKey.get('POST /api/forms/automotive')!.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(multipart.properties)).toEqual(expect.arrayContaining(['reCaptchaResponse', 'captchaRawValue', 'credentials', 'claimantInfo', 'documentContexts']));
      expect(multipart.additionalProperties).toMatchObject({ type: 'string', format: 'binary' });
      expect(byKey.get('GET /api/signature-date')!.parameters).toContainEqual(expect.objectContaining({ name: 'culture', in: 'query' }));
    });

    it('/healthz and /readyz answer', async () => {
      expect((await http('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await http('/readyz')).json()).toEqual({ status: 'ready' });
    });

    it('error answers carry the CSP too and no stack trace', async () => {
      const res = await http('/api/nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain(emulator.origin);
    });
  });

  describe('CSRF', () => {
    it('refuses a POST without the header, with a wrong token, and with another session\'s token (403, nothing done)', async () => {
      const a = await claimant();
      const b = await claimant();
      const body = { credentials: model('Lookup', 'Credentials', { vin: MARIA.vin }), reCaptchaResponse: await a.captchaToken() };
      const url = '/api/forms/lookup/authorize';
      const missing = await http({ method: 'POST', url, headers: { cookie: a.cookie }, payload: body });
      const wrong = await http({ method: 'POST', url, headers: { cookie: a.cookie, 'x-csrf-token': 'x'.repeat(43) }, payload: body });
      const foreign = await http({ method: 'POST', url, headers: { cookie: a.cookie, 'x-csrf-token': b.csrf }, payload: body });
      const noSession = await http({ method: 'POST', url, headers: { 'x-csrf-token': a.csrf }, payload: body });
      for (const res of [missing, wrong, foreign, noSession]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ authorized: false, code: 'CSRF_INVALID', error: SERVER_ERRORS.CSRF_INVALID.en });
      }
      expect(emulator.verifyCount()).toBeGreaterThanOrEqual(0);
      // The token was never sent to siteverify: it still works once.
      const ok = await http({ method: 'POST', url, headers: a.headers(), payload: body });
      expect(ok.json()).toMatchObject({ authorized: true });
    });

    it('does not take the token from a cookie or the body', async () => {
      const a = await claimant();
      const res = await http({
        method: 'POST',
        url: '/api/session-timeout',
        headers: { cookie: `${a.cookie}; X-CSRF-TOKEN=${a.csrf}`, 'content-type': 'application/json' },
        payload: { requestToken: a.csrf },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('authorize', () => {
    it('Lookup: a class vehicle is authorized; another VIN is not, with an explanation', async () => {
      const c = await claimant();
      expect((await c.authorize('Lookup', { vin: MARIA.vin })).json()).toEqual({ authorized: true, error: null, captcha: null, prepopulatedData: null });
      const no = await c.authorize('Lookup', { vin: NOT_CLASS_VIN });
      expect(no.statusCode).toBe(200);
      expect(no.json()).toEqual({ authorized: false, error: SERVER_ERRORS.NOT_CLASS_VEHICLE.en, captcha: null, prepopulatedData: null });
    });

    it('Automotive with Notice ID and PIN: prepopulatedData, a captcha value, and a rotated session', async () => {
      const c = await claimant();
      const before = c.cookie;
      const res = await c.authorize('Automotive', { ...MARIA });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ authorized: true, error: null, captcha: expect.any(String) });
      expect(body.prepopulatedData).toMatchObject({
        FirstName: 'Maria',
        LastName: 'Garcia',
        MailingStreetLine1: '1200 Harbor Blvd',
        MailingCity: 'Oakland',
        MailingSubDivision: 'CA',
        MailingPostalCode: '94607',
        MailingCountry: 'US',
        EmailAddress: 'maria.garcia@example.com',
        PhoneNumber: '(510) 555-0142',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(c.cookie).not.toBe(before);
      // The old session id is gone (its data moved, with a new CSRF token: csrf-and-cookies.test.ts).
      const old = await http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: before, 'x-csrf-token': c.csrf } });
      expect(old.statusCode).toBe(403);
    });

    it('a wrong PIN is 401 with an error; repeated wrong PINs for a notice ID are 429 (security/pin-lockout.test.ts has the rest)', async () => {
      const c = await claimant();
      const wrong = async (remoteAddress: string, noticeId: string) =>
        http({
          method: 'POST',
          url: '/api/forms/exclusion/authorize',
          remoteAddress,
          headers: c.headers(),
          payload: { credentials: model('Exclusion', 'Credentials', { vin: MARIA.vin, noticeId, pin: '000000' }), reCaptchaResponse: await c.captchaToken() },
        });
      const first = await wrong('10.0.0.1', 'EXM-100003');
      expect(first.statusCode).toBe(401);
      expect(first.json()).toEqual({ authorized: false, error: SERVER_ERRORS.WRONG_PIN.en, captcha: null, prepopulatedData: null, code: 'WRONG_PIN' });
      for (let i = 2; i <= 5; i++) expect((await wrong(`10.0.0.${i}`, 'EXM-100003')).statusCode).toBe(401);
      // Five failures for the notice ID, from five addresses: blocked from anywhere.
      const blocked = await wrong('10.0.0.99', 'EXM-100003');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ authorized: false, code: 'TOO_MANY_PIN_ATTEMPTS' });
      expect(blocked.json().error).toContain('Too many incorrect PIN attempts');
      // Five failures from one address, over other notice IDs: a shared address is not blocked for them.
      for (let i = 1; i <= 5; i++) expect((await wrong('10.0.1.1', `EXM-90000${i}`)).statusCode).toBe(401);
      expect((await wrong('10.0.1.1', 'EXM-100002')).statusCode).toBe(401);
    });

    it('refuses a VIN that breaks the model rules with 400 and the reason', async () => {
      const c = await claimant();
      const res = await c.authorize('Automotive', { vin: 'NOT-A-VIN', noticeId: null, pin: null });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ authorized: false, code: 'INVALID_CREDENTIALS' });
    });

    it('captcha missing, wrong, reused, unverifiable or for another host is refused', async () => {
      const c = await claimant();
      const vin = { vin: MARIA.vin };
      expect((await c.authorize('Lookup', vin, null)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_REQUIRED' });
      expect((await c.authorize('Lookup', vin, 'made-up-token')).json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
      const token = await c.captchaToken();
      expect((await c.authorize('Lookup', vin, token)).json()).toMatchObject({ authorized: true });
      const reused = await c.authorize('Lookup', vin, token);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
      for (const t of Object.values(EMULATOR_TOKENS)) {
        const res = await c.authorize('Lookup', vin, t);
        expect(res.statusCode, t).toBe(400);
        expect(res.json().code, t).toBe('CAPTCHA_FAILED');
      }
      expect((await c.authorize('Lookup', vin, await c.captchaToken('emulator-fail-site-key'))).json().code).toBe('CAPTCHA_FAILED');
    });

    it('a refused authorize spends its captcha token too: one token, one answer', async () => {
      const c = await claimant();
      const token = await c.captchaToken();
      expect((await c.authorize('Automotive', { ...MARIA, pin: '000001' }, token)).statusCode).toBe(401);
      expect((await c.authorize('Automotive', { ...MARIA }, token)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
      const vinToken = await c.captchaToken();
      expect((await c.authorize('Lookup', { vin: NOT_CLASS_VIN }, vinToken)).json()).toMatchObject({ authorized: false, error: SERVER_ERRORS.NOT_CLASS_VEHICLE.en });
      expect((await c.authorize('Lookup', { vin: MARIA.vin }, vinToken)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
    });

    it('answers 415 for text/plain and 400 for malformed JSON; prototype-pollution keys are refused and harmless', async () => {
      const c = await claimant();
      const url = '/api/forms/lookup/authorize';
      const text = await http({ method: 'POST', url, headers: c.headers({ 'content-type': 'text/plain' }), payload: 'vin=1' });
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const broken = await http({ method: 'POST', url, headers: c.headers({ 'content-type': 'application/json' }), payload: '{"credentials": ' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('MALFORMED_JSON');
      const polluted = await http({
        method: 'POST',
        url,
        headers: c.headers({ 'content-type': 'application/json' }),
        payload: `{"credentials": {"clientId": "x", "metadata": {"formType": "Lookup", "dtoMapping": "credentials"}, "fields": {"vin": "${MARIA.vin}"}}, "__proto__": {"polluted": true}}`,
      });
      expect(polluted.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('POST /api/session-timeout ends the session and its authorization', async () => {
      const { c, raw } = await authorized();
      const end = await http({ method: 'POST', url: '/api/session-timeout', headers: c.headers() });
      expect(end.json()).toEqual({ ended: true });
      await c.start();
      const res = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken()));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ submitted: false, code: 'NOT_AUTHORIZED' });
    });
  });

  describe('submit', () => {
    it('stores an Automotive claim with its document and answers a reference code; a retry answers the same code', async () => {
      const { c, raw } = await authorized('Automotive', MARIA);
      const before = await stored();
      const parts = automotiveParts(raw, await c.captchaToken());
      const res = await c.submit('Automotive', parts);
      expect(res.json()).toEqual({ submitted: true, error: null, referenceCodeForm: expect.stringMatching(/^AUT-/) });
      expect(res.headers['cache-control']).toBe('no-store');
      const code = res.json().referenceCodeForm;
      // The same provider token again is refused (single use), and stores nothing.
      const replayed = await c.submit('Automotive', parts);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toMatchObject({ submitted: false, code: 'CAPTCHA_FAILED' });
      // The response was lost; the browser retries the same submission with a fresh captcha token.
      const retry = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
      expect(retry.json()).toEqual({ submitted: true, error: null, referenceCodeForm: code });
      expect(await stored()).toBe(before + 1);
      const record = await app.stores.submissions.getByReferenceCode(code);
      expect(record?.documents).toEqual([expect.objectContaining({ name: 'invoice.pdf', type: 'application/pdf', size: FILES.pdf.length })]);
      const docs = await app.stores.submissions.getDocuments(record!.id);
      expect(Buffer.compare(docs[0]!.bytes, FILES.pdf)).toBe(0);
      expect(JSON.stringify(record?.payload)).not.toContain(raw);
      // The PIN proved the claimant at authorize; the claim keeps the Notice ID, never the PIN.
      const credentials = (record?.payload as { credentials: { fields: Record<string, unknown> } }).credentials.fields;
      expect(credentials).toMatchObject({ vin: MARIA.vin, noticeId: MARIA.noticeId, pin: null });
      expect(JSON.stringify(record?.payload)).not.toContain(MARIA.pin);
    });

    it('an export after a set of submissions holds every one of them, documents byte-identical, no PIN', async () => {
      const sent = new Map<string, Buffer>();
      for (let i = 0; i < 3; i++) {
        const { c, parts: partsFor } = await authorized();
        const parts = partsFor(await c.captchaToken());
        // Random bytes in a stream of the PDF, as compressed page content is.
        const stream = randomBytes(1000 * (i + 1));
        const bytes = Buffer.concat([Buffer.from(`%PDF-1.4\n4 0 obj\n<< /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream\nendobj\n'), FILES.pdf.subarray(9)]);
        const contexts = JSON.parse(parts.text.documentContexts!);
        contexts[0].fields.size = bytes.length;
        const res = await c.submit('Automotive', { text: { ...parts.text, documentContexts: JSON.stringify(contexts) }, files: [{ ...parts.files[0]!, bytes }] });
        expect(res.json().submitted).toBe(true);
        sent.set(res.json().referenceCodeForm, bytes);
      }
      const exclusion = await authorized('Exclusion');
      const excluded = (await exclusion.c.submit('Exclusion', exclusion.parts(await exclusion.c.captchaToken()))).json().referenceCodeForm as string;

      const out = { stdout: '', stderr: '' };
      const cliIo = { env: db.env, cwd: process.cwd(), stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
      expect(await runCli(['export-submissions', '--format', 'jsonl'], cliIo), out.stderr).toBe(0);
      const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string });
      const all = await app.stores.submissions.listSubmissions();
      expect(lines.map((l) => l.referenceCode).sort()).toEqual(all.map((r) => r.referenceCode).sort());
      expect(lines.map((l) => l.referenceCode)).toEqual(expect.arrayContaining([...sent.keys(), excluded]));
      expect(out.stdout).not.toContain(`"pin":"${MARIA.pin}"`);
      for (const [code, bytes] of sent) {
        const dir = mkdtempSync(path.join(tmpdir(), 'claims-docs-'));
        expect(await runCli(['export-documents', code, '--out', dir], cliIo), out.stderr).toBe(0);
        const files = readdirSync(dir);
        expect(files).toEqual(['invoice.pdf']);
        expect(Buffer.compare(readFileSync(path.join(dir, files[0]!)), bytes), code).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('logs an authorize and a submit without personal data, tokens or cookies', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const logged = await testApp(await db.open(), emulator, { trustProxy: 1, logger: { ...(loggerOptions('development') as object), stream } as FastifyServerOptions['logger'] });
      try {
        // James O'Neil of the sample class list (María has filed her claim in this database).
        const james = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
        const c = await new Claimant(logged, emulator, await overHttp(logged)).start();
        const firstCookie = c.cookie;
        const authToken = await c.captchaToken();
        const wrong = await c.authorize('Automotive', { ...james, pin: '731264' });
        expect(wrong.statusCode).toBe(401);
        const auth = await c.authorize('Automotive', { ...james }, authToken);
        const raw = auth.json<{ captcha: string }>().captcha;
        const token = await c.captchaToken();
        const res = await c.submit('Automotive', automotiveParts(raw, token, james));
        expect(res.json().submitted).toBe(true);
        const log = lines.join('');
        expect(log).toContain('submission stored');
        expect(log).toContain('/api/forms/automotive/authorize');
        const secrets = [james.pin, '731264', james.noticeId, james.vin, 'María', 'Garcia', 'maria.garcia', '555-0142', 'Harbor', raw, authToken, token, c.csrf];
        for (const cookie of [firstCookie, c.cookie]) secrets.push(cookie.split('=')[1]!.split('.')[0]!);
        for (const secret of secrets) expect(log, secret).not.toContain(secret);
      } finally {
        await logged.close();
      }
    });

    it('stores an Exclusion in Spanish', async () => {
      const { c, parts } = await authorized('Exclusion');
      const res = await c.submit('Exclusion', parts(await c.captchaToken()));
      expect(res.json()).toEqual({ submitted: true, error: null, referenceCodeForm: expect.stringMatching(/^EXC-/) });
    });

    /** Each case: a claimant authorized, a broken submission, a 4xx with a clear error and no row. */
    async function refused(mutate: (p: Parts) => Parts, status: number, code: string, formType: 'Automotive' | 'Exclusion' = 'Automotive') {
      const { c, parts } = await authorized(formType);
      const before = await stored();
      const base = parts(await c.captchaToken());
      const res = await c.submit(formType, mutate(base));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code });
      expect(res.json().error).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT|INSERT/);
      expect(await stored()).toBe(before);
      return res.json<{ error: string }>().error;
    }

    it('without authorization: 401', async () => {
      const c = await claimant();
      const res = await c.submit('Automotive', automotiveParts('x.y', await c.captchaToken()));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ submitted: false, code: 'NOT_AUTHORIZED' });
    });

    it('captcha missing, wrong or reused: refused', async () => {
      await refused((p) => ({ ...p, text: { ...p.text, reCaptchaResponse: '' } }), 400, 'CAPTCHA_REQUIRED');
      await refused((p) => ({ ...p, text: { ...p.text, reCaptchaResponse: 'forged' } }), 400, 'CAPTCHA_FAILED');
      await refused((p) => ({ ...p, text: { ...p.text, captchaRawValue: 'eyJmIjoiQXV0b21vdGl2ZSJ9.forged' } }), 400, 'CAPTCHA_RAW_INVALID');
      await refused((p) => {
        const { captchaRawValue: _drop, ...text } = p.text;
        return { ...p, text };
      }, 400, 'CAPTCHA_RAW_INVALID');
    });

    it('a captcha value of another session or another submission is refused', async () => {
      const first = await authorized();
      const second = await authorized();
      const foreign = await second.c.submit('Automotive', automotiveParts(first.raw, await second.c.captchaToken(), second.credentials));
      expect(foreign.json()).toMatchObject({ submitted: false, code: 'CAPTCHA_RAW_INVALID' });
      const ok = await first.c.submit('Automotive', first.parts(await first.c.captchaToken()));
      expect(ok.json().submitted).toBe(true);
      // The authorization has filed its claim: other answers are refused, naming its reference code.
      const other = await first.c.submit('Automotive', first.parts(await first.c.captchaToken()));
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ submitted: false, code: 'ALREADY_SUBMITTED' });
      expect(other.json().error).toContain(ok.json().referenceCodeForm);
    });

    it('a model that breaks a rule: 400 naming the field', async () => {
      const error = await refused((p) => {
        const info = JSON.parse(p.text.claimantInfo!);
        info.fields.lastName = null;
        info.fields.firstName = 'Ma<script>';
        return { ...p, text: { ...p.text, claimantInfo: JSON.stringify(info) } };
      }, 400, 'VALIDATION_FAILED');
      // Named as the page shows them: page title, then the flow's message naming the field, or the field label.
      expect(error).toContain('Your Contact Information — Enter your last name');
      expect(error).toContain('Your Contact Information — First name: ');
    });

    it('a missing model, a stale model config and an unknown field: 400', async () => {
      await refused((p) => ({ ...p, text: { ...p.text, signature: 'null' } }), 400, 'STRUCTURE_INVALID');
      await refused((p) => {
        const d = JSON.parse(p.text.claimDetails!);
        d.metadataHash = 'old';
        return { ...p, text: { ...p.text, claimDetails: JSON.stringify(d) } };
      }, 400, 'STRUCTURE_INVALID');
      await refused((p) => {
        const d = JSON.parse(p.text.claimDetails!);
        d.fields.isAdmin = 'true';
        return { ...p, text: { ...p.text, claimDetails: JSON.stringify(d) } };
      }, 400, 'STRUCTURE_INVALID');
    });

    it('a VIN other than the one authorized: 400, start again', async () => {
      await refused((p) => {
        const d = JSON.parse(p.text.credentials!);
        d.fields.vin = '5EXMA1B20JC000202';
        return { ...p, text: { ...p.text, credentials: JSON.stringify(d) } };
      }, 400, 'CREDENTIALS_CHANGED');
    });

    it('two files for one document context: 400', async () => {
      const error = await refused((p) => ({ ...p, files: [p.files[0]!, { ...p.files[0]! }] }), 400, 'STRUCTURE_INVALID');
      expect(error).toContain('at most one file');
    });

    it('duplicate file names across document contexts: 400', async () => {
      const error = await refused((p) => {
        const [doc] = JSON.parse(p.text.documentContexts!);
        const twin = { ...doc, clientId: `${doc.clientId.slice(0, -1)}z` };
        return {
          text: { ...p.text, documentContexts: JSON.stringify([doc, twin]) },
          files: [p.files[0]!, { ...p.files[0]!, field: twin.clientId }],
        };
      }, 400, 'STRUCTURE_INVALID');
      expect(error).toContain('unique');
    });

    it('a file whose bytes are not its claimed type: 400 naming the file', async () => {
      const error = await refused((p) => ({ ...p, files: [{ ...p.files[0]!, bytes: FILES.text }] }), 400, 'FILE_TYPE_NOT_ALLOWED');
      expect(error).toContain('invoice.pdf');
    });

    it('a file for no document context: 400', async () => {
      await refused((p) => ({ ...p, files: [...p.files, { field: 'nobody', name: 'x.png', type: 'image/png', bytes: FILES.png }] }), 400, 'STRUCTURE_INVALID');
    });

    it('an oversized file: 413 with the limits', async () => {
      const big = Buffer.concat([FILES.pdf, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const error = await refused((p) => ({ ...p, files: [{ ...p.files[0]!, bytes: big }] }), 413, 'FILE_TOO_LARGE');
      expect(error).toContain('10 MB');
    });

    it('too many parts: 413', async () => {
      await refused((p) => ({ ...p, files: Array.from({ length: 25 }, (_, i) => ({ ...p.files[0]!, name: `f${i}.pdf` })) }), 413, 'TOO_MANY_PARTS');
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
        const res = await http({
          method: 'POST',
          url: '/api/forms/automotive',
          headers: c.headers({ 'content-type': 'multipart/form-data; boundary=BOUNDARY' }),
          payload,
        });
        expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, payload).toBeLessThan(500);
        expect(res.json().submitted).toBe(false);
      }
      const noBoundary = await http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': 'multipart/form-data' }), payload: 'x' });
      expect(noBoundary.statusCode).toBe(400);
      const json = await http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': 'application/json' }), payload: '{}' });
      expect(json.statusCode).toBe(415);
      expect(await stored()).toBe(before);
    });

    it('CSRF missing on submit: 403 and nothing stored', async () => {
      const { c, raw } = await authorized();
      const before = await stored();
      c.csrf = 'wrong';
      const res = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken()));
      expect(res.statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });
  });
});
