/**
 * /status, a cure that asks again a page with files: the cure form draws the page with its filed
 * records; a document chosen for a new record is uploaded on add to the cure in progress (by the
 * record's client id, not to a claim's draft), its refusal shown beside it as in a claim; the cure
 * sends the page's records (their documents are those of the cure in progress).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClaimStatusAnswer } from '../../../runtime/core/api';
import { CONFIGS } from '../../core/view/fixtures';
import { DOCUMENTS_BLOCK } from '../fixtures';
import { claimForStatus, deficientStatus, fakeApi, ok, preloadShell, renderApp, testServices } from './fixtures';

const CLAIM = claimForStatus([{ key: 'vin', widget: 'text', label: 'LocKey_Vin' }], { ...DOCUMENTS_BLOCK, startDraft: false });

const FILED = {
  id: '41',
  clientId: 't0000000000filed',
  metadata: { formType: 'Automotive', dtoMapping: 'documentContexts' },
  metadataHash: 'h4',
  fields: {
    documentType: 'other',
    claimTransactionId: null,
    file: 'wrong-receipt.pdf',
    name: 'wrong-receipt.pdf',
    size: 8,
    type: 'application/pdf',
  },
};

const DEFICIENT = deficientStatus([{ kind: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'documents' } }], { cureAnswers: [FILED] });

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await Promise.all([preloadShell(), import('../../../runtime/app/pages/CurePanel')]);
});

async function openCure(over: Parameters<typeof fakeApi>[0], answer: ClaimStatusAnswer = DEFICIENT, flow = CLAIM) {
  const api = fakeApi({ claimStatus: vi.fn(async () => ok(answer)), ...over });
  renderApp(
    '/status',
    testServices({
      api,
      flows: [flow],
      state: { whitelistLoaded: true, modelConfigs: CONFIGS },
    }),
  );
  await userEvent.type(
    await screen.findByRole('textbox', {
      name: /LocKey_StatusPage_ReferenceLabel/,
    }),
    'AUT-23456789X',
  );
  await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
  await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Cure_Open' }));
  await screen.findByRole('heading', { name: 'LocKey_Cure_Title' }, { timeout: 10_000 });
  return api;
}

/** The cure's send, answered as received. */
const cureReceived = () => vi.fn(async () => ok({ referenceCode: 'AUT-23456789X', status: 'cureReceived', receivedAt: '2026-11-26T18:00:00.000Z' }));

