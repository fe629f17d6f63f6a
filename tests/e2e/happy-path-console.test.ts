/**
 * The claimant's happy path leaves the browser's console clean: in real Chromium against the real
 * server, an Automotive claim (sign-in, every page, a repair, a document, Submit, then a reload of
 * the confirmation), a VIN lookup of a class vehicle and an exclusion request, in English and in
 * Spanish, log no console error and get no refused or failed request (a first sign-in reads an
 * empty claim in progress, not a 404).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { next, NEXT, runAutomotive } from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

type Culture = 'en' | 'es';

/** Every answer of 400 or more, and every request that got no answer, from now on. */
function watchRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
  return failed;
}

const query = (culture: Culture) => (culture === 'es' ? '?culture=es' : '');

describe.each<Culture>(['en', 'es'])('the happy path in the browser (%s)', (culture) => {
  const e2e = withServerAndBrowser();

  it('an Automotive claim, from sign-in to the confirmation and its reload: no console error, no failed request', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const failed = watchRequests(page);
    const code = await runAutomotive(page, e2e.server.url, culture, { theme: 'default', prefix: `happy-automotive-${culture}`, axe: false });
    expect(code).not.toBe('');
    await page.reload();
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a VIN lookup of a class vehicle: no console error, no failed request', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const failed = watchRequests(page);
    await page.goto(`${e2e.server.url}/vinlookup${query(culture)}`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20JC000202');
    await page.click(NEXT);
    await page.locator('.cf-feedback--success').waitFor();
    await settled(page);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an exclusion request, from sign-in to the confirmation: no console error, no failed request', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const failed = watchRequests(page);
    await page.goto(`${e2e.server.url}/exclusion${query(culture)}`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20JC000202');
    await page.fill('#credentials-noticeId', 'EXM-100002');
    await page.fill('#credentials-pin', '730155');
    await next(page, /\/exclusion\/claimant-info/);
    await page.fill('#claimantInfo-emailAddress', 'james.oneil@example.com');
    await page.fill('#claimantInfo-phoneNumber', '2175550123');
    await next(page, /\/exclusion\/claim-summary/);
    await page.fill('#signature-confirmEmailAddress', 'james.oneil@example.com');
    await page.fill('#signature-confirmPhoneNumber', '2175550123');
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', "James O'Neil");
    await page.click(NEXT);
    await page.waitForURL(/\/exclusion\/confirmation/, { timeout: 60_000 });
    await settled(page);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
