/**
 * Save and finish later in real Chromium against the real server: a claimant fills some pages,
 * saves with the current page unfinished, reads the resume code, closes the browser, and in a new
 * browser context continues from /resume (and from the /resume/<code> link) with the code and the
 * same credentials, landing on the saved page with the answers. The code and the link also arrive
 * by e-mail (over SMTP, to a real SMTP server on 127.0.0.1); the third browser opens the e-mailed link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '../support/mail-sink';
import { authorizeAutomotive, BACK, fillEligibility, next } from './flow-steps';
import { axe, describeViolations, launchBrowser, openPage, settled, startE2eServer, type E2eServer } from './harness';

const SAVE_LATER = 'button:has-text("Save and finish later")';

/** Signs in on the Automotive start page with María's details (the resume code already entered on /resume). */
async function signInToResume(page: Page, saved = /\/automotive\/eligibility$/): Promise<void> {
  await page.waitForURL(/\/automotive(\?|$)/);
  await settled(page);
  // The notice names the code once the page has read the tab's storage (in idle time, after start).
  await page.locator('.cf-resume-notice', { hasText: 'You are continuing the answers saved with resume code' }).waitFor();
  await page.fill('#credentials-vin', '5EXMA1B20HC000101');
  await page.fill('#credentials-noticeId', 'EXM-100001');
  await page.fill('#credentials-pin', '482913');
  await page.click('button:has-text("Next")');
  await page.waitForURL(saved);
  await settled(page);
}

