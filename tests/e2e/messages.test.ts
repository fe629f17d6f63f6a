import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkPage, NEXT, next, startAutomotive, type PageCheck } from './flow-steps';
import { openPage, settled, withServerAndBrowser, type Theme } from './harness';

/**
 * Messages a claimant can act on, in the browser: a refused Next lists what to do in the field's
 * words (the flow's messages, or ones built from the label), a mistyped date shows an example
 * instead of a list of formats, and no summary line has a colon after a question; en and es, each
 * theme, on a desktop and a phone, axe clean with the errors shown (screenshots kept).
 */
const TEXTS = {
  en: {
    street: 'Enter street address',
    ownership: 'Choose whether you own or lease the vehicle',
    acquisition: 'Enter the date you bought or leased the vehicle, for example 3/15/2016',
  },
  es: {
    street: 'Ingrese dirección',
    ownership: 'Indique si es propietario o arrendatario del vehículo',
    acquisition: 'Ingrese la fecha en que compró o arrendó el vehículo, por ejemplo 3/15/2016',
  },
} as const;
const RUNS: Array<{ theme: Theme; culture: 'en' | 'es'; device: 'desktop' | 'phone' }> = [
  { theme: 'default', culture: 'en', device: 'desktop' },
  { theme: 'ftc', culture: 'es', device: 'phone' },
  { theme: 'kontent', culture: 'en', device: 'phone' },
];
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 320, height: 640 } };

async function summaryLines(page: Page): Promise<string[]> {
  await page.click(NEXT);
  await page.locator('.cf-error-summary').waitFor();
  await settled(page);
  return (await page.locator('.cf-error-summary__link').allInnerTexts()).map((t) => t.trim());
}

describe.each(RUNS)('messages in the $theme theme, in $culture on a $device', ({ theme, culture, device }) => {
  const e2e = withServerAndBrowser({ theme });

  it('say what to do, in the field\'s words, with a date example', async () => {
    const { page, context, errors } = await openPage(e2e.browser, VIEWPORTS[device]);
    const check: PageCheck = { theme, prefix: `messages-${culture}-${device}` };
    const texts = TEXTS[culture];
    await startAutomotive(page, e2e.server.url, culture, null);

    // A prefilled address line emptied: the message is built from the label.
    await page.fill('#claimantInfo-mailingStreetLine1', '');
    expect(await summaryLines(page)).toEqual([texts.street]);
    await checkPage(page, check, 'claimant-info-errors');
    await page.fill('#claimantInfo-mailingStreetLine1', '1200 Harbor Blvd');
    await next(page, /\/automotive\/eligibility/);

    // Nothing answered: the flow's messages, no label with a stray colon, no list of formats.
    const lines = await summaryLines(page);
    expect(lines).toContain(texts.ownership);
    expect(lines).toContain(texts.acquisition);
    for (const line of lines) {
      expect(line).not.toMatch(/\?:/);
      expect(line).not.toMatch(/M\/d\/yyyy|MM\/dd/);
    }
    // A date that is not one: the same words with an example, under the field.
    await page.fill('#claimDetails-acquisitionDate', '2016-03-15');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('#claimDetails-acquisitionDate-error').innerText()).toBe(texts.acquisition);
    await checkPage(page, check, 'eligibility-errors');
    expect(errors).toEqual([]);
    await context.close();
  });
});
