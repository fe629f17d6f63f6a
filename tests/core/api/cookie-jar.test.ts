import { describe, expect, it } from 'vitest';
import { createCookieJar } from '../../../runtime/core/api/cookie-jar';

const ORIGIN = 'http://127.0.0.1:3000';
const NOW = Date.parse('2026-11-25T12:00:00Z');

function jarAt(start = NOW) {
  let now = start;
  const jar = createCookieJar(() => now);
  return { jar, advance: (ms: number) => (now += ms) };
}

describe('cookie jar', () => {
  it('sends back what an answer set, to the same host only', () => {
    const { jar } = jarAt();
    jar.store(`${ORIGIN}/api/csrf`, ['claims.sid=abc.sig; Path=/; HttpOnly; SameSite=Lax']);
    expect(jar.cookieHeader(`${ORIGIN}/api/forms/automotive`)).toBe('claims.sid=abc.sig');
    expect(jar.cookieHeader('http://127.0.0.2:3000/api/forms/automotive')).toBeNull();
  });

  it('a new value of the same name and path replaces the old one (a rotated session)', () => {
    const { jar } = jarAt();
    jar.store(`${ORIGIN}/api/csrf`, ['claims.sid=before; Path=/']);
    jar.store(`${ORIGIN}/api/forms/automotive/authorize`, ['claims.sid=after; Path=/', 'other=1; Path=/']);
    expect(jar.cookieHeader(`${ORIGIN}/`)).toBe('claims.sid=after; other=1');
    expect(jar.cookies()).toHaveLength(2);
  });

  it('forgets a cookie at its Max-Age, at its Expires, and at once when either is in the past', () => {
    const { jar, advance } = jarAt();
    jar.store(ORIGIN, ['short=1; Path=/; Max-Age=60', `dated=1; Path=/; Expires=${new Date(NOW + 120_000).toUTCString()}`, 'kept=1; Path=/']);
    expect(jar.cookieHeader(ORIGIN)).toBe('short=1; dated=1; kept=1');
    advance(61_000);
    expect(jar.cookieHeader(ORIGIN)).toBe('dated=1; kept=1');
    advance(60_000);
    expect(jar.cookieHeader(ORIGIN)).toBe('kept=1');
    // The server ends the session: a cookie cleared by an expiry in the past, or Max-Age=0.
    jar.store(ORIGIN, [`kept=; Path=/; Expires=${new Date(0).toUTCString()}`]);
    expect(jar.cookieHeader(ORIGIN)).toBeNull();
    jar.store(ORIGIN, ['again=1; Path=/', 'again=; Path=/; Max-Age=0']);
    expect(jar.cookieHeader(ORIGIN)).toBeNull();
  });

  it('Max-Age wins over Expires', () => {
    const { jar, advance } = jarAt();
    jar.store(ORIGIN, [`both=1; Path=/; Expires=${new Date(NOW + 1000).toUTCString()}; Max-Age=3600`]);
    advance(60_000);
    expect(jar.cookieHeader(ORIGIN)).toBe('both=1');
  });

  it('honours Path: sent under it (longest first, then oldest), not beside it; default path is the directory of the request', () => {
    const { jar } = jarAt();
    jar.store(`${ORIGIN}/api/forms/automotive`, ['dir=1', 'forms=1; Path=/api/forms', 'root=1; Path=/']);
    expect(jar.cookieHeader(`${ORIGIN}/api/forms/automotive/draft`)).toBe('dir=1; forms=1; root=1');
    expect(jar.cookieHeader(`${ORIGIN}/api/forms`)).toBe('dir=1; forms=1; root=1');
    expect(jar.cookieHeader(`${ORIGIN}/api/formsx`)).toBe('root=1');
    expect(jar.cookieHeader(`${ORIGIN}/api/csrf`)).toBe('root=1');
  });

  it('the same name on two paths is two cookies', () => {
    const { jar } = jarAt();
    jar.store(ORIGIN, ['n=root; Path=/', 'n=forms; Path=/api/forms']);
    expect(jar.cookieHeader(`${ORIGIN}/api/forms/x`)).toBe('n=forms; n=root');
    jar.store(ORIGIN, ['n=; Path=/api/forms; Max-Age=0']);
    expect(jar.cookieHeader(`${ORIGIN}/api/forms/x`)).toBe('n=root');
  });

  it('a Secure cookie (the production __Host- cookie) goes over https and to this machine only', () => {
    const { jar } = jarAt();
    jar.store('https://claims.example/api/csrf', ['__Host-claims.sid=s; Path=/; Secure; HttpOnly']);
    expect(jar.cookieHeader('https://claims.example/')).toBe('__Host-claims.sid=s');
    expect(jar.cookieHeader('http://claims.example/')).toBeNull();
    jar.store('http://localhost:3000/', ['__Host-claims.sid=l; Path=/; Secure']);
    expect(jar.cookieHeader('http://localhost:3000/')).toBe('__Host-claims.sid=l');
  });

  it('a Domain cookie goes to subdomains; one for a domain the host is not in is refused', () => {
    const { jar } = jarAt();
    jar.store('https://www.claims.example/', ['wide=1; Domain=claims.example; Path=/', 'foreign=1; Domain=other.example; Path=/']);
    expect(jar.cookieHeader('https://api.claims.example/')).toBe('wide=1');
    expect(jar.cookieHeader('https://other.example/')).toBeNull();
  });

  it('around(fetch) sends the Cookie header and keeps Set-Cookie; a request naming its own Cookie keeps it', async () => {
    const { jar } = jarAt();
    const seen: Array<string | null> = [];
    const fetchFn: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('cookie'));
      return new Response('{}', { headers: [['set-cookie', `sid=${seen.length}; Path=/`]] });
    };
    const withCookies = jar.around(fetchFn);
    await withCookies(`${ORIGIN}/api/csrf`);
    await withCookies(`${ORIGIN}/api/session/keep-alive`, { method: 'POST', headers: { Accept: 'application/json' } });
    await withCookies(`${ORIGIN}/api/session/keep-alive`, { method: 'POST', headers: { Cookie: 'sid=foreign' } });
    expect(seen).toEqual([null, 'sid=1', 'sid=foreign']);
    expect(jar.cookieHeader(ORIGIN)).toBe('sid=3');
  });
});
