import { describe, expect, it } from 'vitest';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser } from './harness';

const NEXT = '.cf-page-actions .cf-button--primary';

describe('Automotive claim on the sample settlement', () => {
  const e2e = withServerAndBrowser();

  it.each(['en', 'es'])('in %s authorizes with the captcha and prefills the claimant from Notice ID and PIN', async (culture) => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive?culture=${culture}`);
    await settled(page);
    let violations = await axe(page);
    await screenshot(page, 'default', `automotive-start-${culture}`);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');
    expect(await page.inputValue('#credentials-vin')).toBe('5EXMA1B20HC000101');
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(await page.inputValue('#claimantInfo-lastName')).toBe('Garcia');
    expect(await page.locator('.cf-form-progress').innerText()).toContain(culture === 'en' ? 'Step 2 of' : '2');
    violations = await axe(page);
    await screenshot(page, 'default', `automotive-claimant-info-${culture}`);
    expect(violations, describeViolations(violations)).toEqual([]);

    // Browser back and forward keep what was typed.
    await page.goBack();
    await page.waitForURL(/\/automotive(\?|$)/);
    await settled(page);
    expect(await page.inputValue('#credentials-noticeId')).toBe('EXM-100001');
    await page.goForward();
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses Next with an error summary at the top that links to the field', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.click(NEXT);
    const summary = page.locator('.cf-error-summary');
    await summary.waitFor();
    await summary.locator('a').first().click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('credentials-vin');
    await screenshot(page, 'default', 'automotive-start-errors');
    await context.close();
  });
});
