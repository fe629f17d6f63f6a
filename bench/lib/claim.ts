/**
 * A claimant as the browser is one, over real HTTP on 127.0.0.1, through the one API client: session
 * + CSRF token, a captcha token from the emulator, authorize, and a complete Automotive submission (every model of the
 * flow, one repair, one document with a 100 KiB PDF) encoded as the browser encodes it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MULTIPART_FIELDS, payloadToFormData } from '../../runtime/core/payload/index.js';
import type { FieldValue, FormModel, FormType, SubmissionPayload } from '../../runtime/core/types.js';
import { API_PATHS, DRAFT_SUFFIX, type FormEndpoints } from '../../runtime/core/api/index.js';
import { claimantClient, endpointOf, readEndpoints, sessionCookie, type ClaimantClient } from '../../tests/support/api-client.js';
import { invoiceContext, MARIA, MARIA_ANSWERS, sampleModel } from '../../tests/support/sample-claim.js';

export { MARIA };
export const PDF_BYTES = 100 * 1024;

/** Unique per process: clientIds of two bench processes never collide. */
const RUN = randomBytes(4).toString('hex');
let sequence = 0;

/** A clientId in the app's shape: prefix + 7-digit sequence + 8 characters. */
export function clientId(prefix = 'b'): string {
  sequence++;
  return `${prefix}${String(sequence % 10_000_000).padStart(7, '0')}${RUN}`;
}

export function model(formType: FormType, dtoMapping: string, fields: Record<string, FieldValue>): FormModel {
  return sampleModel(formType, dtoMapping, fields, clientId());
}

