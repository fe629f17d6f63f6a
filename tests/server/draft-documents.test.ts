/**
 * Documents added to the claim in progress as the claimant adds them (POST/DELETE
 * …/draft/documents, listed by GET …/draft), over real HTTP with real multipart on SQLite and
 * PostgreSQL: checked at once as the submit checks them (type by content, damaged, size per file,
 * total size of the claim's documents, the same-name rule), listed again after a reload, on another
 * instance and in a new session, filed with the claim by the submit in its transaction (the
 * draft's documents deleted with it, a retry answering the same reference code), and purged with
 * their draft, the housekeeping sweep then deleting their objects.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import type { DraftKey } from '../../server/db/types.js';
import { isDraftOf } from '../../server/claims/claim-keys.js';
import { createDocumentSweep } from '../../server/documents/sweep.js';
import { documentOfSize, minimalPdf, MINIMAL_PNG } from '../support/documents.js';
import { invoiceContext } from '../support/sample-claim.js';
import { claimOnRepairsPage, DIALECTS, encodeMultipart, FIXTURES, model, OPEN_NOW, overHttp, serverOver, settlementCopy, testApp, type Authorized, type Claimant, type Parts } from './helper.js';

const KB = 1024;
const DAY = 24 * 60 * 60_000;
/** Small limits, so that a test sends kilobytes rather than megabytes. */
const LIMITS = { maxFileBytes: 64 * KB, maxTotalBytes: 160 * KB, maxFiles: 20 };

const DRAFT = '/api/forms/automotive/draft';
const DOCUMENTS = `${DRAFT}/documents`;

/** A Windows program, renamed to look like a PDF. */
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 0x90)]);

interface StoredDocument {
  id: number;
  clientId: string;
  name: string;
  size: number;
  type: string;
}

/** The draft keys of a VIN's claims in progress that hold documents (a VIN alone keys each claim by its authorization too). */
async function documentKeysOf(app: FastifyInstance, vin: string): Promise<DraftKey[]> {
  const rows = await app.database.db.selectFrom('draft_documents').select(['form_type', 'claimant_key']).execute();
  return rows.filter((r) => isDraftOf(app, r.claimant_key, { vin, noticeId: '' })).map((r) => ({ formType: r.form_type as DraftKey['formType'], claimantKey: r.claimant_key }));
}

