/**
 * The app shell's error routes (spec §2, §4, §8), rendered with wouter's memory location on fresh
 * app services: /error on a localization failure, a passed deadline's redirect (the whole browser
 * to an external target, in the app for /deadline), unauthorized access to /session-expired with
 * the form and culture, and a page whose form type has no loaded flow.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeadlineSettings } from '../../../runtime/core/types';
import { createHostedFlows } from '../../../runtime/app/routes';
import { automotiveFlow } from '../../machine/fixtures';
import { failed, fakeApi, preloadShell, renderApp, SETTINGS, testServices } from './fixtures';

beforeAll(preloadShell);

const PASSED: DeadlineSettings = {
  claimFilingDeadline: { local: '2026-01-31T23:59:59', zone: 'America/Los_Angeles', redirectUrls: {} },
};

describe('a localization failure', () => {
  it('sends the claimant to /error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({ getCultureContent: vi.fn(async () => failed()) });
    const services = testServices({ api, flows: [automotiveFlow] });
    const { location } = renderApp('/page-not-found?culture=es', services);
    await waitFor(() => expect(location.history.at(-1)).toBe('/error'));
    expect(api.getCultureContent).toHaveBeenCalledWith('es');
    expect(services.store.get().contentLoaded).toBe(false);
    expect(await screen.findByText('LocKey_ErrorPage_Title')).toBeTruthy();
  });
});

describe('a passed deadline', () => {
  it('sends the whole browser to an external redirect target', async () => {
    const services = testServices({
      flows: [automotiveFlow],
      state: { deadlines: { claimFilingDeadline: { ...PASSED.claimFilingDeadline!, redirectUrls: { default: 'https://settlement.invalid/closed', es: 'https://settlement.invalid/cerrado' } } } },
    });
    const { leaveApp, location } = renderApp('/automotive?culture=es', services);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://settlement.invalid/cerrado'));
    expect(location.history).toEqual(['/automotive?culture=es']);
  });

  it('opens the in-app /deadline page when no target is configured, and nothing more once there', async () => {
    const services = testServices({ flows: [automotiveFlow], state: { deadlines: PASSED } });
    const { leaveApp, location } = renderApp('/automotive', services);
    await waitFor(() => expect(location.history.at(-1)).toBe('/deadline'));
    expect(location.history).toEqual(['/deadline']);
    expect(await screen.findByText('LocKey_Deadline_Title')).toBeTruthy();
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

describe('unauthorized access', () => {
  it('redirects to /session-expired with the form and the culture', async () => {
    const services = testServices({ flows: [automotiveFlow] });
    const { location } = renderApp('/automotive/repairs?culture=es', services);
    await waitFor(() => expect(location.history.at(-1)).toBe('/session-expired?form=Automotive&culture=es'));
    const again = await screen.findByText('LocKey_SessionExpired_StartAgain');
    expect(again.getAttribute('href')).toBe('/automotive?culture=es');
  });
});

describe('the cultures the settlement offers (settings.site.languages)', () => {
  it('a culture it does not offer is unknown: the guard keeps the default, en', async () => {
    const services = testServices({ flows: [automotiveFlow] });
    const { location } = renderApp('/automotive/repairs?culture=fr', services);
    await waitFor(() => expect(location.history.at(-1)).toBe('/session-expired?form=Automotive&culture=en'));
    expect(services.api.getCultureContent).not.toHaveBeenCalledWith('fr');
  });

  it('a settlement offering Spanish alone: English in the query is unknown, and Spanish is the default', async () => {
    const site = { ...SETTINGS.site, languages: [{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }] };
    const services = testServices({ flows: [automotiveFlow], state: { settings: { ...SETTINGS, site } } });
    const { location } = renderApp('/automotive/repairs?culture=en', services);
    await waitFor(() => expect(location.history.at(-1)).toBe('/session-expired?form=Automotive&culture=es'));
    expect(services.store.get().culture).toBe('es');
    expect(services.api.getCultureContent).toHaveBeenCalledWith('es');
    expect(services.api.getCultureContent).not.toHaveBeenCalledWith('en');
  });
});

describe('the hosted flows', () => {
  it('a page of a form type with no loaded flow: FormType used for page was not found', () => {
    const flows = createHostedFlows([automotiveFlow]);
    expect(flows.flow('Automotive')).toBe(automotiveFlow);
    expect(() => flows.flow('Exclusion')).toThrow('FormType used for page was not found');
    expect(flows.find('Exclusion')).toBeUndefined();
  });

  it('are replaced as a whole: routes and endpoints follow, and each app has its own', () => {
    const flows = createHostedFlows([automotiveFlow]);
    const other = createHostedFlows();
    expect(flows.match('/automotive/repairs')).toMatchObject({ kind: 'form', formType: 'Automotive', pageId: 'repairs' });
    expect(other.match('/automotive/repairs')).toMatchObject({ kind: 'catchAll' });
    expect(flows.endpoints.Automotive?.submit).toEqual(automotiveFlow.submit);
    const endpoints = flows.endpoints;
    const listener = vi.fn();
    flows.subscribe(listener);
    flows.replace([]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(flows.endpoints).toBe(endpoints);
    expect(endpoints).toEqual({});
    expect(flows.match('/automotive/repairs')).toMatchObject({ kind: 'catchAll' });
  });
});
