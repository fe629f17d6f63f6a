/**
 * /status: the claimant types the reference code and the details they filed with (the credential
 * fields of the forms that file, once each) and reads the status, what happens next and, for a
 * deficient claim, what is missing, what curing asks (in the flow's own words) and by when; a
 * refusal is shown under the reference code.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClaimStatusAnswer } from '../../../runtime/core/api';
import type { FlowFile } from '../../../runtime/core/types';
import { fakeApi, inFlow, ok, preloadShell, renderApp, testServices } from './fixtures';

const CLAIM: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  submit: { endpoint: '/api/forms/automotive', method: 'POST' },
  models: ['Credentials'],
  pages: [
    inFlow('start', '/automotive', {
      requiresAuthorization: false,
      sessionTimeout: false,
      action: 'authorize',
      blocks: [{ block: 'model', model: 'Credentials', fields: [{ key: 'vin', widget: 'text', label: 'LocKey_Vin' }, { key: 'noticeId', widget: 'text', label: 'LocKey_NoticeId' }, { key: 'pin', widget: 'text', label: 'LocKey_Pin' }] }],
    }),
    inFlow('documents', '/automotive/documents', {
      titleKey: 'LocKey_DocumentsPage',
      blocks: [{ block: 'model', model: 'DocumentContexts', fields: [{ key: 'documentType', widget: 'select', label: 'LocKey_Type', options: [{ value: 'proofOfPayment', label: 'LocKey_Type_ProofOfPayment' }] }] }],
    }),
  ],
};

const DEFICIENT: ClaimStatusAnswer = {
  referenceCode: 'AUT-23456789X',
  formType: 'Automotive',
  status: 'deficient',
  labelKey: 'LocKey_Status_Deficient',
  nextKey: 'LocKey_Status_Deficient_Next',
  filedAt: '2026-11-20T18:00:00.000Z',
  changedAt: '2026-11-25T18:00:00.000Z',
  deficiencies: [
    { kind: 'missingProofOfPurchase', textKey: 'LocKey_Deficiency_MissingProofOfPurchase', cure: { kind: 'document', documentType: 'proofOfPayment' } },
    { kind: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'documents' } },
  ],
  cureBy: '2026-12-31',
  cureByAt: '2027-01-01T07:59:59.999Z',
};

const services = (api = fakeApi()) => testServices({ api, flows: [CLAIM], state: { whitelistLoaded: true } });

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

describe('/status', () => {
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
});
