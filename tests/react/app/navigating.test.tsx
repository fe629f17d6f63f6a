/**
 * "Navigating" (spec §4): from the start of a route change the machine asks for until the new page
 * shows, the machine refuses Next and Back and the page's action buttons are disabled. The route
 * change is held open here by a memory location whose navigations run when the test says.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BaseLocationHook } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { FlowFile } from '../../../runtime/core/types';
import { findModel } from '../../../runtime/core/models';
import { App } from '../../../runtime/app/App';
import { CORE_GUARDS } from '../../../runtime/app/guards';
import { CONFIGS } from '../fixtures';
import { fakeApi, openPage, preloadShell, testServices } from './fixtures';
import type { ApiResult } from '../../../runtime/core/api';
import type { LocalizedItem } from '../../../runtime/core/types';

const flow: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  models: ['ClaimDetails'],
  pages: [
    openPage('one', '/automotive', { blocks: [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }] }),
    openPage('two', '/automotive/two'),
    openPage('three', '/automotive/three', { action: 'none' }),
  ],
};

/** A memory location whose navigations wait in `pending` until the test runs them. */
function heldLocation(path: string) {
  const memory = memoryLocation({ path, record: true });
  const pending: Array<() => void> = [];
  const navigate = (to: string, options?: { replace?: boolean }) => pending.push(() => memory.navigate(to, options));
  const hook: BaseLocationHook = () => [memory.hook()[0], navigate];
  return { hook, searchHook: memory.searchHook, history: memory.history, pending };
}

beforeAll(async () => {
  // Page changes scroll to the top (spec §2), which jsdom does not do.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await preloadShell();
});

describe('a route change the machine asks for', () => {
  it('refuses Next and Back and disables the buttons until the new page shows', async () => {
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    const location = heldLocation('/automotive');
    render(<App services={services} guards={CORE_GUARDS} location={location} leaveApp={() => undefined} />);
    const next = await screen.findByRole('button', { name: 'LocKey_Button_Next' });
    expect(next.hasAttribute('disabled')).toBe(false);
    const actor = services.sessions.existingSession('Automotive')!.actor;

    await userEvent.click(next);
    await waitFor(() => expect(location.pending).toHaveLength(1));
    expect(actor.getSnapshot().context.navigation).toMatchObject({ currentPage: 'two', isNavigating: true });
    // The page being left stays on screen, its action disabled.
    expect(screen.getByRole('button', { name: 'LocKey_Button_Next' }).hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('[data-page="one"]')).toBeTruthy();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.navigation.currentPage).toBe('two');

    act(() => location.pending.shift()!());
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    expect(location.history).toEqual(['/automotive', '/automotive/two']);
    expect(actor.getSnapshot().context.navigation.isNavigating).toBe(false);
    expect(screen.getByRole('button', { name: 'LocKey_Button_Next' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(false);

    // Back from the new page is accepted again.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location.pending).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    act(() => location.pending.shift()!());
    await waitFor(() => expect(document.querySelector('[data-page="one"]')).toBeTruthy());
    expect(actor.getSnapshot().context.navigation).toMatchObject({ currentPage: 'one', isNavigating: false });
  });

  it('keeps the page being left on screen from the press on: no render shows the placeholder in its place', async () => {
    const services = testServices({ flows: [flow], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    const location = heldLocation('/automotive');
    render(<App services={services} guards={CORE_GUARDS} location={location} leaveApp={() => undefined} />);
    const next = await screen.findByRole('button', { name: 'LocKey_Button_Next' });
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const shown = document.querySelector('.cf-loading-placeholder') ? 'placeholder' : (document.querySelector('[data-page]')?.getAttribute('data-page') ?? 'none');
      if (seen[seen.length - 1] !== shown) seen.push(shown);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    await userEvent.click(next);
    await waitFor(() => expect(location.pending).toHaveLength(1));
    act(() => location.pending.shift()!());
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    await act(async () => undefined);
    observer.disconnect();
    expect(seen).toEqual(['one', 'two']);
  });
});

describe("the new page's defaults", () => {
  it('are stored with the start of the route change: the machine and its subscribers take one event for them, not two', async () => {
    const withDefault: FlowFile = {
      ...flow,
      pages: [flow.pages[0]!, openPage('two', '/automotive/two', { blocks: [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'phone', widget: 'text', label: 'Phone', defaultValue: '555' }] }] }), flow.pages[2]!],
    };
    const services = testServices({ flows: [withDefault], state: { modelConfigs: CONFIGS, whitelistLoaded: true } });
    const location = heldLocation('/automotive');
    render(<App services={services} guards={CORE_GUARDS} location={location} leaveApp={() => undefined} />);
    const next = await screen.findByRole('button', { name: 'LocKey_Button_Next' });
    const actor = services.sessions.existingSession('Automotive')!.actor;
    await actor.ready();
    const sent: string[] = [];
    const send = actor.send.bind(actor);
    vi.spyOn(actor, 'send').mockImplementation((event) => {
      sent.push(event.type);
      send(event);
    });
    let snapshots = 0;
    const sub = actor.subscribe(() => snapshots++);

    await userEvent.click(next);
    await waitFor(() => expect(location.pending).toHaveLength(1));
    const phone = () => findModel(actor.getSnapshot().context.store, 'ClaimDetails')?.fields.phone;
    // Before the new page renders, its default is in the machine's store.
    expect(phone()).toBe('555');
    expect(actor.getSnapshot().context.navigation).toMatchObject({ currentPage: 'two', isNavigating: true });
    act(() => location.pending.shift()!());
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    sub.unsubscribe();
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '555');
    // Next, the start of the route change with the defaults, its end; on the code before, an
    // UPDATE_STORE after the start, and one snapshot more for every subscriber.
    expect(sent.filter((type) => type !== 'ACTIVITY')).toEqual(['NEXT', 'ROUTE_CHANGE_START', 'ROUTE_CHANGE_END']);
    expect(snapshots).toBe(sent.length);
  });
});

describe("a start page on its part of the texts (the page's startup answers)", () => {
  it("shows the next page only once the culture's whole content is in, with its texts", async () => {
    let answer: (value: ApiResult<LocalizedItem[]>) => void = () => undefined;
    const getCultureContent = vi.fn(() => new Promise<ApiResult<LocalizedItem[]>>((resolve) => (answer = resolve)));
    const services = testServices({
      flows: [flow],
      api: fakeApi({ getCultureContent }),
      state: { modelConfigs: CONFIGS, whitelistLoaded: true, culture: 'en', contentLoaded: true, contentPartial: true, localizations: { LocKey_one: 'Page one' } },
    });
    render(<App services={services} guards={CORE_GUARDS} location={memoryLocation({ path: '/automotive' })} leaveApp={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'LocKey_Button_Next' }));
    // The machine has moved on; the next page waits for its texts.
    await waitFor(() => expect(getCultureContent).toHaveBeenCalledWith('en'));
    expect(document.querySelector('[data-page="two"]')).toBeNull();
    act(() => answer({ ok: true, data: [{ key: 'LocKey_one', value: 'Page one' }, { key: 'LocKey_two', value: 'Page two' }], status: 200 }));
    await waitFor(() => expect(document.querySelector('[data-page="two"]')).toBeTruthy());
    // Its title, from the whole content.
    await waitFor(() => expect(document.title).toContain('Page two'));
    expect(services.store.get().contentPartial).toBe(false);
  });
});
