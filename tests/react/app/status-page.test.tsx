/**
 * /status: the claimant types the reference code and the details they filed with (the credential
 * fields of the forms that file, once each) and reads the status, what happens next and, for a
 * deficient claim, what is missing, what curing asks (in the flow's own words) and by when; a
 * refusal is shown under the reference code.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { claimForStatus, deficientStatus, fakeApi, ok, preloadShell, renderApp, testServices } from './fixtures';

const CLAIM = claimForStatus(
  [
    { key: 'vin', widget: 'text', label: 'LocKey_Vin', helpKey: 'LocKey_VinHelp' },
    { key: 'noticeId', widget: 'text', label: 'LocKey_NoticeId', helpKey: 'LocKey_NoticeIdPrefillHelp', statusHelpKey: 'LocKey_NoticeIdStatusHelp' },
    { key: 'pin', widget: 'text', label: 'LocKey_Pin' },
  ],
  { block: 'model', model: 'DocumentContexts', fields: [{ key: 'documentType', widget: 'select', label: 'LocKey_Type', options: [{ value: 'proofOfPayment', label: 'LocKey_Type_ProofOfPayment' }] }] },
);

const DEFICIENT = deficientStatus([
  { kind: 'missingProofOfPurchase', textKey: 'LocKey_Deficiency_MissingProofOfPurchase', cure: { kind: 'document', documentType: 'proofOfPayment' } },
  { kind: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'documents' } },
]);

const services = (api = fakeApi()) => testServices({ api, flows: [CLAIM], state: { whitelistLoaded: true } });

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // The status page's chunks, and the cure form's module its own chunk loads.
  await Promise.all([preloadShell(), import('../../../runtime/app/pages/CurePanel')]);
});

describe('/status', () => {
  it("shows a sign-in field's status help where it has one, its own help otherwise (a help about filing would read oddly here)", async () => {
    renderApp('/status', services());
    const described = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(described(await screen.findByRole('textbox', { name: 'LocKey_NoticeId' }))).toContain('LocKey_NoticeIdStatusHelp');
    expect(described(screen.getByRole('textbox', { name: 'LocKey_Vin' }))).toContain('LocKey_VinHelp');
    expect(document.body.textContent).not.toContain('LocKey_NoticeIdPrefillHelp');
  });

  it("asks for the reference code and the forms' credentials, then shows the status with what is missing and by when", async () => {
    const claimStatus = vi.fn(async () => ok(DEFICIENT));
    renderApp('/status', services(fakeApi({ claimStatus })));
    const paste = async (input: HTMLElement, text: string) => {
      await userEvent.click(input);
      await userEvent.paste(text);
    };
    await paste(await screen.findByRole('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ }), 'aut-23456789x');
    await paste(screen.getByRole('textbox', { name: 'LocKey_Vin' }), '5EXMA1B20HC000101');
    await paste(screen.getByRole('textbox', { name: 'LocKey_NoticeId' }), 'EXM-100001');
    await paste(screen.getByRole('textbox', { name: 'LocKey_Pin' }), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    expect(claimStatus).toHaveBeenCalledWith('aut-23456789x', { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' }, 'en');

    const heading = await screen.findByRole('heading', { name: 'LocKey_Status_Deficient' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const section = document.querySelector('[data-claim-status="deficient"]');
    expect(section?.textContent).toContain('LocKey_Status_Deficient_Next');
    const items = [...(section?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    // What curing asks names the flow's document type label and the page's title.
    expect(items).toEqual(['LocKey_Deficiency_MissingProofOfPurchase LocKey_Deficiency_Cure_Document', 'LocKey_Deficiency_ReceiptMismatch LocKey_Deficiency_Cure_Page']);
    expect(section?.textContent).toContain('LocKey_StatusPage_CureBy');
  });

  it('shows a refusal under the reference code and keeps what was typed', async () => {
    const refusal = 'We could not find a claim with this reference code and these details.';
    const claimStatus = vi.fn(async () => ({ ok: false as const, error: refusal, errorKey: null, status: 404 }));
    renderApp('/status', services(fakeApi({ claimStatus })));
    const reference = await screen.findByRole<HTMLInputElement>('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ });
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    expect(await screen.findByText('LocKey_StatusPage_ReferenceRequired')).toBeTruthy();
    expect(claimStatus).not.toHaveBeenCalled();
    await userEvent.type(reference, 'AUT-22222222X');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(reference.value).toBe('AUT-22222222X');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['a page to answer again', DEFICIENT, 'LocKey_Cure_PageUnsupported'],
    ['its cure-by day past', { ...DEFICIENT, deficiencies: DEFICIENT.deficiencies.slice(0, 1), cureBy: '2020-01-31', cureByAt: '2020-02-01T07:59:59.999Z' }, 'LocKey_Cure_Passed'],
  ])('offers no cure for a claim with %s, and says to contact the administrator instead', async (_case, answer, messageKey) => {
    renderApp('/status', services(fakeApi({ claimStatus: vi.fn(async () => ok(answer)) })));
    await userEvent.type(await screen.findByRole('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ }), 'AUT-23456789X');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    expect(await screen.findByText(messageKey)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LocKey_Cure_Open' })).toBeNull();
  });

  it('opens the cure form of a curable claim, refuses to send it without the document, then sends it and reads the status again', async () => {
    const curable = { ...DEFICIENT, deficiencies: [...DEFICIENT.deficiencies.slice(0, 1), { kind: 'unsigned', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'signature' as const } }] };
    const claimStatus = vi.fn(async () => ok(curable));
    const claimCure = vi.fn(async () => ok({ referenceCode: 'AUT-23456789X', status: 'cureReceived', receivedAt: '2026-11-26T18:00:00.000Z' }));
    const addCureDocument = vi.fn(async () => ok({ id: 7, deficiency: 'missingProofOfPurchase', name: 'receipt.pdf', size: 8, type: 'application/pdf' }));
    renderApp('/status', services(fakeApi({ claimStatus, claimCure, addCureDocument })));
    await userEvent.type(await screen.findByRole('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ }), 'AUT-23456789X');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Cure_Open' }));
    // The cure form is a chunk of its own, loaded while the status shows.
    await screen.findByRole('heading', { name: 'LocKey_Cure_Title' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Submit' }));
    expect(await screen.findByText('LocKey_Cure_DocumentRequired')).toBeTruthy();
    expect(claimCure).not.toHaveBeenCalled();

    const file = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(/LocKey_Cure_Document/), file);
    // Uploaded on add: the server keeps it with the cure in progress.
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Upload' }));
    await waitFor(() => expect(addCureDocument).toHaveBeenCalledWith('AUT-23456789X', 'missingProofOfPurchase', { name: file.name, data: file }, 'en'));
    await screen.findByText(/LocKey_Cure_Uploaded/);
    await userEvent.type(screen.getByRole('textbox', { name: /LocKey_Signature_Signature/ }), 'María López');
    await userEvent.click(screen.getByRole('checkbox', { name: 'LocKey_Signature_Attestation' }));
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Submit' }));
    await waitFor(() => expect(claimCure).toHaveBeenCalledWith({ referenceCode: 'AUT-23456789X', documents: [], signature: { name: 'María López', attested: true } }, 'en'));
    await waitFor(() => expect(claimStatus).toHaveBeenCalledTimes(2));
  });
  it('shows a document the scanner could not check just now beside it, in the server’s words, keeps nothing uploaded, and uploads it when tried again', async () => {
    const unavailable = 'The document "receipt.pdf" could not be checked just now, so it was not saved. Please try again in a few minutes.';
    const curable = { ...DEFICIENT, deficiencies: DEFICIENT.deficiencies.slice(0, 1) };
    const addCureDocument = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, error: unavailable, errorKey: null, status: 503, code: 'DOCUMENT_CHECK_UNAVAILABLE' })
      .mockResolvedValueOnce(ok({ id: 7, deficiency: 'missingProofOfPurchase', name: 'receipt.pdf', size: 8, type: 'application/pdf' }));
    renderApp('/status', services(fakeApi({ claimStatus: vi.fn(async () => ok(curable)), addCureDocument })));
    await userEvent.type(await screen.findByRole('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ }), 'AUT-23456789X');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Cure_Open' }));
    await screen.findByRole('heading', { name: 'LocKey_Cure_Title' }, { timeout: 10_000 });
    const input = screen.getByLabelText(/LocKey_Cure_Document/);
    await userEvent.upload(input, new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Upload' }));
    expect(await screen.findByText(unavailable)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByText(/LocKey_Cure_Uploaded/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_Upload' }));
    await screen.findByText(/LocKey_Cure_Uploaded/);
    expect(screen.queryByText(unavailable)).toBeNull();
  });
});
