/**
 * A refused sign-in and a failed security check are not dead ends: in real Chromium against the
 * real server, a wrong PIN, a VIN outside the class and too many wrong PINs show on the start page
 * — the error summary (focused, reached by keyboard) with the server's message in the claimant's
 * language and the error under the field to correct, the answers kept, the wait when locked —
 * whether the settlement redirects errors to /error or not. A captcha that fails in the browser is
 * told to the claimant, who can try again. Every state is axe clean and photographed per theme.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser, type Theme } from './harness';

const CONTINUE = '.cf-page-actions .cf-button--primary';
const SUMMARY = '.cf-error-summary';
/** Two wrong PINs lock a notice ID here (the sample allows five), so that the lock comes quickly. */
const PIN_ATTEMPTS = { max: 2, maxPerIp: 100, maxNoticeIdsPerIp: 10, windowMinutes: 15 };

type Culture = 'en' | 'es';

const PHONE = { width: 390, height: 844 };

const CAPTCHA_FAILED: Record<Culture, string> = {
  en: 'The security check could not be completed. Please try again.',
  es: 'No se pudo completar la verificación de seguridad. Inténtelo de nuevo.',
};

interface Credentials {
  vin: string;
  noticeId: string;
  pin: string;
}

/** Browser console lines the refused answers cause themselves (a 4xx or 5xx is logged by Chromium). */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|429|500)/.test(e));

async function openStart(page: Page, url: string, culture: Culture): Promise<void> {
  await page.goto(`${url}/automotive${culture === 'es' ? '?culture=es' : ''}`);
  await settled(page);
}

async function fill(page: Page, credentials: Credentials): Promise<void> {
  await page.fill('#credentials-vin', credentials.vin);
  await page.fill('#credentials-noticeId', credentials.noticeId);
  await page.fill('#credentials-pin', credentials.pin);
}

/** From the PIN field, Tab to Continue and press Enter; waits for the server's answer unless told not to. */
async function continueByKeyboard(page: Page, { answered = true } = {}): Promise<void> {
  await page.focus('#credentials-pin');
  await page.keyboard.press('Tab');
  expect(await page.evaluate((sel) => document.activeElement?.matches(sel), CONTINUE)).toBe(true);
  if (!answered) {
    await page.keyboard.press('Enter');
    return;
  }
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/authorize')), page.keyboard.press('Enter')]);
}

/** Focus lands on the error summary (moved there once it shows). */
async function expectSummaryFocused(page: Page): Promise<void> {
  await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, SUMMARY, { timeout: 5000 });
}

/** The summary shows this message, has focus, and its link (Tab, Enter) moves focus to the field. */
async function expectRefusal(page: Page, message: RegExp, fieldId: string, otherFields: string[] = []): Promise<void> {
  const summary = page.locator(SUMMARY);
  await page.waitForFunction(
    ({ sel, source }) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ''),
    { sel: SUMMARY, source: message.source },
  );
  expect(await summary.getAttribute('role')).toBe('alert');
  await expectSummaryFocused(page);
  for (const id of [fieldId, ...otherFields]) {
    expect(await page.locator(`#${id}-error`).innerText()).toMatch(message);
    expect(await page.getAttribute(`#${id}`, 'aria-describedby')).toContain(`${id}-error`);
  }
  // Still the start page, whatever redirectOnError says.
  expect(new URL(page.url()).pathname).toBe('/automotive');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(fieldId);
}

async function expectKept(page: Page, credentials: Credentials): Promise<void> {
  expect(await page.inputValue('#credentials-vin')).toBe(credentials.vin);
  expect(await page.inputValue('#credentials-noticeId')).toBe(credentials.noticeId);
  expect(await page.inputValue('#credentials-pin')).toBe(credentials.pin);
}

async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** The catalogue's text as a pattern: the minutes to wait ({0}) are any number. */
function serverText(code: keyof typeof SERVER_ERRORS, culture: Culture): RegExp {
  const escaped = SERVER_ERRORS[code][culture].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace('\\{0\\}', '\\d+'));
}

/**
 * Each refusal in both languages and with redirectOnError on and off: the servers with it on take
 * the first culture of a case, those with it off the second.
 */
const SERVERS: Array<{ theme: Theme; redirectOnError: boolean }> = [
  { theme: 'default', redirectOnError: true },
  { theme: 'default', redirectOnError: false },
  { theme: 'ftc', redirectOnError: false },
  { theme: 'kontent', redirectOnError: true },
];

