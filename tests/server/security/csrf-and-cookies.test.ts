/**
 * Threat: a request another site makes the claimant's browser send (cross-site request forgery),
 * a CSRF token or session cookie that outlives the moment it should change, or a cookie another
 * origin can plant.
 *
 * - Every POST needs the session's token in the X-CSRF-TOKEN header: without it, with a wrong
 *   token, with another session's token or without a session, the call is refused (403
 *   CSRF_INVALID) before anything is done (no captcha token spent, nothing stored); a token in a
 *   cookie or in the body does not count.
 * - A token read before authorize (by the page, or by anything that saw the anonymous session)
 *   must not work after it: authorize rotates the session id AND its CSRF secret, and answers the
 *   new token in the CSRF header; the old token is refused (403), the claim goes on with the new.
 * - In production the session cookie is `__Host-claims.sid`: Secure, Path=/, no Domain, so a
 *   sibling subdomain or a plain-http page cannot set or overwrite it; a cookie of the plain name
 *   names no session there.
 *
 * Real HTTP, SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../server/errors.js';
import { CSRF_HEADER, sessionCookieName } from '../../../server/plugins/app/session.js';
import { automotiveParts, DIALECTS, MARIA, model, otherClassVehicle, serverOver, settlementCopy, vinOnly } from '../helper.js';

const TOKEN_HEADER = CSRF_HEADER.toLowerCase();

describe.each(DIALECTS)('the CSRF token, over %s', (dialect) => {
  const server = serverOver(dialect);
  const { claimant, authorized, stored } = server;

  it('refuses a POST without the header, with a wrong token, and with another session\'s token (403, nothing done)', async () => {
    const a = await claimant();
    const b = await claimant();
    const body = { credentials: model('Lookup', 'Credentials', { vin: MARIA.vin }), reCaptchaResponse: await a.captchaToken() };
    const url = '/api/forms/lookup/authorize';
    const verified = server.emulator.verifyCount();
    const missing = await server.http({ method: 'POST', url, headers: { cookie: a.cookie }, payload: body });
    const wrong = await server.http({ method: 'POST', url, headers: { cookie: a.cookie, 'x-csrf-token': 'x'.repeat(43) }, payload: body });
    const foreign = await server.http({ method: 'POST', url, headers: { cookie: a.cookie, 'x-csrf-token': b.csrf }, payload: body });
    const noSession = await server.http({ method: 'POST', url, headers: { 'x-csrf-token': a.csrf }, payload: body });
    for (const res of [missing, wrong, foreign, noSession]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ authorized: false, code: 'CSRF_INVALID', error: SERVER_ERRORS.CSRF_INVALID.en });
    }
    expect(server.emulator.verifyCount()).toBe(verified);
    expect(server.emulator.verifyCount()).toBeGreaterThanOrEqual(0);
    // The token was never sent to siteverify: it still works once.
    const ok = await server.http({ method: 'POST', url, headers: a.headers(), payload: body });
    expect(ok.json()).toMatchObject({ authorized: true });
  });

  it('does not take the token from a cookie or the body', async () => {
    const a = await claimant();
    const res = await server.http({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { cookie: `${a.cookie}; X-CSRF-TOKEN=${a.csrf}`, 'content-type': 'application/json' },
      payload: { requestToken: a.csrf },
    });
    expect(res.statusCode).toBe(403);
  });

  it('CSRF missing on submit: 403 and nothing stored', async () => {
    const { c, raw } = await authorized();
    const before = await stored();
    c.csrf = 'wrong';
    const res = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken()));
    expect(res.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('authorize answers a new token; the token read before it is refused (403), the new one works', async () => {
    const c = await claimant();
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
    const asked = await server.http({ url: '/api/csrf', headers: { cookie: c.cookie } });
    expect(asked.json().requestToken).toBe(renewed);

    // The old token, with the new cookie: refused before the body is read.
    const old = await server.http({ method: 'POST', url: '/api/forms/automotive/authorize', headers: { cookie: c.cookie, [TOKEN_HEADER]: before.token, 'content-type': 'application/json' }, payload: {} });
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
    const c = await claimant();
    const automotive = await c.authorize('Automotive', { ...credentials });
    expect(automotive.statusCode).toBe(200);
    const tokenAfterAutomotive = c.csrf;
    expect((await c.authorize('Lookup', { vin: credentials.vin })).statusCode).toBe(200);
    expect(c.csrf).not.toBe(tokenAfterAutomotive);
    const submitted = await c.submit('Automotive', automotiveParts(automotive.json().captcha, await c.captchaToken(), credentials));
    expect(submitted.statusCode).toBe(200);
  });

  it('a refused authorize renews nothing: no new token, the session and its token stay', async () => {
    const c = await claimant();
    const before = { cookie: c.cookie, token: c.csrf };
    const refused = await c.authorize('Automotive', { ...MARIA, pin: '000000' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[TOKEN_HEADER]).toBeUndefined();
    expect(c.cookie).toBe(before.cookie);
    const ended = await server.http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: before.cookie, [TOKEN_HEADER]: before.token } });
    expect(ended.statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('the session cookie in production, over %s', (dialect) => {
  const server = serverOver(dialect, () => ({
    environment: 'production',
    // Production refuses the captcha emulator: a provider configuration (never called here).
    settlementDir: settlementCopy({ 'captcha.json': { provider: 'turnstile', siteKey: 'site-key', secret: 'provider-secret', class: 'cf-turnstile' } }),
    pinSecret: 'p'.repeat(40),
  }));

  it('is __Host-claims.sid: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax — even over plain http', async () => {
    expect(sessionCookieName('production')).toBe('__Host-claims.sid');
    const res = await server.http('/api/csrf');
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
    const c = await server.claimant();
    expect(c.cookie.startsWith('__Host-claims.sid=')).toBe(true);
    const ended = await server.http({ method: 'POST', url: '/api/session-timeout', headers: c.headers() });
    expect(ended.statusCode).toBe(200);
    const cleared = String(ended.headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-claims\.sid=;/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/; Path=\//);
  });

  it('a cookie of the plain name names no session in production', async () => {
    const c = await server.claimant();
    const plain = c.cookie.replace(/^__Host-claims\.sid=/, 'claims.sid=');
    const res = await server.http({ method: 'POST', url: '/api/session-timeout', headers: { cookie: plain, [TOKEN_HEADER]: c.csrf } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
  });

  it('the OpenAPI document names the cookie the server sets', async () => {
    const doc = (await server.http('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: '__Host-claims.sid' });
  });
});

describe('the session cookie outside production', () => {
  it('keeps the plain name claims.sid (browsers refuse __Host- cookies without https)', () => {
    expect(sessionCookieName('development')).toBe('claims.sid');
    expect(sessionCookieName('test')).toBe('claims.sid');
  });
});
