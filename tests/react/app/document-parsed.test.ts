/**
 * The app's script is async: it may run while the page is still parsed, before the startup answers
 * that follow it in the page. The app starts once the parse has ended (runtime/app/main.tsx).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { documentParsed } from '../../../runtime/app/settings';

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
});

describe('the start of the app, after the page\'s parse', () => {
  it('waits for the parse\'s end when the script runs while the page is still parsed', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    let parsed = false;
    const waiting = documentParsed(document).then(() => (parsed = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parsed).toBe(false);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await waiting;
    expect(parsed).toBe(true);
  });

  it('goes on at once when the script runs after the parse has ended', async () => {
    for (const state of ['interactive', 'complete'] as const) {
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
      let parsed = false;
      void documentParsed(document).then(() => (parsed = true));
      await Promise.resolve();
      expect(parsed, state).toBe(true);
    }
  });
});
