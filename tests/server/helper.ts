/**
 * Builds the real app for tests: a real database (a temp SQLite file, or a fresh PostgreSQL schema
 * per call), the real captcha emulator on 127.0.0.1, the sample settlement (or a copy), an
 * injected clock. A `Claimant` drives the calls as the browser does, through the one API client
 * (runtime/core/api) over real HTTP or inject().
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { CSRF_HEADER } from '../../server/plugins/app/session.js';
import { openDatabase } from '../../server/db/index.js';
import type { Database, OpenDatabaseOptions, SubmissionRecord } from '../../server/db/types.js';
import type { FieldValue, FormModel, FormType } from '../../runtime/core/types.js';
import { API_PATHS, createApiClient, endpointsFromFlows, type ApiClient, type FormEndpoints, type RawRequest } from '../../runtime/core/api/index.js';
import { createCookieJar, type CookieJar } from '../../runtime/core/api/cookie-jar.js';
import { FLOWS_PATH, flowsFromBody } from '../../runtime/app/flowsSource.js';
import { answerOf } from '../support/api-client.js';
import { MINIMAL_PNG, minimalPdf } from '../support/documents.js';
import { invoiceContext, MARIA, MARIA_ANSWERS, sampleModel } from '../support/sample-claim.js';

export { MARIA };
export const NOT_CLASS_VIN = '1HGCM82633A004352';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = path.join(ROOT, 'server-fixtures');
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SECRET = 'test-session-secret-0123456789abcdefghij';
export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/** 2026-11-25 04:00 Pacific: every sample deadline is still open. */
export const OPEN_NOW = Date.parse('2026-11-25T12:00:00Z');

