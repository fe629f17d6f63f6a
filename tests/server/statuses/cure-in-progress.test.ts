/**
 * A cure in progress kept by the server: the claimant of a deficient claim uploads a document on
 * add (checked and scanned as a claim's draft documents are), keeps the name typed to sign with
 * Save and finish later, signs in on the status page again from another browser and finds both;
 * the cure sent files the uploaded document and consumes the cure in progress. A refused upload
 * stores nothing; another claim's session neither reads nor writes it; it is purged after the end
 * of the cure-by day. Over real HTTP, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStatusChanges } from '../../../server/claims/statuses.js';
import { SCANNER_RETRY_AFTER_SECONDS } from '../../../server/documents/scan.js';
import { cureInProgressPurge } from '../../../server/claims/cure-in-progress.js';
import { EICAR, startClamdStandIn, type ClamdStandIn } from '../../support/clamd-stand-in.js';
import { minimalPdf } from '../../support/documents.js';
import { DIALECTS, encodeMultipart, OPEN_NOW, serverOver, type Claimant } from '../helper.js';

const CURE = '/api/claims/cure';
const DOCUMENTS = '/api/claims/cure/documents';
const PROGRESS = '/api/claims/cure/progress';
const CLEAN_PDF = minimalPdf('a receipt of the repair');
const INFECTED_PDF = minimalPdf(EICAR);

let clamd: ClamdStandIn;
beforeAll(async () => {
  clamd = await startClamdStandIn();
});
afterAll(async () => {
  await clamd.close();
});

describe.each(DIALECTS)('a cure in progress kept by the server, over %s', (dialect) => {
  let now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now, documentScanner: { host: clamd.host, port: clamd.port } }));
  const db = () => server.app.database.db;

  /** A claim filed, set deficient (a proof of purchase and a signature missing), and its claimant signed in on the status page. */
  async function deficientClaim(cureBy = '2026-12-31'): Promise<{ code: string; vin: string; c: Claimant; submissionId: number }> {
    const a = await server.authorized('Automotive');
    const filed = await a.c.submit('Automotive', a.parts(await a.c.captchaToken()));
    expect(filed.statusCode, filed.body).toBe(200);
    const code = filed.json<{ referenceCodeForm: string }>().referenceCodeForm;
    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'deficient', deficiencies: ['missingProofOfPurchase', 'unsigned'], cureBy }], {
      changedBy: 'admin status',
      statusLink: 'https://claims.example.com/status',
      clock: () => now,
    });
    const c = await server.claimant();
    const status = await c.api.claimStatus(code, { vin: a.credentials.vin });
    expect(status.ok && status.data.status).toBe('deficient');
    const { id } = await db().selectFrom('submissions').select('id').where('reference_code', '=', code).executeTakeFirstOrThrow();
    return { code, vin: a.credentials.vin, c, submissionId: Number(id) };
  }

  async function upload(c: Claimant, code: string, bytes: Uint8Array = CLEAN_PDF, kind = 'missingProofOfPurchase', culture = 'en') {
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code }, files: [{ field: kind, name: 'receipt.pdf', type: 'application/pdf', bytes }] });
    return c.raw('POST', DOCUMENTS, { body: new Uint8Array(body), headers: { 'Content-Type': contentType }, query: { culture } });
  }
  const uploads = (submissionId: number) => db().selectFrom('cure_in_progress_documents').selectAll().where('submission_id', '=', submissionId).execute();
  const kept = (submissionId: number) => db().selectFrom('cures_in_progress').selectAll().where('submission_id', '=', submissionId).execute();

  it('keeps a document uploaded on add and the name typed, reads them back at a new status sign-in, and the cure sent files the document and consumes them', async () => {
    const { code, vin, c, submissionId } = await deficientClaim();
    const added = await upload(c, code);
    expect(added.statusCode, added.body).toBe(201);
    const document = added.json<{ id: number }>();
    expect(document).toEqual({ id: expect.any(Number), deficiency: 'missingProofOfPurchase', name: 'receipt.pdf', size: CLEAN_PDF.length, type: 'application/pdf' });
    const [row] = await uploads(submissionId);
    const object = await db().selectFrom('document_objects').select('bytes').where('key', '=', row?.store_key ?? '').executeTakeFirstOrThrow();
    expect(Buffer.from(object.bytes).equals(CLEAN_PDF)).toBe(true);

    const saved = await c.raw('POST', PROGRESS, { json: { referenceCode: code, signatureName: 'María López' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ signatureName: 'María López', documents: [{ id: document.id, name: 'receipt.pdf' }] });

    // Another browser signs in on the status page: the cure comes back as it was left.
    const other = await server.claimant();
    const status = await other.api.claimStatus(code, { vin });
    expect(status.ok && status.data.cureInProgress).toEqual({ savedAt: new Date(now).toISOString(), signatureName: 'María López', documents: [{ id: document.id, deficiency: 'missingProofOfPurchase', name: 'receipt.pdf', size: CLEAN_PDF.length, type: 'application/pdf' }] });

    // The cure sent names no file: the uploaded one goes with it.
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, signatureName: 'María López', signatureAttested: 'true' }, files: [] });
    const cured = await other.raw('POST', CURE, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
    expect(cured.statusCode, cured.body).toBe(200);
    const cure = await db().selectFrom('claim_cures').select('id').where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    const filed = await db().selectFrom('claim_cure_documents').selectAll().where('cure_id', '=', Number(cure.id)).execute();
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ deficiency: 'missingProofOfPurchase', document_type: 'proofOfPayment', name: 'receipt.pdf', store_key: row?.store_key });
    expect(await kept(submissionId)).toEqual([]);
    expect(await uploads(submissionId)).toEqual([]);
    const after = await other.api.claimStatus(code, { vin });
    expect(after.ok && after.data.cureInProgress).toBeUndefined();
  });

  it('stores nothing for a refused upload, with the refusal in the claimant’s language; a document removed is gone', async () => {
    const { code, c, submissionId } = await deficientClaim();
    const infected = await upload(c, code, INFECTED_PDF, 'missingProofOfPurchase', 'es');
    expect(infected.statusCode).toBe(400);
    expect(infected.json()).toMatchObject({ code: 'DOCUMENT_INFECTED' });
    const text = await upload(c, code, new TextEncoder().encode('not a pdf at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    const notAsked = await upload(c, code, CLEAN_PDF, 'receiptMismatch');
    expect(notAsked.statusCode).toBe(400);
    expect(await uploads(submissionId)).toEqual([]);

    const added = (await upload(c, code)).json<{ id: number }>();
    const removed = await c.raw('DELETE', `${DOCUMENTS}/${added.id}`, { query: { referenceCode: code } });
    expect(removed.statusCode).toBe(204);
    expect(await uploads(submissionId)).toEqual([]);
    // Removed again: still done.
    expect((await c.raw('DELETE', `${DOCUMENTS}/${added.id}`, { query: { referenceCode: code } })).statusCode).toBe(204);
  });

  it('refuses an upload with 503 and Retry-After while the scanner is down or answers ERROR, and stores nothing', async () => {
    const { code, c, submissionId } = await deficientClaim();
    const objects = async () => Number((await db().selectFrom('document_objects').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const objectsBefore = await objects();
    await clamd.stop();
    try {
      const refused = await upload(c, code);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(SCANNER_RETRY_AFTER_SECONDS));
      expect(refused.json()).toMatchObject({ code: 'DOCUMENT_CHECK_UNAVAILABLE', error: 'The document "receipt.pdf" could not be checked just now, so it was not saved. Please try again in a few minutes.' });
    } finally {
      await clamd.start();
    }
    clamd.setMode('error');
    try {
      const refused = await upload(c, code);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'DOCUMENT_CHECK_UNAVAILABLE' });
    } finally {
      clamd.setMode('scan');
    }
    expect(await uploads(submissionId)).toEqual([]);
    expect(await objects()).toBe(objectsBefore);
    // The scanner back, the same document is kept.
    expect((await upload(c, code)).statusCode).toBe(201);
  });

  it('another claim’s session neither reads nor writes it', async () => {
    const mine = await deficientClaim();
    const added = (await upload(mine.c, mine.code)).json<{ id: number }>();
    const other = await deficientClaim();
    const stranger = await server.claimant();

    for (const c of [other.c, stranger]) {
      const refused = await upload(c, mine.code);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CURE_NOT_SIGNED_IN' });
      const saved = await c.raw('POST', PROGRESS, { json: { referenceCode: mine.code, signatureName: 'Someone Else' } });
      expect(saved.statusCode).toBe(403);
      const removed = await c.raw('DELETE', `${DOCUMENTS}/${added.id}`, { query: { referenceCode: mine.code } });
      expect(removed.statusCode).toBe(403);
    }
    // Its own reference code, another claim's document id: nothing removed.
    expect((await other.c.raw('DELETE', `${DOCUMENTS}/${added.id}`, { query: { referenceCode: other.code } })).statusCode).toBe(204);
    expect(await uploads(mine.submissionId)).toHaveLength(1);
    expect((await kept(mine.submissionId))[0]?.signature_name).toBeNull();
    // Without the CSRF token, nothing is written either.
    const noToken = await mine.c.raw('POST', PROGRESS, { json: { referenceCode: mine.code, signatureName: 'María López' }, csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect((await mine.c.raw('DELETE', `${DOCUMENTS}/${added.id}`, { query: { referenceCode: mine.code }, csrf: false })).statusCode).toBe(403);
    expect(await uploads(mine.submissionId)).toHaveLength(1);
  });

  it('is purged with its documents after the end of the cure-by day', async () => {
    const { code, c, submissionId } = await deficientClaim('2026-11-30');
    expect((await upload(c, code)).statusCode).toBe(201);
    const saved = now;
    try {
      now = Date.parse('2026-12-01T07:00:00Z'); // Nov 30, 23:00 in Los Angeles: not yet
      await cureInProgressPurge(server.app).purgeExpired();
      expect(await kept(submissionId)).toHaveLength(1);
      now = Date.parse('2026-12-01T08:00:01Z'); // after the end of Nov 30 in Los Angeles
      await cureInProgressPurge(server.app).purgeExpired();
      expect(await kept(submissionId)).toEqual([]);
      expect(await uploads(submissionId)).toEqual([]);
    } finally {
      now = saved;
    }
  });
});