describe.each(DIALECTS)('documents of the claim in progress (%s)', (dialect) => {
  let now = OPEN_NOW;
  let settlementDir = '';
  const server = serverOver(dialect, () => {
    const settings = JSON.parse(readFileSync(path.join(FIXTURES, 'settings.json'), 'utf8')) as Record<string, unknown>;
    settlementDir = settlementCopy({ 'settings.json': { ...settings, uploads: LIMITS } });
    return { clock: () => now, settlementDir };
  });

  /** A claimant whose claim in progress reached the repairs page (answers saved), and their repair. */
  function inProgress(): Promise<Authorized & { repair: FormModel; models: FormModel[] }> {
    return claimOnRepairsPage(server);
  }

  /** The DocumentContexts record of a file named `name` of `size` bytes. */
  const context = (repair: FormModel, name: string, size: number, type = 'application/pdf') =>
    model('Automotive', 'DocumentContexts', { ...invoiceContext(repair.clientId, size), file: name, name, type } as Record<string, FieldValue>);

  async function upload(c: Claimant, clientId: string, name: string, bytes: Uint8Array, type = 'application/pdf', culture = 'en') {
    const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: clientId, name, type, bytes }] });
    return server.http({ method: 'POST', url: `${DOCUMENTS}?culture=${culture}`, headers: c.headers({ 'content-type': contentType }), payload: body });
  }

  const listed = async (c: Claimant, http = server.http) => {
    const res = await http({ url: DRAFT, headers: { cookie: c.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ documents: StoredDocument[] }>().documents;
  };

  it('stores an accepted document at once and lists it after a reload, on another instance and in a new session', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const doc = context(a.repair, 'invoice.pdf', 0);
    const pdf = minimalPdf();

    const res = await upload(a.c, doc.clientId, 'invoice.pdf', pdf);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json<StoredDocument>();
    expect(stored).toEqual({ id: expect.any(Number), clientId: doc.clientId, name: 'invoice.pdf', size: pdf.length, type: 'application/pdf' });
    expect(await listed(a.c)).toEqual([stored]);

    // Acknowledged means stored: another instance on the same database (as after a crash) lists it.
    const restarted = await testApp(await server.db.open(), server.emulator, { clock: () => now, settlementDir });
    try {
      expect(await listed(a.c, await overHttp(restarted))).toEqual([stored]);
    } finally {
      await restarted.close();
    }

    // A new session signed in with the same VIN and the claim's resume code finds it with the draft
    // (a claim of a VIN alone opens only with its code).
    const later = await server.http({ method: 'POST', url: `${DRAFT}/later`, headers: a.c.headers(), payload: { pageId: 'repairs', models: a.models } });
    expect(later.statusCode, later.body).toBe(200);
    const again = await server.claimant();
    const resumed = await again.authorize('Automotive', { ...a.credentials }, undefined, server.app, { resumeCode: later.json<{ code: string }>().code });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await listed(again)).toEqual([stored]);
  });

  it('refuses, naming the document, a program renamed .pdf, a damaged PDF and a file over the size limit, and stores none of them', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const doc = context(a.repair, 'x.pdf', 0);

    const program = await upload(a.c, doc.clientId, 'invoice.pdf', PROGRAM);
    expect(program.statusCode, program.body).toBe(400);
    expect(program.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', error: 'The document "invoice.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.' });

    const pdf = minimalPdf();
    const damaged = await upload(a.c, doc.clientId, 'cut.pdf', pdf.subarray(0, pdf.length - 40));
    expect(damaged.statusCode, damaged.body).toBe(400);
    expect(damaged.json()).toMatchObject({ code: 'FILE_DAMAGED' });
    expect(damaged.json().error).toContain('"cut.pdf"');

    const big = await upload(a.c, doc.clientId, 'scan.pdf', documentOfSize('application/pdf', LIMITS.maxFileBytes + 1));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE', error: 'The document "scan.pdf" is larger than 0.1 MB. Please upload a smaller file, for example a photo taken at a lower resolution.' });

    const spanish = await upload(a.c, doc.clientId, 'factura.pdf', PROGRAM, 'application/pdf', 'es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error).toBe('El documento "factura.pdf" no es un archivo PDF, JPEG, PNG, HEIC o TIFF. Suba uno de esos tipos.');
    expect(await listed(a.c)).toEqual([]);
  });

  it('refuses a body that is not one document named by its record: no file, two files, a text part, a part named by no record', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const doc = context(a.repair, 'a.pdf', 0);
    const send = async (parts: Parts) => {
      const { body, contentType } = await encodeMultipart(parts);
      return server.http({ method: 'POST', url: DOCUMENTS, headers: a.c.headers({ 'content-type': contentType }), payload: body });
    };
    const pdf = { type: 'application/pdf', bytes: minimalPdf() };
    const cases: Array<[Parts, string]> = [
      [{ text: {}, files: [] }, 'STRUCTURE_INVALID'],
      [{ text: {}, files: [{ field: doc.clientId, name: 'a.pdf', ...pdf }, { field: doc.clientId, name: 'b.pdf', ...pdf }] }, 'STRUCTURE_INVALID'],
      [{ text: { note: 'x' }, files: [{ field: doc.clientId, name: 'a.pdf', ...pdf }] }, 'STRUCTURE_INVALID'],
      [{ text: {}, files: [{ field: 'credentials', name: 'a.pdf', ...pdf }] }, 'FILE_WITHOUT_CONTEXT'],
    ];
    for (const [parts, code] of cases) {
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const json = await server.http({ method: 'POST', url: DOCUMENTS, headers: a.c.headers(), payload: { file: 'a.pdf' } });
    expect(json.statusCode).toBe(415);
    expect(await listed(a.c)).toEqual([]);
  });

  it('refuses a document that would take the claim over its total size, counting a replaced document once', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const size = 60 * KB;
    const [one, two, three] = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => context(a.repair, name, size));
    expect((await upload(a.c, one!.clientId, 'a.pdf', documentOfSize('application/pdf', size))).statusCode).toBe(201);
    expect((await upload(a.c, two!.clientId, 'b.pdf', documentOfSize('application/pdf', size))).statusCode).toBe(201);

    const over = await upload(a.c, three!.clientId, 'c.pdf', documentOfSize('application/pdf', size));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'DOCUMENTS_TOTAL_TOO_LARGE' });
    expect(over.json().error).toBe('The document "c.pdf" was not added: all documents together may be at most 0.2 MB. Please remove a document or upload a smaller file.');

    // A new file for the second document replaces it: 60 + 62 KB fits.
    const replaced = await upload(a.c, two!.clientId, 'b2.pdf', documentOfSize('application/pdf', 62 * KB));
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((await listed(a.c)).map((d) => [d.clientId, d.name, d.size])).toEqual([
      [one!.clientId, 'a.pdf', size],
      [two!.clientId, 'b2.pdf', 62 * KB],
    ]);
  });

  it('refuses a second document with the same name (the spec’s message), and takes it once the first is removed', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const first = context(a.repair, 'receipt.png', MINIMAL_PNG.length, 'image/png');
    const second = context(a.repair, 'receipt.png', MINIMAL_PNG.length, 'image/png');
    const added = await upload(a.c, first.clientId, 'receipt.png', MINIMAL_PNG, 'image/png');
    expect(added.statusCode, added.body).toBe(201);

    const same = await upload(a.c, second.clientId, 'receipt.png', MINIMAL_PNG, 'image/png');
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json()).toMatchObject({ code: 'DOCUMENT_NAME_TAKEN' });
    expect(same.json().error).toBe('A file with this name has already been uploaded.');

    // Removing needs the session's CSRF token.
    const id = added.json<StoredDocument>().id;
    const forged = await server.http({ method: 'DELETE', url: `${DOCUMENTS}/${id}`, headers: { cookie: a.c.cookie } });
    expect(forged.statusCode).toBe(403);
    expect(await listed(a.c)).toHaveLength(1);

    const removed = await server.http({ method: 'DELETE', url: `${DOCUMENTS}/${id}`, headers: a.c.headers() });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await listed(a.c)).toEqual([]);
    expect((await server.http({ method: 'DELETE', url: `${DOCUMENTS}/${id}`, headers: a.c.headers() })).statusCode).toBe(204);
    expect((await upload(a.c, second.clientId, 'receipt.png', MINIMAL_PNG, 'image/png')).statusCode).toBe(201);
  });

  it('refuses a document without a claim in progress, without authorization, and another claimant’s document cannot be removed', async () => {
    now = OPEN_NOW;
    const fresh = await server.authorized();
    const doc = model('Automotive', 'DocumentContexts', invoiceContext('t0000000aaaaaaaa', 10));
    const noDraft = await upload(fresh.c, doc.clientId, 'invoice.pdf', minimalPdf());
    expect(noDraft.statusCode, noDraft.body).toBe(404);
    expect(noDraft.json()).toMatchObject({ code: 'DRAFT_NOT_FOUND' });

    const stranger = await server.claimant();
    const unauthorized = await upload(stranger, doc.clientId, 'invoice.pdf', minimalPdf());
    expect(unauthorized.statusCode, unauthorized.body).toBe(401);

    const a = await inProgress();
    const added = await upload(a.c, doc.clientId, 'invoice.pdf', minimalPdf());
    expect(added.statusCode).toBe(201);
    const other = await inProgress();
    expect((await server.http({ method: 'DELETE', url: `${DOCUMENTS}/${added.json<StoredDocument>().id}`, headers: other.c.headers() })).statusCode).toBe(204);
    expect(await listed(a.c)).toHaveLength(1);
  });

  it('keeps the documents the saved records name and those added since the last save, and drops the rest when the answers are saved again (a claim started again)', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const named = context(a.repair, 'named.pdf', 0);
    const left = context(a.repair, 'left.pdf', 0);
    now += 1000;
    expect((await upload(a.c, named.clientId, 'named.pdf', minimalPdf())).statusCode).toBe(201);
    expect((await upload(a.c, left.clientId, 'left.pdf', minimalPdf())).statusCode).toBe(201);
    now += 1000;
    const withRecord = [...a.models, { ...named, fields: { ...named.fields, size: minimalPdf().length } }];
    const saved = await server.http({ method: 'PUT', url: DRAFT, headers: a.c.headers(), payload: { pageId: 'supporting-documents', models: withRecord } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Both were added after the previous save: kept (the second one's record may still be open).
    expect((await listed(a.c)).map((d) => d.name)).toEqual(['named.pdf', 'left.pdf']);

    now += 1000;
    const pending = context(a.repair, 'pending.pdf', 0);
    expect((await upload(a.c, pending.clientId, 'pending.pdf', minimalPdf())).statusCode).toBe(201);
    now += 1000;
    expect((await server.http({ method: 'PUT', url: DRAFT, headers: a.c.headers(), payload: { pageId: 'supporting-documents', models: withRecord } })).statusCode).toBe(200);
    expect((await listed(a.c)).map((d) => d.name)).toEqual(['named.pdf', 'pending.pdf']);

    // Signed in again and started over: the new answers name none of them, and 'named.pdf' can be added again.
    const again = await server.claimant();
    expect((await again.authorize('Automotive', { ...a.credentials })).statusCode).toBe(200);
    now += 1000;
    expect((await server.http({ method: 'PUT', url: DRAFT, headers: again.headers(), payload: { pageId: 'repairs', models: a.models } })).statusCode).toBe(200);
    expect(await listed(again)).toEqual([]);
    expect((await upload(again, context(a.repair, 'named.pdf', 0).clientId, 'named.pdf', minimalPdf())).statusCode).toBe(201);
    now = OPEN_NOW;
  });

  /** The parts of María's claim for `a`, describing `contexts`, sending `files`. */
  function claimParts(a: Authorized & { repair: FormModel }, token: string, contexts: FormModel[], files: Parts['files']): Parts {
    const parts = a.parts(token);
    return { text: { ...parts.text, claimTransactions: JSON.stringify([a.repair]), documentContexts: JSON.stringify(contexts) }, files };
  }

  it('files the stored documents with the claim in one transaction, sent ones beside them, and a retry answers the same reference code', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const invoice = documentOfSize('application/pdf', 20 * KB);
    const stored = context(a.repair, 'invoice.pdf', invoice.length);
    const photo = context(a.repair, 'receipt.png', MINIMAL_PNG.length, 'image/png');
    expect((await upload(a.c, stored.clientId, 'invoice.pdf', invoice)).statusCode).toBe(201);

    const parts = claimParts(a, await a.c.captchaToken(), [stored, photo], [{ field: photo.clientId, name: 'receipt.png', type: 'image/png', bytes: MINIMAL_PNG }]);
    const first = await a.c.submit('Automotive', parts);
    expect(first.statusCode, first.body).toBe(200);
    const code = first.json<{ referenceCodeForm: string }>().referenceCodeForm;

    const record = (await server.app.stores.submissions.getByReferenceCode(code))!;
    expect(record.documents.map((d) => [d.contextClientId, d.name, d.size])).toEqual([
      [photo.clientId, 'receipt.png', MINIMAL_PNG.length],
      [stored.clientId, 'invoice.pdf', invoice.length],
    ]);
    const bytes = await server.app.stores.submissions.getDocuments(record.id);
    expect(Buffer.compare(bytes.find((d) => d.name === 'invoice.pdf')?.bytes ?? Buffer.alloc(0), invoice)).toBe(0);

    // The draft and its documents went with the claim.
    expect((await server.http({ url: DRAFT, headers: { cookie: a.c.cookie } })).json()).toMatchObject({ pageId: null, documents: [] });
    expect(await documentKeysOf(server.app, String(a.credentials.vin))).toEqual([]);

    const retry = await a.c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await a.c.captchaToken() } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().referenceCodeForm).toBe(code);
    expect(await server.app.stores.submissions.getByReferenceCode(code)).toMatchObject({ documents: record.documents });

    // Nothing more can be added to a filed claim.
    const late = await upload(a.c, stored.clientId, 'late.pdf', minimalPdf());
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_SUBMITTED' });
  });

  it('writes nothing when the claim is refused, keeping the stored documents for the next try', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const invoice = minimalPdf();
    const stored = context(a.repair, 'invoice.pdf', invoice.length);
    expect((await upload(a.c, stored.clientId, 'invoice.pdf', invoice)).statusCode).toBe(201);
    const before = await server.stored();

    // A document context naming another file than the one stored for it.
    const renamed = model('Automotive', 'DocumentContexts', { ...stored.fields, file: 'other.pdf', name: 'other.pdf' });
    const mismatch = await a.c.submit('Automotive', claimParts(a, await a.c.captchaToken(), [{ ...renamed, clientId: stored.clientId }], []));
    expect(mismatch.statusCode, mismatch.body).toBe(400);
    expect(mismatch.json().error).toContain('The document "invoice.pdf" does not match its document details.');

    // A document described but neither sent nor stored.
    const missing = context(a.repair, 'missing.pdf', 100);
    const absent = await a.c.submit('Automotive', claimParts(a, await a.c.captchaToken(), [stored, missing], []));
    expect(absent.statusCode, absent.body).toBe(400);
    expect(absent.json().error).toContain('The document "missing.pdf" was not received; please upload it again.');

    expect(await server.stored()).toBe(before);
    expect(await listed(a.c)).toHaveLength(1);
    const ok = await a.c.submit('Automotive', claimParts(a, await a.c.captchaToken(), [stored], []));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('purges the documents with their draft after the retention period, and the sweep deletes their objects', async () => {
    now = OPEN_NOW;
    const a = await inProgress();
    const doc = context(a.repair, 'invoice.pdf', 0);
    expect((await upload(a.c, doc.clientId, 'invoice.pdf', minimalPdf())).statusCode).toBe(201);
    const [key] = await documentKeysOf(server.app, String(a.credentials.vin));
    const { db } = server.app.database;
    const { store_key: objectKey } = await db.selectFrom('draft_documents').select('store_key').where('claimant_key', '=', key!.claimantKey).executeTakeFirstOrThrow();
    const objectThere = async () => (await db.selectFrom('document_objects').select('key').where('key', '=', objectKey ?? '').execute()).length;
    expect(objectKey).toMatch(/^documents\//);
    expect(await objectThere()).toBe(1);
    const sweep = createDocumentSweep(server.app.database, server.app.documents.all);

    now += 30 * DAY - 1;
    await server.app.stores.drafts.purgeExpired();
    expect(await server.app.stores.draftDocuments.list(key!)).toHaveLength(1);
    // Still named by its draft's row: the sweep keeps it.
    await sweep(now);
    await sweep(now);
    expect(await objectThere()).toBe(1);
    now += 1;
    expect(await server.app.stores.drafts.purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('draft_documents').select('id').where('claimant_key', '=', key!.claimantKey).execute();
    expect(left).toEqual([]);
    // Its object, named by no row now, goes at the second sweep that finds it so.
    await sweep(now);
    expect(await objectThere()).toBe(1);
    await sweep(now + 60 * 60_000);
    expect(await objectThere()).toBe(0);
    now = OPEN_NOW;
  });
});
