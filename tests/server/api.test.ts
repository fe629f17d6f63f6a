import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors.js';
import { sessionCookieName } from '../../server/plugins/app/session.js';
import { runCli } from '../../server/admin/cli.js';
import { automotiveParts, DIALECTS, FILES, MARIA, model, NOT_CLASS_VIN, OPEN_NOW, serverOver, type Parts } from './helper.js';

describe.each(DIALECTS)('the API over %s', (dialect) => {
  /** Every call goes over a real socket; the app trusts one proxy hop (the test client plays the load balancer) to tell clients apart. */
  const server = serverOver(dialect, { trustProxy: 1 });
  const { claimant, authorized, stored } = server;

  describe('the read calls', () => {
    it('GET /api/csrf creates a signed HttpOnly SameSite=Lax session cookie and names the header', async () => {
      const res = await server.http('/api/csrf');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: expect.any(String), sessionExpiresAt: new Date(OPEN_NOW + 30 * 60_000).toISOString() });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie.startsWith(`${sessionCookieName('test')}=`)).toBe(true);
      expect(cookie).toMatch(/^[^=]+=[^;]+\.[^;]+;/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
      expect(res.headers['cache-control']).toBe('no-store');
      // Behind the load balancer's https (TRUST_PROXY), the cookie is Secure.
      const https = await server.http({ url: '/api/csrf', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(https.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('GET /api/deadlines answers the per-culture shape of the settlement', async () => {
      const body = (await server.http('/api/deadlines')).json();
      expect(body.timeZone).toBe('Pacific');
      expect(body.deadlines.claimFilingDeadline).toEqual({ deadlineDateTime: '2027-06-30T23:59:59', redirectUrl: expect.any(Object) });
      expect(body.deadlines.exclusionFilingDeadline.deadlineDateTime).toBe('2027-03-31T23:59:59');
      expect(body.deadlines.globalDeadline.deadlineDateTime).toBe('2027-12-31T23:59:59');
    });

    it('GET /api/characters-whitelist answers a JSON string of the allowed characters', async () => {
      const { allowedCharacters } = (await server.http('/api/characters-whitelist')).json();
      const chars = JSON.parse(allowedCharacters) as string;
      for (const ch of ['a', 'Z', '7', ' ', 'é', 'Ñ', "'", '-', '.', '\n']) expect(chars).toContain(ch);
      expect(chars).not.toContain('<');
    });

    it('GET /api/captcha answers provider, site key, script URL on the emulator and class', async () => {
      expect((await server.http('/api/captcha')).json()).toEqual({
        provider: 'recaptcha',
        siteKey: 'emulator-site-key',
        url: `${server.emulator.origin}/recaptcha/api.js`,
        class: 'g-recaptcha',
      });
    });

    it('GET /api/forms/config answers the model configs', async () => {
      const body = (await server.http('/api/forms/config')).json<Array<{ metadata: { dtoMapping: string }; metadataHash: string; fields: object }>>();
      expect(body.length).toBeGreaterThanOrEqual(10);
      expect(body.map((m) => m.metadata.dtoMapping)).toContain('ClaimTransactions');
      expect(body.every((m) => m.metadataHash && m.fields)).toBe(true);
    });

    it('GET /api/signature-date answers today in Pacific time', async () => {
      expect((await server.http('/api/signature-date?culture=en')).json()).toEqual({ signatureDate: '11/25/2026', display: 'November 25, 2026' });
      expect((await server.http('/api/signature-date?culture=es')).json().display).toBe('25 de noviembre de 2026');
    });

    it('GET /api/culture/content answers key/value items, falls back to en for an unknown culture, refuses a malformed one', async () => {
      const es = await server.http('/api/culture/content?culture=es');
      expect(es.headers['content-language']).toBe('es');
      const items = es.json<Array<{ key: string; value: string }>>();
      expect(items.length).toBeGreaterThan(10);
      expect(items.every((i) => typeof i.key === 'string' && typeof i.value === 'string' && i.key !== '$schema')).toBe(true);
      const fr = await server.http('/api/culture/content?culture=fr');
      expect(fr.statusCode).toBe(200);
      expect(fr.headers['content-language']).toBe('en');
      expect((await server.http('/api/culture/content?culture=../../etc')).statusCode).toBe(400);
    });

    it('GET /api/openapi.json describes every call with its request and response schemas', async () => {
      const doc = (await server.http('/api/openapi.json')).json();
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
          'POST /api/forms/resume',
          'POST /api/claims/status',
          'POST /api/claims/cure',
          'POST /api/claims/cure/documents',
          'DELETE /api/claims/cure/documents/{id}',
          'POST /api/claims/cure/progress',
          'POST /api/forms/automotive/authorize',
          'POST /api/forms/automotive/draft/later',
          'POST /api/forms/exclusion/authorize',
          'POST /api/forms/exclusion/draft/later',
          'POST /api/forms/automotive',
          'POST /api/forms/exclusion',
          'POST /api/session/keep-alive',
          'PUT /api/forms/automotive/draft',
          'GET /api/forms/automotive/draft',
          'PUT /api/forms/exclusion/draft',
          'GET /api/forms/exclusion/draft',
          'POST /api/forms/automotive/draft/documents',
          'DELETE /api/forms/automotive/draft/documents/{id}',
          'POST /api/forms/exclusion/draft/documents',
          'DELETE /api/forms/exclusion/draft/documents/{id}',
        ].sort(),
      );
      for (const { key, op } of operations) {
        if (key.startsWith('DELETE')) expect(op.responses['204'], key).toBeDefined();
        else expect((op.responses['200'] ?? op.responses['201'])?.content?.['application/json']?.schema, key).toBeDefined();
        if (!key.startsWith('GET')) expect(op.security, key).toEqual([{ session: [], csrf: [] }]);
      }
      const byKey = new Map(operations.map((o) => [o.key, o.op]));
      expect(byKey.get('POST /api/forms/automotive/authorize')!.requestBody.content['application/json'].schema.required).toEqual(['credentials']);
      const multipart = byKey.get('POST /api/forms/automotive')!.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(multipart.properties)).toEqual(expect.arrayContaining(['reCaptchaResponse', 'captchaRawValue', 'credentials', 'claimantInfo', 'documentContexts']));
      expect(multipart.additionalProperties).toMatchObject({ type: 'string', format: 'binary' });
      expect(byKey.get('PUT /api/forms/automotive/draft')!.requestBody.content['application/json'].schema.required).toEqual(['pageId', 'models']);
      expect(byKey.get('POST /api/forms/automotive/draft/documents')!.requestBody.content['multipart/form-data'].schema.additionalProperties).toMatchObject({ type: 'string', format: 'binary' });
      expect(byKey.get('GET /api/signature-date')!.parameters).toContainEqual(expect.objectContaining({ name: 'culture', in: 'query' }));
    });

    it('/healthz and /readyz answer', async () => {
      expect((await server.http('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await server.http('/readyz')).json()).toEqual({ status: 'ready' });
    });

    it('error answers carry the CSP too and no stack trace', async () => {
      const res = await server.http('/api/nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain(server.emulator.origin);
    });
  });

  describe('authorize', () => {
    it('Lookup: a class vehicle is authorized; another VIN is not, with an explanation', async () => {
      const c = await claimant();
      expect((await c.authorize('Lookup', { vin: MARIA.vin })).json()).toEqual({ authorized: true, error: null, captcha: null, prepopulatedData: null });
      const no = await c.authorize('Lookup', { vin: NOT_CLASS_VIN });
      expect(no.statusCode).toBe(200);
      expect(no.json()).toEqual({ authorized: false, error: SERVER_ERRORS.NOT_CLASS_VEHICLE.en, captcha: null, prepopulatedData: null, code: 'NOT_CLASS_VEHICLE' });
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
      const old = await server.http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: before, 'x-csrf-token': c.csrf } });
      expect(old.statusCode).toBe(403);
    });

    it('a wrong PIN is 401 with an error; repeated wrong PINs for a notice ID are 429 (security/pin-lockout.test.ts has the rest)', async () => {
      const c = await claimant();
      const wrong = async (remoteAddress: string, noticeId: string) =>
        server.http({
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

    it('POST /api/session-timeout ends the session and its authorization', async () => {
      const { c, raw } = await authorized();
      const end = await server.http({ method: 'POST', url: '/api/session-timeout', headers: c.headers() });
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
      expect(res.json()).toEqual({ submitted: true, error: null, referenceCodeForm: expect.stringMatching(/^AUT-/), receiptQueued: true, receiptAddress: 'ma•••@example.com' });
      expect(res.headers['cache-control']).toBe('no-store');
      const code = res.json().referenceCodeForm;
      // The same provider token again is refused (single use), and stores nothing.
      const replayed = await c.submit('Automotive', parts);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toMatchObject({ submitted: false, code: 'CAPTCHA_FAILED' });
      // The response was lost; the browser retries the same submission with a fresh captcha token.
      const retry = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
      expect(retry.json()).toEqual({ submitted: true, error: null, referenceCodeForm: code, receiptQueued: true, receiptAddress: 'ma•••@example.com' });
      expect(await stored()).toBe(before + 1);
      const record = await server.app.stores.submissions.getByReferenceCode(code);
      expect(record?.documents).toEqual([expect.objectContaining({ name: 'invoice.pdf', type: 'application/pdf', size: FILES.pdf.length })]);
      const docs = await server.app.stores.submissions.getDocuments(record!.id);
      expect(Buffer.compare(docs[0]!.bytes ?? Buffer.alloc(0), FILES.pdf)).toBe(0);
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
      const cliIo = { env: server.db.env, cwd: process.cwd(), stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
      expect(await runCli(['export-submissions', '--format', 'jsonl'], cliIo), out.stderr).toBe(0);
      const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string });
      const all = await server.app.stores.submissions.listSubmissions();
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

    it('stores an Exclusion in Spanish', async () => {
      const { c, parts } = await authorized('Exclusion');
      const res = await c.submit('Exclusion', parts(await c.captchaToken()));
      expect(res.json()).toEqual({ submitted: true, error: null, referenceCodeForm: expect.stringMatching(/^EXC-/), receiptQueued: true, receiptAddress: 'ma•••@example.com' });
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

  });
});
