import { describe, expect, it } from 'vitest';
import { checkPage, next } from './flow-steps';
import { openPage, withServerAndBrowser } from './harness';

/**
 * WCAG 3.3.8 (accessible authentication): the VIN, Notice ID and PIN can be pasted (from a
 * notice, a password manager) and nothing turns autofill off. Pasted with the keyboard, as a
 * claimant would, on a desktop and on a phone, in en and es.
 */
const CREDENTIALS = [
  ['#credentials-vin', '5EXMA1B20HC000101'],
  ['#credentials-noticeId', 'EXM-100001'],
  ['#credentials-pin', '482913'],
] as const;

describe('the sign-in fields', () => {
  const e2e = withServerAndBrowser();

  it.each([
    ['en', 'desktop', { width: 1280, height: 900 }],
    ['es', 'phone', { width: 320, height: 640 }],
  ] as const)('in %s on a %s take pasted credentials and allow autofill', async (culture, device, viewport) => {
    const { page, context, errors } = await openPage(e2e.browser, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await page.goto(`${e2e.server.url}/automotive${culture === 'en' ? '' : `?culture=${culture}`}`);
    await checkPage(page, { theme: 'default', prefix: `credentials-paste-${culture}-${device}` }, 'start');
    // Whether anything cancels a paste: seen after the app's own handlers.
    await page.evaluate(() => {
      const w = window as unknown as { pastesRefused: number };
      w.pastesRefused = 0;
      window.addEventListener('paste', (e) => {
        if (e.defaultPrevented) w.pastesRefused += 1;
      });
    });

    for (const [selector, value] of CREDENTIALS) {
      const input = page.locator(selector);
      expect(await input.getAttribute('autocomplete')).not.toBe('off');
      expect(await input.getAttribute('readonly')).toBeNull();
      await page.evaluate((text) => navigator.clipboard.writeText(text), value);
      await input.focus();
      await page.keyboard.press('ControlOrMeta+V');
      expect(await input.inputValue()).toBe(value);
    }
    expect(await page.evaluate(() => (window as unknown as { pastesRefused: number }).pastesRefused)).toBe(0);
    // The notice ID and PIN are the pair a password manager keeps (WCAG 3.3.8); the PIN brings the digits keyboard.
    expect(await page.getAttribute('#credentials-noticeId', 'autocomplete')).toBe('username');
    expect(await page.getAttribute('#credentials-pin', 'autocomplete')).toBe('current-password');
    expect(await page.getAttribute('#credentials-pin', 'inputmode')).toBe('numeric');
    await next(page, /\/automotive\/claimant-info/);
    // Contact fields: autofill tokens and the e-mail and phone keyboards (WCAG 1.3.5).
    expect(await page.getAttribute('#claimantInfo-firstName', 'autocomplete')).toBe('given-name');
    expect(await page.getAttribute('#claimantInfo-emailAddress', 'type')).toBe('email');
    expect(await page.getAttribute('#claimantInfo-phoneNumber', 'type')).toBe('tel');
    expect(await page.getAttribute('#claimantInfo-mailingStreetLine1', 'autocomplete')).toBe('address-line1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
