/**
 * The cure of a deficiency cured by a page of the claim (the sample's receiptMismatch: its repairs
 * page answered again): the status answer gives the claim's filed answers to the page; the cure's
 * answers are checked as the page's save checks them (a refused field named by its page and
 * element id, nothing stored), kept in the cure and never in the claim; the export shows them. A
 * cure in progress kept to finish later is checked as Save and finish later checks a claim's page:
 * what was typed yes (400 VALIDATION_FAILED with the page's field errors, nothing kept), what is
 * still to fill in no.
 * Over real HTTP, on both databases.
 */
import { describe, expect, it } from 'vitest';
import { exportSubmissions } from '../../../server/admin/export.js';
import type { FormModel } from '../../../runtime/core/types.js';
import { deficientClaim, type DeficientClaim } from './deficient-claim.js';
import { DIALECTS, encodeMultipart, OPEN_NOW, serverOver, type Claimant } from '../helper.js';

const CURE = '/api/claims/cure';
const PROGRESS = '/api/claims/cure/progress';

describe.each(DIALECTS)('a cure that answers a page of the claim again, over %s', (dialect) => {
  const now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now }));
  const db = () => server.app.database.db;

  /** A claim filed (one repair of 1,250.50), set deficient for a receipt that does not match, its claimant signed in on the status page. */
  async function receiptMismatch(): Promise<DeficientClaim> {
    const claim = await deficientClaim(server, 'receiptMismatch', now);
    expect(claim.status.deficiencies).toEqual([{ kind: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'repairs' } }]);
    return claim;
  }

  async function sendCure(c: Claimant, code: string, pageModels: unknown) {
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, ...(pageModels === undefined ? {} : { pageModels: JSON.stringify(pageModels) }) }, files: [] });
    return c.raw('POST', CURE, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
  }
  const payloadOf = (submissionId: number) => db().selectFrom('submissions').select('payload').where('id', '=', submissionId).executeTakeFirstOrThrow();
  const cureRows = (submissionId: number) => db().selectFrom('claim_cures').selectAll().where('submission_id', '=', submissionId).execute();
  const latestStatus = async (submissionId: number) =>
    (await db().selectFrom('claim_status_changes').select('to_status').where('submission_id', '=', submissionId).orderBy('id', 'desc').executeTakeFirstOrThrow()).to_status;

  it("starts from the claim's filed answers to the page, keeps the corrected ones in the cure, leaves the claim's untouched, and the export shows them", async () => {
    const { code, c, submissionId, filed } = await receiptMismatch();
    // The filed repair, as the claimant answered it.
    expect(filed).toHaveLength(1);
    expect(filed[0]?.metadata.dtoMapping).toBe('claimTransactions');
    expect(filed[0]?.fields).toMatchObject({ claimTransactionType: 'repair', facilityName: 'Bay Motors', amountPaid: 1250.5 });
    const before = await payloadOf(submissionId);

    const corrected = filed.map((m) => ({ ...m, fields: { ...m.fields, amountPaid: 980.25 } }));
    const res = await sendCure(c, code, corrected);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ referenceCode: code, status: 'cureReceived', receivedAt: new Date(now).toISOString() });

    const [cure, ...more] = await cureRows(submissionId);
    expect(more).toEqual([]);
    expect(cure?.signature_name).toBeNull();
    const kept = JSON.parse(cure?.answers ?? 'null') as FormModel[];
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ clientId: filed[0]?.clientId, fields: { facilityName: 'Bay Motors', amountPaid: 980.25 } });
    // The claim's answers are as filed.
    expect((await payloadOf(submissionId)).payload).toBe(before.payload);
    expect(await latestStatus(submissionId)).toBe('cureReceived');
    // The receipt names the page answered again, by its title.
    const receipts = await db().selectFrom('outbox').select('text_body').where('kind', '=', 'cure-receipt').where('submission_id', '=', submissionId).execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text_body).toContain('Your answers on the page: Repairs');

    const exported = (await exportSubmissions(server.app.database, 'jsonl')).text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { referenceCode: string; answers: { claimTransactions: FormModel[] }; cures: Array<{ answers: FormModel[]; documents: unknown[] }> })
      .find((line) => line.referenceCode === code);
    expect(exported?.answers.claimTransactions[0]?.fields.amountPaid).toBe(1250.5);
    expect(exported?.cures).toHaveLength(1);
    expect(exported?.cures[0]?.documents).toEqual([]);
    expect(exported?.cures[0]?.answers[0]?.fields).toMatchObject({ amountPaid: 980.25 });
    const csv = (await exportSubmissions(server.app.database, 'csv')).text;
    expect(csv).toContain('claimTransactions: claimTransactionType=repair');
    expect(csv).toContain('amountPaid=980.25');
  });

  it("refuses answers the page refuses with the page's field errors, storing nothing and leaving the claim deficient", async () => {
    const { code, c, submissionId, filed } = await receiptMismatch();
    const before = await payloadOf(submissionId);

    const tooMuch = await sendCure(c, code, filed.map((m) => ({ ...m, fields: { ...m.fields, amountPaid: 999999 } })));
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    const refused = tooMuch.json<{ code: string; fieldErrors: Array<{ pageId: string; fieldId: string; message: string }> }>();
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.fieldErrors.length).toBeGreaterThan(0);
    expect(refused.fieldErrors.every((e) => e.pageId === 'repairs' && e.message !== '')).toBe(true);
    expect(refused.fieldErrors.some((e) => e.fieldId.includes('amountPaid'))).toBe(true);

    // No repair at all: the page asks for at least one when the claim says expenses were paid.
    const none = await sendCure(c, code, []);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    // No answers, and answers of another page: refused as a malformed cure.
    const missing = await sendCure(c, code, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'STRUCTURE_INVALID' });
    const otherPage = await sendCure(c, code, [...filed, { ...filed[0], clientId: 'clm00000099abcdefgh', metadata: { formType: 'Automotive', dtoMapping: 'claimantInfo' }, fields: { firstName: 'Someone' } }]);
    expect(otherPage.statusCode).toBe(400);
    expect(otherPage.json()).toMatchObject({ code: 'STRUCTURE_INVALID' });

    expect(await cureRows(submissionId)).toEqual([]);
    expect((await payloadOf(submissionId)).payload).toBe(before.payload);
    expect(await latestStatus(submissionId)).toBe('deficient');
  });
  it('checks the answers of a cure in progress as Save and finish later checks the page: what was typed, not what is still to fill in', async () => {
    const { code, c, submissionId, filed } = await receiptMismatch();
    const save = (pageModels: unknown) => c.raw('POST', PROGRESS, { json: { referenceCode: code, pageModels } });
    const kept = async () => (await db().selectFrom('cures_in_progress').select('answers').where('submission_id', '=', submissionId).executeTakeFirst())?.answers ?? null;

    // A repair's amount over the page's limit: refused as the page's save refuses it, nothing kept.
    const tooMuch = await save(filed.map((m) => ({ ...m, fields: { ...m.fields, amountPaid: 999999 } })));
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    const refused = tooMuch.json<{ code: string; fieldErrors: Array<{ pageId: string; fieldId: string; message: string }> }>();
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.fieldErrors.some((e) => e.pageId === 'repairs' && e.fieldId.includes('amountPaid') && e.message !== '')).toBe(true);
    // A field the model does not have: a malformed save.
    const unknown = await save(filed.map((m) => ({ ...m, fields: { ...m.fields, notAField: 'x' } })));
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'STRUCTURE_INVALID' });
    expect(await kept()).toBeNull();

    // No repair yet: the page's "at least one" is for the cure sent to say, the save keeps it.
    const none = await save([]);
    expect(none.statusCode, none.body).toBe(200);
    expect(JSON.parse((await kept()) ?? 'null')).toEqual([]);
    const corrected = await save(filed.map((m) => ({ ...m, fields: { ...m.fields, amountPaid: 980.25 } })));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((JSON.parse((await kept()) ?? '[]') as FormModel[])[0]?.fields).toMatchObject({ amountPaid: 980.25 });
    expect(await latestStatus(submissionId)).toBe('deficient');
  });
});
