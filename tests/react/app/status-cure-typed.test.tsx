/**
 * /status, the cure form: what the claimant types (the name signed, a page's answers) is kept with
 * the cure in progress without a press, as a claim's pages keep theirs — once typing pauses, and at
 * once when the tab goes to the background — quietly: nothing is shown, and the answers the form
 * opened with are not sent back.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiClient, ClaimStatusAnswer } from '../../../runtime/core/api';
import { CONFIGS } from '../../core/view/fixtures';
import { DOCUMENTS_BLOCK } from '../fixtures';
import { claimForStatus, deficientStatus, fakeApi, ok, preloadShell, renderApp, testServices } from './fixtures';

const CLAIM = claimForStatus([{ key: 'vin', widget: 'text', label: 'LocKey_Vin' }], { ...DOCUMENTS_BLOCK, startDraft: false });

const UNSIGNED = deficientStatus([{ kind: 'unsigned', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'signature' } }]);

const FILED = {
  id: '41',
  clientId: 't0000000000filed',
  metadata: { formType: 'Automotive', dtoMapping: 'documentContexts' },
  metadataHash: 'h4',
  fields: { documentType: 'other', claimTransactionId: null, file: 'wrong-receipt.pdf', name: 'wrong-receipt.pdf', size: 8, type: 'application/pdf' },
};
const PAGE_ASKED = deficientStatus([{ kind: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'documents' } }], { cureAnswers: [FILED] });

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await Promise.all([preloadShell(), import('../../../runtime/app/pages/CurePanel')]);
});
afterEach(() => {
  vi.useRealTimers();
});

const KEPT = { savedAt: '2026-11-26T18:00:00.000Z', signatureName: null, documents: [] };

/** The cure form of `answer` opened; then the clock is the test's: the pauses pass when it says. */
async function openCure(answer: ClaimStatusAnswer, saveCureProgress: ApiClient['saveCureProgress'] = vi.fn(async () => ok(KEPT))) {
  renderApp('/status', testServices({ api: fakeApi({ claimStatus: vi.fn(async () => ok(answer)), saveCureProgress }), flows: [CLAIM], state: { whitelistLoaded: true, modelConfigs: CONFIGS } }));
  await userEvent.type(await screen.findByRole('textbox', { name: /LocKey_StatusPage_ReferenceLabel/ }), 'AUT-23456789X');
  await userEvent.click(screen.getByRole('button', { name: 'LocKey_StatusPage_Submit' }));
  await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Cure_Open' }));
  await screen.findByRole('heading', { name: 'LocKey_Cure_Title' }, { timeout: 10_000 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { saveCureProgress };
}

/** Types `value` into the field named `name`, one key at a time, as the claimant does. */
function type(name: RegExp, value: string) {
  const field = screen.getByRole('textbox', { name });
  act(() => field.focus());
  for (let i = 1; i <= value.length; i++) fireEvent.change(field, { target: { value: value.slice(0, i) } });
}

const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * The signature's cure opened with each save's answer held until the test gives it (`answers`, in
 * the order sent): 'María' typed and kept by the pause (its save under way), then ' López'.
 */
async function nameTypedPastAHeldSave() {
  const answers: Array<() => void> = [];
  const saveCureProgress: Mock<ApiClient['saveCureProgress']> = vi.fn(() => new Promise((resolve) => answers.push(() => resolve(ok(KEPT)))));
  await openCure(UNSIGNED, saveCureProgress);
  type(/LocKey_Signature_Signature/, 'María');
  await pause(2_000);
  expect(saveCureProgress).toHaveBeenCalledTimes(1);
  type(/LocKey_Signature_Signature/, 'María López');
  return { answers, saveCureProgress };
}

describe('/status: the cure form keeps what is typed', () => {
  it('keeps the name signed once typing pauses, not at each key, and shows nothing', async () => {
    const { saveCureProgress } = await openCure(UNSIGNED);
    await pause(5_000);
    // Opened and not touched: nothing to keep.
    expect(saveCureProgress).not.toHaveBeenCalled();

    type(/LocKey_Signature_Signature/, 'María');
    await pause(1_900);
    expect(saveCureProgress).not.toHaveBeenCalled();
    await pause(100);
    expect(saveCureProgress).toHaveBeenCalledTimes(1);
    expect(saveCureProgress).toHaveBeenCalledWith({ referenceCode: 'AUT-23456789X', signatureName: 'María' }, 'en', false);
    // Quiet: no "saved" note, no focus taken.
    expect(screen.queryByText(/LocKey_Cure_SavedForLater/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /LocKey_Signature_Signature/ }));

    // Nothing more typed: nothing more sent.
    await pause(10_000);
    expect(saveCureProgress).toHaveBeenCalledTimes(1);
  });

  it('keeps the name at once when the tab goes to the background', async () => {
    const { saveCureProgress } = await openCure(UNSIGNED);
    try {
      type(/LocKey_Signature_Signature/, 'María López');
      expect(saveCureProgress).not.toHaveBeenCalled();
      act(() => setVisibility('hidden'));
      // Sent as one that outlives the page (the tab may be discarded, or this is a reload).
      expect(saveCureProgress).toHaveBeenCalledWith({ referenceCode: 'AUT-23456789X', signatureName: 'María López' }, 'en', true);
      // The pause that follows has nothing new to keep.
      await pause(5_000);
      expect(saveCureProgress).toHaveBeenCalledTimes(1);
    } finally {
      setVisibility('visible');
    }
  });

  it("keeps a page's changed answers, not the filed answers it opened with", async () => {
    const { saveCureProgress } = await openCure(PAGE_ASKED);
    expect(screen.getByText('wrong-receipt.pdf')).toBeTruthy();
    await pause(5_000);
    expect(saveCureProgress).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Record 1' }));
    await pause(0);
    expect(screen.queryByText('wrong-receipt.pdf')).toBeNull();
    await pause(2_000);
    expect(saveCureProgress).toHaveBeenCalledTimes(1);
    expect(saveCureProgress).toHaveBeenCalledWith({ referenceCode: 'AUT-23456789X', pageModels: [] }, 'en', false);
  });

  it('sends the name again when an earlier save is answered after the one sent as the tab was hidden', async () => {
    const { answers, saveCureProgress } = await nameTypedPastAHeldSave();
    try {
      act(() => setVisibility('hidden'));
    } finally {
      setVisibility('visible');
    }
    expect(saveCureProgress).toHaveBeenCalledTimes(2);
    // The leaving save answered first, then the pause's: the server may hold 'María' last.
    answers[1]?.();
    await pause(0);
    expect(saveCureProgress).toHaveBeenCalledTimes(2);
    answers[0]?.();
    await pause(0);
    expect(saveCureProgress).toHaveBeenCalledTimes(3);
    expect(saveCureProgress).toHaveBeenLastCalledWith({ referenceCode: 'AUT-23456789X', signatureName: 'María López' }, 'en', false);
    answers[2]?.();
    await pause(5_000);
    expect(saveCureProgress).toHaveBeenCalledTimes(3);
  });

  it('sends Save and finish later after a quiet save still under way, not beside it (stored last, the older answers would stand)', async () => {
    const { answers, saveCureProgress } = await nameTypedPastAHeldSave();
    fireEvent.click(screen.getByRole('button', { name: 'LocKey_Cure_SaveLater' }));
    await pause(0);
    expect(saveCureProgress).toHaveBeenCalledTimes(1);
    answers[0]?.();
    await pause(0);
    expect(saveCureProgress).toHaveBeenCalledTimes(2);
    expect(saveCureProgress).toHaveBeenLastCalledWith({ referenceCode: 'AUT-23456789X', signatureName: 'María López' }, 'en');
    answers[1]?.();
    await pause(0);
    expect(screen.queryByText(/LocKey_Cure_SavedForLater/)).not.toBeNull();
  });
});
