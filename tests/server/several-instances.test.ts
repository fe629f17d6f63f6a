/**
 * Several instances of the server on one database, one Redis and one bucket (docs/operating.md,
 * "Several instances"), on SQLite and PostgreSQL, over real HTTP on 127.0.0.1:
 * - a claimant moves between two instances mid-flow with one cookie jar: started on A, a document
 *   uploaded through B, the claim in progress read and filed on A; it is stored once, its document
 *   is the bucket's object byte for byte (the admin CLI fetches it), and its receipt goes out once
 *   although both instances' senders run;
 * - an instance in a process of its own, killed with SIGKILL while uploads are in flight (one
 *   whose object the bucket stored before the instance heard so, one whose body was arriving),
 *   loses no document it acknowledged: the other instance lists and files them all; those in flight
 *   left no row, so no row names a missing object, and the housekeeping sweep (its clock past the
 *   grace period) deletes the object the kill left unnamed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '../../runtime/core/types.js';
import { runCli } from '../../server/admin/cli.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { smtpMailer } from '../../server/mail/transport.js';
import { createDocumentSweep, ORPHAN_GRACE_MS } from '../../server/documents/sweep.js';
import { documentOfSize } from '../support/documents.js';
import { startMailSink, type MailSink } from '../support/mail-sink.js';
import { startObjectStorage, startObjectStorageProxy, type ObjectStorage, type ObjectStorageProxy } from '../support/s3.js';
import { invoiceContext, MARIA_ANSWERS } from '../support/sample-claim.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { REDIS_URL } from './db/helpers.js';
import {
  automotiveParts,
  Claimant,
  DIALECTS,
  encodeMultipart,
  httpTo,
  model,
  otherClassVehicle,
  overHttp,
  SECRET,
  settlementCopy,
  testApp,
  testDatabase,
  vinOnly,
  type Credentials,
  type Dialect,
  type Send,
  type TestDatabase,
} from './helper.js';

const DRAFT = '/api/forms/automotive/draft';
const DOCUMENTS = `${DRAFT}/documents`;
const PREFIX = 'claims';
const KB = 1024;

const OPEN_DEADLINES = {
  timeZone: 'Pacific',
  deadlines: Object.fromEntries(
    ['globalDeadline', 'lookupFilingDeadline', 'exclusionFilingDeadline', 'claimFilingDeadline'].map((k) => [k, { deadlineDateTime: '2099-12-31T23:59:59', redirectUrl: null }]),
  ),
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bucketOf = (test: string, dialect: Dialect) => `${test}-${dialect}`;

let storage: ObjectStorage;
let sink: MailSink;
let emulator: CaptchaEmulator;
const environmentBefore: Record<string, string | undefined> = {};

beforeAll(async () => {
  storage = await startObjectStorage(DIALECTS.flatMap((dialect) => [bucketOf('moving', dialect), bucketOf('killed', dialect)]));
  // The in-process instances' S3 clients read the SDK's settings from the environment, as in production.
  for (const [name, value] of Object.entries(storage.env)) {
    environmentBefore[name] = process.env[name];
    process.env[name] = value;
  }
  sink = await startMailSink();
  emulator = await startCaptchaEmulator();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(environmentBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await emulator?.close();
  await sink?.close();
  await storage?.close();
});

function cliIo(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

/** Signs in with `credentials` and saves the claim in progress up to its repairs page through `send`: its repair record and the captcha value authorize answered. */
async function startClaim(c: Claimant, send: Send, credentials: Credentials): Promise<{ repair: FormModel; raw: string }> {
  const auth = await c.authorize('Automotive', { ...credentials });
  expect(auth.statusCode, auth.body).toBe(200);
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
  const models = [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    repair,
  ];
  const saved = await send({ method: 'PUT', url: DRAFT, headers: c.headers(), payload: { pageId: 'repairs', models } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { repair, raw: auth.json<{ captcha: string }>().captcha };
}

/** The DocumentContexts record of the file `name` of `bytes`, for `repair`. */
const contextOf = (repair: FormModel, name: string, bytes: Uint8Array) => model('Automotive', 'DocumentContexts', { ...invoiceContext(repair.clientId, bytes.length), file: name, name });

async function upload(c: Claimant, send: Send, context: FormModel, name: string, bytes: Uint8Array) {
  const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: context.clientId, name, type: 'application/pdf', bytes }] });
  return send({ method: 'POST', url: DOCUMENTS, headers: c.headers({ 'content-type': contentType }), payload: body });
}

