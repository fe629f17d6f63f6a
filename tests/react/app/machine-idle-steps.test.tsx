/**
 * The form machine of a start page made in idle time in two steps, each an idle callback of its
 * own, once the claimant has moved on the page: its definition, then its actor. Together they are the largest task left after a start
 * page's load on a slow phone (bench/findings.md).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormHost, Layout, PLAIN_PAGES } from '../../../runtime/app/chunks';
import { renderApp, SMALL_CLAIM, testServices } from './fixtures';

/** The idle callback that ran last (numbered from 1), with the microtasks that follow it. */
let lastCallback = 0;
/** The idle callbacks in which the form machine's definition was made. */
const definedIn: number[] = [];

vi.mock('../../../runtime/machine/createFormMachine', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../runtime/machine/createFormMachine')>();
  return {
    ...original,
    createFormMachine: (...args: Parameters<typeof original.createFormMachine>) => {
      definedIn.push(lastCallback);
      return original.createFormMachine(...args);
    },
  };
});

afterEach(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
});

describe('the form machine of a start page, made in idle time', () => {
  it('is defined in one idle callback and started in a later one', async () => {
    await Promise.all([Layout.preload(), FormHost.preload(), ...Object.values(PLAIN_PAGES).map((page) => page.preload())]);
    const queue: Array<() => void> = [];
    window.requestIdleCallback = (run) => queue.push(() => run({ didTimeout: false, timeRemaining: () => 50 }));
    const services = testServices({ flows: [SMALL_CLAIM] });
    renderApp('/automotive', services);
    await waitFor(() => expect(services.sessions.existingSession('Automotive')).toBeDefined());
    const session = services.sessions.existingSession('Automotive');
    // The claimant's first move on the page asks for the machine's code.
    fireEvent.focusIn(await screen.findByRole('button', { name: 'LocKey_Button_Continue' }));
    let startedIn = 0;
    // The browser runs one idle callback per task, those asked meanwhile in later ones.
    await waitFor(
      () => {
        if (session?.actor.machine()) startedIn ||= lastCallback;
        else {
          const run = queue.shift();
          if (run) {
            lastCallback += 1;
            run();
          }
        }
        expect(startedIn).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 1 },
    );
    expect(definedIn).toHaveLength(1);
    expect(definedIn[0]).toBeGreaterThan(0);
    expect(startedIn).toBeGreaterThan(definedIn[0] ?? 0);
    expect(session?.actor.getSnapshot().context.navigation.currentPage).toBe('start');
  });
});
