/**
 * npm run security:sweep [-- --base http://127.0.0.1:3000] [--only csrf,paths,submit,pins] [--max-file-bytes 10485760]
 *                        [--settlement server-fixtures/]
 *
 * A black-box check of a running server, as a hostile tester would make it: it reads the server's
 * own route list (GET /api/openapi.json), tries each protection through every route and prints a
 * table (route × check → expected, got, PASS/FAIL); the exit code is 1 when any check fails.
 *
 * Meant for a server started as a newcomer would (`npm start`: the sample settlement, its class
 * list and the captcha emulator). Captcha tokens come from the emulator's token endpoint, as its
 * browser script gets them (the emulator's origin is read from GET /api/captcha). It sends traffic
 * to the given base and to that emulator only, and only on this machine (a base or emulator on any
 * other host is refused); it is bounded in requests and in time.
 *
 * What it leaves behind on the server: claims filed by VIN on random class vehicles of no member,
 * María García's claims by her notice ID (the duplicate checks), and whatever a failing check got
 * stored; the wrong-PIN checks (last) lock notice IDs and this machine's address for the server's
 * window: run those again after the wait the server names, or leave them out with --only.
 *
 * --max-file-bytes is the settlement's uploads.maxFileBytes (the oversized file is one byte more);
 * --settlement is the folder whose class-vehicles.csv gives the VINs to file with.
 */
import { randomInt } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_PATHS, createApiClient, type ApiClient } from '../runtime/core/api/index.js';
import { createCookieJar, type CookieJar } from '../runtime/core/api/cookie-jar.js';
import { FLOWS_PATH } from '../runtime/app/flowsSource.js';
import { createIdSource } from '../runtime/core/models/clientId.js';
import type { FieldValue, FormModel } from '../runtime/core/types.js';
import { isOneOf, isRecord, messageOf, propertyOf } from '../runtime/core/guards.js';
import { invoiceContext, MARIA, MARIA_ANSWERS } from '../tests/support/sample-claim.js';
import { answerOf } from '../tests/support/api-client.js';

/* ------------------------------------------------------------------------------------------------
 * Results
 * ----------------------------------------------------------------------------------------------*/

export interface CheckResult {
  /** `METHOD /path` as the server lists it. */
  route: string;
  check: string;
  expected: string;
  got: string;
  pass: boolean;
}

export const CHECK_GROUPS = ['csrf', 'paths', 'submit', 'pins'] as const;
export type CheckGroup = (typeof CHECK_GROUPS)[number];

/** The results as a fixed-width table, one line per check, and a last line with the counts. */
export function formatTable(results: readonly CheckResult[]): string {
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const header = ['route', 'check', 'expected', 'got', 'result'];
  const rows = [header, ...results.map((r) => [r.route, r.check, clip(r.expected, 60), clip(r.got, 90), r.pass ? 'PASS' : 'FAIL'])];
  const widths = header.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  const failed = results.filter((r) => !r.pass).length;
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line), '', `${results.length} checks: ${results.length - failed} PASS, ${failed} FAIL`].join('\n');
}

/** 0 when every check passed, else 1 (also for no checks at all: nothing was shown to hold). */
export function exitCode(results: readonly CheckResult[]): number {
  return results.length > 0 && results.every((r) => r.pass) ? 0 : 1;
}

/* ------------------------------------------------------------------------------------------------
 * Traffic: this machine only, bounded
 * ----------------------------------------------------------------------------------------------*/

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The URL when its host is this machine (localhost, 127.0.0.1, ::1) over http; throws otherwise. */
export function loopbackUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Not a URL: ${text}`);
  }
  if (url.protocol !== 'http:') throw new Error(`Only http:// on this machine is swept, not ${url.protocol}//`);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`Refusing to send traffic to ${url.hostname}: the sweep only talks to localhost, 127.0.0.1 or ::1`);
  return url;
}

export class SweepLimitError extends Error {
  override name = 'SweepLimitError';
}