export interface TestDatabase {
  /** SQLite: the folder of the database file. */
  dataDir: string;
  /** Environment for an admin CLI or server process on the same database. */
  env: Record<string, string>;
  /** Opens another handle on the same data (a second server instance). */
  open(options?: Pick<OpenDatabaseOptions, 'busyTimeoutMs' | 'onStatement'>): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function testDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-test-'));
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const opened: Database[] = [];
  return {
    dataDir,
    env: dialect === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: '' },
    async open(options = {}) {
      const db = await openDatabase(dialect === 'postgres' ? { databaseUrl: PG_URL, schema, dataDir, ...options } : { dataDir, ...options });
      opened.push(db);
      return db;
    },
    async cleanup() {
      for (const db of opened) await db.close();
      if (dialect === 'postgres') {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the sample settlement in a temp folder, with some files replaced. */
export function settlementCopy(replace: Record<string, unknown | null> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-settlement-'));
  cpSync(FIXTURES, dir, { recursive: true });
  for (const [file, content] of Object.entries(replace)) {
    if (content === null) rmSync(path.join(dir, file));
    else writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

/** A tiny built app for the shell tests. */
export function fixtureDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>');
  cpSync(path.join(dir, 'index.html'), path.join(dir, 'other.html'));
  return dir;
}

export async function testApp(database: Database, emulator: CaptchaEmulator, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    database,
    sessionSecret: SECRET,
    environment: 'test',
    clock: () => OPEN_NOW,
    captcha: { emulatorOrigin: emulator.origin, timeoutMs: 1000 },
    appDistDir: path.join(tmpdir(), 'no-such-dist'),
    // The test clock stands still: every submit would be an instant one (the fraud tests turn it on).
    shedFastSubmits: false,
    ...options,
  });
}

/**
 * For a describe block: apps built on one SQLite test database, every one closed and the database
 * removed after the block. `start` builds an app on a fresh connection (`emulator` is read then);
 * `open` gives a connection of one's own.
 */
export function appsOnSqlite(emulator: () => CaptchaEmulator): { start(options?: Partial<BuildAppOptions>): Promise<FastifyInstance>; open(): Promise<Database> } {
  let db: TestDatabase | undefined;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await testDatabase('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.cleanup();
  });
  const open = () => {
    if (!db) throw new Error('appsOnSqlite: open the database inside a test.');
    return db.open();
  };
  return {
    open,
    async start(options = {}) {
      const app = await testApp(await open(), emulator(), options);
      apps.push(app);
      return app;
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * The claimant's models
 * ----------------------------------------------------------------------------------------------*/

let seq = 0;

export function model(formType: FormType, dtoMapping: string, fields: Record<string, FieldValue>): FormModel {
  seq++;
  return sampleModel(formType, dtoMapping, fields, `t${String(seq).padStart(7, '0')}${Math.random().toString(36).slice(2, 10).padEnd(8, '0')}`);
}

export function claimantInfo(formType: FormType): FormModel {
  return model(formType, 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo });
}

export function signature(formType: FormType): FormModel {
  return model(formType, 'Signature', { ...MARIA_ANSWERS.Signature });
}

/** Minimal whole files of each type (tests/support/documents.ts), as a browser would upload them. */
export const FILES = {
  pdf: minimalPdf(),
  png: MINIMAL_PNG,
  text: Buffer.from('this is plain text, not a PDF'),
};

export interface Parts {
  text: Record<string, string>;
  files: Array<{ field: string; name: string; type: string; bytes: Uint8Array }>;
}

export interface Credentials {
  vin: string;
  noticeId: string | null;
  pin: string | null;
}

/** Authorized by the VIN alone. */
export const vinOnly = (vin: string): Credentials => ({ vin, noticeId: null, pin: null });

let vehicles: string[] | undefined;
let nextVehicle = 0;

/**
 * A class vehicle of the sample settlement that no class member and no other call in this process
 * names: a claimant of its own, for tests that file many submissions on one database under the
 * sample duplicate policy.
 */
export function otherClassVehicle(): string {
  vehicles ??= readFileSync(path.join(FIXTURES, 'class-vehicles.csv'), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.trim())
    .filter((vin) => vin && !['5EXMA1B20HC000101', '5EXMA1B20JC000202', '5EXMS2D41KC000303'].includes(vin));
  const vin = vehicles[nextVehicle++ % vehicles.length];
  if (!vin) throw new Error('server-fixtures/class-vehicles.csv has no class vehicles');
  return vin;
}

/** The parts of a complete, valid Automotive submission (one repair, one document), for `credentials` (default María with her Notice ID). */
export function automotiveParts(captchaRawValue: string | null, reCaptchaResponse: string | null, credentials: Credentials = MARIA): Parts {
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
  const doc = model('Automotive', 'DocumentContexts', invoiceContext(repair.clientId, FILES.pdf.length));
  return {
    text: {
      ...(reCaptchaResponse ? { reCaptchaResponse } : {}),
      userPreferredCulture: 'en',
      ...(captchaRawValue ? { captchaRawValue } : {}),
      credentials: JSON.stringify(model('Automotive', 'Credentials', { ...credentials })),
      claimantInfo: JSON.stringify(claimantInfo('Automotive')),
      claimDetails: JSON.stringify(model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails })),
      signature: JSON.stringify(signature('Automotive')),
      prepopulatedData: '[]',
      documentContexts: JSON.stringify([doc]),
      claimTransactions: JSON.stringify([repair]),
    },
    files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: FILES.pdf }],
  };
}

/** The parts of an Exclusion, for `credentials` (default María's VIN alone). */
export function exclusionParts(captchaRawValue: string | null, reCaptchaResponse: string | null, credentials: Credentials = vinOnly(MARIA.vin)): Parts {
  return {
    text: {
      ...(reCaptchaResponse ? { reCaptchaResponse } : {}),
      userPreferredCulture: 'es',
      ...(captchaRawValue ? { captchaRawValue } : {}),
      credentials: JSON.stringify(model('Exclusion', 'Credentials', { ...credentials })),
      claimantInfo: JSON.stringify(claimantInfo('Exclusion')),
      signature: JSON.stringify(signature('Exclusion')),
      prepopulatedData: '[]',
      documentContexts: '[]',
      claimTransactions: '[]',
    },
    files: [],
  };
}

/** Real multipart encoding (the platform's FormData), as the browser sends it. */
export async function encodeMultipart(parts: Parts): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.text)) form.append(name, value);
  for (const f of parts.files) form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/* ------------------------------------------------------------------------------------------------
 * Real HTTP
 * ----------------------------------------------------------------------------------------------*/

export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (content-type application/json unless given), a string or Buffer as is. */
  payload?: unknown;
  /** The client address the server should see: sent as X-Forwarded-For (the app must trust the proxy). */
  remoteAddress?: string;
}

export interface HttpResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type Send = (request: string | HttpRequest) => Promise<HttpResponse>;

/**
 * Requests over a real socket to a listening app (Node's HTTP parser, timeouts and limits
 * included), with the request shape of `inject`. The Host header is `localhost`, as in a browser
 * on the development machine.
 */
