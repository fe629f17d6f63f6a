/**
 * POST /api/claims/cure: a claimant signed in on the status page for a deficient claim sends what
 * is missing (a document, checked and scanned as a claim's; a signature). The cure is stored linked
 * to the claim, its documents in the document store, the claim's answers untouched; the status
 * moves to cureReceived (changed by "cure"); the receipt is queued once; the export shows the cure.
 * Refused: a session not signed in for that claim, after the cure-by day, a claim no longer
 * deficient, a cure missing what is asked, an infected document. Over real HTTP, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportAllDocuments, exportDocuments, exportSubmissions, MANIFEST_FILE } from '../../../server/admin/export.js';
import { applyStatusChanges } from '../../../server/claims/statuses.js';
import { EICAR, startClamdStandIn, type ClamdStandIn } from '../../support/clamd-stand-in.js';
import { minimalPdf } from '../../support/documents.js';
import { DIALECTS, encodeMultipart, OPEN_NOW, serverOver, type Claimant, type Parts } from '../helper.js';

const CURE = '/api/claims/cure';
const CLEAN_PDF = minimalPdf('a receipt of the repair');
const INFECTED_PDF = minimalPdf(EICAR);

let clamd: ClamdStandIn;
beforeAll(async () => {
  clamd = await startClamdStandIn();
});
afterAll(async () => {
  await clamd.close();
});

describe.each(DIALECTS)('the online cure of a deficient claim, over %s', (dialect) => {
  let now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now, documentScanner: { host: clamd.host, port: clamd.port } }));
  const db = () => server.app.database.db;

  /** A claim filed with a VIN of its own, set deficient (a proof of purchase and a signature missing), and its claimant signed in on the status page. */
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

  const cureParts = (code: string, over: { pdf?: Uint8Array | null; name?: string | null } = {}): Parts => ({
    text: { referenceCode: code, ...(over.name === null ? {} : { signatureName: over.name ?? 'María López', signatureAttested: 'true' }) },
    files: over.pdf === null ? [] : [{ field: 'missingProofOfPurchase', name: 'receipt.pdf', type: 'application/pdf', bytes: over.pdf ?? CLEAN_PDF }],
  });
  async function sendCure(c: Claimant, parts: Parts) {
    const { body, contentType } = await encodeMultipart(parts);
    return c.raw('POST', CURE, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
  }
  const receipts = (submissionId: number) => db().selectFrom('outbox').select(['recipient', 'subject', 'text_body']).where('kind', '=', 'cure-receipt').where('submission_id', '=', submissionId).execute();
  const cureRows = (submissionId: number) => db().selectFrom('claim_cures').selectAll().where('submission_id', '=', submissionId).execute();

  it('stores the cure linked to the claim, its document in the store, moves the status to cureReceived and queues one receipt; the export shows it', async () => {
    const { code, vin, c, submissionId } = await deficientClaim();
    const before = await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow();

    const res = await sendCure(c, cureParts(code));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ referenceCode: code, status: 'cureReceived', receivedAt: new Date(now).toISOString() });

    const [cure, ...more] = await cureRows(submissionId);
    expect(more).toEqual([]);
    expect(cure).toMatchObject({ signature_name: 'María López' });
    const deficientChange = await db().selectFrom('claim_status_changes').select('id').where('submission_id', '=', submissionId).where('to_status', '=', 'deficient').executeTakeFirstOrThrow();
    expect(Number(cure?.status_change_id)).toBe(Number(deficientChange.id));
    const documents = await db().selectFrom('claim_cure_documents').selectAll().where('cure_id', '=', Number(cure?.id)).execute();
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ deficiency: 'missingProofOfPurchase', document_type: 'proofOfPayment', name: 'receipt.pdf', type: 'application/pdf' });
    expect(Number(documents[0]?.size)).toBe(CLEAN_PDF.length);
    const object = await db().selectFrom('document_objects').select('bytes').where('key', '=', documents[0]?.store_key ?? '').executeTakeFirstOrThrow();
    expect(Buffer.from(object.bytes).equals(CLEAN_PDF)).toBe(true);

    // The claim's answers are as filed.
    const after = await db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(after.payload).toBe(before.payload);

    const latest = await db().selectFrom('claim_status_changes').selectAll().where('submission_id', '=', submissionId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ from_status: 'deficient', to_status: 'cureReceived', changed_by: 'cure' });
    const status = await c.api.claimStatus(code, { vin });
    expect(status.ok && status.data).toMatchObject({ status: 'cureReceived', labelKey: 'LocKey_Status_CureReceived', deficiencies: [] });

    const [receipt, ...others] = await receipts(submissionId);
    expect(others).toEqual([]);
    expect(receipt?.text_body).toContain(code);
    expect(receipt?.text_body).toContain('receipt.pdf');

    // Sent again, the cure is refused: nothing more stored, no second receipt.
    const again = await sendCure(c, cureParts(code));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CURE_NOT_DEFICIENT' });
    expect(await cureRows(submissionId)).toHaveLength(1);
    expect(await receipts(submissionId)).toHaveLength(1);

    const exported = (await exportSubmissions(server.app.database, 'jsonl')).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { referenceCode: string; status: string; cures: unknown[] })
      .find((line) => line.referenceCode === code);
    expect(exported?.status).toBe('cureReceived');
    expect(exported?.cures).toEqual([
      {
        receivedAt: new Date(now).toISOString(),
        signatureName: 'María López',
        documents: [{ deficiency: 'missingProofOfPurchase', documentType: 'proofOfPayment', name: 'receipt.pdf', type: 'application/pdf', size: CLEAN_PDF.length, sha256: documents[0]?.sha256, unscanned: false }],
        answers: [],
      },
    ]);
    const csv = (await exportSubmissions(server.app.database, 'csv')).text;
    expect(csv).toContain('proofOfPayment receipt.pdf (application/pdf');
    // export-documents writes the cure's document beside the claim's, byte-identical.
    const out = mkdtempSync(path.join(tmpdir(), 'cure-export-'));
    try {
      const files = await exportDocuments(server.app.database, server.app.documents, code, out);
      expect(files.map((f) => path.relative(out, f.file))).toContain(path.join('cure-1', 'receipt.pdf'));
      expect(readFileSync(path.join(out, 'cure-1', 'receipt.pdf')).equals(CLEAN_PDF)).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    // export-documents --all too, each cure document a row of the manifest.
    const all = path.join(tmpdir(), `cure-export-all-${process.pid}-${Date.now()}`);
    try {
      await exportAllDocuments(server.app.database, server.app.documents, all);
      const folder = readdirSync(all).find((f) => f.startsWith(code));
      expect(folder).toBeDefined();
      expect(readFileSync(path.join(all, `${folder}`, 'cure-1', 'receipt.pdf')).equals(CLEAN_PDF)).toBe(true);
      expect(readFileSync(path.join(all, MANIFEST_FILE), 'utf8')).toContain(`${folder}/cure-1/receipt.pdf`);
    } finally {
      rmSync(all, { recursive: true, force: true });
    }
  });

  it('refuses a session that did not sign in for that claim, and one signed in for another claim', async () => {
    const { code, submissionId } = await deficientClaim();
    const stranger = await server.claimant();
    const refused = await sendCure(stranger, cureParts(code));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CURE_NOT_SIGNED_IN' });
    const other = await deficientClaim();
    const crossed = await sendCure(other.c, cureParts(code));
    expect(crossed.statusCode).toBe(403);
    expect(await cureRows(submissionId)).toEqual([]);
  });

  it('refuses a cure after the end of its cure-by day, with a message naming whom to contact', async () => {
    const { code, vin, submissionId } = await deficientClaim('2026-11-30');
    const saved = now;
    try {
      now = Date.parse('2026-12-01T08:00:00Z'); // after the end of Nov 30 in Los Angeles
      // Signed in on the status page again (the first session has long expired), which still reads the claim as deficient.
      const c = await server.claimant();
      expect(await c.api.claimStatus(code, { vin })).toMatchObject({ ok: true, data: { status: 'deficient', cureBy: '2026-11-30' } });
      const res = await sendCure(c, cureParts(code));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CURE_DATE_PASSED', error: expect.stringContaining('contact the Settlement Administrator') });
      expect(await cureRows(submissionId)).toEqual([]);
    } finally {
      now = saved;
    }
  });

  it('refuses a cure missing its document or its signature, and an infected document, storing nothing', async () => {
    const { code, c, submissionId } = await deficientClaim();
    const noDocument = await sendCure(c, cureParts(code, { pdf: null }));
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.json()).toMatchObject({ code: 'CURE_DOCUMENT_MISSING' });
    const unsigned = await sendCure(c, cureParts(code, { name: null }));
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'CURE_SIGNATURE_MISSING' });
    const infected = await sendCure(c, cureParts(code, { pdf: INFECTED_PDF }));
    expect(infected.statusCode).toBe(400);
    expect(infected.json()).toMatchObject({ code: 'DOCUMENT_INFECTED', document: 'missingProofOfPurchase' });
    const text = await sendCure(c, { ...cureParts(code), files: [{ field: 'missingProofOfPurchase', name: 'receipt.pdf', type: 'application/pdf', bytes: Buffer.from('not a pdf at all') }] });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', document: 'missingProofOfPurchase' });
    expect(await cureRows(submissionId)).toEqual([]);
    expect(await receipts(submissionId)).toEqual([]);
    const latest = await db().selectFrom('claim_status_changes').select('to_status').where('submission_id', '=', submissionId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(latest.to_status).toBe('deficient');
  });
});