export interface Limits {
  /** Requests in all (server and emulator). Default 2000. */
  maxRequests: number;
  /** The whole sweep, ms. Default 5 minutes. */
  timeLimitMs: number;
  /** One request, ms. Default 30 s. */
  requestTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = { maxRequests: 2000, timeLimitMs: 5 * 60_000, requestTimeoutMs: 30_000 };

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as JSON, or undefined. */
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Outgoing {
  method: string;
  /** Sent as is (no normalisation): `/%61pi/…`, `//api`, `/api/./forms` reach the server spelled so. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** An answer of the API client as the checks read it (its JSON undefined when the body is none). */
async function sweepAnswerOf(response: Response): Promise<Answer> {
  const { status, headers, body } = await answerOf(response);
  return {
    status,
    headers,
    body,
    json: () => {
      try {
        return JSON.parse(body);
      } catch {
        return undefined;
      }
    },
  };
}

/** The requests and time a sweep may spend, shared by every origin it talks to. */
export class Budget {
  used = 0;
  readonly started = Date.now();
  constructor(readonly limits: Limits = DEFAULT_LIMITS) {}

  /** Counts one request; the ms it may take. Throws SweepLimitError once the budget is spent. */
  spend(): number {
    const spent = this.exhausted();
    if (spent) throw spent;
    this.used++;
    return Math.min(this.limits.requestTimeoutMs, this.limits.timeLimitMs - (Date.now() - this.started));
  }

  /** The error saying what is spent, or null while requests may still be sent. */
  exhausted(): SweepLimitError | null {
    if (this.used >= this.limits.maxRequests) return new SweepLimitError(`request budget of ${this.limits.maxRequests} spent`);
    if (this.limits.timeLimitMs - (Date.now() - this.started) <= 0) return new SweepLimitError(`time limit of ${Math.round(this.limits.timeLimitMs / 1000)} s reached`);
    return null;
  }
}

/** Raw HTTP/1.1 to one loopback origin, counted against the budget. */
export class Target {
  readonly origin: URL;

  constructor(
    origin: URL | string,
    readonly budget: Budget = new Budget(),
  ) {
    this.origin = loopbackUrl(typeof origin === 'string' ? origin : origin.href);
  }

  /** Another loopback origin sharing this one's budget (the captcha emulator). */
  sibling(origin: string): Target {
    return new Target(origin, this.budget);
  }

  /**
   * A fetch over send() for the API client: the path after this origin goes out spelled as
   * given (no URL normalisation), counted against the budget.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const origin = this.origin.origin;
    if (!url.startsWith(origin)) throw new Error(`Refusing to send traffic to ${url}: not ${origin}`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const given = init?.body;
    let body: string | Buffer | undefined;
    if (typeof given === 'string') body = given;
    else if (given instanceof Uint8Array) body = Buffer.from(given.buffer, given.byteOffset, given.byteLength);
    else if (given !== undefined && given !== null) throw new Error('the sweep sends strings or bytes');
    const answer = await this.send({ method: init?.method ?? 'GET', path: url.slice(origin.length) || '/', headers, ...(body !== undefined ? { body } : {}) });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [String(value)]) answerHeaders.append(name, one);
    }
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.body, { status: answer.status, headers: answerHeaders });
  };

  async send(out: Outgoing): Promise<Answer> {
    const answer = await this.once(out);
    // The server's coarse per-address API limit: wait as told (bounded), then once more.
    if (answer.status === 429 && answer.json()?.code === 'RATE_LIMITED') {
      const seconds = Math.min(Number(answer.headers['retry-after']) || 10, 60);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      return this.once(out);
    }
    return answer;
  }

  private once(out: Outgoing): Promise<Answer> {
    const timeoutMs = this.budget.spend();
    const body = out.body === undefined ? null : Buffer.isBuffer(out.body) ? out.body : Buffer.from(out.body);
    const headers: Record<string, string> = { host: this.origin.host, ...out.headers };
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        { host: this.origin.hostname.replace(/^\[|\]$/g, ''), port: this.origin.port || 80, method: out.method, path: out.path, headers, agent: false, timeout: timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text,
              json: () => {
                try {
                  return JSON.parse(text);
                } catch {
                  return undefined;
                }
              },
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
      // A server that answers early and closes (413 while the body is still going) is an answer.
      req.on('error', (err: NodeJS.ErrnoException) => reject(err));
      req.end(body ?? undefined);
    });
  }
}

/* ------------------------------------------------------------------------------------------------
 * The sample settlement's claimants and the server's calls
 * ----------------------------------------------------------------------------------------------*/

/** James O'Neil of the sample class list (docs/trying-the-flows.md). */
export const JAMES = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };

export const SAMPLE_SETTLEMENT = fileURLToPath(new URL('../server-fixtures/', import.meta.url));

/** The class vehicles of a settlement folder that belong to no class member (class-vehicles.csv minus class-members.csv). */
export function classVehicles(settlementDir: string): string[] {
  const read = (file: string) => {
    const full = path.join(settlementDir, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : '';
  };
  const memberVins = new Set(read('class-members.csv').match(/\b[A-HJ-NPR-Z0-9]{17}\b/g) ?? []);
  return (read('class-vehicles.csv').match(/^[A-HJ-NPR-Z0-9]{17}$/gm) ?? []).filter((vin) => !memberVins.has(vin));
}

interface Flow {
  formType: string;
  authorize: { endpoint: string };
  submit?: { endpoint: string };
  models: string[];
}

/** A flow that ends in a submission (not a lookup). */
type SubmittingFlow = Flow & { submit: { endpoint: string } };

const hasEndpoint = (value: unknown): value is { endpoint: string } => typeof propertyOf(value, 'endpoint') === 'string';

/** A flow as GET /flows lists it. */
function isFlow(value: unknown): value is Flow {
  if (!isRecord(value)) return false;
  const { formType, authorize, submit, models } = value;
  return typeof formType === 'string' && hasEndpoint(authorize) && (submit === undefined || hasEndpoint(submit)) && Array.isArray(models) && models.every((m) => typeof m === 'string');
}

const submits = (flow: Flow): flow is SubmittingFlow => flow.submit !== undefined;

/** `value` when present; throws naming what is missing otherwise. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}

/** `Credentials` → `credentials`: a model's DTO name as its form field. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The route list of the server's OpenAPI document, or undefined when it has none. */
function routesOf(doc: unknown): ServerFacts['routes'] | undefined {
  const paths = propertyOf(doc, 'paths');
  if (!isRecord(paths)) return undefined;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(isRecord(operations) ? operations : {}).map(([method, op]) => {
      const content = propertyOf(propertyOf(op, 'requestBody'), 'content');
      return { method: method.toUpperCase(), path, bodyTypes: Object.keys(isRecord(content) ? content : {}) };
    }),
  );
}

/** `formType/dtoMapping` (lower case) → metadataHash, from GET /forms/config. */
function metadataHashes(configs: unknown): Map<string, string> {
  const entries = (Array.isArray(configs) ? configs : []).flatMap((config: unknown): Array<[string, string]> => {
    const metadata = propertyOf(config, 'metadata');
    const formType = propertyOf(metadata, 'formType');
    const dtoMapping = propertyOf(metadata, 'dtoMapping');
    const hash = propertyOf(config, 'metadataHash');
    return typeof formType === 'string' && typeof dtoMapping === 'string' && typeof hash === 'string' ? [[`${formType}/${dtoMapping}`.toLowerCase(), hash]] : [];
  });
  return new Map(entries);
}

type Submission = { text: Record<string, string>; files: Array<{ field: string; name: string; type: string; bytes: Buffer }> };

/** The submission's first file part; throws when it has none. */
const firstFile = (parts: Submission) => present(parts.files.at(0), 'the file part');

interface ServerFacts {
  routes: Array<{ method: string; path: string; bodyTypes: string[] }>;
  flows: Flow[];
  metadataHash: Map<string, string>;
  emulator: Target | null;
  siteKey: string;
}

interface Session {
  /** The API client holding the session (its cookie jar, its token). */
  api: ApiClient;
  cookies: CookieJar;
  /** The session as headers (another session's token or cookie can be put in). */
  cookie: string;
  headerName: string;
  token: string;
}

const describeAnswer = (a: Answer) => {
  const code = propertyOf(a.json(), 'code');
  return `${a.status}${typeof code === 'string' ? ` ${code}` : ''}`;
};


export class Sweep {
  readonly results: CheckResult[] = [];
  private learned: ServerFacts | null = null;
  private readonly ids = createIdSource(() => randomInt(0, 1_000_000) / 1_000_000, 'swp');
  private readonly maxFileBytes: number;

  private readonly classVins: string[];
  /** Requests as the checks write them: no cookies of its own, no CSRF token but the one given. */
  private readonly client: ApiClient;

  constructor(
    private readonly target: Target,
    options: { maxFileBytes?: number; settlementDir?: string } = {},
  ) {
    this.maxFileBytes = options.maxFileBytes ?? 10 * 1024 * 1024;
    this.classVins = classVehicles(options.settlementDir ?? SAMPLE_SETTLEMENT);
    this.client = createApiClient({ baseUrl: target.origin.origin, fetch: target.fetch });
  }

  /** What learn() read; the checks run after it. */
  private get facts(): ServerFacts {
    if (!this.learned) throw new Error("the server's facts are not read yet: learn() first");
    return this.learned;
  }

  /** One request through the API client's raw call, exactly as the check spells it. */
  private async send(out: Outgoing): Promise<Answer> {
    return sweepAnswerOf(await this.client.raw(out.method, out.path, { csrf: false, ...(out.headers ? { headers: out.headers } : {}), ...(out.body !== undefined ? { body: typeof out.body === 'string' ? out.body : new Uint8Array(out.body) } : {}) }));
  }

  /**
   * A class vehicle of no class member, at random: claims filed by VIN alone on these do not meet
   * a duplicate rule of an earlier run or of another check.
   */
  private classVin(): string {
    if (!this.classVins.length) throw new Error('no class vehicles to file with (class-vehicles.csv of the settlement folder)');
    return present(this.classVins[randomInt(0, this.classVins.length)], 'a class vehicle');
  }

  record(route: string, check: string, expected: string, got: string, pass: boolean): void {
    this.results.push({ route, check, expected, got, pass });
  }

  /**
   * Runs a check and records its row. A check that could not be made (no answer, a step before it
   * refused) is a FAIL saying why; a spent budget ends the sweep.
   */
  private async attempt(route: string, check: string, expected: string, run: () => Promise<{ got: string; pass: boolean }>): Promise<void> {
    try {
      const { got, pass } = await run();
      this.record(route, check, expected, got, pass);
    } catch (err) {
      if (err instanceof SweepLimitError) throw err;
      this.record(route, check, expected, `not checked: ${messageOf(err)}`, false);
    }
  }

  /* ----- the server's facts ----- */

  async learn(): Promise<ServerFacts> {
    const openapi = await this.send({ method: 'GET', path: '/api/openapi.json' });
    const routes = openapi.status === 200 ? routesOf(openapi.json()) : undefined;
    if (!routes) throw new Error(`GET /api/openapi.json answered ${openapi.status}: the route list is needed`);
    const listed: unknown = (await this.send({ method: 'GET', path: FLOWS_PATH })).json();
    const flows = Array.isArray(listed) ? listed.filter(isFlow) : [];
    const metadataHash = metadataHashes((await this.send({ method: 'GET', path: API_PATHS.formsConfig })).json());
    const captcha: unknown = (await this.send({ method: 'GET', path: API_PATHS.captcha })).json();
    const captchaUrl = propertyOf(captcha, 'url');
    const siteKey = propertyOf(captcha, 'siteKey');
    let emulator: Target | null = null;
    if (typeof captchaUrl === 'string' && captchaUrl) {
      const url = new URL(captchaUrl, this.target.origin);
      // A real provider is not called: the checks that need a token report that they could not run.
      if (LOOPBACK.has(url.hostname)) emulator = this.target.sibling(url.origin);
    }
    this.learned = { routes, flows, metadataHash, emulator, siteKey: typeof siteKey === 'string' ? siteKey : '' };
    return this.learned;
  }

  /** A new session: an API client with a cookie jar of its own, its token read. */
  private async session(): Promise<Session> {
    const cookies = createCookieJar();
    const api = createApiClient({ baseUrl: this.target.origin.origin, fetch: this.target.fetch, cookies });
    const answer = await api.getCsrf();
    // The client answers a failed request as no answer: a spent budget still ends the sweep.
    if (!answer.ok || !answer.data) throw this.target.budget.exhausted() ?? new Error(`GET ${API_PATHS.csrf} answered ${answer.status ?? 'nothing'} without a session`);
    return this.asHeaders(api, cookies);
  }

  private asHeaders(api: ApiClient, cookies: CookieJar): Session {
    const cookie = cookies.cookieHeader(this.target.origin.origin);
    const token = api.csrfToken();
    if (!cookie || !token) throw new Error(`GET ${API_PATHS.csrf} set no session cookie`);
    return { api, cookies, cookie, headerName: token.requestHeaderName, token: token.requestToken };
  }

  private async captchaToken(): Promise<string> {
    if (!this.facts.emulator) throw new Error('the captcha is not the local emulator: no token can be obtained');
    const res = await this.facts.emulator.send({
      method: 'POST',
      path: '/token',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sitekey: this.facts.siteKey, hostname: this.target.origin.hostname }),
    });
    const token = propertyOf(res.json(), 'token');
    if (typeof token !== 'string' || !token) throw new Error(`the emulator's /token answered ${res.status}`);
    return token;
  }

