/**
 * Save and finish later in the app: the button under an in-flow page (a refusal announced under
 * it), the saved panel with the code (its heading focused) and sign out, a claim saved unfinished
 * reopening on that page, and /resume/<code> sending the claimant to the form's sign-in with the code.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormModel } from '../../../runtime/core/types';
import { pendingResumeCode } from '../../../runtime/app/forms/resume';
import { CONFIGS } from '../fixtures';
import { fakeApi, ok, preloadShell, renderApp, SMALL_CLAIM, testServices } from './fixtures';

const flow = SMALL_CLAIM;

const note: FormModel = { id: null, clientId: 'cld0000001aaaaaaaa', metadata: { formType: 'Automotive', dtoMapping: 'claimDetails' }, metadataHash: 'h', fields: { note: 'half typed' } };
const unfinished = (pageId: string) => ok({ draft: { pageId, pageUnfinished: true, models: [note], openRecords: [], savedAt: '2026-03-15T17:00:00.000Z', expiresAt: '2026-04-14T17:00:00.000Z', documents: [] }, prepopulatedData: null, credentials: null });
const services = (api = fakeApi()) => testServices({ api, flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
const SAVE_LATER = { name: 'LocKey_SaveLater_Button' };

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});
afterEach(() => window.sessionStorage.clear());

describe('Save and finish later', () => {
  it('reopens a page saved unfinished on that page, announces a refusal under the button, then shows the code and signs out', async () => {
    const refusal = 'Some answers need your attention: Claim — Note: enter a real date';
    const saveForLater = vi
      .fn()
      .mockResolvedValueOnce({ ok: false as const, error: refusal, errorKey: null, status: 400 })
      .mockResolvedValueOnce(
        ok({ code: 'K7QX-2M9P-R4TD', link: 'http://127.0.0.1/resume/K7QX-2M9P-R4TD', emailKnown: false, emailAddress: null, savedAt: '2026-03-15T18:00:00.000Z', expiresAt: '2026-04-14T18:00:00.000Z' }),
      );
    const api = fakeApi({ loadDraft: vi.fn(async () => unfinished('one')), saveForLater });
    const app = renderApp('/automotive/two', services(api));
    // Saved unfinished on page one: the claim goes on there, not on the page after it.
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/automotive/one'));
    await waitFor(() => expect(document.querySelector('[data-page="one"]')).toBeTruthy());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Note/ }).value).toBe('half typed');

    await userEvent.click(screen.getByRole('button', SAVE_LATER));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(refusal));
    expect(saveForLater).toHaveBeenCalledWith('Automotive', 'one', expect.arrayContaining([expect.objectContaining({ clientId: note.clientId, fields: note.fields })]), 'en', []);

    await userEvent.click(screen.getByRole('button', SAVE_LATER));
    const heading = await screen.findByRole('heading', { level: 1, name: 'LocKey_SaveLater_SavedTitle' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.querySelector('[data-resume-code]')?.textContent).toBe('K7QX-2M9P-R4TD');

    await userEvent.click(screen.getByRole('button', { name: 'LocKey_SaveLater_SignOut' }));
    expect(api.sessionTimeout).toHaveBeenCalled();
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/resume?culture=en&signedOut=1'));
  });

  it('is not offered before sign-in', async () => {
    renderApp('/automotive', services());
    await waitFor(() => expect(document.querySelector('[data-page="start"]')).toBeTruthy());
    expect(screen.queryByRole('button', SAVE_LATER)).toBeNull();
    expect(screen.getByRole('link', { name: 'LocKey_Resume_StartPageLink' }).getAttribute('href')).toBe('/resume?culture=en');
  });

  it('leaves the start page the way to a filed claim\u2019s status', async () => {
    renderApp('/automotive', services());
    await waitFor(() => expect(document.querySelector('[data-page="start"]')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'LocKey_Status_StartPageLink' }).getAttribute('href')).toBe('/status?culture=en');
  });
});

describe('/resume', () => {
  it('fills the code from the resume link, and sends the claimant to the form’s sign-in with it', async () => {
    const api = fakeApi();
    const app = renderApp('/resume/k7qx-2m9p-r4td', services(api));
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: /LocKey_Resume_CodeLabel/ });
    expect(input.value).toBe('k7qx-2m9p-r4td');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Resume_Continue' }));
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/automotive?culture=en'));
    expect(api.checkResumeCode).toHaveBeenCalledWith('k7qx-2m9p-r4td', 'en');
    expect(pendingResumeCode('Automotive')).toBe('k7qx-2m9p-r4td');
    await waitFor(() => expect(document.querySelector('.cf-resume-notice')?.textContent).toContain('LocKey_Resume_Continuing'));
  });

  it('announces a refused code at the field and keeps the focus there', async () => {
    const refusal = 'We could not find a saved claim with this resume code.';
    const api = fakeApi({ checkResumeCode: vi.fn(async () => ({ ok: false as const, error: refusal, errorKey: null, status: 404 })) });
    const app = renderApp('/resume', services(api));
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: /LocKey_Resume_CodeLabel/ });
    await userEvent.type(input, 'AAAA-BBBB-CCCC');
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_Resume_Continue' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(refusal));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(app.location.history.at(-1)).toBe('/resume');
    expect(pendingResumeCode('Automotive')).toBeNull();
  });
});
