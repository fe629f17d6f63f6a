/**
 * Threat: a protection that silently stops holding while the black-box sweep
 * (scripts/security-sweep.ts, `npm run security:sweep`) still reports it as held, or a sweep that
 * sends traffic beyond this machine or without bound. The sweep is run here against a tiny app
 * that skips CSRF (it must report FAIL) and against the real app (its CSRF checks must PASS).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Budget, exitCode, formatTable, loopbackUrl, parseArgs, spellings, Sweep, Target, type CheckResult } from '../../../scripts/security-sweep.js';
import { DIALECTS, serverOver } from '../helper.js';

const origin = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** An app with one POST route and no CSRF check at all, listing itself as the real one does. */
async function unprotectedApp(): Promise<FastifyInstance> {
  const app = Fastify();
  let sessions = 0;
  app.get('/api/openapi.json', async () => ({ paths: { '/api/echo': { post: { requestBody: { content: { 'application/json': {} } } } } } }));
  app.get('/api/csrf', async (_request, reply) => {
    sessions++;
    reply.header('set-cookie', `sid=s${sessions}; Path=/; HttpOnly`);
    // The answer's full shape (schemas/api/csrf.schema.json): the API client refuses a token without its expiry.
    return { requestHeaderName: 'X-CSRF-TOKEN', requestToken: `token-${sessions}`, sessionExpiresAt: '2099-01-01T00:00:00.000Z' };
  });
  app.get('/api/forms/flows', async () => [{ formType: 'Exclusion', authorize: { endpoint: '/api/forms/exclusion/authorize' }, submit: { endpoint: '/api/forms/exclusion' }, models: ['Credentials'] }]);
  app.get('/api/forms/config', async () => [{ metadataHash: 'h', metadata: { formType: 'Exclusion', dtoMapping: 'credentials' }, fields: {} }]);
  app.get('/api/captcha', async () => ({ provider: 'recaptcha', siteKey: 'k', url: 'https://www.google.com/recaptcha/api.js', class: 'g-recaptcha' }));
  app.post('/api/echo', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('the sweep reports what it saw', () => {
  const result = (pass: boolean, check = 'csrf: no token'): CheckResult => ({ route: 'POST /api/x', check, expected: '403', got: pass ? '403' : '200', pass });

  it('prints one row per check with PASS or FAIL, and fails the run on any FAIL or on no checks at all', () => {
    const table = formatTable([result(true), result(false, 'path: //, no token')]);
    expect(table).toMatch(/POST \/api\/x\s+csrf: no token\s+403\s+403\s+PASS/);
    expect(table).toMatch(/POST \/api\/x\s+path: \/\/, no token\s+403\s+200\s+FAIL/);
    expect(table).toContain('2 checks: 1 PASS, 1 FAIL');
    expect(exitCode([result(true), result(false)])).toBe(1);
    expect(exitCode([result(true)])).toBe(0);
    expect(exitCode([])).toBe(1);
  });

  it('talks to this machine only, over http', () => {
    for (const ok of ['http://127.0.0.1:3000', 'http://localhost:3000/', 'http://[::1]:3000']) expect(loopbackUrl(ok).protocol).toBe('http:');
    for (const bad of ['http://example.com', 'http://10.0.0.5:3000', 'https://127.0.0.1:3000', 'http://127.0.0.1.example.com', 'not a url']) expect(() => loopbackUrl(bad)).toThrow();
    expect(() => new Target('http://127.0.0.1:3000').sibling('http://www.google.com')).toThrow(/Refusing to send traffic to www.google.com/);
    expect(() => parseArgs(['--only', 'csrf,everything'])).toThrow(/unknown group/);
    expect(parseArgs([]).base).toBe('http://127.0.0.1:3000');
  });

  it('tries the spellings of the issue on every path', () => {
    expect(spellings('/api/forms/automotive')).toEqual([
      ['percent-encoded letter', '/%61pi/forms/automotive'],
      ['%2F for /', '/api/forms%2Fautomotive'],
      ['//', '//api/forms/automotive'],
      ['/./', '/api/./forms/automotive'],
      ['upper case', '/API/FORMS/AUTOMOTIVE'],
      [';x=1', '/api;x=1/forms/automotive'],
      ['trailing ?', '/api/forms/automotive?'],
    ]);
  });
});

describe('the sweep against an app without CSRF', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await unprotectedApp();
  });
  afterAll(async () => app?.close());

  it('reports FAIL for the unprotected POST, through its path and every other spelling', async () => {
    const results = await new Sweep(new Target(origin(app))).run(['csrf', 'paths']);
    const row = (check: string) => results.find((r) => r.route === 'POST /api/echo' && r.check === check);
    expect(row('csrf: no token')).toMatchObject({ got: '200', pass: false });
    expect(row("csrf: another session's token")).toMatchObject({ got: '200', pass: false });
    expect(row('path: percent-encoded letter, no token')).toMatchObject({ got: '200', pass: false });
    expect(row('path: trailing ?, no token')).toMatchObject({ pass: false });
    expect(exitCode(results)).toBe(1);
  });

  it('stops at its request budget and says so', async () => {
    const target = new Target(origin(app), new Budget({ maxRequests: 6, timeLimitMs: 60_000, requestTimeoutMs: 5_000 }));
    const results = await new Sweep(target).run(['csrf', 'paths']);
    expect(target.budget.used).toBe(6);
    expect(results.at(-1)).toMatchObject({ route: '(sweep)', got: 'request budget of 6 spent', pass: false });
  });

  it('does not ask a captcha provider off this machine: the checks that need a token fail, none pass for it', async () => {
    const results = await new Sweep(new Target(origin(app))).run(['submit', 'pins']);
    expect(results.length).toBeGreaterThan(10);
    for (const row of results) expect(row, row.check).toMatchObject({ got: expect.stringMatching(/the captcha is not the local emulator|baseline submission was refused/), pass: false });
  });
});