describe.each(SERVERS)('a refused sign-in ($theme theme, redirectOnError $redirectOnError)', ({ theme, redirectOnError }) => {
  const e2e = withServerAndBrowser({ theme, settings: { redirectOnError, pinAttempts: PIN_ATTEMPTS } });
  const cultureOf = (cultures: [Culture, Culture]): Culture => (redirectOnError ? cultures[0] : cultures[1]);
  const shotName = (name: string, culture: Culture) => `signin-${name}-${culture}${redirectOnError ? '' : '-no-redirect'}`;

  it('a wrong PIN shows on the PIN field, by keyboard, answers kept', async () => {
    const culture = cultureOf(['en', 'es']);
    const { page, context, errors } = await openPage(e2e.browser);
    await openStart(page, e2e.server.url, culture);
    const credentials = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '000000' };
    await fill(page, credentials);
    await continueByKeyboard(page);
    await expectRefusal(page, serverText('WRONG_PIN', culture), 'credentials-pin');
    await expectKept(page, credentials);
    await expectAxeClean(page);
    await screenshot(page, theme, shotName('wrong-pin', culture));
    // Corrected, the claimant goes on.
    await page.fill('#credentials-pin', '482913');
    await page.click(CONTINUE);
    await page.waitForURL(/\/automotive\/claimant-info/);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a VIN outside the class shows on the VIN field (on a phone where redirectOnError is off)', async () => {
    const culture = cultureOf(['es', 'en']);
    const { page, context, errors } = await openPage(e2e.browser, redirectOnError ? undefined : PHONE);
    await openStart(page, e2e.server.url, culture);
    const credentials = { vin: '1HGCM82633A004352', noticeId: '', pin: '' };
    await fill(page, credentials);
    await continueByKeyboard(page);
    await expectRefusal(page, serverText('NOT_CLASS_VEHICLE', culture), 'credentials-vin');
    await expectKept(page, credentials);
    await expectAxeClean(page);
    await screenshot(page, theme, `${shotName('not-class-vehicle', culture)}${redirectOnError ? '' : '-phone'}`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('too many wrong PINs show the wait on the Notice ID and PIN fields', async () => {
    const culture = cultureOf(['en', 'es']);
    const { page, context, errors } = await openPage(e2e.browser);
    await openStart(page, e2e.server.url, culture);
    const credentials = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '111111' };
    await fill(page, credentials);
    for (let i = 0; i < PIN_ATTEMPTS.max; i++) {
      await continueByKeyboard(page);
      await expectRefusal(page, serverText('WRONG_PIN', culture), 'credentials-pin');
    }
    await continueByKeyboard(page);
    const wait = serverText('TOO_MANY_PIN_ATTEMPTS', culture);
    await expectRefusal(page, wait, 'credentials-noticeId', ['credentials-pin']);
    expect(await page.locator(SUMMARY).innerText()).toMatch(culture === 'en' ? /wait \d+ min/ : /Espere \d+ min/);
    await expectKept(page, credentials);
    await expectAxeClean(page);
    await screenshot(page, theme, shotName('too-many-attempts', culture));
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a captcha that fails in the browser is told, and the claimant tries again', async () => {
    const culture = cultureOf(['es', 'en']);
    const { page, context, errors } = await openPage(e2e.browser);
    // The provider's first challenge fails (the emulator's answer to a failing site key); the next one passes.
    let challenges = 0;
    await page.route('**/token', async (route) => {
      challenges += 1;
      if (challenges === 1) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal-error' }) });
      else await route.fallback();
    });
    await openStart(page, e2e.server.url, culture);
    await fill(page, { vin: '5EXMA1B20HC000101', noticeId: '', pin: '' });
    await continueByKeyboard(page, { answered: false });
    await page.locator(SUMMARY, { hasText: CAPTCHA_FAILED[culture] }).waitFor();
    await expectSummaryFocused(page);
    expect(new URL(page.url()).pathname).toBe('/automotive');
    expect(await page.isEnabled(CONTINUE)).toBe(true);
    await expectAxeClean(page);
    await screenshot(page, theme, `signin-captcha-failed-${culture}${redirectOnError ? '' : '-no-redirect'}`);
    await page.click(CONTINUE);
    await page.waitForURL(/\/automotive\/claimant-info/);
    expect(challenges).toBe(2);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe("the emulator's failing site key", () => {
  const e2e = withServerAndBrowser({ captcha: { siteKey: 'emulator-error-site-key' } });

  it.each(['en', 'es'] as const)('in %s: each failed challenge is told, the button stays usable and the page keeps the answers', async (culture) => {
    const { page, context, errors } = await openPage(e2e.browser);
    let challenges = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/token') challenges += 1;
    });
    await openStart(page, e2e.server.url, culture);
    const credentials = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' };
    await fill(page, credentials);
    for (let attempt = 1; attempt <= 2; attempt++) {
      await page.click(CONTINUE);
      await page.locator(SUMMARY, { hasText: CAPTCHA_FAILED[culture] }).waitFor();
      await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, CONTINUE);
      expect(challenges).toBe(attempt);
    }
    expect(new URL(page.url()).pathname).toBe('/automotive');
    await expectKept(page, credentials);
    await expectAxeClean(page);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