export async function overHttp(app: FastifyInstance): Promise<Send> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return httpTo((app.server.address() as AddressInfo).port);
}

/** Requests as overHttp sends them, to a server listening on 127.0.0.1:`port` (one in another process). */
export function httpTo(port: number): Send {
  return (request) => {
    const r: HttpRequest = typeof request === 'string' ? { url: request } : request;
    const headers: Record<string, string> = { host: 'localhost', ...r.headers };
    let body: Buffer | null = null;
    if (r.payload !== undefined) {
      if (Buffer.isBuffer(r.payload)) body = r.payload;
      else if (typeof r.payload === 'string') body = Buffer.from(r.payload);
      else {
        body = Buffer.from(JSON.stringify(r.payload));
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      }
      headers['content-length'] = String(body.length);
    }
    if (r.remoteAddress) headers['x-forwarded-for'] = r.remoteAddress;
    return new Promise<HttpResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: r.method ?? 'GET', path: r.url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  };
}

/* ------------------------------------------------------------------------------------------------
 * The claimant
 * ----------------------------------------------------------------------------------------------*/

/** The origin the tests' API clients address (the Host a browser on the development machine sends). */
const TEST_ORIGIN = 'http://localhost';

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for the API client over a Send (real HTTP) or inject(): the request's path and query go
 * to the app as sent, its headers with `extra()` under them (browser headers, the client address).
 */
export function fetchOver(send: Send, extra: () => { headers: Record<string, string>; remoteAddress?: string } = () => ({ headers: {} })): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const { headers: under, remoteAddress } = extra();
    const headers: Record<string, string> = { ...under };
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const body = init?.body;
    let payload: Buffer | string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body instanceof Uint8Array) payload = Buffer.from(body);
    else if (body instanceof FormData) {
      // Encoded as the platform encodes it, with its multipart boundary.
      const request = new Request(url, { method: 'POST', body });
      payload = Buffer.from(await request.arrayBuffer());
      headers['content-type'] = request.headers.get('content-type') ?? '';
    } else if (body !== undefined && body !== null) throw new Error('fetchOver: send a string, bytes or FormData');
    const res = await send({ method: init?.method ?? 'GET', url: `${url.pathname}${url.search}`, headers, ...(payload !== undefined ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [String(value)]) answerHeaders.append(name, one);
    }
    return new Response(NULL_BODY_STATUSES.has(res.statusCode) ? null : res.body, { status: res.statusCode, headers: answerHeaders });
  };
}

const INJECT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const injectMethod = (method: string): (typeof INJECT_METHODS)[number] => {
  const upper = method.toUpperCase();
  const known = INJECT_METHODS.find((m) => m === upper);
  if (!known) throw new Error(`inject: no method ${method}`);
  return known;
};

/** Requests through app.inject() in the shape of a Send. */
export function injectInto(app: FastifyInstance): Send {
  return async (request) => {
    const r: HttpRequest = typeof request === 'string' ? { url: request } : request;
    const headers = { ...r.headers, ...(r.remoteAddress ? { 'x-forwarded-for': r.remoteAddress } : {}) };
    const payload = r.payload;
    const res = await app.inject({
      method: injectMethod(r.method ?? 'GET'),
      url: r.url,
      headers,
      ...(typeof payload === 'string' || (typeof payload === 'object' && payload !== null) ? { payload } : {}),
    });
    const answerHeaders: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    return { statusCode: res.statusCode, headers: answerHeaders, body: res.body, json: () => JSON.parse(res.body) };
  };
}

/** An answer of the API client in the shape the tests read (statusCode, headers, body, json()). */
async function httpResponseOf(response: Response): Promise<HttpResponse> {
  const { status, headers, body } = await answerOf(response);
  return { statusCode: status, headers, body, json: () => JSON.parse(body) };
}

/** The form calls of an app's settlement, as its flows declare them. */
function endpointsOf(app: FastifyInstance): FormEndpoints {
  return endpointsFromFlows(app.settlement.flows.map((f) => f.flow));
}

/** An app, or none (a claimant of a server in another process). */
function isApp(app: FastifyInstance | null | undefined): app is FastifyInstance {
  return typeof app === 'object' && app !== null;
}

/**
 * A claimant as the browser is one: the one API client (runtime/core/api) with a cookie jar,
 * over real HTTP (`send`) or inject(). `cookie` and `csrf` are the session the client holds, and
 * can be set (a test handing the claimant another session).
 */