  private model(formType: string, dtoMapping: string, fields: Record<string, FieldValue>, clientId = this.ids.next()): FormModel {
    return {
      id: null,
      clientId,
      metadata: { formType, dtoMapping: lowerFirst(dtoMapping) },
      metadataHash: this.facts.metadataHash.get(`${formType}/${dtoMapping}`.toLowerCase()) ?? '',
      fields,
    };
  }

  private headers(session: Session, extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: session.cookie, [session.headerName]: session.token, ...extra };
  }

  /**
   * Authorize `flow` in `session` (a VIN alone, or with notice ID and PIN); the session follows the
   * rotated cookie and, when the answer carries one in the csrf call's header, the renewed token.
   */
  private async authorize(flow: Flow, session: Session, fields: Record<string, FieldValue>, extraHeaders: Record<string, string> = {}) {
    // Through the session's client: its jar takes the rotated cookie, the client the renewed token.
    const json = { credentials: this.model(flow.formType, 'Credentials', fields), reCaptchaResponse: await this.captchaToken() };
    const res = await sweepAnswerOf(await session.api.raw('POST', flow.authorize.endpoint, { json, headers: extraHeaders }));
    const next = this.asHeaders(session.api, session.cookies);
    const body: unknown = res.json();
    const captcha = propertyOf(body, 'captcha');
    return { res, session: next, renewed: next.token !== session.token, authorized: propertyOf(body, 'authorized') === true, captcha: typeof captcha === 'string' ? captcha : null };
  }

  /* ----- CSRF ----- */

  private postBody(route: { bodyTypes: string[] }): { headers: Record<string, string>; body?: Buffer | string } {
    if (route.bodyTypes.includes('application/json')) return { headers: { 'content-type': 'application/json' }, body: '{}' };
    if (route.bodyTypes.includes('multipart/form-data')) {
      const boundary = 'sweepboundary';
      return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: `--${boundary}\r\ncontent-disposition: form-data; name="userPreferredCulture"\r\n\r\nen\r\n--${boundary}--\r\n` };
    }
    return { headers: {} };
  }

  async csrfChecks(): Promise<void> {
    const lookup = this.facts.flows.find((f) => !f.submit) ?? this.facts.flows[0];
    for (const route of this.facts.routes.filter((r) => r.method === 'POST')) {
      const name = `POST ${route.path}`;
      const { headers, body } = this.postBody(route);
      await this.attempt(name, 'csrf: no token', '403', async () => {
        const s = await this.session();
        const res = await this.send({ method: 'POST', path: route.path, headers: { cookie: s.cookie, ...headers }, ...(body !== undefined ? { body } : {}) });
        return { got: describeAnswer(res), pass: res.status === 403 };
      });
      await this.attempt(name, "csrf: another session's token", '403', async () => {
        const mine = await this.session();
        const other = await this.session();
        const res = await this.send({ method: 'POST', path: route.path, headers: { ...this.headers({ ...mine, token: other.token }), ...headers }, ...(body !== undefined ? { body } : {}) });
        return { got: describeAnswer(res), pass: res.status === 403 };
      });
      if (!lookup) continue;
      await this.attempt(name, 'csrf: token from before authorize', '403 (authorize renews the token)', async () => {
        const before = await this.session();
        const auth = await this.authorize(lookup, before, { vin: MARIA.vin });
        if (!auth.authorized) return { got: `could not authorize ${lookup.formType}: ${describeAnswer(auth.res)}`, pass: false };
        const res = await this.send({ method: 'POST', path: route.path, headers: { ...this.headers({ ...auth.session, token: before.token }), ...headers }, ...(body !== undefined ? { body } : {}) });
        const renewal = auth.renewed ? 'renewed' : 'not renewed';
        return { got: `${describeAnswer(res)} (token ${renewal} by authorize)`, pass: res.status === 403 && auth.renewed };
      });
    }
  }

  /* ----- other spellings of every path ----- */

  async pathChecks(): Promise<void> {
    for (const route of this.facts.routes) {
      if (route.path.includes('{')) continue;
      const name = `${route.method} ${route.path}`;
      if (route.method === 'GET') {
        let cacheControl: string | undefined;
        // A route that reads a claimant's claim (the claim in progress) answers 401 to a visitor who has not signed in.
        let listedStatus = 200;
        await this.attempt(name, 'as listed', '2xx/3xx, or 401 where it needs a sign-in; never 5xx', async () => {
          const listed = await this.send({ method: 'GET', path: route.path });
          cacheControl = listed.headers['cache-control'];
          listedStatus = listed.status;
          return { got: describeAnswer(listed), pass: listed.status < 400 || listed.status === 401 };
        });
        for (const [check, method, path] of [...spellings(route.path).map(([c, p]) => [c, 'GET', p] as const), ['HEAD', 'HEAD', route.path] as const]) {
          const expected = `refused (403/404/405), or answered as listed${cacheControl ? ` with Cache-Control: ${cacheControl}` : ''}; never 5xx`;
          await this.attempt(name, `path: ${check}`, expected, async () => {
            const res = await this.send({ method, path });
            const refused = [403, 404, 405].includes(res.status) || (listedStatus === 401 && res.status === 401);
            const asListed = res.status < 400 && (!cacheControl || res.headers['cache-control'] === cacheControl);
            return { got: `${describeAnswer(res)}${res.status < 400 ? ` Cache-Control: ${res.headers['cache-control'] ?? '(none)'}` : ''}`, pass: refused || asListed };
          });
        }
      } else {
        const { headers, body } = this.postBody(route);
        for (const [check, path] of spellings(route.path)) {
          await this.attempt(name, `path: ${check}, no token`, 'refused (403/404/405); never 2xx, never 5xx', async () => {
            const s = await this.session();
            const res = await this.send({ method: route.method, path, headers: { cookie: s.cookie, ...headers }, ...(body !== undefined ? { body } : {}) });
            return { got: describeAnswer(res), pass: [403, 404, 405].includes(res.status) };
          });
        }
      }
    }
  }

  /* ----- the submit ----- */

  /** The parts of a complete, valid submission of `flow` by the sample answers, credentials as given. */
  private parts(flow: Flow, credentials: Record<string, FieldValue>, captchaRawValue: string | null, reCaptchaResponse: string, clientIds?: Map<string, string>) {
    const id = (key: string) => clientIds?.get(key) ?? this.ids.next();
    const answers: Readonly<Record<string, Record<string, FieldValue> | undefined>> = MARIA_ANSWERS;
    const text: Record<string, string> = { reCaptchaResponse, userPreferredCulture: 'en', ...(captchaRawValue ? { captchaRawValue } : {}) };
    const files: Array<{ field: string; name: string; type: string; bytes: Buffer }> = [];
    const used = new Map<string, string>();
    const take = (key: string) => {
      const value = id(key);
      used.set(key, value);
      return value;
    };
    for (const dto of flow.models) {
      const sample = answers[dto];
      if (dto === 'Credentials') text.credentials = JSON.stringify(this.model(flow.formType, dto, credentials, take(dto)));
      else if (dto === 'ClaimTransactions' || dto === 'DocumentContexts') continue;
      else if (sample) text[lowerFirst(dto)] = JSON.stringify(this.model(flow.formType, dto, { ...sample }, take(dto)));
    }
    if (flow.models.includes('ClaimTransactions')) {
      const repair = this.model(flow.formType, 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions }, take('ClaimTransactions'));
      text.claimTransactions = JSON.stringify([repair]);
      if (flow.models.includes('DocumentContexts')) {
        const doc = this.model(flow.formType, 'DocumentContexts', invoiceContext(repair.clientId, PDF.length), take('DocumentContexts'));
        text.documentContexts = JSON.stringify([doc]);
        files.push({ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: PDF });
      }
    }
    text.prepopulatedData = '[]';
    text.documentContexts ??= '[]';
    text.claimTransactions ??= '[]';
    return { text, files, clientIds: used };
  }

  private async submit(flow: SubmittingFlow, session: Session, parts: Submission, raw?: { contentType: string; body: Buffer }) {
    const encoded = raw ?? (await encodeMultipart(parts));
    return this.send({ method: 'POST', path: flow.submit.endpoint, headers: this.headers(session, { 'content-type': encoded.contentType }), body: encoded.body });
  }

  /** A fresh session authorized for `flow` by `credentials` (a VIN alone unless a notice ID is given). */
  private async authorized(flow: Flow, credentials: Record<string, FieldValue>) {
    const auth = await this.authorize(flow, await this.session(), credentials);
    if (!auth.authorized) throw new Error(`could not authorize ${flow.formType}: ${describeAnswer(auth.res)}`);
    return auth;
  }

  async submitChecks(): Promise<void> {
    for (const flow of this.facts.flows.filter(submits)) {
      const name = `POST ${flow.submit.endpoint}`;
      const byVin = (vin: string) => ({ vin, noticeId: null, pin: null });
      const refused = (res: Answer) => res.status >= 400 && res.status < 500;

      // Set by the baseline check, read by a later one.
      const baseline: { filed?: { clientIds: Map<string, string>; code: string } } = {};
      await this.attempt(name, 'a valid submission (baseline)', '200 with a reference code', async () => {
        const vin = this.classVin();
        const auth = await this.authorized(flow, { vin });
        const parts = this.parts(flow, byVin(vin), auth.captcha, await this.captchaToken());
        const res = await this.submit(flow, auth.session, parts);
        const referenceCode = propertyOf(res.json(), 'referenceCodeForm');
        const code = typeof referenceCode === 'string' ? referenceCode : '';
        if (res.status === 200 && code) baseline.filed = { clientIds: parts.clientIds, code };
        return { got: `${describeAnswer(res)}${code ? ` ${code}` : ''}`, pass: res.status === 200 && !!code };
      });

      await this.attempt(name, 'submit without authorize', '401', async () => {
        const s = await this.session();
        const res = await this.submit(flow, s, this.parts(flow, byVin(this.classVin()), null, await this.captchaToken()));
        return { got: describeAnswer(res), pass: res.status === 401 };
      });

      await this.attempt(name, "another claimant's clientIds", "never the other claimant's reference code", async () => {
        if (!baseline.filed) return { got: 'not run: the baseline submission was refused', pass: false };
        const { clientIds, code } = baseline.filed;
        const vin = this.classVin();
        const auth = await this.authorized(flow, { vin });
        const res = await this.submit(flow, auth.session, this.parts(flow, byVin(vin), auth.captcha, await this.captchaToken(), clientIds));
        return { got: `${describeAnswer(res)}${res.body.includes(code) ? ` answered ${code}, the other claimant's` : ''}`, pass: !res.body.includes(code) && res.status < 500 };
      });

      // Credentials that pass the model rules, naming a member the session was not authorized for.
      for (const [check, authorizedAs] of [
        ['a notice ID other than the one authorized', { ...MARIA }],
        ['a notice ID when authorized by VIN alone', { vin: this.classVin() }],
      ] as const) {
        await this.attempt(name, check, '4xx', async () => {
          const auth = await this.authorized(flow, authorizedAs);
          const res = await this.submit(flow, auth.session, this.parts(flow, { vin: authorizedAs.vin, noticeId: JAMES.noticeId, pin: JAMES.pin }, auth.captcha, await this.captchaToken()));
          return { got: describeAnswer(res), pass: refused(res) };
        });
      }

      const probes: Array<[string, string, (p: ReturnType<Sweep['parts']>) => Promise<{ contentType: string; body: Buffer } | void> | void, (res: Answer) => boolean]> = [
        ['firstName: 42 (a number)', '400', (p) => void (p.text.claimantInfo = withField(present(p.text.claimantInfo, 'the claimantInfo part'), 'firstName', 42)), (r) => r.status === 400],
        ['firstName: ["Ann"] (a list)', '400', (p) => void (p.text.claimantInfo = withField(present(p.text.claimantInfo, 'the claimantInfo part'), 'firstName', ['Ann'])), (r) => r.status === 400],
        ['firstName: {"x":1} (an object)', '400', (p) => void (p.text.claimantInfo = withField(present(p.text.claimantInfo, 'the claimantInfo part'), 'firstName', { x: 1 })), (r) => r.status === 400],
        ['a NUL byte in userPreferredCulture', '400', (p) => void (p.text.userPreferredCulture = 'en\u0000'), (r) => r.status === 400],
        ['JSON nested 100,000 levels (a field value)', '400', (p) => void (p.text.claimantInfo = withRawField(present(p.text.claimantInfo, 'the claimantInfo part'), 'firstName', '['.repeat(100_000) + ']'.repeat(100_000))), (r) => r.status === 400],
        ['a 300-character multipart boundary', '400', async (p) => encodeMultipart(p, 'b'.repeat(300)), (r) => r.status === 400],
        ['too many parts', '413', (p) => void addParts(p.text, 300), (r) => r.status === 413],
        ['an unsupported culture (xx)', '400', (p) => void (p.text.userPreferredCulture = 'xx'), (r) => r.status === 400],
        ["a clientId not in the spec's format", '400', (p) => void (p.text.claimantInfo = withClientId(present(p.text.claimantInfo, 'the claimantInfo part'), '../x')), (r) => r.status === 400],
      ];
      if (flow.models.includes('DocumentContexts')) {
        probes.push(
          ['a declared document without its file', '400', (p) => void (p.files = []), (r) => r.status === 400],
          ['an HTML file named .pdf with a PDF header', '400', (p) => void (firstFile(p).bytes = HTML_AS_PDF), (r) => r.status === 400],
          [`a file over the size limit (${this.maxFileBytes + 1} bytes)`, '413', (p) => void (firstFile(p).bytes = oversized(this.maxFileBytes + 1)), (r) => r.status === 413],
          ['a NUL byte in a file name', '400', (p) => nulInFileName(p), (r) => r.status === 400],
        );
      }
      for (const [check, expected, change, pass] of probes) {
        await this.attempt(name, check, `${expected}, never 5xx`, async () => {
          const vin = this.classVin();
          const auth = await this.authorized(flow, { vin });
          const parts = this.parts(flow, byVin(vin), auth.captcha, await this.captchaToken());
          const raw = await change(parts);
          const res = await this.submit(flow, auth.session, parts, raw ?? undefined);
          return { got: describeAnswer(res), pass: pass(res) };
        });
      }

      await this.attempt(name, 'a second submission for the same notice ID', '409 (one per notice ID), never a second reference code', async () => {
        const answers: Answer[] = [];
        for (let i = 0; i < 2; i++) {
          const auth = await this.authorized(flow, { ...MARIA });
          answers.push(await this.submit(flow, auth.session, this.parts(flow, { ...MARIA }, auth.captcha, await this.captchaToken())));
        }
        return { got: answers.map(describeAnswer).join(', then '), pass: answers.at(1)?.status === 409 };
      });
    }

    const claim = this.facts.flows.filter(submits).find((f) => f.formType !== 'Exclusion');
    const exclusion = this.facts.flows.filter(submits).find((f) => f.formType === 'Exclusion');
    if (claim && exclusion) {
      // The member filed a claim just above (or in an earlier run).
      await this.attempt(`POST ${exclusion.submit.endpoint}`, `an exclusion for a member who filed a claim (${claim.formType})`, '409', async () => {
        const auth = await this.authorized(exclusion, { ...MARIA });
        const res = await this.submit(exclusion, auth.session, this.parts(exclusion, { ...MARIA }, auth.captcha, await this.captchaToken()));
        return { got: describeAnswer(res), pass: res.status === 409 };
      });
    }
  }

  /* ----- wrong PINs ----- */

  async pinChecks(): Promise<void> {
    const flow = this.facts.flows.find((f) => f.submit && this.facts.metadataHash.has(`${f.formType}/credentials`.toLowerCase()));
    if (!flow) return;
    const name = `POST ${flow.authorize.endpoint}`;
    const wrong = async (noticeId: string) => (await this.authorize(flow, await this.session(), { vin: MARIA.vin, noticeId, pin: '000000' })).res;
    const locked = (res: Answer) => res.status === 429 && propertyOf(res.json(), 'code') === 'TOO_MANY_PIN_ATTEMPTS';

    await this.attempt(name, 'wrong PINs for one notice ID, one address', '429 within 30 tries, naming the minutes to wait, with Retry-After', async () => {
      for (let i = 1; i <= 30; i++) {
        const res = await wrong('EXM-SWEEP-01');
        if (res.status === 401) continue;
        const error = String(propertyOf(res.json(), 'error') ?? '');
        const retryAfter = res.headers['retry-after'];
        const got = `${describeAnswer(res)} after ${i - 1} wrong; Retry-After ${retryAfter ?? '(none)'}; "${error}"`;
        return { got, pass: locked(res) && /\d/.test(error) && Number(retryAfter) > 0 };
      }
      return { got: '30 wrong PINs, never locked', pass: false };
    });
    await this.attempt(name, "another notice ID on that address (shared address)", '401: one notice ID locked does not lock the address', async () => {
      const res = await wrong('EXM-SWEEP-02');
      return { got: describeAnswer(res), pass: res.status === 401 };
    });
    await this.attempt(name, 'wrong PINs over many notice IDs, one address', '429 within 40 distinct notice IDs', async () => {
      for (let i = 1; i <= 40; i++) {
        const res = await wrong(`EXM-SWEEP-S${String(i).padStart(2, '0')}`);
        if (res.status === 401) continue;
        return { got: `${describeAnswer(res)} at notice ID ${i}`, pass: locked(res) };
      }
      return { got: '40 notice IDs, never locked', pass: false };
    });
  }

  /** Every group asked for, in order (the wrong-PIN checks last: they lock this address). */
  async run(groups: readonly CheckGroup[] = CHECK_GROUPS): Promise<CheckResult[]> {
    try {
      await this.learn();
      if (groups.includes('csrf')) await this.csrfChecks();
      if (groups.includes('paths')) await this.pathChecks();
      if (groups.includes('submit')) await this.submitChecks();
      if (groups.includes('pins')) await this.pinChecks();
    } catch (err) {
      this.record('(sweep)', 'ran to the end', 'every check run', messageOf(err), false);
    }
    return this.results;
  }
}

