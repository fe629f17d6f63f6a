/**
 * Links between records on the server, over both databases: a claim's submit refuses a document
 * linked to a repair the claim does not have (a hostile client can send any id), on that
 * document's link select, in the claimant's language; a cure of the repairs page that removes the
 * repair the claim's filed documents link to is refused on the repairs block, naming them, and
 * gives those documents as read-only context. Answers changed so that a linked-to page is skipped
 * never block the claimant: the document stays, its link cleared.
 */
import { describe, expect, it } from 'vitest';
import type { FormModel } from '../../../runtime/core/types.js';
import { recordsDomId } from '../../../runtime/core/view/index.js';
import { isStoredModel } from '../../../server/db/claim-cures.js';
import { deficientClaim } from './deficient-claim.js';
import { minimalPdf } from '../../support/documents.js';
import { invoiceContext, MARIA_ANSWERS } from '../../support/sample-claim.js';
import { claimOnRepairsPage, DIALECTS, encodeMultipart, model, OPEN_NOW, serverOver, settlementCopy, type Claimant } from '../helper.js';

const CURE = '/api/claims/cure';
const STATUSES = { deficiencies: [{ id: 'repairsAgain', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'repairs' } }] };

describe.each(DIALECTS)('links between records, over %s', (dialect) => {
  const now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now, settlementDir: settlementCopy({ 'statuses.json': STATUSES }) }));
  const db = () => server.app.database.db;

  const sendCure = async (c: Claimant, code: string, pageModels: FormModel[]) => {
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, pageModels: JSON.stringify(pageModels) }, files: [] });
    return c.raw('POST', CURE, { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
  };

  it.each([
    ['en', 'Choose again from the list: the one chosen is not part of your claim.'],
    ['es', 'Elija de nuevo de la lista: lo que eligió no forma parte de su reclamo.'],
  ])('refuses a submit whose document links to a repair the claim does not have (%s), storing nothing', async (culture, message) => {
    let documentId = '';
    const { res, record } = await server.submitChanged((p) => {
      const docs: unknown = JSON.parse(p.text.documentContexts ?? '[]');
      const linked = (Array.isArray(docs) ? docs.filter(isStoredModel) : []).map((d) => ({ ...d, fields: { ...d.fields, claimTransactionId: 'c0000099zzzzzzzz' } }));
      documentId = linked[0]?.clientId ?? '';
      return { ...p, text: { ...p.text, userPreferredCulture: culture, documentContexts: JSON.stringify(linked) } };
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ pageId: 'supporting-documents', fieldId: `documentContexts-${documentId}-claimTransactionId`, message }] });
    expect(record).toBeNull();
  });

  it('lets a claimant whose answers now skip the denials page go on, keeping the document linked to the dropped denial with its link cleared', async () => {
    const a = await claimOnRepairsPage(server);
    const draft = (pageId: string, models: FormModel[]) => server.http({ method: 'PUT', url: '/api/forms/automotive/draft', headers: a.c.headers(), payload: { pageId, models } });
    const withAnswer = (models: FormModel[], outOfPocket: 'true' | 'false') =>
      models.map((m) => (m.metadata.dtoMapping === 'ClaimDetails' ? { ...m, fields: { ...MARIA_ANSWERS.ClaimDetails, didIncurOutOfPocketExpensesPriorToSeptember: outOfPocket } } : m));
    // No expenses before September: the denials page is asked, and a document is linked to the denial.
    const denial = model('Automotive', 'ClaimTransactions', { claimTransactionType: 'denial', facilityName: 'Bayside Motors', denialDate: '06/20/2017' });
    const pdf = minimalPdf();
    const doc = model('Automotive', 'DocumentContexts', { ...invoiceContext(denial.clientId, pdf.length), file: 'denial.pdf', name: 'denial.pdf', type: 'application/pdf' });
    const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: doc.clientId, name: 'denial.pdf', type: 'application/pdf', bytes: pdf }] });
    const uploaded = await server.http({ method: 'POST', url: '/api/forms/automotive/draft/documents', headers: a.c.headers({ 'content-type': contentType }), payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const linked = withAnswer([...a.models, denial, doc], 'false');
    const onDocuments = await draft('supporting-documents', linked);
    expect(onDocuments.statusCode, onDocuments.body).toBe(200);

    // Back on the eligibility page, expenses after all: the denials page is skipped and its denial dropped.
    const expenses = withAnswer(linked, 'true');
    const onEligibility = await draft('eligibility', expenses);
    expect(onEligibility.statusCode, onEligibility.body).toBe(200);
    const onRepairs = await draft('repairs', expenses);
    expect(onRepairs.statusCode, onRepairs.body).toBe(200);
    // The document stays, its link to the dropped denial cleared: the documents page is saved as it is.
    const documentsAgain = await draft('supporting-documents', expenses);
    expect(documentsAgain.statusCode, documentsAgain.body).toBe(200);
    const stored = await server.http({ url: '/api/forms/automotive/draft', headers: { cookie: a.c.cookie } });
    const models = stored.json<{ models: FormModel[] }>().models;
    expect(models.filter((m) => m.metadata.dtoMapping === 'claimTransactions').map((m) => m.fields.claimTransactionType)).toEqual(['repair']);
    expect(models.filter((m) => m.metadata.dtoMapping === 'documentContexts').map((m) => [m.clientId, m.fields.name, m.fields.claimTransactionId ?? ''])).toEqual([[doc.clientId, 'denial.pdf', '']]);
  });

  it('refuses a cure of the repairs page that removes the repair the filed documents link to, naming them, and takes one that keeps it', async () => {
    const { code, c, submissionId, filed, status } = await deficientClaim(server, 'repairsAgain', now);
    const [repair] = filed;
    if (!repair) throw new Error('The claim has no filed repair.');
    // The filed document linked to the repair comes as context: its link and what its row shows.
    const documents = (status.cureContext ?? []).filter((m) => m.metadata.dtoMapping === 'documentContexts');
    expect(documents.map((m) => m.fields)).toEqual([expect.objectContaining({ claimTransactionId: repair.clientId, name: 'invoice.pdf' })]);

    const other = { ...repair, id: null, clientId: `${repair.clientId.slice(0, -1)}${repair.clientId.endsWith('a') ? 'b' : 'a'}` };
    const removed = await sendCure(c, code, [other]);
    expect(removed.statusCode, removed.body).toBe(400);
    const shown = 'It cannot be removed here, because these parts of your claim are linked to it: invoice.pdf. Keep it, or contact us to change them.';
    expect(removed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ pageId: 'repairs', fieldId: recordsDomId('ClaimTransactions', { claimTransactionType: 'repair' }), message: shown }] });
    expect(await db().selectFrom('claim_cures').select('id').where('submission_id', '=', submissionId).execute()).toEqual([]);

    const kept = await sendCure(c, code, [repair, other]);
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