export class Claimant {
  /** Headers sent with every call, as a browser sends its User-Agent, Accept-Language and Sec-Fetch-*. */
  browserHeaders: Record<string, string> = {};
  /** The client address the server sees (the app must trust one proxy hop), when set. */
  remoteAddress: string | undefined;
  readonly cookies: CookieJar = createCookieJar();
  readonly api: ApiClient;
  constructor(
    public app: FastifyInstance,
    private emulator: CaptchaEmulator,
    /** Real HTTP (overHttp); without it, the claimant's calls go through inject(). */
    send?: Send,
  ) {
    this.api = this.clientOver(send ?? injectInto(app));
  }

  private clientOver(send: Send): ApiClient {
    const extra = () => ({ headers: this.browserHeaders, ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}) });
    return createApiClient({ baseUrl: TEST_ORIGIN, fetch: fetchOver(send, extra), cookies: this.cookies, csrf: this.api?.csrfToken() ?? null });
  }

  /** The session cookie(s) the claimant sends ('' before the first call). */
  get cookie(): string {
    return this.cookies.cookieHeader(`${TEST_ORIGIN}/`) ?? '';
  }

  set cookie(header: string) {
    this.cookies.clear();
    if (header) this.cookies.store(`${TEST_ORIGIN}/`, header.split(/;\s*/).map((pair) => `${pair}; Path=/`));
  }

  /** The CSRF token the claimant's unsafe calls carry. */
  get csrf(): string {
    return this.api.csrfToken()?.requestToken ?? '';
  }

  set csrf(requestToken: string) {
    this.api.setCsrfToken({ requestHeaderName: CSRF_HEADER, requestToken });
  }

  /**
   * One request through the claimant's client (its cookies, its token; a renewed token in the
   * answer is kept); to another app, through that app's inject() with the same cookies and token.
   */
  async raw(method: string, path: string, init: RawRequest = {}, app = this.app): Promise<HttpResponse> {
    if (app === this.app) return httpResponseOf(await this.api.raw(method, path, init));
    const other = this.clientOver(injectInto(app));
    const res = await httpResponseOf(await other.raw(method, path, init));
    this.api.setCsrfToken(other.csrfToken());
    return res;
  }

  async start(): Promise<this> {
    const answer = await this.api.getCsrf();
    if (!answer.ok || !answer.data) throw new Error(`GET ${API_PATHS.csrf}: ${answer.status ?? 'no answer'}`);
    return this;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: this.cookie, 'x-csrf-token': this.csrf, ...extra };
  }

  /** A fresh token from the emulator, obtained over HTTP as the browser script does. */
  async captchaToken(sitekey = 'emulator-site-key', hostname = 'localhost'): Promise<string> {
    const res = await fetch(`${this.emulator.origin}/token`, { method: 'POST', body: JSON.stringify({ sitekey, hostname }) });
    return ((await res.json()) as { token: string }).token;
  }

  private served: Promise<FormEndpoints> | undefined;

  /**
   * Where `app`'s flows have `formType` authorize or submit; for a claimant of a server in another
   * process (no app), the flows that server answers (GET /api/forms/flows).
   */
  async endpoint(formType: FormType, call: 'authorize' | 'submit', app = this.app): Promise<string> {
    const read = async () => {
      const res = await this.api.raw('GET', FLOWS_PATH);
      if (!res.ok) throw new Error(`GET ${FLOWS_PATH} answered ${res.status}`);
      return endpointsFromFlows(flowsFromBody(await res.json()));
    };
    const endpoints = isApp(app) ? endpointsOf(app) : await (this.served ??= read());
    const endpoint = endpoints[formType]?.[call]?.endpoint;
    if (!endpoint) throw new Error(`The settlement's flows give no ${call} address for ${formType}`);
    return endpoint;
  }

  /** `more` goes into the body too (a `resumeCode`). */
  async authorize(formType: FormType, fields: Record<string, FieldValue>, reCaptchaResponse?: string | null, app = this.app, more: Record<string, unknown> = {}) {
    const json = { credentials: model(formType, 'Credentials', fields), reCaptchaResponse: reCaptchaResponse === undefined ? await this.captchaToken() : reCaptchaResponse, ...more };
    return this.raw('POST', await this.endpoint(formType, 'authorize', app), { json }, app);
  }

  async submit(formType: FormType, parts: Parts, app = this.app) {
    const { body, contentType } = await encodeMultipart(parts);
    return this.raw('POST', await this.endpoint(formType, 'submit', app), { body: new Uint8Array(body), headers: { 'Content-Type': contentType } }, app);
  }
}