/* ------------------------------------------------------------------------------------------------
 * Payload bits
 * ----------------------------------------------------------------------------------------------*/

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
/** A PDF header, then an HTML page with a script: not a PDF. */
const HTML_AS_PDF = Buffer.from('%PDF-1.4\n<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');
const oversized = (size: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, size - PDF.length), 0x20)]);

function addParts(text: Record<string, string>, count: number): void {
  for (let i = 0; i < count; i++) text[`extra${i}`] = 'x';
}

/** The model with one field's value replaced by raw JSON text (which JSON.stringify could not write: too deep). */
function withRawField(modelJson: string, field: string, rawValue: string): string {
  return withField(modelJson, field, 'SWEEP-RAW-VALUE').replace('"SWEEP-RAW-VALUE"', rawValue);
}

function withClientId(modelJson: string, clientId: string): string {
  const model: unknown = JSON.parse(modelJson);
  return JSON.stringify({ ...(isRecord(model) ? model : {}), clientId });
}

/**
 * The document named with a NUL byte, in its context and its file part (written by hand: the
 * platform's encoder may escape it).
 */
async function nulInFileName(parts: Submission) {
  const name = 'invoice\u0000.pdf';
  const contexts: unknown = JSON.parse(present(parts.text.documentContexts, 'the documentContexts part'));
  const fields = fieldsOf(Array.isArray(contexts) ? contexts.at(0) : undefined, 'the first document context');
  fields.name = name;
  fields.file = name;
  parts.text.documentContexts = JSON.stringify(contexts);
  firstFile(parts).name = name;
  return encodeMultipart(parts, `sweep${randomInt(1e9)}`);
}

