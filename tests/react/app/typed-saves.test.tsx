/**
 * The page's answers typed before its Next are kept with the claim in progress: once typing
 * pauses (two seconds after the last key), and at once when the tab goes to the background; each
 * key restarts the wait, and Next saves the page itself without a save of its own answers besides.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiClient } from '../../../runtime/core/api';
import type { FormModel } from '../../../runtime/core/types';
import { CONFIGS } from '../fixtures';
import { fakeApi, ok, preloadShell, renderApp, SMALL_CLAIM, testServices } from './fixtures';

const note: FormModel = { id: null, clientId: 'cld0000001aaaaaaaa', metadata: { formType: 'Automotive', dtoMapping: 'claimDetails' }, metadataHash: 'h', fields: { note: 'k' } };
const draft = ok({ draft: { pageId: 'one', pageUnfinished: true, models: [note], openRecords: [], savedAt: '2026-03-15T17:00:00.000Z', expiresAt: '2026-04-14T17:00:00.000Z', documents: [] }, prepopulatedData: null, credentials: null });

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

afterEach(() => {
  vi.useRealTimers();
});

/** `ms` of the fake clock, then the promises its timers started (a save runs in the session's queue). */
async function pass(ms: number): Promise<void> {
  act(() => void vi.advanceTimersByTime(ms));
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const unfinishedSaves = (saveDraft: Mock<ApiClient['saveDraft']>) => saveDraft.mock.calls.filter((call) => call[3]?.unfinished === true);

describe('answers typed on a page', () => {
  it('are saved once typing pauses, each key restarting the wait, and at once when the tab is hidden', async () => {
    // The session runs on past the test (an expiry before now would end it and open the start page).
    const saveDraft = vi.fn<ApiClient['saveDraft']>(async () => ok({ savedAt: '2026-03-15T12:00:00.000Z', expiresAt: '2099-04-14T12:00:00.000Z', sessionExpiresAt: '2099-03-15T12:30:00.000Z' }));
    const api = fakeApi({ loadDraft: vi.fn(async () => draft), saveDraft });
    renderApp('/automotive/one', testServices({ api, flows: [SMALL_CLAIM], state: { modelConfigs: CONFIGS, whitelistLoaded: true } }));
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: /Note/ });
    await waitFor(() => expect(input.value).toBe('k'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Nothing typed yet: nothing to keep, however long the page stays open.
    await pass(5_000);
    expect(unfinishedSaves(saveDraft)).toHaveLength(0);
    fireEvent.input(input, { target: { value: 'ka' } });
    await pass(1_500);
    fireEvent.input(input, { target: { value: 'kab' } });
    await pass(1_500);
    // The second key restarted the wait.
    expect(unfinishedSaves(saveDraft)).toHaveLength(0);
    await pass(500);
    expect(unfinishedSaves(saveDraft)).toHaveLength(1);
    expect(saveDraft.mock.calls.at(-1)?.[2]).toEqual(expect.arrayContaining([expect.objectContaining({ fields: { note: 'kab' } })]));
    expect(saveDraft.mock.calls.at(-1)?.[3]?.leaving).toBe(false);
    // Saved: no second save for the same answers, hidden tab or not.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(5_000);
    expect(unfinishedSaves(saveDraft)).toHaveLength(1);
    // A key, then the tab hidden at once: saved without waiting, and not again after the pause.
    fireEvent.input(input, { target: { value: 'kabc' } });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(0);
    expect(unfinishedSaves(saveDraft)).toHaveLength(2);
    expect(saveDraft.mock.calls.at(-1)?.[2]).toEqual(expect.arrayContaining([expect.objectContaining({ fields: { note: 'kabc' } })]));
    // Sent as one that outlives the page (the tab may be discarded, or this is a reload).
    expect(saveDraft.mock.calls.at(-1)?.[3]?.leaving).toBe(true);
    await pass(5_000);
    expect(unfinishedSaves(saveDraft)).toHaveLength(2);
    Reflect.deleteProperty(document, 'visibilityState');
    // A key then Next: the page is saved by Next, and the pending wait goes with the page.
    fireEvent.input(input, { target: { value: 'kabcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'LocKey_Button_Next' }));
    for (let i = 0; i < 5 && !document.querySelector('[data-page="two"]'); i++) await pass(10);
    expect(document.querySelector('[data-page="two"]')).toBeTruthy();
    expect(saveDraft).toHaveBeenLastCalledWith('Automotive', 'one', expect.arrayContaining([expect.objectContaining({ fields: { note: 'kabcd' } })]), { culture: 'en' });
    await pass(5_000);
    expect(unfinishedSaves(saveDraft)).toHaveLength(2);
  });
});

/**
 * The page drawn with a save's answer held until the test gives it (`answers`, in the order the
 * saves were sent), 'ka' typed and the pause passed: its save is sent, and not answered.
 */
async function typedWithHeldSaves() {
  const answers: Array<() => void> = [];
  const saveDraft = vi.fn<ApiClient['saveDraft']>(
    () => new Promise((resolve) => answers.push(() => resolve(ok({ savedAt: '2026-03-15T12:00:00.000Z', expiresAt: '2099-04-14T12:00:00.000Z', sessionExpiresAt: '2099-03-15T12:30:00.000Z' })))),
  );
  const api = fakeApi({ loadDraft: vi.fn(async () => draft), saveDraft });
  renderApp('/automotive/one', testServices({ api, flows: [SMALL_CLAIM], state: { modelConfigs: CONFIGS, whitelistLoaded: true } }));
  const input = await screen.findByRole<HTMLInputElement>('textbox', { name: /Note/ });
  await waitFor(() => expect(input.value).toBe('k'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.input(input, { target: { value: 'ka' } });
  await pass(2_000);
  return { answers, saveDraft, input };
}

describe('answers typed as the claimant leaves the page', () => {
  it('are sent at once even while an earlier save is still under way (an unload would leave them waiting behind it)', async () => {
    const { answers, saveDraft, input } = await typedWithHeldSaves();
    // The pause's save is sent, and its answer does not come.
    expect(unfinishedSaves(saveDraft)).toHaveLength(1);
    fireEvent.input(input, { target: { value: 'kab' } });
    try {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await pass(0);
      expect(unfinishedSaves(saveDraft)).toHaveLength(2);
      expect(saveDraft.mock.calls.at(-1)?.[2]).toEqual(expect.arrayContaining([expect.objectContaining({ fields: { note: 'kab' } })]));
      expect(saveDraft.mock.calls.at(-1)?.[3]?.leaving).toBe(true);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
      answers.forEach((answer) => answer());
    }
  });

  it('are sent again when an earlier save is answered after them (the server may have stored the earlier one last)', async () => {
    const { answers, saveDraft, input } = await typedWithHeldSaves();
    fireEvent.input(input, { target: { value: 'kab' } });
    try {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await pass(0);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
    expect(unfinishedSaves(saveDraft)).toHaveLength(2);
    // The leaving save is answered first, then the pause's ('ka'): 'kab' is sent once more.
    answers[1]?.();
    await pass(0);
    expect(unfinishedSaves(saveDraft)).toHaveLength(2);
    answers[0]?.();
    await pass(0);
    expect(unfinishedSaves(saveDraft)).toHaveLength(3);
    expect(saveDraft.mock.calls.at(-1)?.[2]).toEqual(expect.arrayContaining([expect.objectContaining({ fields: { note: 'kab' } })]));
    expect(saveDraft.mock.calls.at(-1)?.[3]?.leaving).toBe(false);
    answers[2]?.();
    await pass(5_000);
    // Nothing overtook that one: no more saves.
    expect(unfinishedSaves(saveDraft)).toHaveLength(3);
  });
});
