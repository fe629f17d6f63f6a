import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { runCli } from '../../server/admin/cli';
import { createClaimCures } from '../../server/db/claim-cures';
import { addRepair, finishAutomotiveClaim, next, REPAIRS, startAutomotive } from './flow-steps';
import { axe, describeViolations, launchBrowser, openPage, startE2eServer, type E2eServer } from './harness';

/**
 * A deficiency cured by a page of the claim, end to end: an Automotive claim filed in Chromium
 * (one repair), set deficient by the administrator for a receipt that does not match; on the
 * status page, "Send what is missing" shows the claim's repairs page, drawn by the form's renderer
 * with the repair as filed; the claimant adds the repair the receipt was for and sends; the status
 * reads "Information received", the cure holds both repairs and the claim keeps its one.
 */
describe('a cure that answers a page of the claim again', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the claim's page with its filed answers, and keeps the corrected ones in the cure", async () => {
    const { page, context } = await openPage(browser);
    await startAutomotive(page, server.url, 'en', null);
    await next(page, /\/automotive\/eligibility/);
    const code = await finishAutomotiveClaim(page);

    const out = { stdout: '', stderr: '' };
    const exit = await runCli(['status', code, 'deficient', '--deficiency', 'receiptMismatch', '--cure-days', '14'], {
      env: server.adminEnv,
      stdout: (s) => void (out.stdout += s),
      stderr: (s) => void (out.stderr += s),
    });
    expect(exit, out.stderr).toBe(0);

    await page.goto(`${server.url}/status`);
    await page.fill('#cf-status-reference', code);
    await page.fill('#cf-status-vin', '5EXMA1B20HC000101');
    await page.fill('#cf-status-noticeId', 'EXM-100001');
    await page.fill('#cf-status-pin', '482913');
    await page.click('button[type=submit]');
    await page.locator('[data-claim-status="deficient"]').waitFor();
    await page.getByRole('button', { name: 'Send what is missing' }).click();
    await page.locator('#cf-cure-heading').waitFor();

    // The repairs page of the claim, with the repair as filed.
    const repairs = page.locator(`.cf-cure #${REPAIRS}`);
    await repairs.waitFor();
    await expect.poll(() => repairs.locator('.cf-records__item').count()).toBe(1);
    expect(await repairs.innerText()).toContain('Bayside Motors');
    expect(describeViolations(await axe(page))).toBe('');

    await addRepair(page, 'Harbor Transmission');
    await page.click('.cf-cure button[type=submit]');
    const received = page.locator('[data-claim-status="cureReceived"]');
    await received.waitFor();
    expect(await received.locator('h2').innerText()).toBe('Information received');

    const stored = await server.submission(code);
    expect(stored).not.toBeNull();
    const filed = JSON.stringify(stored?.payload);
    expect(filed).toContain('Bayside Motors');
    expect(filed).not.toContain('Harbor Transmission');
    const cures = (await createClaimCures(server.database).ofClaims([stored?.id ?? 0])).get(stored?.id ?? 0) ?? [];
    expect(cures).toHaveLength(1);
    expect(cures[0]?.answers.map((m) => m.fields.facilityName)).toEqual(['Bayside Motors', 'Harbor Transmission']);
    await context.close();
  });
});