/** A parsed model's `fields` object (changed in place by the probes); throws when it has none. */
function fieldsOf(model: unknown, what: string): Record<string, unknown> {
  const fields = propertyOf(model, 'fields');
  if (!isRecord(fields)) throw new Error(`${what} has no fields`);
  return fields;
}

function withField(modelJson: string, field: string, value: unknown): string {
  const model: unknown = JSON.parse(modelJson);
  fieldsOf(model, 'the model')[field] = value;
  return JSON.stringify(model);
}

/** Multipart as a browser encodes it; with `boundary`, that boundary instead of the platform's. */
export async function encodeMultipart(
  parts: Submission,
  boundary?: string,
): Promise<{ contentType: string; body: Buffer }> {
  if (boundary === undefined) {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts.text)) form.append(name, value);
    for (const f of parts.files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return { contentType: present(request.headers.get('content-type'), "the encoded form's content type"), body: Buffer.from(await request.arrayBuffer()) };
  }
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.text)) chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of parts.files) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.name}"\r\ncontent-type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** The other spellings of a path the router may match: [check name, path]. */
export function spellings(path: string): Array<[string, string]> {
  const segments = path.split('/').slice(1);
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const after = (s: string) => (rest ? `/${s}/${rest}` : `/${s}`);
  const letter = first.search(/[a-z]/i);
  const encodedLetter = letter < 0 ? path : after(`${first.slice(0, letter)}%${first.charCodeAt(letter).toString(16)}${first.slice(letter + 1)}`);
  const lastSlash = path.lastIndexOf('/');
  return [
    ['percent-encoded letter', encodedLetter],
    ['%2F for /', lastSlash > 0 ? `${path.slice(0, lastSlash)}%2F${path.slice(lastSlash + 1)}` : `/%2F${path.slice(1)}`],
    ['//', `/${path}`],
    ['/./', rest ? `/${first}/./${rest}` : `/.${path}`],
    ['upper case', path.toUpperCase()],
    [';x=1', after(`${first};x=1`)],
    ['trailing ?', `${path}?`],
  ];
}