describe('save and finish later in the browser', () => {
  let sink: MailSink;
  const e2e = {} as { server: E2eServer; browser: Browser };
  beforeAll(async () => {
    sink = await startMailSink();
    [e2e.server, e2e.browser] = await Promise.all([startE2eServer({ smtpUrl: sink.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
    await sink?.close();
  });

  it('saves an unfinished page, and the code with the same credentials opens it in a new browser, from /resume and from the link', async () => {
    const first = await openPage(e2e.browser);
    await first.page.goto(`${e2e.server.url}/automotive`);
    await settled(first.page);
    await authorizeAutomotive(first.page);
    await first.page.fill('#claimantInfo-alternatePhoneNumber', '5105550199');
    await next(first.page, /\/automotive\/eligibility$/);
    // Half the page: the acquisition date typed, the required ownership question not answered yet.
    await first.page.fill('#claimDetails-acquisitionDate', '03/15/2016');
    await first.page.click(SAVE_LATER);
    const heading = first.page.locator('#cf-saved-later-title');
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const onPanel = await axe(first.page);
    expect(onPanel, describeViolations(onPanel)).toEqual([]);
    const code = (await first.page.locator('[data-resume-code]').getAttribute('data-resume-code'))!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await first.page.locator('.cf-saved-later').innerText()).toMatch(/The code works until \w+day, \w+ \d{1,2}, \d{4} at .* P[SD]T/);
    expect(await first.page.locator('.cf-saved-later').innerText()).toContain('We also sent the code and the link by e-mail to ma•••@example.com.');
    await first.page.click('button:has-text("Sign out and close")');
    await first.page.waitForURL(/\/resume\?/);
    expect(first.errors).toEqual([]);
    await first.context.close();

    // A new browser: from the start page to /resume, a wrong code first.
    const second = await openPage(e2e.browser);
    await second.page.goto(`${e2e.server.url}/automotive`);
    await settled(second.page);
    await second.page.click('a:has-text("Continue it with your resume code")');
    await second.page.waitForURL(/\/resume\?/);
    await settled(second.page);
    await second.page.fill('#cf-resume-code', 'AAAA-BBBB-CCCC');
    await second.page.click('button:has-text("Continue")');
    const refusal = second.page.locator('#cf-resume-code-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('We could not find a saved claim with this resume code.');
    expect(await second.page.locator('#cf-resume-code').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await second.page.getAttribute('#cf-resume-code', 'aria-describedby')).toContain('cf-resume-code-error');
    const onResume = await axe(second.page);
    expect(onResume, describeViolations(onResume)).toEqual([]);
    await second.page.fill('#cf-resume-code', code.toLowerCase());
    await second.page.click('button:has-text("Continue")');
    await signInToResume(second.page);
    expect(await second.page.inputValue('#claimDetails-acquisitionDate')).toBe('03/15/2016');
    expect(await second.page.isChecked('#claimDetails-ownershipType-0')).toBe(false);
    // Next on the resumed page checks it as always.
    await second.page.click('button:has-text("Next")');
    await second.page.locator('.cf-error-summary').waitFor();
    expect(second.page.url()).toMatch(/\/automotive\/eligibility$/);
    await second.page.click('button:has-text("Back")');
    await second.page.waitForURL(/\/automotive\/claimant-info$/);
    expect(await second.page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550199');
    await second.context.close();

    // Another new browser, from the link the e-mail brought: the code is filled in.
    const [mail] = await sink.receivedCount(1);
    expect(mail!.envelopeTo).toEqual(['maria.garcia@example.com']);
    expect(mail!.text).toContain(code);
    const link = /https?:\/\/\S+\/resume\/[0-9A-Z-]+/.exec(mail!.text)![0];
    expect(link).toBe(`${e2e.server.url}/resume/${code}`);
    const third = await openPage(e2e.browser);
    await third.page.goto(link);
    await settled(third.page);
    expect(await third.page.inputValue('#cf-resume-code')).toBe(code);
    await third.page.click('button:has-text("Continue")');
    await signInToResume(third.page);
    expect(await third.page.inputValue('#claimDetails-acquisitionDate')).toBe('03/15/2016');
    await third.context.close();
  });

  it("after a resume, the browser's Back from the resumed page goes where the form's Back goes, not to the page after sign-in", async () => {
    const first = await openPage(e2e.browser);
    await first.page.goto(`${e2e.server.url}/automotive`);
    await settled(first.page);
    await authorizeAutomotive(first.page);
    await next(first.page, /\/automotive\/eligibility$/);
    await fillEligibility(first.page, 'true');
    await next(first.page, /\/automotive\/repairs$/);
    await first.page.click(SAVE_LATER);
    await first.page.locator('#cf-saved-later-title').waitFor();
    const code = (await first.page.locator('[data-resume-code]').getAttribute('data-resume-code'))!;
    await first.context.close();

    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/resume/${code}`);
    await settled(page);
    await page.click('button:has-text("Continue")');
    await signInToResume(page, /\/automotive\/repairs$/);
    // /resume/<code>, the start page, then the form's Back of the resumed page and the resumed page: no other entry.
    expect(await page.evaluate(() => history.length)).toBe(5);
    await page.goBack();
    await page.waitForURL(/\/automotive\/eligibility$/);
    await settled(page);
    expect(await page.isChecked('#claimDetails-ownershipType-0')).toBe(true);
    await page.goForward();
    await page.waitForURL(/\/automotive\/repairs$/);
    await settled(page);
    // The form's own Back goes to the same page.
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/eligibility$/);
    await settled(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Spanish on /resume, the server’s refusal included', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/resume?culture=es`);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('Continuar donde lo dejó');
    // The claim and the exclusion sign in alike: the page names their credentials before the code names the form.
    expect(await page.locator('.cf-resume-page > p').first().innerText()).toContain(
      'inicie sesión con los mismos datos que cuando las guardó: Número de identificación del vehículo (VIN), ID del aviso y PIN.',
    );
    await page.fill('#cf-resume-code', 'AAAA-BBBB-CCCC');
    await page.click('button:has-text("Continuar")');
    const refusal = page.locator('#cf-resume-code-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('No encontramos un reclamo guardado con este código de reanudación.');
    await context.close();
  });
});