interface ListedDocument {
  id: number;
  clientId: string;
  name: string;
  size: number;
}

async function listed(c: Claimant, send: Send): Promise<ListedDocument[]> {
  const res = await send({ url: DRAFT, headers: { cookie: c.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ documents: ListedDocument[] }>().documents;
}

/** The submit's parts: the claim's answers, its documents the stored ones of `contexts` (none sent with it). */
async function claimParts(c: Claimant, raw: string, credentials: Credentials, repair: FormModel, contexts: FormModel[]) {
  const parts = automotiveParts(raw, await c.captchaToken(), credentials);
  return { text: { ...parts.text, claimTransactions: JSON.stringify([repair]), documentContexts: JSON.stringify(contexts) }, files: [] };
}

/** The admin CLI fetches the filed claim's documents into a new folder: file name to bytes. */
async function fetchedByCli(env: Record<string, string>, referenceCode: string, names: string[]): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-documents-'));
  try {
    const run = cliIo(env);
    expect(await runCli(['documents', referenceCode, '--out', dir], run.io), run.out.stderr).toBe(0);
    expect(run.out.stdout).toContain(`${referenceCode}: ${names.length} document(s)`);
    return new Map(names.map((name) => [name, readFileSync(path.join(dir, name))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Keys the rows name (draft documents and filed ones) and keys the bucket holds, with the prefix. */
async function keysOf(app: FastifyInstance, bucket: string) {
  const { db } = app.database;
  const rows = await db.selectFrom('documents').select('store_key').where('store', '=', 's3').union(db.selectFrom('draft_documents').select('store_key').where('store', '=', 's3')).execute();
  const named = rows.flatMap((r) => (r.store_key === null ? [] : [`${PREFIX}/${r.store_key}`])).sort();
  return { named, stored: await storage.keys(bucket, `${PREFIX}/`) };
}

describe.each(DIALECTS)('two instances on one database, one Redis and one bucket (%s)', (dialect) => {
  const bucket = bucketOf('moving', dialect);
  const documentStoreUrl = `s3://${bucket}/${PREFIX}`;
  let db: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await testDatabase(dialect);
    for (let i = 0; i < 2; i++) {
      const app = await testApp(await db.open(), emulator, { redisUrl: REDIS_URL, documentStoreUrl, mail: { mailer: smtpMailer(sink.url), startSender: false } });
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.cleanup();
  });

  it('files a claim started on A, its document uploaded through B, once; the document is the bucket’s object byte for byte, and the receipt goes out once', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('the two instances start in beforeAll');
    const [toA, toB] = [await overHttp(a), await overHttp(b)];
    // One browser, one cookie jar: its calls go to A unless sent to B.
    const c = await new Claimant(a, emulator, toA).start();
    const credentials = vinOnly(otherClassVehicle());
    const { repair, raw } = await startClaim(c, toA, credentials);

    const invoice = documentOfSize('application/pdf', 48 * KB);
    const context = contextOf(repair, 'invoice.pdf', invoice);
    const uploaded = await upload(c, toB, context, 'invoice.pdf', invoice);
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    // Resumed on A: the claim in progress holds the document B stored.
    expect(await listed(c, toA)).toEqual([expect.objectContaining({ clientId: context.clientId, name: 'invoice.pdf', size: invoice.length })]);

    const parts = await claimParts(c, raw, credentials, repair, [context]);
    const submitted = await c.submit('Automotive', parts);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const code = submitted.json<{ referenceCodeForm: string }>().referenceCodeForm;
    // The same submit sent again through B (a retry after a lost answer) answers the same claim and stores nothing more.
    const retried = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } }, b);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ submitted: true, referenceCodeForm: code });
    const submissions = await a.database.db.selectFrom('submissions').select('reference_code').execute();
    expect(submissions.map((s) => s.reference_code)).toEqual([code]);

    const { named, stored } = await keysOf(a, bucket);
    expect(named).toHaveLength(1);
    expect(stored).toEqual(named);
    expect(Buffer.compare(await storage.bytes(bucket, named[0] ?? ''), invoice)).toBe(0);
    const fetched = await fetchedByCli({ ...db.env, ...storage.env, DOCUMENT_STORE_URL: documentStoreUrl }, code, ['invoice.pdf']);
    expect(sha256(fetched.get('invoice.pdf') ?? Buffer.alloc(0))).toBe(sha256(invoice));

    // Both instances' senders look at the outbox at once: the receipt is leased by one of them.
    const before = sink.received.length;
    expect(await a.mail.outbox.counts()).toEqual({ queued: 1, sent: 0, failed: 0 });
    const [sentByA, sentByB] = await Promise.all([a.mailSender?.runOnce(), b.mailSender?.runOnce()]);
    expect((sentByA ?? 0) + (sentByB ?? 0)).toBe(1);
    await Promise.all([a.mailSender?.runOnce(), b.mailSender?.runOnce()]);
    expect(await b.mail.outbox.counts()).toEqual({ queued: 0, sent: 1, failed: 0 });
    const receipts = sink.received.slice(before).filter((m) => m.subject.includes(code));
    expect(receipts).toHaveLength(1);
    expect(sink.received.length - before).toBe(1);
  });
});