/* ------------------------------------------------------------------------------------------------
 * Command line
 * ----------------------------------------------------------------------------------------------*/

export function parseArgs(argv: readonly string[]): { base: string; groups: CheckGroup[]; maxFileBytes: number; settlementDir: string } {
  let base = 'http://127.0.0.1:3000';
  let groups: CheckGroup[] = [...CHECK_GROUPS];
  let maxFileBytes = 10 * 1024 * 1024;
  let settlementDir = SAMPLE_SETTLEMENT;
  const rest = [...argv];
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    const option = arg;
    const value = () => {
      const v = rest.shift();
      if (v === undefined) throw new Error(`${option} needs a value`);
      return v;
    };
    if (arg === '--base') base = value();
    else if (arg === '--only') {
      const asked = value().split(',').map((g) => g.trim());
      const unknown = asked.filter((g) => !isOneOf(CHECK_GROUPS, g));
      if (unknown.length) throw new Error(`--only: unknown group ${unknown.join(', ')} (groups: ${CHECK_GROUPS.join(', ')})`);
      groups = asked.filter((g): g is CheckGroup => isOneOf(CHECK_GROUPS, g));
    } else if (arg === '--max-file-bytes') maxFileBytes = Number(value());
    else if (arg === '--settlement') settlementDir = value();
    else throw new Error(`unknown option ${arg} (options: --base URL, --only ${CHECK_GROUPS.join(',')}, --max-file-bytes N, --settlement DIR)`);
  }
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1) throw new Error('--max-file-bytes: a whole number of bytes');
  return { base, groups, maxFileBytes, settlementDir };
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseArgs>;
  let target: Target;
  try {
    options = parseArgs(process.argv.slice(2));
    target = new Target(options.base);
  } catch (err) {
    process.stderr.write(`security-sweep: ${messageOf(err)}\n`);
    return 2;
  }
  process.stdout.write(`Sweeping ${target.origin.origin} (${options.groups.join(', ')})…\n\n`);
  const results = await new Sweep(target, { maxFileBytes: options.maxFileBytes, settlementDir: options.settlementDir }).run(options.groups);
  process.stdout.write(`${formatTable(results)}\n${target.budget.used} requests.\n`);
  return exitCode(results);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const stack = propertyOf(err, 'stack');
      process.stderr.write(`security-sweep: ${typeof stack === 'string' ? stack : String(err)}\n`);
      process.exit(2);
    },
  );
}
