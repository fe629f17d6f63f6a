/**
 * Threat: a protection skipped by spelling a path differently. The router matches the decoded
 * path, so `/%61pi/session-timeout` reaches the same route as `/api/session-timeout`; a protection
 * that looked at the URL as sent (session loading, the CSRF check, the API rate limit,
 * `Cache-Control: no-store`) would be skipped while the route still ran.
 *
 * Every route of the app (read from the app's own route table, so a new route is covered without
 * editing this file) is tried through every spelling below, over real HTTP, on SQLite and
 * PostgreSQL. A state-changing call must be refused without the CSRF token (403) or not reach any
 * route (404) — never 200, never 5xx; with the token it must never be 5xx (the session was loaded).
 * Every API answer is `no-store`, and every spelling counts against the API rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, serverOver } from '../helper.js';

interface Route {
  method: string;
  url: string;
}

/**
 * The app's routes from `printRoutes({ commonPrefix: false })`: one tree line per path segment
 * group, `├── api/forms/automotive (POST)`, children indented four characters per level.
 */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:└── |├── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = stack[depth - 1] ?? '';
    const segment = match[2]!;
    const url = depth === 0 ? segment : `${parent}${parent.endsWith('/') || segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** A concrete path for a route pattern (`:param` and `*` filled with a harmless value). */
const concrete = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');

/** Other spellings of a path `/a/b/c` that a router or a proxy might read as the same path. */
function spellings(path: string): Array<[name: string, spelled: string]> {
  const [, first = '', ...rest] = path.split('/');
  const last = rest.length > 0 ? rest.length - 1 : -1;
  const encodeFirstChar = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  if (first === '') return [['as registered', path], ['a doubled slash', '//'], ['a ; parameter', '/;x=1'], ['a trailing ?', '/?'], ['an encoded slash', '/%2F'], ['the absolute form of the request target', 'http://localhost/']];
  return [
    ['as registered', path],
    ['first letter percent-encoded', `/${encodeFirstChar(first)}${tail}`],
    ['first letter percent-encoded, upper-case hex', `/${encodeFirstChar(first).toUpperCase().slice(0, 3)}${first.slice(1)}${tail}`],
    ['a later letter percent-encoded', last < 0 ? `/${first.slice(0, -1)}%${first.charCodeAt(first.length - 1).toString(16)}` : `/${first}/${rest.slice(0, last).map((s) => `${s}/`).join('')}${encodeFirstChar(rest[last]!)}`],
    ['every slash percent-encoded', `/${[first, ...rest].join('%2F')}`],
    ['every slash percent-encoded, lower-case hex', `/${[first, ...rest].join('%2f')}`],
    ['a doubled leading slash', `/${path}`],
    ['a doubled inner slash', `/${first}/${tail}`],
    ['a dot segment', `/${first}/.${tail}`],
    ['an encoded dot segment', `/${first}/%2e${tail}`],
    ['a dot-dot segment', `/${first}/x/..${tail}`],
    ['upper case', path.toUpperCase()],
    ['a ; parameter', `${path};x=1`],
    ['a ; parameter on the first segment', `/${first};x=1${tail}`],
    ['a trailing ?', `${path}?`],
    ['a trailing /', `${path}/`],
    ['a trailing encoded /', `${path}%2F`],
    ['a trailing encoded space', `${path}%20`],
    ['a trailing NUL', `${path}%00`],
    ['the absolute form of the request target', `http://localhost${path}`],
    ['the absolute form, upper-case scheme and host', `HTTP://LOCALHOST${path}`],
  ];
}

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe.each(DIALECTS)('every route through every spelling of its path, over %s', (dialect) => {
  const server = serverOver(dialect, { apiRequestsPerMinute: 1_000_000, livePreview: { print: { log: () => {}, error: () => {} } } });
  let routes: Route[];
  beforeAll(() => {
    routes = routesOf(server.app);
  });

  /**
   * The content type a route takes (JSON, else multipart), so that a refusal seen is the CSRF
   * check's and not the body-type check's (415, which runs first).
   */
  async function bodyTypeOf(route: Route): Promise<string> {
    const claimant = await server.claimant();
    const res = await server.http({ method: route.method, url: concrete(route.url), headers: claimant.headers({ 'content-type': 'application/json' }), payload: '{}' });
    return res.statusCode === 415 ? 'multipart/form-data; boundary=spelling' : 'application/json';
  }

  it('reads the route table (the API calls are in it)', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const key of ['GET /api/csrf', 'POST /api/session-timeout', 'POST /api/forms/automotive', 'POST /api/forms/automotive/authorize', 'POST /api/forms/lookup/authorize', 'GET /healthz']) {
      expect(keys).toContain(key);
    }
  });

  it('a state-changing call without the CSRF token is 403 or 404 through every spelling, never 200 or 5xx', async () => {
    const unsafe = routes.filter((r) => UNSAFE.includes(r.method));
    expect(unsafe.length).toBeGreaterThanOrEqual(6);
    const claimant = await server.claimant();
    const outcomes: string[] = [];
    for (const route of unsafe) {
      const contentType = await bodyTypeOf(route);
      for (const [name, url] of spellings(concrete(route.url))) {
        for (const [who, headers] of [
          ['no cookie', {}],
          ['a session cookie', { cookie: claimant.cookie }],
          ['a wrong token', { cookie: claimant.cookie, 'x-csrf-token': 'x'.repeat(43) }],
        ] as const) {
          const res = await server.http({ method: route.method, url, headers: { ...headers, 'content-type': contentType }, payload: '{}' });
          const refused = res.statusCode === 404 || (res.statusCode === 403 && res.json().code === 'CSRF_INVALID');
          if (!refused) outcomes.push(`${route.method} ${url} (${name}, ${who}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('with the token, no spelling of a state-changing call reaches its route without the session (never 5xx)', async () => {
    const outcomes: string[] = [];
    for (const route of routes.filter((r) => UNSAFE.includes(r.method))) {
      const contentType = await bodyTypeOf(route);
      for (const [name, url] of spellings(concrete(route.url))) {
        // A fresh session each time: session-timeout ends the one it is sent with.
        const claimant = await server.claimant();
        const res = await server.http({ method: route.method, url, headers: claimant.headers({ 'content-type': contentType }), payload: '{}' });
        if (res.statusCode >= 500 || res.statusCode === 403) outcomes.push(`${route.method} ${url} (${name}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('a state-changing route reached through HEAD or GET is 404', async () => {
    const outcomes: string[] = [];
    const reads = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    for (const route of routes.filter((r) => UNSAFE.includes(r.method))) {
      for (const method of ['HEAD', 'GET']) {
        if (reads.has(route.url)) continue;
        for (const [name, url] of spellings(concrete(route.url))) {
          const res = await server.http({ method, url });
          // A GET that reaches no route may be answered by the app shell's not-found page.
          if (res.statusCode !== 404) outcomes.push(`${method} ${url} (${name}) → ${res.statusCode}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('a read call reached through any spelling (GET or HEAD) has the caching of its registered path: API answers no-store', async () => {
    const outcomes: string[] = [];
    // The live-preview event stream never ends: it is left out.
    const reads = routes.filter((r) => (r.method === 'GET' || r.method === 'HEAD') && r.url !== '/api/dev/live-preview');
    for (const route of reads) {
      const registered = await server.http({ method: route.method, url: concrete(route.url) });
      if (route.url.startsWith('/api/')) expect([registered.headers['cache-control'], route.url]).toEqual([route.url === '/api/forms/flows' ? 'no-cache' : 'no-store', route.url]);
      for (const [name, url] of spellings(concrete(route.url))) {
        const res = await server.http({ method: route.method, url });
        if (res.statusCode >= 500) outcomes.push(`${route.method} ${url} (${name}) → ${res.statusCode}`);
        if (res.statusCode === 404) continue;
        if (res.headers['cache-control'] !== registered.headers['cache-control']) {
          outcomes.push(`${route.method} ${url} (${name}) → ${res.statusCode} cache-control ${res.headers['cache-control']}, registered path ${registered.headers['cache-control']}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('a path that cannot be decoded (a "%" without two hex digits): a page goes to the not-found page, a call gets the catalogued 400, both with the security headers', async () => {
    const claimant = await server.claimant();
    const outcomes: string[] = [];
    const headersOf = (res: { headers: Record<string, unknown> }) => `${String(res.headers['content-security-policy'])} | ${String(res.headers['x-content-type-options'])} | ${String(res.headers['cache-control'])}`;
    const guarded = "default-src 'none'; frame-ancestors 'none' | nosniff | no-store";
    for (const [url, location] of [
      ['/%ff', '/page-not-found'],
      ['/automotive/%zz', '/page-not-found'],
      ['/automotive/claim%-summary?culture=es', '/page-not-found?culture=es'],
      ['/exclusion%?culture=xx-unknown', '/page-not-found?culture=en'],
    ] as const) {
      const res = await server.http({ method: 'GET', url });
      if (res.statusCode !== 303 || res.headers.location !== location || headersOf(res) !== guarded) outcomes.push(`GET ${url} → ${res.statusCode} ${String(res.headers.location)} ${headersOf(res)}`);
    }
    for (const [method, url] of [
      ['GET', '/api/%ff'],
      ['GET', '/app/dist/assets/%e0.js'],
      ['POST', '/api/forms/automotive/authoriz%e'],
      ['PUT', '/api/forms/automotive/%'],
      ['POST', '/automotive/%ff'],
    ] as const) {
      const res = await server.http({ method, url, headers: claimant.headers({ 'content-type': 'application/json' }), payload: '{}' });
      const body = res.json();
      if (res.statusCode !== 400 || body.code !== 'BAD_REQUEST' || body.error !== 'The request could not be read. Please reload the page and try again.' || headersOf(res) !== guarded) {
        outcomes.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)} ${headersOf(res)}`);
      }
    }
    expect(outcomes).toEqual([]);
  });
});

describe('the API rate limit counts every spelling of an API path', () => {
  const server = serverOver('sqlite', { apiRequestsPerMinute: 5 });

  it('the sixth call in a minute is 429 however the path is spelled', async () => {
    const statuses: number[] = [];
    for (const url of ['/api/deadlines', '/%61pi/deadlines', '/api/%64eadlines', '/%61%70%69/deadlines', '/%61pi/captcha', '/%61pi/deadlines', '/api/csrf']) {
      statuses.push((await server.http(url)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Routes outside the API are not limited.
    expect((await server.http('/healthz')).statusCode).toBe(200);
  });
});
