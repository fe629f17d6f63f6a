/**
 * Spec §4: typed answers are never lost. A repair typed and not saved is saved by Next when it
 * validates, after an incomplete one was refused and cancelled, and the stored claim holds it —
 * in real Chromium against the real server.
 */
import { describe, expect, it } from 'vitest';
import { openPage, withServerAndBrowser } from './harness';
import { addRepair, draftField, fillEligibility, next, NEXT, openDraft, REPAIRS, signSummary, startAutomotive } from './flow-steps';

describe('a typed record in the browser', () => {
  const env = withServerAndBrowser();

  it('Next refuses an incomplete typed repair, then saves a complete one, and the stored claim holds it', async () => {
    const { page, context } = await openPage(env.browser);
    await startAutomotive(page, env.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs/);
    await addRepair(page, 'Bay Auto Care');

    await openDraft(page, REPAIRS);
    await draftField(page, REPAIRS, 'facilityName').fill('Hilltop Motors');
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.locator('.cf-error-summary').innerText()).toContain('The record you started is not complete');
    await page.click(`#${REPAIRS} .cf-records__draft .cf-records__actions .cf-button--outline-secondary`);

    await openDraft(page, REPAIRS);
    await draftField(page, REPAIRS, 'repairDate').fill('02/11/2020');
    await draftField(page, REPAIRS, 'mileageAtRepair').fill('51020');
    await draftField(page, REPAIRS, 'facilityName').fill('Hilltop Motors');
    await draftField(page, REPAIRS, 'amountPaid').fill('980.00');
    await draftField(page, REPAIRS, 'repairDescription').fill('Replaced the transmission control module.');
    await next(page, /\/automotive\/supporting-documents/);
    await next(page, /\/automotive\/claim-summary/);
    await signSummary(page);
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/confirmation/);

    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    const stored = (await env.server.submission(code))?.payload as { claimTransactions: Array<{ fields: Record<string, unknown> }> };
    expect(stored.claimTransactions.map((t) => t.fields.facilityName)).toEqual(['Bay Auto Care', 'Hilltop Motors']);
    await context.close();
  });
});