describe.each(DIALECTS)('the sweep against the real app over %s', (dialect) => {
  const server = serverOver(dialect);

  it("PASSes the CSRF checks of every POST the server lists: no token, another session's token", async () => {
    const results = await new Sweep(new Target(origin(server.app))).run(['csrf']);
    const posts = results.filter((r) => r.check === 'csrf: no token').map((r) => r.route);
    expect(posts).toEqual(expect.arrayContaining(['POST /api/session-timeout', 'POST /api/forms/automotive/authorize', 'POST /api/forms/automotive', 'POST /api/forms/exclusion']));
    for (const check of ['csrf: no token', "csrf: another session's token"]) {
      const rows = results.filter((r) => r.check === check);
      expect(rows).toHaveLength(posts.length);
      for (const row of rows) expect(row, `${row.route} ${check}`).toMatchObject({ got: expect.stringMatching(/^403 CSRF_INVALID/), pass: true });
    }
    // The token from before authorize is tried on every POST and the answer says whether authorize renewed it.
    const before = results.filter((r) => r.check === 'csrf: token from before authorize');
    expect(before).toHaveLength(posts.length);
    for (const row of before) expect(row.got).toMatch(/token (not )?renewed by authorize/);
  });

  it('runs every group to the end within its budget, with rows for every listed route and the wrong-PIN lock seen', async () => {
    const target = new Target(origin(server.app));
    const results = await new Sweep(target).run();
    expect(results.filter((r) => r.route === '(sweep)')).toEqual([]);
    expect(target.budget.used).toBeLessThan(target.budget.limits.maxRequests);
    const routes = new Set(results.map((r) => r.route));
    for (const route of ['GET /healthz', 'GET /api/csrf', 'GET /api/forms/flows', 'POST /api/session-timeout', 'POST /api/forms/lookup/authorize', 'POST /api/forms/exclusion', 'POST /api/claims/status', 'POST /api/claims/cure', 'POST /api/claims/cure/documents', 'POST /api/claims/cure/progress']) expect(routes).toContain(route);
    expect(results.find((r) => r.check === 'a valid submission (baseline)')).toMatchObject({ pass: true });
    expect(results.find((r) => r.check === 'submit without authorize')).toMatchObject({ got: '401 NOT_AUTHORIZED', pass: true });
    expect(results.find((r) => r.check === 'wrong PINs for one notice ID, one address')).toMatchObject({ got: expect.stringMatching(/^429 TOO_MANY_PIN_ATTEMPTS after 5 wrong; Retry-After \d+/), pass: true });
    expect(results.find((r) => r.check === 'another notice ID on that address (shared address)')).toMatchObject({ got: '401 WRONG_PIN', pass: true });
  });
});
