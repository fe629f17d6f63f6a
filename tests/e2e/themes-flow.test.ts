import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutomotive } from './flow-steps';
import { launchBrowser, openPage, startE2eServer, type E2eServer, type Theme } from './harness';

/** Per theme: a complete Automotive claim on a desktop and on a 320 px wide phone, every page checked. */
const RUNS: Array<{ theme: Theme; culture: string }> = [
  { theme: 'default', culture: 'es' },
  { theme: 'ftc', culture: 'en' },
  { theme: 'kontent', culture: 'es' },
];

describe.each(RUNS)('Automotive claim in the $theme theme', ({ theme, culture }) => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer({ theme }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 320, height: 640 }],
  ] as const)(`in ${culture} on a %s`, async (device, viewport) => {
    const { page, context, errors } = await openPage(browser, viewport);
    // axe runs on the desktop pass; the phone pass checks raw texts, overflow and takes the screenshots.
    const code = await runAutomotive(page, server.url, culture, { theme, prefix: `automotive-${culture}-${device}`, axe: device === 'desktop' });
    expect((await server.submission(code))?.culture).toBe(culture);
    if (device === 'phone') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
