import { describe, expect, it } from 'vitest';
import { signedCookieValue } from '../../server/plugins/external/cookie.js';

/** A request whose cookie `claims.sid` is `raw`; its signature check counts its calls and accepts values signed 'ok.'. */
function requestWith(raw: string | undefined) {
  const checks: string[] = [];
  const cookies: Record<string, string | undefined> = raw === undefined ? {} : { 'claims.sid': raw };
  const unsignCookie = (value: string) => {
    checks.push(value);
    return value.startsWith('ok.') ? { valid: true as const, renew: false, value: value.slice(3) } : { valid: false as const, renew: false as const, value: null };
  };
  return { request: { cookies, unsignCookie }, checks };
}

describe('a signed cookie of a request', () => {
  it('is checked once per request however many readers ask (the rate limit and the session)', () => {
    const { request, checks } = requestWith('ok.session-1');
    expect(signedCookieValue(request, 'claims.sid')).toBe('session-1');
    expect(signedCookieValue(request, 'claims.sid')).toBe('session-1');
    expect(checks).toEqual(['ok.session-1']);
    const other = requestWith('ok.session-2');
    expect(signedCookieValue(other.request, 'claims.sid')).toBe('session-2');
  });

  it('is null without the cookie or with a bad signature, and a refusal is remembered too', () => {
    expect(signedCookieValue(requestWith(undefined).request, 'claims.sid')).toBeNull();
    const { request, checks } = requestWith('forged.session-1');
    expect(signedCookieValue(request, 'claims.sid')).toBeNull();
    expect(signedCookieValue(request, 'claims.sid')).toBeNull();
    expect(checks).toHaveLength(1);
  });
});
