/**
 * Documents in S3-compatible object storage (DOCUMENT_STORE_URL), with a real S3-compatible server
 * in the process (s3rver) and real HTTP multipart, on SQLite and PostgreSQL: a filed document is an
 * object of the bucket under a key naming nothing of the claimant, its row holds no bytes, and the
 * admin CLI lists and fetches it byte for byte; a refused upload or submit leaves no object; an
 * object no row names at two sweeps in a row is swept once past the grace period (and not before,
 * nor one a submit names meanwhile); the documents the
 * database holds move into the bucket, and a move stopped half-way is resumed by running it again.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { FormModel } from '../../runtime/core/types.js';
import { runCli } from '../../server/admin/cli.js';
import { createClaimCures } from '../../server/db/claim-cures.js';
import { createClaimStatuses } from '../../server/db/claim-statuses.js';
import { createSubmissions } from '../../server/db/submissions.js';
import type { NewDocument } from '../../server/db/types.js';
import { moveDocumentsToStore } from '../../server/documents/move.js';
import { newDocumentKey, type DocumentStore, type DocumentStores } from '../../server/documents/index.js';
import { createDocumentSweep, ORPHAN_GRACE_MS } from '../../server/documents/sweep.js';
import { documentOfSize, minimalPdf } from '../support/documents.js';
import { startObjectStorage, type ObjectStorage } from '../support/s3.js';
import { invoiceContext, MARIA_ANSWERS } from '../support/sample-claim.js';
import { DIALECTS, encodeMultipart, FILES, model, OPEN_NOW, serverOver, type Claimant } from './helper.js';

const DRAFT = '/api/forms/automotive/draft';
const DOCUMENTS = `${DRAFT}/documents`;
const KEY = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let storage: ObjectStorage;
const environmentBefore: Record<string, string | undefined> = {};

beforeAll(async () => {
  storage = await startObjectStorage(DIALECTS.map((dialect) => `docs-${dialect}`));
  // The server's S3 client reads the SDK's settings from the process environment, as in production.
  for (const [name, value] of Object.entries(storage.env)) {
    environmentBefore[name] = process.env[name];
    process.env[name] = value;
  }
});

afterAll(async () => {
  for (const [name, value] of Object.entries(environmentBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await storage?.close();
});

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DIALECTS)('documents in object storage (%s)', (dialect) => {
  const bucket = `docs-${dialect}`;
  const url = `s3://${bucket}/claims`;
  const server = serverOver(dialect, { documentStoreUrl: url });
  const cliEnv = () => ({ ...server.db.env, ...storage.env, DOCUMENT_STORE_URL: url });
  const objects = async () => new Set(await storage.keys(bucket, 'claims/'));

  /** The documents' rows of a filed claim: where each is, and how many bytes the row itself holds. */
  async function rowsOf(referenceCode: string) {
    const rows = await server.app.database.db
      .selectFrom('documents')
      .innerJoin('submissions', 'submissions.id', 'documents.submission_id')
      .select(['documents.name', 'documents.store', 'documents.store_key', 'documents.bytes', 'documents.sha256'])
      .where('submissions.reference_code', '=', referenceCode)
      .orderBy('documents.position')
      .execute();
    return rows.map((r) => ({ name: r.name, store: r.store, key: r.store_key ?? '', rowBytes: r.bytes.length, sha256: r.sha256 }));
  }

  it('files a document sent over HTTP multipart as an object of the bucket, none of its bytes in the database; the admin CLI lists and fetches it byte for byte', async () => {
    const a = await server.authorized();
    const res = await a.c.submit('Automotive', a.parts(await a.c.captchaToken()));
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json<{ referenceCodeForm: string }>().referenceCodeForm;

    const [row, ...more] = await rowsOf(code);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ name: 'invoice.pdf', store: 's3', rowBytes: 0, sha256: sha256(FILES.pdf) });
    // The key names nothing of the claimant or the file.
    expect(row?.key).toMatch(KEY);
    expect(await objects()).toContain(`claims/${row?.key}`);
    expect(Buffer.compare(await storage.bytes(bucket, `claims/${row?.key}`), FILES.pdf)).toBe(0);
    expect(await server.app.database.db.selectFrom('document_objects').select('key').execute()).toEqual([]);

    const dir = mkdtempSync(path.join(tmpdir(), 'claims-documents-'));
    const listed = io(cliEnv());
    expect(await runCli(['documents', code, '--out', dir], listed.io), listed.out.stderr).toBe(0);
    expect(listed.out.stdout).toContain(`${code}: 1 document(s)`);
    expect(listed.out.stdout).toContain(`invoice.pdf  application/pdf  ${FILES.pdf.length} bytes  sha256 ${sha256(FILES.pdf)}  s3 ${row?.key}`);
    expect(Buffer.compare(readFileSync(path.join(dir, 'invoice.pdf')), FILES.pdf)).toBe(0);

    // Without the object store's settings the CLI says what it needs.
    const unconfigured = io({ ...server.db.env });
    expect(await runCli(['documents', code, '--out', mkdtempSync(path.join(tmpdir(), 'claims-documents-'))], unconfigured.io)).toBe(1);
    expect(unconfigured.out.stderr).toContain('set DOCUMENT_STORE_URL=s3://<bucket>/<prefix>');
  });

  it('leaves no object of a refused upload or submit, and sweeps an object no row names at two sweeps in a row once past the grace period', async () => {
    const before = await objects();
    const a = await server.authorized();
    const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
    const models: FormModel[] = [
      model('Automotive', 'Credentials', { ...a.credentials }),
      model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
      model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
      repair,
    ];
    expect((await server.http({ method: 'PUT', url: DRAFT, headers: a.c.headers(), payload: { pageId: 'repairs', models } })).statusCode).toBe(200);
    const doc = model('Automotive', 'DocumentContexts', { ...invoiceContext(repair.clientId, 0) });
    const upload = async (c: Claimant, name: string, bytes: Uint8Array) => {
      const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: doc.clientId, name, type: 'application/pdf', bytes }] });
      return server.http({ method: 'POST', url: DOCUMENTS, headers: c.headers({ 'content-type': contentType }), payload: body });
    };

    // Refused by its checks: nothing is written.
    const pdf = minimalPdf();
    const damaged = await upload(a.c, 'cut.pdf', pdf.subarray(0, pdf.length - 40));
    expect(damaged.statusCode, damaged.body).toBe(400);
    expect(damaged.json()).toMatchObject({ code: 'FILE_DAMAGED' });
    expect(await objects()).toEqual(before);

    // Accepted, then replaced by a new file: the first one's object is named by no row any more.
    const first = await upload(a.c, 'invoice.pdf', pdf);
    expect(first.statusCode, first.body).toBe(201);
    const replacement = documentOfSize('application/pdf', 40 * 1024);
    const second = await upload(a.c, 'invoice.pdf', replacement);
    expect(second.statusCode, second.body).toBe(201);
    const draftRows = await server.app.database.db.selectFrom('draft_documents').select(['store', 'store_key', 'bytes']).where('context_client_id', '=', doc.clientId).execute();
    expect(draftRows.map((r) => [r.store, r.bytes.length])).toEqual([['s3', 0]]);
    const current = `claims/${draftRows[0]?.store_key ?? ''}`;
    expect(Buffer.compare(await storage.bytes(bucket, current), replacement)).toBe(0);
    expect((await objects()).size).toBe(before.size + 2);

    // A submit refused after its file was written: its object is deleted as it answers.
    const b = await server.authorized();
    const parts = b.parts(await b.c.captchaToken());
    const refused = await b.c.submit('Automotive', { ...parts, text: { ...parts.text, claimantInfo: '{"fields":' } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    expect((await objects()).size).toBe(before.size + 2);

    // A process that stopped between writing an object and committing its row.
    const crashed = newDocumentKey();
    await server.app.documents.current.put(crashed, pdf, { contentType: 'application/pdf' });
    // A draft's document a submit names as it read it, replaced in another tab before the submit commits.
    const named = newDocumentKey();
    await server.app.documents.current.put(named, pdf, { contentType: 'application/pdf' });

    // Within the grace period nothing goes: an upload in flight has its object before its row.
    const sweep = createDocumentSweep(server.app.database, server.app.documents.all);
    const hourly = [0, 1, 2, 3].map((hours) => Date.now() + ORPHAN_GRACE_MS + 60_000 + hours * 3_600_000);
    expect(await sweep(Date.now())).toBe(0);
    expect(await sweep(Date.now())).toBe(0);
    expect((await objects()).size).toBe(before.size + 4);
    // Past it, an object no row names at two sweeps in a row goes: the replaced file and the
    // crashed one; the draft's document stays.
    expect(await sweep(hourly[0] ?? 0)).toBe(0);
    expect((await objects()).size).toBe(before.size + 4);
    const filed = await createSubmissions(server.app.database).storeSubmission({
      formType: 'Automotive',
      idempotencyKey: `named-${dialect}`,
      culture: 'en',
      payload: { documentContexts: [] },
      documents: [{ contextClientId: 'doc0000009abcdefgh', name: 'invoice.pdf', type: 'application/pdf', size: pdf.length, sha256: sha256(pdf), object: { store: 's3', key: named } }],
    });
    expect(await sweep(hourly[1] ?? 0)).toBe(2);
    expect(await objects()).toEqual(new Set([...before, current, `claims/${named}`]));
    expect((await rowsOf(filed.referenceCode)).map((r) => r.key)).toEqual([named]);

    // Removed from the claim in progress: its object goes two sweeps later.
    const listed = await server.http({ url: DRAFT, headers: { cookie: a.c.cookie } });
    const [stored] = listed.json<{ documents: Array<{ id: number }> }>().documents;
    expect((await server.http({ method: 'DELETE', url: `${DOCUMENTS}/${stored?.id}`, headers: a.c.headers() })).statusCode).toBe(204);
    expect(await sweep(hourly[2] ?? 0)).toBe(0);
    expect(await sweep(hourly[3] ?? 0)).toBe(1);
    expect(await objects()).toEqual(new Set([...before, `claims/${named}`]));
  });

  it('moves the documents the database holds into the bucket, one at a time; a move stopped half-way is resumed by running it again', async () => {
    const submissions = createSubmissions(server.app.database);
    const inDatabase = server.app.documents.of('database');
    const files = [documentOfSize('application/pdf', 3000), documentOfSize('image/png', 5000), documentOfSize('application/pdf', 7000)];
    const doc = (i: number, bytes: Buffer) => ({ contextClientId: `doc000000${i}abcdefgh`, name: `scan-${i}.pdf`, type: 'application/pdf', size: bytes.length, sha256: sha256(bytes) });
    // Two documents stored in their rows (as before the document stores), one as the database store's object.
    const objectKey = newDocumentKey();
    await inDatabase.put(objectKey, files[2] ?? Buffer.alloc(0), { contentType: 'application/pdf' });
    const documents: NewDocument[] = [
      { ...doc(0, files[0] ?? Buffer.alloc(0)), bytes: files[0] ?? Buffer.alloc(0) },
      { ...doc(1, files[1] ?? Buffer.alloc(0)), bytes: files[1] ?? Buffer.alloc(0) },
      { ...doc(2, files[2] ?? Buffer.alloc(0)), object: { store: 'database', key: objectKey } },
    ];
    const { referenceCode } = await submissions.storeSubmission({ formType: 'Automotive', idempotencyKey: `move-${dialect}`, culture: 'en', payload: { documentContexts: [] }, documents });
    expect((await rowsOf(referenceCode)).map((r) => [r.store, r.rowBytes > 0])).toEqual([
      [null, true],
      [null, true],
      ['database', false],
    ]);

    // The first run stops at its second document (the connection to the bucket fails).
    const all = server.app.documents;
    let puts = 0;
    const failing: DocumentStore = {
      ...all.current,
      put: (key, body, meta) => {
        puts += 1;
        return puts === 2 ? Promise.reject(new Error('connection reset')) : all.current.put(key, body, meta);
      },
    };
    const stopping: DocumentStores = { ...all, current: failing };
    await expect(moveDocumentsToStore(server.app.database, stopping)).rejects.toThrow('connection reset');
    expect((await rowsOf(referenceCode)).map((r) => r.store)).toEqual(['s3', null, 'database']);

    const resumed = io(cliEnv());
    expect(await runCli(['documents', '--move-to-store'], resumed.io), resumed.out.stderr).toBe(0);
    expect(resumed.out.stdout).toBe(`Moved 2 document(s), ${(files[1]?.length ?? 0) + (files[2]?.length ?? 0)} byte(s), to the object store.\n`);
    const again = io(cliEnv());
    expect(await runCli(['documents', '--move-to-store'], again.io)).toBe(0);
    expect(again.out.stdout).toBe('Moved 0 document(s), 0 byte(s), to the object store.\n');

    const moved = await rowsOf(referenceCode);
    expect(moved.map((r) => [r.store, r.rowBytes])).toEqual([
      ['s3', 0],
      ['s3', 0],
      ['s3', 0],
    ]);
    for (const [i, r] of moved.entries()) {
      expect(r.key).toMatch(KEY);
      expect(Buffer.compare(await storage.bytes(bucket, `claims/${r.key}`), files[i] ?? Buffer.alloc(0))).toBe(0);
    }
    // The database store's old copy is named by no row: the housekeeping sweep deletes it.
    const sweep = createDocumentSweep(server.app.database, server.app.documents.all);
    const later = Math.max(Date.now(), OPEN_NOW) + ORPHAN_GRACE_MS + 60_000;
    await sweep(later);
    expect(await server.app.database.db.selectFrom('document_objects').select('key').where('key', '=', objectKey).execute()).toEqual([{ key: objectKey }]);
    await sweep(later + 3_600_000);
    expect(await server.app.database.db.selectFrom('document_objects').select('key').where('key', '=', objectKey).execute()).toEqual([]);

    const dir = mkdtempSync(path.join(tmpdir(), 'claims-documents-'));
    const fetched = io(cliEnv());
    expect(await runCli(['documents', referenceCode, '--out', dir], fetched.io), fetched.out.stderr).toBe(0);
    files.forEach((bytes, i) => expect(Buffer.compare(readFileSync(path.join(dir, `scan-${i}.pdf`)), bytes)).toBe(0));

    // A cure's document held by the database store moves too.
    const cureBytes = documentOfSize('application/pdf', 4000);
    const cureKey = newDocumentKey();
    await inDatabase.put(cureKey, cureBytes, { contentType: 'application/pdf' });
    const { id: submissionId } = await server.app.database.db.selectFrom('submissions').select('id').where('reference_code', '=', referenceCode).executeTakeFirstOrThrow();
    await server.app.database.db.transaction().execute(async (trx) => {
      const change = await createClaimStatuses(server.app.database).record(trx, { submissionId: Number(submissionId), to: 'deficient', deficiencies: ['missingProofOfPurchase'], cureBy: null, cureByAt: null, note: null, changedBy: 'test' });
      const document = { deficiency: 'missingProofOfPurchase', documentType: 'proofOfPayment', clientId: null, name: 'receipt.pdf', type: 'application/pdf', size: cureBytes.length, sha256: sha256(cureBytes), object: { store: 'database' as const, key: cureKey }, unscanned: false };
      await createClaimCures(server.app.database).record(trx, { submissionId: Number(submissionId), statusChangeId: change.id, signatureName: null, culture: 'en', receivedAt: Date.now(), documents: [document], answers: [] });
    });
    const cureMove = io(cliEnv());
    expect(await runCli(['documents', '--move-to-store'], cureMove.io), cureMove.out.stderr).toBe(0);
    expect(cureMove.out.stdout).toBe(`Moved 1 document(s), ${cureBytes.length} byte(s), to the object store.\n`);
    const cureRow = await server.app.database.db.selectFrom('claim_cure_documents').select(['store', 'store_key']).executeTakeFirstOrThrow();
    expect(cureRow.store).toBe('s3');
    expect(Buffer.compare(await storage.bytes(bucket, `claims/${cureRow.store_key}`), cureBytes)).toBe(0);

    // Without an object store to move to, the move says what it needs.
    const nowhere = io({ ...server.db.env });
    expect(await runCli(['documents', '--move-to-store'], nowhere.io)).toBe(1);
    expect(nowhere.out.stderr).toContain('DOCUMENT_STORE_URL is not set');
  });
});