/** Sends an upload's request to `port` without waiting for its answer (its server is killed meanwhile). */
function sendWithoutAnswer(port: number, headers: Record<string, string>, body: Buffer, options: { whole: boolean }): void {
  const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: DOCUMENTS, headers: { host: 'localhost', ...headers, 'content-length': String(body.length) }, agent: false });
  // The connection is reset by the kill: that is the point.
  req.on('error', () => undefined);
  if (options.whole) req.end(body);
  else req.write(body.subarray(0, body.length / 2));
}

describe.each(DIALECTS)('an instance killed with SIGKILL mid-upload (%s)', (dialect) => {
  const bucket = bucketOf('killed', dialect);
  const documentStoreUrl = `s3://${bucket}/${PREFIX}`;
  let db: TestDatabase;
  let settlementDir = '';
  let proxy: ObjectStorageProxy | undefined;
  let killed: ServerProcess | undefined;
  let other: FastifyInstance | undefined;
  beforeAll(async () => {
    db = await testDatabase(dialect);
    settlementDir = settlementCopy({ 'deadlines.json': OPEN_DEADLINES });
    proxy = await startObjectStorageProxy(storage);
  });
  afterAll(async () => {
    killed?.child.kill('SIGKILL');
    await killed?.exited;
    await other?.close();
    await proxy?.close();
    await db?.cleanup();
    rmSync(settlementDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged document, readable through the other instance; those in flight leave no row, and the sweep deletes the object the kill left', { timeout: 120_000 }, async () => {
    if (!proxy) throw new Error('the proxy starts in beforeAll');
    // A in a process of its own (the one killed; it reaches the bucket through the proxy), B in
    // this one; both on the same database, Redis and bucket.
    killed = await startServerProcess({
      ...db.env,
      ...proxy.env,
      SESSION_SECRET: SECRET,
      SETTLEMENT_DIR: settlementDir,
      CAPTCHA_EMULATOR_ORIGIN: emulator.origin,
      REDIS_URL,
      DOCUMENT_STORE_URL: documentStoreUrl,
    });
    other = await testApp(await db.open(), emulator, { settlementDir, clock: Date.now, redisUrl: REDIS_URL, documentStoreUrl });
    const toA = httpTo(killed.port);
    const toB = await overHttp(other);

    const c = await new Claimant(other, emulator, toA).start();
    const credentials = vinOnly(otherClassVehicle());
    const { repair, raw } = await startClaim(c, toA, credentials);

    const acknowledged = [0, 1, 2].map((i) => {
      const bytes = documentOfSize('application/pdf', (40 + i * 30) * KB);
      const name = `invoice-${i}.pdf`;
      return { name, bytes, context: contextOf(repair, name, bytes) };
    });
    for (const doc of acknowledged) {
      const res = await upload(c, toA, doc.context, doc.name, doc.bytes);
      expect(res.statusCode, res.body).toBe(201);
    }
    const keysBefore = await keysOf(other, bucket);
    expect(keysBefore.stored).toEqual(keysBefore.named);

    // Two uploads in flight as A is killed: one whose object the bucket has stored (A has not
    // heard so, and has not written its row), one whose body is still arriving.
    const inFlight = await Promise.all(
      [
        { name: 'stored.pdf', bytes: documentOfSize('application/pdf', 1024 * KB), whole: true },
        { name: 'arriving.pdf', bytes: documentOfSize('application/pdf', 6 * 1024 * KB), whole: false },
      ].map(async (doc) => ({ ...doc, request: await encodeMultipart({ text: {}, files: [{ field: contextOf(repair, doc.name, doc.bytes).clientId, name: doc.name, type: 'application/pdf', bytes: doc.bytes }] }) })),
    );
    const objectStored = proxy.holdNextObjectWrite();
    for (const doc of inFlight) sendWithoutAnswer(killed.port, c.headers({ 'content-type': doc.request.contentType }), doc.request.body, { whole: doc.whole });
    await objectStored;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const orphans = (await storage.keys(bucket, `${PREFIX}/`)).filter((key) => !keysBefore.named.includes(key));
    expect(orphans).toHaveLength(1);

    // Through B: the acknowledged documents, and none of those in flight.
    expect(await listed(c, toB)).toEqual(acknowledged.map((doc) => expect.objectContaining({ clientId: doc.context.clientId, name: doc.name, size: doc.bytes.length })));
    // No row names a missing object: each row's object is there, its bytes the row's digest.
    const rows = await other.database.db.selectFrom('draft_documents').select(['store', 'store_key', 'sha256']).execute();
    expect(rows).toHaveLength(acknowledged.length);
    for (const row of rows) {
      expect(row.store).toBe('s3');
      expect(sha256(await storage.bytes(bucket, `${PREFIX}/${row.store_key ?? ''}`))).toBe(row.sha256);
    }

    // Filed through B by the same browser (its cookies and token), then fetched by the admin CLI byte for byte.
    const onB = new Claimant(other, emulator, toB);
    onB.cookie = c.cookie;
    onB.csrf = c.csrf;
    const submitted = await onB.submit('Automotive', await claimParts(onB, raw, credentials, repair, acknowledged.map((doc) => doc.context)));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const code = submitted.json<{ referenceCodeForm: string }>().referenceCodeForm;
    const fetched = await fetchedByCli({ ...db.env, ...storage.env, DOCUMENT_STORE_URL: documentStoreUrl }, code, acknowledged.map((doc) => doc.name));
    for (const doc of acknowledged) expect(sha256(fetched.get(doc.name) ?? Buffer.alloc(0)), doc.name).toBe(sha256(doc.bytes));

    // The housekeeping sweep, its clock past the grace period: the object the kill left, named by
    // no row at two sweeps in a row, goes; the filed documents' objects stay.
    const sweep = createDocumentSweep(other.database, other.documents.all);
    const later = Date.now() + ORPHAN_GRACE_MS + 60_000;
    expect(await sweep(later)).toBe(0);
    expect(await sweep(later + 3_600_000)).toBe(1);
    const after = await keysOf(other, bucket);
    expect(after.named).toHaveLength(acknowledged.length);
    expect(after.stored).toEqual(after.named);
  });
});