/** A PDF of `size` bytes (magic number, a comment carrying `label`, padding, trailer). */
export function pdf(label: string, size = PDF_BYTES): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj\n<<>>\nendobj\n`);
  const tail = Buffer.from('\ntrailer\n<<>>\n%%EOF\n');
  const body = Buffer.alloc(size - head.length - tail.length, 0x20);
  // Some variety, so pages are not one repeated byte.
  for (let i = 0; i < body.length; i += 64) body[i] = 0x0a;
  return Buffer.concat([head, body, tail]);
}

/** One file part named by a DocumentContexts clientId, as the app's upload to the claim in progress sends it. */
export function documentMultipart(field: string, name: string, bytes: Buffer): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const VEHICLES = readFileSync(fileURLToPath(new URL('../../server-fixtures/class-vehicles.csv', import.meta.url)), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .map((line) => line.trim())
  .filter(Boolean);

/**
 * The i-th class vehicle of the sample settlement, cycling: claimants of their own, authorized by
 * the VIN alone (one VIN for every claim would make each submission wait for the previous one's
 * duplicate check, which no real settlement sees).
 */
export const VEHICLE_COUNT = VEHICLES.length;

export function classVehicle(i: number): Record<string, FieldValue> {
  return { vin: VEHICLES[i % VEHICLES.length]!, noticeId: null, pin: null };
}

/**
 * A complete Automotive claim as the flow builds it (Maria's answers), with one repair and its
 * invoice, for the credentials the session was authorized with (default: María's VIN alone).
 */
export function automotivePayload(options: { captchaRawValue: string; reCaptchaResponse: string; file: Buffer; credentials?: Record<string, FieldValue> }): SubmissionPayload {
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
  const doc = model('Automotive', 'DocumentContexts', invoiceContext(repair.clientId, options.file.length));
  return {
    reCaptchaResponse: options.reCaptchaResponse,
    userPreferredCulture: 'en',
    captchaRawValue: options.captchaRawValue,
    credentials: model('Automotive', 'Credentials', { ...(options.credentials ?? { vin: MARIA.vin, noticeId: null, pin: null }) }),
    claimantInfo: model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    claimDetails: model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    signature: model('Automotive', 'Signature', { ...MARIA_ANSWERS.Signature }),
    prepopulatedData: [],
    documentContexts: [doc],
    claimTransactions: [repair],
    documents: [{ clientId: doc.clientId, name: 'invoice.pdf', size: options.file.length, type: 'application/pdf', data: options.file }],
  };
}

/**
 * A page save of the Automotive claim in progress (PUT …/draft): the answers up to the eligibility
 * page (credentials, claimant info, claim details), for the credentials the session was authorized with.
 */
export function automotivePageSave(credentials: Record<string, FieldValue> = { vin: MARIA.vin, noticeId: null, pin: null }, mailingStreetLine2: string | null = null): string {
  const models = [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo, mailingStreetLine2 }),
    model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
  ];
  return JSON.stringify({ pageId: 'eligibility', models });
}

/** Repairs a claimant has saved when the record-save figure saves one more. */
export const SAVED_REPAIRS = 3;

/**
 * A record saved on the repairs page (PUT …/draft, `unfinished`: the claimant is still on it): the
 * answers up to the repairs page and the repairs saved so far, for the credentials the session was
 * authorized with.
 */
export function automotiveRecordSave(credentials: Record<string, FieldValue> = { vin: MARIA.vin, noticeId: null, pin: null }): string {
  const models = [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    ...Array.from({ length: SAVED_REPAIRS }, (_, i) => model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions, facilityName: `Bench Motors ${i + 1}` })),
  ];
  return JSON.stringify({ pageId: 'repairs', models, unfinished: true });
}

/** The model clientIds of a payload (one logical submission, whatever its retries). */
export function payloadClientIds(payload: SubmissionPayload): string[] {
  const one = [payload.credentials, payload.claimantInfo, payload.claimDetails, payload.signature].filter((m): m is FormModel => m !== null);
  return [...one, ...payload.prepopulatedData, ...payload.documentContexts, ...payload.claimTransactions].map((m) => m.clientId).sort();
}

export interface Encoded {
  body: Buffer;
  contentType: string;
}

const CRLF = '\r\n';
const quoted = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * Synchronous multipart encoding with the same parts, order and values as payloadToFormData (so it
 * can run inside autocannon's setupRequest); `checkEncoding` compares the two.
 */
export function encodeSubmission(payload: SubmissionPayload): Encoded {
  const boundary = `----benchBoundary${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const textPart = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${quoted(name)}"${CRLF}${CRLF}${value}${CRLF}`));
  for (const name of MULTIPART_FIELDS.text) {
    const value = payload[name];
    if (value !== null && value !== undefined) textPart(name, value);
  }
  for (const name of MULTIPART_FIELDS.json) textPart(name, JSON.stringify(payload[name] ?? null));
  for (const file of payload.documents ?? []) {
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${quoted(file.clientId)}"; filename="${quoted(file.name)}"${CRLF}Content-Type: ${file.type}${CRLF}${CRLF}`,
      ),
    );
    chunks.push(Buffer.from(file.data as Uint8Array));
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The browser's own encoding (payloadToFormData → the platform's FormData serializer). */
export async function encodeWithFormData(payload: SubmissionPayload): Promise<Encoded> {
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: payloadToFormData(payload) });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Parts (name, filename, bytes) of an encoded body, for comparing two encodings. */
export async function partsOf(encoded: Encoded): Promise<Array<{ name: string; filename: string | null; value: string }>> {
  const form = await new Response(encoded.body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': encoded.contentType } }).formData();
  const out: Array<{ name: string; filename: string | null; value: string }> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out.push({ name, filename: null, value });
    else out.push({ name, filename: value.name, value: Buffer.from(await value.arrayBuffer()).toString('base64') });
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * HTTP
 * ----------------------------------------------------------------------------------------------*/

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

export interface Session {
  /** The session's Cookie header and CSRF token, for a load generator sending requests of its own. */
  cookie: string;
  csrf: string;
  /** The API client holding the session (its cookie jar and token). */
  client: ClaimantClient;
}

export interface AuthorizedSession extends Session {
  /** captchaRawValue for the submit. */
  captcha: string;
  /** What it was authorized with: the submit's credentials must name the same claimant. */
  credentials: Record<string, FieldValue>;
}

/** A form's calls on the server under test, from its flow files. */
export interface FormPaths {
  authorize: string;
  submit: string;
  /** The claim in progress (PUT a page). */
  draft: string;
}

/**
 * Claimants of the server at `baseUrl`, each session an API client of its own (runtime/core/api,
 * with a cookie jar): the requests the timed runs send are prepared here, outside the measurement.
 */
export class Claimant {
  private endpoints: Promise<FormEndpoints> | undefined;

  constructor(
    readonly baseUrl: string,
    readonly emulatorOrigin: string,
    readonly timeoutMs = 10_000,
  ) {}

  /** Every request of a claimant gives up after timeoutMs. */
  private readonly timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });

  /** A form's calls (default the Automotive claim's), from the server's flows read once. */
  async formPaths(formType: FormType = 'Automotive'): Promise<FormPaths> {
    this.endpoints ??= readEndpoints(this.baseUrl, this.timedFetch);
    const endpoints = await this.endpoints;
    const submit = endpointOf(endpoints, formType, 'submit');
    return { authorize: endpointOf(endpoints, formType, 'authorize'), submit, draft: `${submit}${DRAFT_SUFFIX}` };
  }

  private snapshot(client: ClaimantClient): Session {
    const csrf = client.api.csrfToken();
    if (!csrf) throw new Error('no CSRF token');
    return { cookie: sessionCookie(client, this.baseUrl), csrf: csrf.requestToken, client };
  }

  async session(): Promise<Session> {
    const client = claimantClient(this.baseUrl, { fetch: this.timedFetch });
    const answer = await client.api.getCsrf();
    if (!answer.ok || !answer.data) throw new HttpError(`GET ${API_PATHS.csrf}: ${answer.status ?? 'no answer'}`, answer.status ?? 0, answer.ok ? '' : answer.error);
    return this.snapshot(client);
  }

  /** A fresh provider token, as the emulator's browser script obtains it. */
  async captchaToken(hostname = '127.0.0.1'): Promise<string> {
    const res = await this.timedFetch(`${this.emulatorOrigin}/token`, { method: 'POST', body: JSON.stringify({ sitekey: 'emulator-site-key', hostname }) });
    if (!res.ok) throw new HttpError(`emulator /token: ${res.status}`, res.status, await res.text());
    return ((await res.json()) as { token: string }).token;
  }

  authorizeBody(formType: FormType, fields: Record<string, FieldValue>, token: string): string {
    return JSON.stringify({ credentials: model(formType, 'Credentials', fields), reCaptchaResponse: token });
  }

  async authorize(session: Session, formType: FormType, fields: Record<string, FieldValue>): Promise<AuthorizedSession> {
    const paths = await this.formPaths(formType);
    // Authorize rotates the session and renews its CSRF token: the client keeps both.
    const res = await session.client.api.raw('POST', paths.authorize, { body: this.authorizeBody(formType, fields, await this.captchaToken()), headers: { 'Content-Type': 'application/json' } });
    const body = await res.text();
    if (!res.ok) throw new HttpError(`authorize: ${res.status} ${body}`, res.status, body);
    const json = JSON.parse(body) as { authorized: boolean; captcha: string | null };
    if (!json.authorized || !json.captcha) throw new HttpError(`authorize: not authorized ${body}`, res.status, body);
    return { ...this.snapshot(session.client), captcha: json.captcha, credentials: fields };
  }

  /** PUT a page of the Automotive claim in progress (automotivePageSave's body). */
  async saveDraft(session: Session, body: string): Promise<{ status: number; body: string }> {
    const res = await session.client.api.raw('PUT', (await this.formPaths()).draft, { body, headers: { 'Content-Type': 'application/json' } });
    return { status: res.status, body: await res.text() };
  }

  /** POST a document to the Automotive claim in progress (one file part named by its DocumentContexts clientId). */
  async uploadDocument(session: Session, field: string, name: string, bytes: Buffer): Promise<{ status: number; body: string }> {
    const { body, contentType } = documentMultipart(field, name, bytes);
    const res = await session.client.api.raw('POST', `${(await this.formPaths()).draft}/documents`, { body, headers: { 'Content-Type': contentType } });
    return { status: res.status, body: await res.text() };
  }

  /** POST an encoded Automotive submission (encodeSubmission: the same bytes each retry). */
  async submit(session: Session, encoded: Encoded): Promise<{ status: number; body: string; referenceCode: string | null }> {
    const res = await session.client.api.raw('POST', (await this.formPaths()).submit, { body: encoded.body as Uint8Array<ArrayBuffer>, headers: { 'Content-Type': encoded.contentType } });
    const body = await res.text();
    let referenceCode: string | null;
    try {
      referenceCode = (JSON.parse(body) as { referenceCodeForm?: string | null }).referenceCodeForm ?? null;
    } catch {
      referenceCode = null;
    }
    return { status: res.status, body, referenceCode };
  }
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; stops at the deadline. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>, deadline = Infinity): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}
