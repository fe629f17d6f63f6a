/**
 * Builds the real app for tests: a real database (a temp SQLite file, or a fresh PostgreSQL schema
 * per call), the real captcha emulator on 127.0.0.1, the sample settlement (or a copy), an
 * injected clock. A `Claimant` drives the calls as the browser does, through inject().
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { CSRF_HEADER } from '../../server/plugins/app/session.js';
import { openDatabase } from '../../server/db/index.js';
import type { Database, SubmissionRecord } from '../../server/db/types.js';
import type { FieldValue, FormModel, FormType } from '../../runtime/core/types.js';
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
  open(options?: { busyTimeoutMs?: number }): Promise<Database>;
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

export class Claimant {
  cookie = '';
  csrf = '';
  /** Headers sent with every call, as a browser sends its User-Agent, Accept-Language and Sec-Fetch-*. */
  browserHeaders: Record<string, string> = {};
  /** The client address the server sees (the app must trust one proxy hop), when set. */
  remoteAddress: string | undefined;
  constructor(
    public app: FastifyInstance,
    private emulator: CaptchaEmulator,
    /** Real HTTP (overHttp); without it, the claimant's calls go through inject(). */
    private send?: Send,
  ) {}

  /**
   * This claimant's app over its transport; another app through inject(). A renewed CSRF token in
   * the answer (authorize) is kept, as the browser's API client does.
   */
  private async call(app: FastifyInstance, request: HttpRequest): Promise<HttpResponse> {
    request = { ...request, headers: { ...this.browserHeaders, ...request.headers }, ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}) };
    const res = this.send && app === this.app ? await this.send(request) : ((await app.inject(request as InjectOptions)) as unknown as HttpResponse);
    const renewed = res.headers[CSRF_HEADER.toLowerCase()];
    if (typeof renewed === 'string' && renewed) this.csrf = renewed;
    return res;
  }

  private keepCookie(setCookie: string | string[] | undefined) {
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) this.cookie = first.split(';')[0]!;
  }

  async start(): Promise<this> {
    const res = await this.call(this.app, { url: '/api/csrf', headers: this.cookie ? { cookie: this.cookie } : {} });
    this.keepCookie(res.headers['set-cookie']);
    this.csrf = res.json<{ requestToken: string }>().requestToken;
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

  /** `more` goes into the body too (a `resumeCode`). */
  async authorize(formType: FormType, fields: Record<string, FieldValue>, reCaptchaResponse?: string | null, app = this.app, more: Record<string, unknown> = {}) {
    const path = formType.toLowerCase();
    const res = await this.call(app, {
      method: 'POST',
      url: `/api/forms/${path}/authorize`,
      headers: this.headers(),
      payload: { credentials: model(formType, 'Credentials', fields), reCaptchaResponse: reCaptchaResponse === undefined ? await this.captchaToken() : reCaptchaResponse, ...more },
    });
    this.keepCookie(res.headers['set-cookie']);
    return res;
  }

  async submit(formType: FormType, parts: Parts, app = this.app) {
    const { body, contentType } = await encodeMultipart(parts);
    return this.call(app, {
      method: 'POST',
      url: `/api/forms/${formType.toLowerCase()}`,
      headers: this.headers({ 'content-type': contentType }),
      payload: body,
    });
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
