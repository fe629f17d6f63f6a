/**
 * A cure that asks again a page with files (the sample's supporting documents): the status answer
 * gives the claim's filed records of the page; a document is uploaded on add to the cure in
 * progress for a record, by its client id (checked and scanned as a claim's); the cure sent without
 * a record's document is refused (CURE_DOCUMENT_MISSING) storing nothing; with it, the cure files
 * the document linked to its record, the claim's own answers and documents untouched, and the
 * export shows the cure's document. Over real HTTP, on both databases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportSubmissions } from '../../../server/admin/export.js';
import type { FormModel } from '../../../runtime/core/types.js';
import { documentOfSize, minimalPdf } from '../../support/documents.js';
import { deficientClaim } from './deficient-claim.js';
import { DIALECTS, encodeMultipart, FIXTURES, OPEN_NOW, serverOver, settlementCopy, type Claimant } from '../helper.js';

const CURE = '/api/claims/cure';
const DOCUMENTS = '/api/claims/cure/documents';
const RECEIPT = minimalPdf('the invoice of the repair, again');
const KB = 1024;
/** Small limits, so that a test sends kilobytes rather than megabytes. */
const LIMITS = { maxFileBytes: 64 * KB, maxTotalBytes: 100 * KB, maxFiles: 20 };
const SETTINGS = { ...(JSON.parse(readFileSync(path.join(FIXTURES, 'settings.json'), 'utf8')) as Record<string, unknown>), uploads: LIMITS };
const STATUSES = { deficiencies: [{ id: 'documentMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'supporting-documents' } }] };

describe.each(DIALECTS)('a cure that asks again a page with files, over %s', (dialect) => {
  const now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now, settlementDir: settlementCopy({ 'statuses.json': STATUSES, 'settings.json': SETTINGS }) }));
  const db = () => server.app.database.db;

  const documentMismatch = () => deficientClaim(server, 'documentMismatch', now);

  const upload = async (c: Claimant, code: string, field: string, name = 'invoice-again.pdf', bytes: Uint8Array = RECEIPT) => {
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code }, files: [{ field, name, type: 'application/pdf', bytes }] });
    return c.raw('POST', DOCUMENTS, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
  };
  const sendCure = async (c: Claimant, code: string, pageModels: FormModel[]) => {
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, pageModels: JSON.stringify(pageModels) }, files: [] });
    return c.raw('POST', CURE, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
  };

  it("files the page's records with the document uploaded for each, linked to its record, never touching the claim's", async () => {
    const { code, c, submissionId, filed } = await documentMismatch();
    const [record] = filed;
    expect(record?.metadata.dtoMapping).toBe('documentContexts');
    if (!record) return;
    const claimBefore = await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow();
    const claimDocuments = await db().selectFrom('documents').select(['name']).where('submission_id', '=', submissionId).execute();

    // The record changed (another file chosen) and sent before its document is uploaded: refused, naming it, nothing stored.
    const changed = [{ ...record, fields: { ...record.fields, name: 'invoice-again.pdf' } }];
    const early = await sendCure(c, code, changed);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ code: 'CURE_DOCUMENT_MISSING', error: expect.stringContaining('invoice-again.pdf') });
    // Told beside that record's file on its page, as the page tells its own errors.
    expect(early.json<{ fieldErrors: unknown }>().fieldErrors).toEqual([
      { pageId: 'supporting-documents', fieldId: `documentContexts-${record.clientId}-file`, message: 'Add the document that is missing: invoice-again.pdf.' },
    ]);
    expect(await db().selectFrom('claim_cures').select('id').where('submission_id', '=', submissionId).execute()).toEqual([]);

    const added = await upload(c, code, record.clientId);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(Number), deficiency: 'documentMismatch', clientId: record.clientId, name: 'invoice-again.pdf', size: RECEIPT.length, type: 'application/pdf' });
    // A part named by neither a missing kind nor a record: refused.
    expect((await upload(c, code, 'notAKind')).statusCode).toBe(400);

    const cured = await sendCure(c, code, filed);
    expect(cured.statusCode, cured.body).toBe(200);
    const cure = await db().selectFrom('claim_cures').select('id').where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    const documents = await db().selectFrom('claim_cure_documents').selectAll().where('cure_id', '=', Number(cure.id)).execute();
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ deficiency: 'documentMismatch', client_id: record.clientId, name: 'invoice-again.pdf' });
    expect(documents[0]?.document_type).toBe(record.fields.documentType);
    // The claim's answers and documents are as filed.
    expect((await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow()).payload).toBe(claimBefore.payload);
    expect(await db().selectFrom('documents').select(['name']).where('submission_id', '=', submissionId).execute()).toEqual(claimDocuments);

    const exported = (await exportSubmissions(server.app.database, 'jsonl')).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { referenceCode: string; cures: Array<{ documents: Array<{ name: string }> }> })
      .find((line) => line.referenceCode === code);
    expect(exported?.cures[0]?.documents.map((d) => d.name)).toEqual(['invoice-again.pdf']);
  });

  it("keeps a record sent as filed with the claim's own document, and asks a document only of the record added beside it", async () => {
    const { code, c, submissionId, filed } = await documentMismatch();
    const [record] = filed;
    if (!record) throw new Error('The claim has no filed record of the page.');
    const added = { ...record, id: null, clientId: `${record.clientId.slice(0, -1)}${record.clientId.endsWith('a') ? 'b' : 'a'}`, fields: { ...record.fields, name: 'invoice-second.pdf' } };
    const early = await sendCure(c, code, [record, added]);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ code: 'CURE_DOCUMENT_MISSING', error: expect.stringContaining('invoice-second.pdf') });

    expect((await upload(c, code, added.clientId)).statusCode).toBe(201);
    const cured = await sendCure(c, code, [record, added]);
    expect(cured.statusCode, cured.body).toBe(200);
    const cure = await db().selectFrom('claim_cures').select(['id', 'answers']).where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    const documents = await db().selectFrom('claim_cure_documents').selectAll().where('cure_id', '=', Number(cure.id)).execute();
    expect(documents.map((d) => d.client_id)).toEqual([added.clientId]);
    expect((JSON.parse(cure.answers ?? '[]') as FormModel[]).map((m) => m.clientId)).toEqual([record.clientId, added.clientId]);
  });

  it("gives the claim's repairs as read-only context for a document's link, files a document linked to one, and refuses a link to a record the claim does not have", async () => {
    const { code, c, submissionId, filed, status } = await documentMismatch();
    const [record] = filed;
    if (!record) throw new Error('The claim has no filed record of the page.');
    // The filed repair the page's link select lists, with the fields its label reads only.
    const context = status.cureContext ?? [];
    expect(context.map((m) => m.metadata.dtoMapping)).toEqual(['claimTransactions']);
    const [repair] = context;
    if (!repair) return;
    expect(record.fields.claimTransactionId).toBe(repair.clientId);
    expect(repair.fields).toMatchObject({ claimTransactionType: 'repair', facilityName: expect.any(String) });
    expect(Object.keys(repair.fields).every((f) => ['claimTransactionType', 'facilityName', 'repairDate', 'denialDate'].includes(f))).toBe(true);

    const added = { ...record, id: null, clientId: `${record.clientId.slice(0, -1)}${record.clientId.endsWith('a') ? 'b' : 'a'}`, fields: { ...record.fields, documentType: 'proofOfPayment', name: 'receipt.pdf', file: 'receipt.pdf' } };
    expect((await upload(c, code, added.clientId, 'receipt.pdf')).statusCode).toBe(201);
    // A link to a record the claim does not have: refused on that record's link select, nothing stored.
    const elsewhere = await sendCure(c, code, [record, { ...added, fields: { ...added.fields, claimTransactionId: 'c0000099zzzzzzzz' } }]);
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ pageId: 'supporting-documents', fieldId: `documentContexts-${added.clientId}-claimTransactionId`, message: 'Choose again from the list: the one chosen is not part of your claim.' }],
    });
    expect(await db().selectFrom('claim_cures').select('id').where('submission_id', '=', submissionId).execute()).toEqual([]);

    const cured = await sendCure(c, code, [record, added]);
    expect(cured.statusCode, cured.body).toBe(200);
    const cure = await db().selectFrom('claim_cures').select(['answers']).where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    const answers = JSON.parse(cure.answers ?? '[]') as FormModel[];
    expect(answers.find((m) => m.clientId === added.clientId)?.fields.claimTransactionId).toBe(repair.clientId);
    // The repair stays the claim's: never part of the cure's answers.
    expect(answers.map((m) => m.metadata.dtoMapping)).toEqual(['documentContexts', 'documentContexts']);
    const exported = (await exportSubmissions(server.app.database, 'jsonl')).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { referenceCode: string; cures: Array<{ answers: FormModel[] }> })
      .find((line) => line.referenceCode === code);
    expect(exported?.cures[0]?.answers.find((m) => m.clientId === added.clientId)?.fields.claimTransactionId).toBe(repair.clientId);
  });

  it("takes a filed record corrected in place (its document type, its link) with the claim's own document, the correction the cure's only", async () => {
    const { code, c, submissionId, filed } = await documentMismatch();
    const [record] = filed;
    if (!record) throw new Error('The claim has no filed record of the page.');
    const claimBefore = await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow();
    const corrected = { ...record, fields: { ...record.fields, documentType: 'proofOfPayment', claimTransactionId: null } };
    const cured = await sendCure(c, code, [corrected]);
    expect(cured.statusCode, cured.body).toBe(200);
    const cure = await db().selectFrom('claim_cures').select(['id', 'answers']).where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    expect(JSON.parse(cure.answers ?? '[]')).toEqual([expect.objectContaining({ clientId: record.clientId, fields: expect.objectContaining({ documentType: 'proofOfPayment', claimTransactionId: null, name: record.fields.name }) })]);
    // Its document is still the claim's: the cure files none.
    expect(await db().selectFrom('claim_cure_documents').select('id').where('cure_id', '=', Number(cure.id)).execute()).toEqual([]);
    expect((await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow()).payload).toBe(claimBefore.payload);
  });

  it("refuses a document that would take the cure's documents over the claim's total limit, as a draft's, and takes one that replaces a record's", async () => {
    const { code, c, filed } = await documentMismatch();
    const [record] = filed;
    if (!record) throw new Error('The claim has no filed record of the page.');
    const other = `${record.clientId.slice(0, -1)}${record.clientId.endsWith('a') ? 'b' : 'a'}`;
    const sixty = documentOfSize('application/pdf', 60 * KB);
    expect((await upload(c, code, record.clientId, 'first.pdf', sixty)).statusCode).toBe(201);
    const over = await upload(c, code, other, 'second.pdf', sixty);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'DOCUMENTS_TOTAL_TOO_LARGE', error: 'The document "second.pdf" was not added: all documents together may be at most 0.1 MB. Please remove a document or upload a smaller file.' });
    // The same record's document replaced: the one it replaces does not count.
    expect((await upload(c, code, record.clientId, 'first-again.pdf', sixty)).statusCode).toBe(201);
  });
});