describe('/status: the cure of a page with files', () => {
  it("opens the page with its filed records, uploads a new record's document on add to the cure in progress, and sends the page's records", async () => {
    const addCureDocument = vi.fn(async (_code: string, clientId: string, file: { name: string }, _culture: string) =>
      ok({
        id: 9,
        deficiency: 'receiptMismatch',
        clientId,
        name: file.name,
        size: 8,
        type: 'application/pdf',
      }),
    );
    const claimCure = cureReceived();
    const api = await openCure({ addCureDocument, claimCure });
    // The page the claimant filed, with its record; no "contact the administrator".
    expect(await screen.findByText('wrong-receipt.pdf')).toBeTruthy();
    expect(screen.queryByText('LocKey_Cure_PageUnsupported')).toBeNull();

    // The wrong receipt removed, the right one added: uploaded as soon as it is chosen, to the cure.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Record 1' }));
    await waitFor(() => expect(screen.queryByText('wrong-receipt.pdf')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_AddMore' }));
    await userEvent.selectOptions(await screen.findByLabelText(/Type/), 'other');
    const file = new File(['%PDF-1.4'], 'right-receipt.pdf', {
      type: 'application/pdf',
    });
    await userEvent.upload(screen.getByLabelText(/^File/), file);
    await waitFor(() => expect(addCureDocument).toHaveBeenCalledTimes(1));
    const [code, clientId, sent, culture] = addCureDocument.mock.calls[0] ?? [];
    expect([code, sent, culture]).toEqual(['AUT-23456789X', { name: 'right-receipt.pdf', data: file }, 'en']);
    // The new record's own client id, which the page's records then carry.
    expect(typeof clientId === 'string' && clientId !== FILED.clientId).toBe(true);
    expect(api.addDocument).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_Upload' }));
    expect(await screen.findByText('right-receipt.pdf')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Submit' }));
    await waitFor(() => expect(claimCure).toHaveBeenCalledTimes(1));
    expect(claimCure).toHaveBeenCalledWith(
      {
        referenceCode: 'AUT-23456789X',
        pageModels: [
          expect.objectContaining({
            clientId,
            fields: expect.objectContaining({
              documentType: 'other',
              name: 'right-receipt.pdf',
            }),
          }),
        ],
        documents: [],
        signature: null,
      },
      'en',
    );
  });

  it('shows a refusal of the upload beside the document, in the server’s words, and stores nothing', async () => {
    const infected = 'The document "bad.pdf" was not accepted: it appears to contain malware.';
    const addCureDocument = vi.fn(async () => ({
      ok: false as const,
      error: infected,
      errorKey: null,
      status: 422,
      code: 'DOCUMENT_INFECTED',
    }));
    await openCure({ addCureDocument });
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_AddMore' }));
    await userEvent.selectOptions(await screen.findByLabelText(/Type/), 'other');
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['%PDF-1.4'], 'bad.pdf', { type: 'application/pdf' }));
    // Beside the file (its field's error), the record left open to choose another.
    expect((await screen.findAllByText(infected)).some((e) => e.closest('.cf-field') !== null)).toBe(true);
    expect(screen.getByLabelText(/^File/).getAttribute('aria-invalid')).toBe('true');
  });

  it('opens a cure kept to finish later with the document its record was given, which stays with the cure and goes with it; one of a record not kept is removed', async () => {
    const kept = {
      ...DEFICIENT,
      cureInProgress: {
        savedAt: '2026-11-26T12:00:00.000Z',
        signatureName: null,
        documents: [
          {
            id: 9,
            deficiency: 'receiptMismatch',
            clientId: FILED.clientId,
            name: 'right-receipt.pdf',
            size: 8,
            type: 'application/pdf',
          },
          // Of a record not kept (never saved): removed from the cure, so that it no longer counts.
          {
            id: 10,
            deficiency: 'receiptMismatch',
            clientId: 't0000000000stale',
            name: 'stale.pdf',
            size: 8,
            type: 'application/pdf',
          },
        ],
      },
    };
    const claimCure = cureReceived();
    const api = await openCure({ claimCure }, kept);
    expect(await screen.findByText('wrong-receipt.pdf')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Submit' }));
    await waitFor(() =>
      expect(claimCure).toHaveBeenCalledWith(
        {
          referenceCode: 'AUT-23456789X',
          pageModels: [expect.objectContaining({ clientId: FILED.clientId })],
          documents: [],
          signature: null,
        },
        'en',
      ),
    );
    expect(api.removeCureDocument).toHaveBeenCalledTimes(1);
    expect(api.removeCureDocument).toHaveBeenCalledWith('AUT-23456789X', 10);
    expect(api.addCureDocument).not.toHaveBeenCalled();
  });

  it('tells a refusal of a record\'s document beside that record and first in the error summary, which takes the focus', async () => {
    const missing = 'Add the document that is missing: wrong-receipt.pdf.';
    const fieldId = `documentContexts-${FILED.clientId}-file`;
    const claimCure = vi.fn(async () => ({ ok: false as const, error: missing, errorKey: null, status: 400, code: 'CURE_DOCUMENT_MISSING', fieldErrors: [{ pageId: 'documents', fieldId, message: missing }] }));
    await openCure({ claimCure });
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Cure_Submit' }));
    await waitFor(() => expect(document.activeElement?.classList.contains('cf-error-summary')).toBe(true));
    const summary = document.activeElement as HTMLElement;
    // One line, linked to the record's message under its row.
    const links = summary.querySelectorAll('a');
    expect([...links].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[missing, `#${fieldId}`]]);
    const beside = document.getElementById(fieldId);
    expect(beside?.textContent).toBe(missing);
    expect(beside?.closest('.cf-records__item')?.textContent).toContain('wrong-receipt.pdf');
    await userEvent.click(links[0] as HTMLAnchorElement);
    expect(document.activeElement).toBe(beside);
  });

  it("lists the claim's filed records a document links to, as the claim labels them, and sends the link; a filed record corrected in place keeps its document", async () => {
    const linked = claimForStatus([{ key: 'vin', widget: 'text', label: 'LocKey_Vin' }], {
      ...DOCUMENTS_BLOCK,
      startDraft: false,
      fields: [
        { key: 'documentType', widget: 'select', label: 'Type', options: [{ value: 'other', label: 'Other' }, { value: 'invoice', label: 'Invoice' }] },
        { key: 'claimTransactionId', widget: 'select', label: 'Related repair' },
        { key: 'file', widget: 'file', label: 'File' },
      ],
      displayFields: ['documentType', 'claimTransactionId', 'name'],
      linkOptions: { field: 'claimTransactionId', model: 'ClaimTransactions', labelFields: ['facilityName'] },
    });
    const repair = { id: '40', clientId: 't0000000000repai', metadata: { formType: 'Automotive', dtoMapping: 'claimTransactions' }, metadataHash: 'h3', fields: { claimTransactionType: 'repair', facilityName: 'Bayside Motors' } };
    const claimCure = cureReceived();
    const api = await openCure({ claimCure }, { ...DEFICIENT, cureContext: [repair] }, linked);
    expect(await screen.findByText('wrong-receipt.pdf')).toBeTruthy();

    // The filed record, corrected in place: its type and its repair, its document kept (nothing uploaded).
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 1' }));
    await userEvent.selectOptions(await screen.findByLabelText(/^Type/), 'invoice');
    const link = screen.getByLabelText(/^Related repair/);
    expect([...link.querySelectorAll('option')].map((o) => o.textContent)).toContain('Bayside Motors');
    await userEvent.selectOptions(link, repair.clientId);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    // The row tells the repair by its label, as the claim does.
    expect(await screen.findByText('Bayside Motors')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Submit' }));
    await waitFor(() => expect(claimCure).toHaveBeenCalledTimes(1));
    expect(claimCure).toHaveBeenCalledWith(
      {
        referenceCode: 'AUT-23456789X',
        // The repair is the claim's: never sent with the cure.
        pageModels: [expect.objectContaining({ clientId: FILED.clientId, fields: { ...FILED.fields, documentType: 'invoice', claimTransactionId: repair.clientId } })],
        documents: [],
        signature: null,
      },
      'en',
    );
    expect(api.addCureDocument).not.toHaveBeenCalled();
  });
});
