/**
 * The claim in progress in the app: Next saves the page (a refusal shows in the page's summary),
 * and a page needing authorization opened with no running form (a reload, a second tab) asks the
 * server for the claim before sending the claimant to /session-expired.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormModel } from '../../../runtime/core/types';
import { CONFIGS } from '../fixtures';
import { fakeApi, ok, preloadShell, renderApp, SMALL_CLAIM, testServices } from './fixtures';

const flow = SMALL_CLAIM;

const note: FormModel = { id: null, clientId: 'cld0000001aaaaaaaa', metadata: { formType: 'Automotive', dtoMapping: 'claimDetails' }, metadataHash: 'h', fields: { note: 'kept by the server' } };
const draft = (pageId: string) => ok({ draft: { pageId, pageUnfinished: false, models: [note], openRecords: [], savedAt: '2026-03-15T17:00:00.000Z', expiresAt: '2026-04-14T17:00:00.000Z', documents: [] }, prepopulatedData: null, credentials: null });
const unauthorized = { ok: false as const, error: 'Your session has expired.', errorKey: null, status: 401 };

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

const services = (api = fakeApi()) => testServices({ api, flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });

describe('a reloaded in-flow page', () => {
  it('shows the addressed page with the saved answers when the session is authorized', async () => {
    const api = fakeApi({ loadDraft: vi.fn(async () => draft('one')) });
    const app = renderApp('/automotive/two', services(api));
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    expect(api.loadDraft).toHaveBeenCalledWith('Automotive');
    expect(app.location.history).not.toContain('/session-expired?form=Automotive&culture=en');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.querySelector('[data-page="one"]')).toBeTruthy());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Note/ }).value).toBe('kept by the server');
  });

  it('opens the page after the saved one when the address is further on, and the first in-flow page with no draft (404)', async () => {
    const further = renderApp('/automotive/three', services(fakeApi({ loadDraft: vi.fn(async () => draft('start')) })));
    await waitFor(() => expect(further.location.history.at(-1)).toBe('/automotive/one'));
    further.unmount();
    const none = renderApp('/automotive/three', services(fakeApi({ loadDraft: vi.fn(async () => ({ ok: true as const, data: { draft: null, prepopulatedData: null, credentials: null }, status: 404 })) })));
    await waitFor(() => expect(none.location.history.at(-1)).toBe('/automotive/one'));
    await waitFor(() => expect(document.querySelector('[data-page="one"]')).toBeTruthy());
  });

  it('goes to /session-expired when the session is not authorized (401)', async () => {
    const app = renderApp('/automotive/two', services(fakeApi({ loadDraft: vi.fn(async () => unauthorized) })));
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/session-expired?form=Automotive&culture=en'));
  });
});

describe('Next saves the page', () => {
  it("shows a refused save in the page's error summary and stays", async () => {
    const refusal = 'Some answers need your attention: Claim — Note: required';
    const api = fakeApi({
      loadDraft: vi.fn(async () => draft('one')),
      saveDraft: vi.fn(async () => ({ ok: false as const, error: refusal, errorKey: null, status: 400 })),
    });
    renderApp('/automotive/two', services(api));
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Button_Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    // Next saves the page as finished (no `unfinished` option).
    expect(api.saveDraft).toHaveBeenCalledWith('Automotive', 'two', expect.arrayContaining([note]), { culture: 'en' });
    expect(document.querySelector('[data-page="two"]')).toBeTruthy();
  });
});

describe('after Submit', () => {
  it("the browser's Back shows the confirmation again", async () => {
    const app = renderApp('/automotive/three', services(fakeApi({ loadDraft: vi.fn(async () => draft('two')) })));
    await waitFor(() => expect(document.querySelector('[data-page="three"]')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: /LocKey_Button_Submit/ }));
    await waitFor(() => expect(document.querySelector('[data-page="done"]')).toBeTruthy());
    act(() => app.location.navigate('/automotive/three'));
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/automotive/done'));
    await waitFor(() => expect(document.querySelector('[data-page="done"]')).toBeTruthy());
  });
});
