/**
 * The claim in progress kept by the server, in real Chromium against the real server: a reload of
 * any in-flow page shows that page with the answers saved by Next (and, before the first Next, the
 * answers prefilled at sign-in), the browser's Back and Forward
 * move between pages as Back and Next do, Back after Submit shows the confirmation again, and a
 * second tab of the same form continues the same claim without breaking the first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addRepair,
  authorizeAutomotive,
  BACK,
  DOCUMENTS,
  fillEligibility,
  finishAutomotiveClaim,
  next,
  REPAIRS,
  startAutomotive,
  uploadDocument,
} from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

/** Reloads the page and waits until it shows again at the same address. */
async function reload(page: Page, urlPart: RegExp): Promise<void> {
  await page.reload();
  await settled(page);
  expect(page.url()).toMatch(urlPart);
}

/** The answer of the next quiet save of the claimant page's typed answers holding `text`. */
function typedSave(page: Page, text: string) {
  return page.waitForResponse((r) => {
    if (r.request().method() !== 'PUT' || new URL(r.url()).pathname !== '/api/forms/automotive/draft') return false;
    const body = r.request().postData() ?? '';
    return body.includes('"unfinished":true') && body.includes('"pageId":"claimant-info"') && body.includes(text);
  });
}

/** The tab put in the background, as a phone does when the claimant switches to another app. */
async function hideTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('the claim in progress in the browser', () => {
  const e2e = withServerAndBrowser();

  it('keeps what was typed on a page before its Next: once typing pauses, at once when the tab goes to the background; a value the checks still refuse is not told while typing', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.clock.install();
    await startAutomotive(page, e2e.server.url, 'en', null);

    // The page's first save: typed, and the page reloaded at once, with no pause. The save goes as
    // the page unloads and outlives it; the reloaded page shows what was typed.
    await page.fill('#claimantInfo-lastName', 'Quintero');
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-lastName')).toBe('Quintero');

    // Typed, then a pause: kept without pressing anything; a reload shows it.
    const paused = typedSave(page, '5105550199');
    await page.fill('#claimantInfo-alternatePhoneNumber', '5105550199');
    await page.clock.runFor(2_000);
    expect((await paused).status()).toBe(200);
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550199');

    // Typed, and the tab sent to the background at once (a phone may discard it there): kept.
    const hidden = typedSave(page, 'Mariana');
    await page.fill('#claimantInfo-firstName', 'Mariana');
    await hideTab(page);
    expect((await hidden).status()).toBe(200);
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Mariana');
    expect(await page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550199');
    expect(await page.inputValue('#claimantInfo-lastName')).toBe('Quintero');


    // Half an e-mail address: the server refuses to keep it, and the claimant typing is not told.
    const refused = typedSave(page, 'maria@');
    await page.fill('#claimantInfo-emailAddress', 'maria@');
    await page.clock.runFor(2_000);
    expect((await refused).status()).toBe(400);
    expect(await page.locator('.cf-error-summary').count()).toBe(0);
    expect(await page.getAttribute('#claimantInfo-emailAddress', 'aria-invalid')).not.toBe('true');
    expect(page.url()).toMatch(/\/automotive\/claimant-info$/);
    await context.close();
  });

  it("keeps the newer answers when the save made as the tab is hidden reaches the server before an earlier one still under way", async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.clock.install();
    await startAutomotive(page, e2e.server.url, 'en', null);
    // The pause's save is held on its way until the test lets it go: the server stores it last.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = () => {};
    const firstSent = new Promise<void>((resolve) => (seen = resolve));
    let saves = 0;
    await page.route('**/api/forms/automotive/draft*', async (route) => {
      if (route.request().method() === 'PUT' && ++saves === 1) {
        seen();
        await held;
      }
      await route.continue();
    });
    await page.fill('#claimantInfo-alternatePhoneNumber', '5105550111');
    await page.clock.runFor(2_000);
    await firstSent;
    const leaving = typedSave(page, '5105550122');
    await page.fill('#claimantInfo-alternatePhoneNumber', '5105550122');
    await hideTab(page);
    expect((await leaving).status()).toBe(200);
    const older = typedSave(page, '5105550111');
    const again = typedSave(page, '5105550122');
    release();
    expect((await older).status()).toBe(200);
    // Answered after a later save was sent: the answers are sent again, and the newer are kept.
    expect((await again).status()).toBe(200);
    await page.unroute('**/api/forms/automotive/draft*');
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550122');
    await context.close();
  });

  it('a reload of every in-flow page of the Automotive flow keeps the page and every saved answer', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await page.fill('#claimantInfo-alternatePhoneNumber', '5105550199');
    await next(page, /\/automotive\/eligibility$/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs$/);
    await addRepair(page);
    await next(page, /\/automotive\/supporting-documents$/);
    await uploadDocument(page, 'invoice.pdf', 'repairInvoice', true);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    await next(page, /\/automotive\/claim-summary$/);

    // Each page, from the last back to the first: reloaded, it shows again with its answers.
    await reload(page, /\/automotive\/claim-summary$/);
    expect(await page.locator('#main-content').innerText()).toContain('Bayside Motors');
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/supporting-documents$/);
    await reload(page, /\/automotive\/supporting-documents$/);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).innerText()).toContain('invoice.pdf');
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/repairs$/);
    await reload(page, /\/automotive\/repairs$/);
    expect(await page.locator(`#${REPAIRS} .cf-records__item`).innerText()).toContain('Bayside Motors');
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/eligibility$/);
    await reload(page, /\/automotive\/eligibility$/);
    expect(await page.inputValue('#claimDetails-acquisitionDate')).toBe('03/15/2016');
    expect(await page.isChecked('#claimDetails-didIncurOutOfPocketExpensesPriorToSeptember-0')).toBe(true);
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/claimant-info$/);
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(await page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550199');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload of the contact page before its first Next keeps the answers prefilled at sign-in', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    const prefilled = await page.inputValue('#claimantInfo-firstName');
    expect(prefilled).toBe('Maria');
    const lastName = await page.inputValue('#claimantInfo-lastName');
    expect(lastName).not.toBe('');
    await reload(page, /\/automotive\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe(prefilled);
    expect(await page.inputValue('#claimantInfo-lastName')).toBe(lastName);
    // And the page goes on from there as before the reload: its save is accepted.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/forms/automotive/draft');
    await next(page, /\/automotive\/eligibility$/);
    expect((await saved).status()).toBe(200);
    // "Nothing saved yet" is an empty claim in progress, not a failure the browser reports.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload of every in-flow page of the Exclusion flow keeps the page and the saved answers', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/exclusion`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20JC000202');
    await page.fill('#credentials-noticeId', 'EXM-100002');
    await page.fill('#credentials-pin', '730155');
    await next(page, /\/exclusion\/claimant-info$/);
    if (!(await page.inputValue('#claimantInfo-emailAddress'))) await page.fill('#claimantInfo-emailAddress', 'james.oneil@example.com');
    if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', '2175550123');
    await next(page, /\/exclusion\/claim-summary$/);

    await reload(page, /\/exclusion\/claim-summary$/);
    expect(await page.locator('.cf-summary').innerText()).toContain("O'Neil");
    await page.click(BACK);
    await page.waitForURL(/\/exclusion\/claimant-info$/);
    await reload(page, /\/exclusion\/claimant-info$/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('James');
    expect(await page.inputValue('#claimantInfo-emailAddress')).toBe('james.oneil@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a second tab continues the same claim, and signing in again there does not break the first', async () => {
    const { page: first, context } = await openPage(e2e.browser);
    await startAutomotive(first, e2e.server.url, 'en', null);
    await next(first, /\/automotive\/eligibility$/);

    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/automotive/eligibility`);
    await settled(second);
    expect(second.url()).toMatch(/\/automotive\/eligibility$/);
    await second.click(BACK);
    await second.waitForURL(/\/automotive\/claimant-info$/);
    await settled(second);
    expect(await second.inputValue('#claimantInfo-firstName')).toBe('Maria');

    // The second tab signs in again: the session's token is renewed.
    await second.goto(`${e2e.server.url}/automotive`);
    await settled(second);
    await authorizeAutomotive(second);

    // The first tab's next save reads the new token and goes through.
    await fillEligibility(first, 'true');
    await next(first, /\/automotive\/repairs$/);
    expect(await first.locator('.cf-error-summary').count()).toBe(0);
    await context.close();
  });

  // Last: once María's claim is filed, her sign-in is told so (tests/e2e/filed-at-sign-in.test.ts).
  it("the browser's Back and Forward move between pages, and Back after Submit shows the confirmation again", async () => {
    const { page, context } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility$/);
    await page.goBack();
    await page.waitForURL(/\/automotive\/claimant-info$/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    await page.goForward();
    await page.waitForURL(/\/automotive\/eligibility$/);
    await settled(page);
    const code = await finishAutomotiveClaim(page);

    await page.goBack();
    await page.waitForURL(/\/automotive\/confirmation$/);
    await settled(page);
    expect((await page.locator('.cf-confirmation__code').innerText()).trim()).toBe(code);
    await context.close();
  });
});
