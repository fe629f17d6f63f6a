/**
 * What a start page draws once it is up: its first effects, and the culture's whole content arriving
 * in idle time, leave it as it is. Each drawing again of the routes and the page was a task of tens
 * of milliseconds on a slow phone, right after the page became usable (bench/findings.md).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { completeCulture } from '../../../runtime/app/culture';
import type { FlowFile, LocalizedItem } from '../../../runtime/core/types';
import { CONFIGS } from '../fixtures';
import { rendersDuring } from '../render-count';
import { fakeApi, ok, openPage, preloadShell, renderApp, testServices } from './fixtures';

const flow: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  models: ['ClaimDetails'],
  pages: [
    openPage('one', '/automotive', { blocks: [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'LocKey_Note' }] }] }),
    openPage('two', '/automotive/two'),
  ],
};

const PART: LocalizedItem[] = [
  { key: 'LocKey_one', value: 'Sign in' },
  { key: 'LocKey_Note', value: 'Note' },
  { key: 'LocKey_Button_Next', value: 'Next' },
];
const WHOLE: LocalizedItem[] = [...PART, { key: 'LocKey_two', value: 'Your details' }];

const startState = (items: LocalizedItem[], partial: boolean) => ({
  modelConfigs: CONFIGS,
  whitelistLoaded: true,
  culture: 'en',
  contentLoaded: true,
  contentPartial: partial,
  localizations: Object.fromEntries(items.map((i) => [i.key, i.value])),
});

beforeAll(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

describe('a start page once it is up', () => {
  it('is drawn once: its first effects change nothing the routes or the page read', async () => {
    const services = testServices({ flows: [flow], state: startState(WHOLE, false) });
    // The mount, its effects and whatever they set, as one act.
    const rendered = await rendersDuring(async () => {
      renderApp('/automotive', services);
      await screen.findByRole('button', { name: 'Next' });
      await act(async () => undefined);
    });
    const count = (name: string) => rendered.filter((n) => n === name).length;
    expect({ GuardedRoutes: count('GuardedRoutes'), FormHost: count('FormHost'), FormPage: count('FormPage'), PageRenderer: count('PageRenderer') }).toEqual({
      GuardedRoutes: 1,
      FormHost: 1,
      FormPage: 1,
      PageRenderer: 1,
    });
    // Not signed in: nothing authorized, as before.
    expect(services.store.get().authorized.Automotive ?? false).toBe(false);
  });

  it("draws nothing again when the culture's whole content takes the place of its part, and later pages read the whole", async () => {
    const getCultureContent = vi.fn(async () => ok(WHOLE));
    const services = testServices({ flows: [flow], api: fakeApi({ getCultureContent }), state: startState(PART, true) });
    renderApp('/automotive', services);
    const next = await screen.findByRole('button', { name: 'Next' });
    await act(async () => undefined);

    const rendered = await rendersDuring(() => act(() => completeCulture(services.store, services.api)));
    expect(getCultureContent).toHaveBeenCalledWith('en');
    expect(rendered).toEqual([]);
    expect(services.store.get()).toMatchObject({ contentPartial: false, localizations: { LocKey_two: 'Your details' } });
    expect(screen.getByText('Note')).toBeTruthy();

    // The next page is drawn with a text the part did not have.
    await act(async () => next.click());
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    await waitFor(() => expect(document.title).toContain('Your details'));
  });
});
