import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormHost, Layout, PLAIN_PAGES } from '../../../runtime/app/chunks';
import { renderApp, SMALL_CLAIM, testServices } from './fixtures';

// No loadFormEngine() here (unlike preloadShell): the start page shows before the form machine's code is in.
describe('the form machine of a start page', () => {
  it('is made in idle time once its code has come, before any press', async () => {
    await Promise.all([Layout.preload(), FormHost.preload(), ...Object.values(PLAIN_PAGES).map((page) => page.preload())]);
    const services = testServices({ flows: [SMALL_CLAIM] });
    renderApp('/automotive', services);
    await waitFor(() => expect(services.sessions.existingSession('Automotive')).toBeDefined());
    const session = services.sessions.existingSession('Automotive');
    expect(session?.actor.machine()).toBeNull();
    await waitFor(() => expect(session?.actor.machine()).not.toBeNull(), { timeout: 3000 });
    expect(session?.actor.getSnapshot().context.navigation.currentPage).toBe('start');
    expect(session?.actor.getSnapshot().context.authorized).toBe(false);
  });
});
