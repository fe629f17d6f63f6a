import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAutomotive } from './flow-steps';
import { openPage, screenshot, withServerAndBrowser, type Theme } from './harness';

/**
 * Per theme: a complete Automotive claim on a desktop and on a 320 px wide phone, every page checked;
 * on the desktop the confirmation page is also printed.
 */
const RUNS: Array<{ theme: Theme; culture: string }> = [
  { theme: 'default', culture: 'es' },
  { theme: 'ftc', culture: 'en' },
  { theme: 'kontent', culture: 'es' },
];

const DEVICES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 320, height: 640 }],
] as const;

describe.each(RUNS)('Automotive claim in the $theme theme', ({ theme, culture }) => {
  // A server per device: each pass files María's claim, and the sample settlement accepts one claim per Notice ID.
  describe.each(DEVICES)(`in ${culture} on a %s`, (device, viewport) => {
    const e2e = withServerAndBrowser({ theme });

    it('files the claim, every page checked', async () => {
      const { page, context, errors } = await openPage(e2e.browser, viewport);
      // axe runs on the desktop pass; the phone pass checks raw texts, overflow and takes the screenshots.
      const code = await runAutomotive(page, e2e.server.url, culture, { theme, prefix: `automotive-${culture}-${device}`, axe: device === 'desktop' });
      expect((await e2e.server.submission(code))?.culture).toBe(culture);
      if (device === 'desktop') await expectPrintedConfirmation(page, theme, code);
      if (device === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

/**
 * The confirmation on paper: the settlement's name, the reference code and the claimant's answers;
 * no header navigation, no footer links, no buttons. Saves test-artifacts/screenshots/<theme>/confirmation-print.png.
 */
async function expectPrintedConfirmation(page: Page, theme: Theme, code: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  try {
    const visible = (selector: string) => page.locator(selector).evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed').length);
    expect(await visible('.cf-header__nav, .cf-header__link, .cf-header__logo')).toBe(0);
    expect(await visible('.cf-footer a')).toBe(0);
    expect(await visible('button')).toBe(0);
    expect(await page.locator('.cf-print-title').isVisible()).toBe(true);
    expect((await page.locator('.cf-confirmation__code').innerText()).trim()).toBe(code);
    const answers = await page.locator('.cf-summary').innerText();
    for (const value of ['Maria', 'Garcia', '1200 Harbor Blvd', 'Bayside Motors', 'invoice.pdf']) expect(answers).toContain(value);
    await screenshot(page, theme, 'confirmation-print');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}
