/**
 * A claim already filed is told at sign-in, before any page is filled: in real Chromium against the
 * real server, María files her claim in one browser, then signs in again in another (a browser
 * context of its own: no shared session) and is told on the start page, in a notice beside the
 * sign-in (not an error to correct), focused for a screen reader, with her claim's reference code,
 * in English and in Spanish, axe clean. James typing María's Notice ID is refused as before.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors';
import { authorizeAutomotive, expectNoRawText, finishAutomotiveClaim, NEXT, next } from './flow-steps';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser } from './harness';

const MARIA = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' };
const JAMES_VIN = '5EXMA1B20JC000202';
const NOTICE = '.cf-filed-notice';
const SUMMARY = '.cf-error-summary';

type Culture = 'en' | 'es';

/** Browser console lines the refused answers cause themselves (a 401 is logged by Chromium). */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));

/** From the claimant page to the confirmation: one repair, its invoice, the signature; the reference code. */
async function fileMaria(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/automotive`);
  await settled(page);
  await authorizeAutomotive(page);
  await next(page, /\/automotive\/eligibility$/);
  return finishAutomotiveClaim(page);
}

/** On the start page: the credentials, then Continue, waiting for the server's answer. */
async function signIn(page: Page, credentials: { vin: string; noticeId: string; pin: string }): Promise<void> {
  await page.fill('#credentials-vin', credentials.vin);
  await page.fill('#credentials-noticeId', credentials.noticeId);
  await page.fill('#credentials-pin', credentials.pin);
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/authorize')), page.click(NEXT)]);
}

describe('a claim already filed, told at sign-in', () => {
  const e2e = withServerAndBrowser();

  it('María signing in again in another browser is told at once, with her reference code, in English and Spanish; James with her Notice ID is refused as before', async () => {
    const filing = await openPage(e2e.browser);
    const referenceCode = await fileMaria(filing.page, e2e.server.url);
    expect(referenceCode).toMatch(/^AUT-/);
    await filing.context.close();

    for (const culture of ['en', 'es'] satisfies Culture[]) {
      const { page, context, errors } = await openPage(e2e.browser);
      await page.goto(`${e2e.server.url}/automotive${culture === 'es' ? '?culture=es' : ''}`);
      await settled(page);
      await signIn(page, MARIA);
      const notice = page.locator(NOTICE);
      await notice.waitFor();
      expect((await notice.innerText()).trim()).toBe(SERVER_ERRORS.ALREADY_FILED_CLAIM[culture].replace('{0}', referenceCode));
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await notice.getAttribute('class')).toContain('cf-feedback cf-feedback--default');
      // Focused, so that a screen reader reads it at once.
      await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, NOTICE, { timeout: 10_000 });
      // A notice, not an error to correct: no error summary, no field marked; still the start page.
      expect(await page.locator(SUMMARY).count()).toBe(0);
      expect(await page.locator('.cf-field-error, [id$="-error"]').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/automotive');
      await expectNoRawText(page, `already filed (${culture})`);
      const violations = await axe(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, 'default', `signin-already-filed-${culture}`);
      // The claim's pages stay closed: opening one goes to the session-expired page.
      await page.goto(`${e2e.server.url}/automotive/claimant-info`);
      await page.waitForURL(/\/session-expired/);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    }

    // James's VIN with María's Notice ID and PIN: the refusal of a PIN that does not match, as before.
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await signIn(page, { ...MARIA, vin: JAMES_VIN });
    await page.locator(SUMMARY).waitFor();
    expect(await page.locator(SUMMARY).innerText()).toContain(SERVER_ERRORS.WRONG_PIN.en);
    expect(await page.locator(NOTICE).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(referenceCode);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
