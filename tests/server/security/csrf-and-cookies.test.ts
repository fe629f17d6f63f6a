/**
 * Threat: a CSRF token or session cookie that outlives the moment it should change, or a cookie
 * another origin can plant.
 *
 * - A token read before authorize (by the page, or by anything that saw the anonymous session)
 *   must not work after it: authorize rotates the session id AND its CSRF secret, and answers the
 *   new token in the CSRF header; the old token is refused (403), the claim goes on with the new.
 * - In production the session cookie is `__Host-claims.sid`: Secure, Path=/, no Domain, so a
 *   sibling subdomain or a plain-http page cannot set or overwrite it; a cookie of the plain name
 *   names no session there.
 *
 * Real HTTP, SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { CSRF_HEADER, sessionCookieName } from '../../../server/plugins/app/session.js';
import { automotiveParts, Claimant, DIALECTS, MARIA, otherClassVehicle, overHttp, settlementCopy, testApp, testDatabase, vinOnly, type Send, type TestDatabase } from '../helper.js';

const TOKEN_HEADER = CSRF_HEADER.toLowerCase();

describe.each(DIALECTS)('the CSRF token across authorize, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let http: Send;

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    app = await testApp(await db.open(), emulator);
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  it('authorize answers a new token; the token read before it is refused (403), the new one works', async () => {
    const c = await new Claimant(app, emulator, http).start();
    const before = { cookie: c.cookie, token: c.csrf };
    const res = await c.authorize('Automotive', { ...MARIA });
    expect(res.statusCode).toBe(200);
    const renewed = res.headers[TOKEN_HEADER];
    expect(typeof renewed).toBe('string');
    expect(renewed).not.toBe(before.token);
    expect(c.cookie).not.toBe(before.cookie);
    // The spec's answer fields are unchanged.
    expect(Object.keys(res.json()).sort()).toEqual(['authorized', 'captcha', 'error', 'prepopulatedData']);

    // GET /api/csrf on the new session answers the same new token.
    const asked = await http({ url: '/api/csrf', headers: { cookie: c.cookie } });
    expect(asked.json().requestToken).toBe(renewed);

    // The old token, with the new cookie: refused before the body is read.
    const old = await http({ method: 'POST', url: '/api/forms/automotive/authorize', headers: { cookie: c.cookie, [TOKEN_HEADER]: before.token, 'content-type': 'application/json' }, payload: {} });
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('CSRF_INVALID');

    // The claim goes on with the new token: the submit is stored.
    const submitted = await c.submit('Automotive', automotiveParts(res.json().captcha, await c.captchaToken()));
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().submitted).toBe(true);
  });

  it('a captcha value from an earlier authorize of the session still submits after another form renewed the token', async () => {
    // A vehicle of its own: the sample settlement files one claim per member.
    const credentials = vinOnly(otherClassVehicle());
    const c = await new Claimant(app, emulator, http).start();
    const automotive = await c.authorize('Automotive', { ...credentials });
    expect(automotive.statusCode).toBe(200);
    const tokenAfterAutomotive = c.csrf;
    expect((await c.authorize('Lookup', { vin: credentials.vin })).statusCode).toBe(200);
    expect(c.csrf).not.toBe(tokenAfterAutomotive);
    const submitted = await c.submit('Automotive', automotiveParts(automotive.json().captcha, await c.captchaToken(), credentials));
    expect(submitted.statusCode).toBe(200);
  });

  it('a refused authorize renews nothing: no new token, the session and its token stay', async () => {
    const c = await new Claimant(app, emulator, http).start();
    const before = { cookie: c.cookie, token: c.csrf };
    const refused = await c.authorize('Automotive', { ...MARIA, pin: '000000' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[TOKEN_HEADER]).toBeUndefined();
    expect(c.cookie).toBe(before.cookie);
    const ended = await http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: before.cookie, [TOKEN_HEADER]: before.token } });
    expect(ended.statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('the session cookie in production, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let http: Send;

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    // Production refuses the captcha emulator: a provider configuration (never called here).
    const settlementDir = settlementCopy({ 'captcha.json': { provider: 'turnstile', siteKey: 'site-key', secret: 'provider-secret', class: 'cf-turnstile' } });
    app = await testApp(await db.open(), emulator, { environment: 'production', settlementDir, pinSecret: 'p'.repeat(40) });
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  it('is __Host-claims.sid: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax — even over plain http', async () => {
    expect(sessionCookieName('production')).toBe('__Host-claims.sid');
    const res = await http('/api/csrf');
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-claims\.sid=[^;]+\.[^;]+;/);
    const attributes = cookie.split(';').slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it('names the session: the token works with it, ending the session clears it with the same attributes', async () => {
    const c = await new Claimant(app, emulator, http).start();
    expect(c.cookie.startsWith('__Host-claims.sid=')).toBe(true);
    const ended = await http({ method: 'POST', url: '/api/session-timeout', headers: c.headers() });
    expect(ended.statusCode).toBe(200);
    const cleared = String(ended.headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-claims\.sid=;/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/; Path=\//);
  });

  it('a cookie of the plain name names no session in production', async () => {
    const c = await new Claimant(app, emulator, http).start();
    const plain = c.cookie.replace(/^__Host-claims\.sid=/, 'claims.sid=');
    const res = await http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: plain, [TOKEN_HEADER]: c.csrf } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
  });

  it('the OpenAPI document names the cookie the server sets', async () => {
    const doc = (await http('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: '__Host-claims.sid' });
  });
});

describe('the session cookie outside production', () => {
  it('keeps the plain name claims.sid (browsers refuse __Host- cookies without https)', () => {
    expect(sessionCookieName('development')).toBe('claims.sid');
    expect(sessionCookieName('test')).toBe('claims.sid');
  });
});
