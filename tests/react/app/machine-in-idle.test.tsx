import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormHost, Layout, PLAIN_PAGES } from '../../../runtime/app/chunks';
import { loadFormEngine } from '../../../runtime/app/forms/formSessions';
import { renderApp, SMALL_CLAIM, testServices } from './fixtures';

// No loadFormEngine() before the page (unlike preloadShell): the start page shows before the form machine's code is in.
describe('the form machine of a start page', () => {
  it('is made in idle time once the claimant moves on the page and its code has come, before any press; not while the page is only looked at', async () => {
    await Promise.all([Layout.preload(), FormHost.preload(), ...Object.values(PLAIN_PAGES).map((page) => page.preload())]);
    const services = testServices({ flows: [SMALL_CLAIM] });
    renderApp('/automotive', services);
    await waitFor(() => expect(services.sessions.existingSession('Automotive')).toBeDefined());
    const session = services.sessions.existingSession('Automotive');
    const next = await screen.findByRole('button', { name: 'LocKey_Button_Continue' });
    // Looked at, even with the machine's code in (another form's page brought it): the browser idles
    // (here, tasks pass), and nothing is made.
    await loadFormEngine();
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session?.actor.machine()).toBeNull();
    fireEvent.focusIn(next); // tabbed to, not pressed
    await waitFor(() => expect(session?.actor.machine()).not.toBeNull(), { timeout: 3000 });
    expect(session?.actor.getSnapshot().context.navigation.currentPage).toBe('start');
    expect(session?.actor.getSnapshot().context.authorized).toBe(false);
  });
});