/* ------------------------------------------------------------------------------------------------
 * One server for a describe block
 * ----------------------------------------------------------------------------------------------*/

/** A claimant authorized for a form: the captcha value authorize answered, and the parts of their submission. */
export interface Authorized {
  c: Claimant;
  raw: string;
  credentials: Credentials;
  prepopulatedData: Record<string, unknown> | null;
  /** A complete, valid submission of the form for these credentials, with the provider `token`. */
  parts(token: string): Parts;
}

export interface TestServer {
  readonly emulator: CaptchaEmulator;
  readonly db: TestDatabase;
  readonly app: FastifyInstance;
  /** Real HTTP to `app`. */
  readonly http: Send;
  /** A claimant with a session and its CSRF token, over real HTTP. */
  claimant(): Promise<Claimant>;
  /**
   * A claimant authorized for `formType` (by default with a class vehicle of their own, so that the
   * sample duplicate policy sees a new claimant each time).
   */
  authorized(formType?: 'Automotive' | 'Exclusion', credentials?: Credentials): Promise<Authorized>;
  /** How many submissions the database holds. */
  stored(): Promise<number>;
  /**
   * Submits an Automotive claim (María's answers) for a class vehicle of its own, as `change`
   * makes it: the response, and the stored record (null when refused, and then nothing was stored).
   */
  submitChanged(change: (parts: Parts) => Parts): Promise<{ res: HttpResponse; record: SubmissionRecord | null }>;
}

/**
 * For a describe block: the captcha emulator, a test database of `dialect` and an app on it
 * listening for real HTTP, all closed and removed after the block. `options` go to `testApp`; a
 * function is called in beforeAll (a settlement copy made only when the block runs). The getters
 * are read inside tests.
 */
export function serverOver(dialect: Dialect, options: Partial<BuildAppOptions> | (() => Partial<BuildAppOptions>) = {}): TestServer {
  let emulator: CaptchaEmulator | undefined;
  let db: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let http: Send | undefined;
  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    app = await testApp(await db.open(), emulator, typeof options === 'function' ? options() : options);
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serverOver: the server starts in beforeAll; use it inside a test.');
    return value;
  };
  const server: TestServer = {
    get emulator() {
      return started(emulator);
    },
    get db() {
      return started(db);
    },
    get app() {
      return started(app);
    },
    get http() {
      return started(http);
    },
    claimant: () => new Claimant(server.app, server.emulator, server.http).start(),
    async authorized(formType = 'Automotive', credentials = vinOnly(otherClassVehicle())) {
      const c = await server.claimant();
      const res = await c.authorize(formType, { ...credentials });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ captcha: string; prepopulatedData: Record<string, unknown> | null }>();
      const raw = answer.captcha;
      const parts = (token: string) => (formType === 'Automotive' ? automotiveParts(raw, token, credentials) : exclusionParts(raw, token, credentials));
      return { c, raw, credentials, prepopulatedData: answer.prepopulatedData, parts };
    },
    stored: async () => (await server.app.stores.submissions.listSubmissions()).length,
    async submitChanged(change) {
      const a = await server.authorized();
      const before = await server.stored();
      const res = await a.c.submit('Automotive', change(a.parts(await a.c.captchaToken())));
      const code = res.json<{ referenceCodeForm: string | null }>().referenceCodeForm;
      const record = code ? await server.app.stores.submissions.getByReferenceCode(code) : null;
      if (!code) expect(await server.stored()).toBe(before);
      return { res, record };
    },
  };
  return server;
}

/**
 * A claimant authorized for the Automotive form whose claim in progress reached the repairs page
 * (María's answers and one repair saved by a page save): the ground of the document uploads' tests.
 */
export async function claimOnRepairsPage(server: TestServer): Promise<Authorized & { repair: FormModel; models: FormModel[] }> {
  const a = await server.authorized();
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
  const models = [model('Automotive', 'Credentials', { ...a.credentials }), claimantInfo('Automotive'), model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }), repair];
  const saved = await server.http({ method: 'PUT', url: '/api/forms/automotive/draft', headers: a.c.headers(), payload: { pageId: 'repairs', models } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...a, repair, models };
}
