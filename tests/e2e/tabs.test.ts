/**
 * Two tabs of one browser, signed in to the same form as two claimants, in real Chromium against
 * the real server: each tab keeps its own sign-in (a handle of its own, kept by the tab), so tab A
 * signed in as one class member and tab B as another both save their pages, upload a document and
 * submit their own claims, and a reload of tab A still shows its claimant's answers.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authorizeAutomotive, finishAutomotiveClaim, next } from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

const JAMES = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', email: 'james.oneil@example.com', phone: '2175550123', name: "James O'Neil" };

async function signInAsJames(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/automotive`);
  await settled(page);
  await page.fill('#credentials-vin', JAMES.vin);
  await page.fill('#credentials-noticeId', JAMES.noticeId);
  await page.fill('#credentials-pin', JAMES.pin);
  await next(page, /\/automotive\/claimant-info$/);
  if (!(await page.inputValue('#claimantInfo-emailAddress'))) await page.fill('#claimantInfo-emailAddress', JAMES.email);
  if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', JAMES.phone);
}

describe('two tabs signed in as two claimants', () => {
  const e2e = withServerAndBrowser();

  it('tab A signed in as one claimant and tab B as another both save and submit their own claims', async () => {
    const { page: tabA, context, errors } = await openPage(e2e.browser);
    await tabA.goto(`${e2e.server.url}/automotive`);
    await settled(tabA);
    await authorizeAutomotive(tabA);
    expect(await tabA.inputValue('#claimantInfo-firstName')).toBe('Maria');

    const tabB = await context.newPage();
    await signInAsJames(tabB, e2e.server.url);
    expect(await tabB.inputValue('#claimantInfo-firstName')).toBe('James');

    // Tab A, signed in before, saves its page as María (this save used to be refused).
    await next(tabA, /\/automotive\/eligibility$/);
    expect(await tabA.locator('.cf-error-summary').count()).toBe(0);
    // Tab B saves as James.
    await next(tabB, /\/automotive\/eligibility$/);
    expect(await tabB.locator('.cf-error-summary').count()).toBe(0);

    // A reload of tab A shows María's claim, not James's.
    await tabA.reload();
    await settled(tabA);
    expect(tabA.url()).toMatch(/\/automotive\/eligibility$/);
    await tabA.click('.cf-page-actions .cf-button--outline-secondary');
    await tabA.waitForURL(/\/automotive\/claimant-info$/);
    await settled(tabA);
    expect(await tabA.inputValue('#claimantInfo-firstName')).toBe('Maria');
    await next(tabA, /\/automotive\/eligibility$/);

    const codeA = await finishAutomotiveClaim(tabA);
    const codeB = await finishAutomotiveClaim(tabB, async (page) => {
      await page.fill('#signature-confirmEmailAddress', JAMES.email);
      await page.fill('#signature-confirmPhoneNumber', JAMES.phone);
      await page.check('#signature-attestation');
      await page.fill('#signature-signature', JAMES.name);
    });
    expect(codeA).not.toBe(codeB);

    const claimA = JSON.stringify((await e2e.server.submission(codeA))?.payload);
    const claimB = JSON.stringify((await e2e.server.submission(codeB))?.payload);
    expect(claimA).toContain('EXM-100001');
    expect(claimA).not.toContain('EXM-100002');
    expect(claimB).toContain('EXM-100002');
    expect(claimB).not.toContain('EXM-100001');
    // Tab B's sign-in renewed the session's CSRF token: tab A's next call is refused once (403,
    // which Chromium logs) and sent again with the token read anew. Nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    await context.close();
  });
});
