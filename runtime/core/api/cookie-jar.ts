/**
 * The cookies of an API client outside the browser (the studio's server, the tests, the
 * benchmarks, the security sweep): what answers set (Set-Cookie) is kept per host and path, and
 * sent back (Cookie) on the requests it applies to, as RFC 6265 §5 has a browser do it — Path,
 * Domain, Expires, Max-Age, Secure. Not in the claimant's bundle: the browser keeps its own.
 */
import type { CookieStore } from './client';

export interface StoredCookie {
  name: string;
  value: string;
  /** The host it was set by (host-only), or the Domain it names (that host and its subdomains). */
  domain: string;
  hostOnly: boolean;
  path: string;
  /** ms since the epoch; null: until the jar is dropped (a session cookie). */
  expiresAt: number | null;
  secure: boolean;
}

export interface CookieJar extends CookieStore {
  /** Keeps the cookies of an answer from `url` (its Set-Cookie headers). */
  store(url: string | URL, setCookieHeaders: readonly string[]): void;
  /** The Cookie header for a request to `url`; null when no cookie applies. */
  cookieHeader(url: string | URL): string | null;
  /** The cookies kept and not expired. */
  cookies(): StoredCookie[];
  clear(): void;
}

/** Hosts a browser counts as secure over plain http (a Secure cookie set by 127.0.0.1 comes back). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** RFC 6265 §5.1.4: the directory of a request path, the default path of the cookies it sets. */
function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** RFC 6265 §5.1.4: whether a cookie of `cookiePath` goes with a request for `requestPath`. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** RFC 6265 §5.1.3. */
function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host));
}

/** One Set-Cookie header as RFC 6265 §5.2 reads it; null when it sets nothing (no name=value). */
function parseSetCookie(header: string, from: URL, now: number): StoredCookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  if (equals < 0) return null;
  const name = pair.slice(0, equals).trim();
  if (name === '') return null;
  const cookie: StoredCookie = { name, value: pair.slice(equals + 1).trim(), domain: from.hostname, hostOnly: true, path: defaultPath(from.pathname), expiresAt: null, secure: false };
  let maxAge: number | null = null;
  let expires: number | null = null;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'path') cookie.path = value.startsWith('/') ? value : defaultPath(from.pathname);
    else if (key === 'domain' && value !== '') {
      cookie.domain = value.replace(/^\./, '').toLowerCase();
      cookie.hostOnly = false;
    } else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires') {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) expires = time;
    } else if (key === 'secure') cookie.secure = true;
  }
  // Max-Age wins over Expires (§5.3 step 3); zero or less means already expired.
  if (maxAge !== null) cookie.expiresAt = maxAge <= 0 ? -Infinity : now + maxAge * 1000;
  else if (expires !== null) cookie.expiresAt = expires;
  return cookie;
}

const sameSlot = (a: StoredCookie, b: StoredCookie) => a.name === b.name && a.domain === b.domain && a.path === b.path;

/**
 * A cookie jar; `now` is the clock expiry is judged by (tests pass their own). `around(fetch)`
 * is the fetch an API client is given (createApiClient's `cookies`).
 */
export function createCookieJar(now: () => number = Date.now): CookieJar {
  let kept: StoredCookie[] = [];
  const live = () => {
    const at = now();
    kept = kept.filter((c) => c.expiresAt === null || c.expiresAt > at);
    return kept;
  };

  const jar: CookieJar = {
    store(url, setCookieHeaders) {
      const from = new URL(url);
      for (const header of setCookieHeaders) {
        const cookie = parseSetCookie(header, from, now());
        // A cookie for a domain the answering host is not in is ignored (§5.3 step 6).
        if (!cookie || (!cookie.hostOnly && !domainMatches(from.hostname, cookie.domain))) continue;
        // A new value, or an expiry in the past, replaces the cookie of the same name, domain and path.
        kept = [...kept.filter((c) => !sameSlot(c, cookie)), cookie];
      }
    },

    cookieHeader(url) {
      const to = new URL(url);
      const secure = to.protocol === 'https:' || LOOPBACK_HOSTS.has(to.hostname);
      const sent = live()
        .filter((c) => (c.hostOnly ? c.domain === to.hostname : domainMatches(to.hostname, c.domain)) && pathMatches(to.pathname, c.path) && (!c.secure || secure))
        // Longer paths first (§5.4 step 2).
        .sort((a, b) => b.path.length - a.path.length);
      return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : null;
    },

    cookies: () => [...live()],

    clear() {
      kept = [];
    },

    around(fetch) {
      return async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const headers = new Headers(input instanceof Request ? input.headers : undefined);
        new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
        // A request that names its own Cookie header (a test sending another session's) keeps it.
        const cookie = headers.has('cookie') ? null : jar.cookieHeader(url);
        if (cookie) headers.set('cookie', cookie);
        const response = await fetch(input, { ...init, headers });
        jar.store(url, response.headers.getSetCookie());
        return response;
      };
    },
  };
  return jar;
}
