/**
 * Links between records as a claimant meets them, in real Chromium against the real server: a
 * repair a document is linked to is not deleted without asking — the alert names the document,
 * Cancel keeps both and gives the focus back to the row's Delete, Delete takes both away and the
 * claim goes on (Spanish, 375 px, by keyboard); a long link label chosen on a document is written
 * out in full under its select (English, desktop); and in a cure of the repairs page, the repair
 * a filed document links to cannot be deleted, with a message naming the document.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli';
import { addRepair, BACK, DOCUMENTS, draftField, fillEligibility, finishAutomotiveClaim, next, openDraft, REPAIRS, startAutomotive, uploadDocument } from './flow-steps';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser } from './harness';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** Presses Tab until the focused element is a button of the `recordsId` row holding `rowText`, labelled `label`. */
async function tabToRowButton(page: Page, recordsId: string, rowText: string, label: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await rowButtonFocused(page, recordsId, rowText, label)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`The Tab key never reached the ${label} button of the row ${rowText}.`);
}

/** Is the focus on the `label` button of the `recordsId` row holding `rowText`? */
function rowButtonFocused(page: Page, recordsId: string, rowText: string, label: string): Promise<boolean> {
  return page.evaluate(
    ([id, text, name]) => {
      const el = document.activeElement;
      const row = el?.closest('.cf-records__item');
      return el instanceof HTMLButtonElement && row?.closest(`#${id}`) !== null && (row?.textContent ?? '').includes(text) && (el.textContent ?? '').includes(name);
    },
    [recordsId, rowText, label] as const,
  );
}

/** Presses Tab until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`The Tab key never reached ${selector}.`);
}

/** The buttons of `selector`, stacked on a phone, are drawn top to bottom in the order Tab reaches them. */
async function expectStackedInTabOrder(page: Page, selector: string): Promise<void> {
  const tops = await page.locator(`${selector} .cf-button`).evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThan(1);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
}

const rows = (page: Page, recordsId: string) => page.locator(`#${recordsId} .cf-records__item`).allInnerTexts();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function expectNoViolations(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('links between records', () => {
  const e2e = withServerAndBrowser();

  it('deleting a repair a document is linked to asks first, naming the document: Cancel keeps both, Delete takes both (es, 375 px, keyboard)', async () => {
    const { page, context, errors } = await openPage(e2e.browser, PHONE);
    await startAutomotive(page, e2e.server.url, 'es', null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs/);
    await addRepair(page, 'Taller Bahía');
    await next(page, /\/automotive\/supporting-documents/);
    await uploadDocument(page, 'factura-bahia.pdf', 'repairInvoice', true);
    await expect.poll(() => rows(page, DOCUMENTS)).toEqual([expect.stringContaining('factura-bahia.pdf')]);
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/repairs/);
    await settled(page);
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Taller Bahía')]);

    // Delete, by keyboard: nothing is deleted yet; an alert names the linked document and takes the focus.
    await tabToRowButton(page, REPAIRS, 'Taller Bahía', 'Eliminar');
    await page.keyboard.press('Enter');
    const alert = page.locator(`#${REPAIRS} .cf-records__removal[role="alert"]`);
    await alert.waitFor();
    expect(await alert.innerText()).toContain('factura-bahia.pdf');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cf-records__removal') ?? false)).toBe(true);
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Taller Bahía')]);
    await expectNoViolations(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'default', 'record-links-es-delete-linked');
    await expectStackedInTabOrder(page, `#${REPAIRS} .cf-records__removal .cf-records__actions`);
    await expectStackedInTabOrder(page, '.cf-page-actions');

    // Cancel keeps both; the focus goes back to the row's Delete.
    await tabTo(page, `#${REPAIRS} .cf-records__removal .cf-button--outline-secondary`);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Cancelar');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.count()).toBe(0);
    await expect.poll(() => rowButtonFocused(page, REPAIRS, 'Taller Bahía', 'Eliminar')).toBe(true);
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Taller Bahía')]);
    await next(page, /\/automotive\/supporting-documents/);
    expect(await rows(page, DOCUMENTS)).toEqual([expect.stringContaining('factura-bahia.pdf')]);
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/repairs/);
    await settled(page);

    // Delete again and confirm: the repair goes, and its document with it.
    await tabToRowButton(page, REPAIRS, 'Taller Bahía', 'Eliminar');
    await page.keyboard.press('Enter');
    await alert.waitFor();
    await tabTo(page, `#${REPAIRS} .cf-records__removal .cf-button--primary`);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page, REPAIRS)).toEqual([]);
    await expect.poll(() => alert.count()).toBe(0);
    await expectNoViolations(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The claim goes on: another repair, and the documents page no longer lists the deleted repair's document.
    await addRepair(page, 'Transmisiones del Puerto');
    await next(page, /\/automotive\/supporting-documents/);
    expect(await rows(page, DOCUMENTS)).toEqual([]);
    // Kept so by the server: a reload brings neither back.
    await page.reload();
    await settled(page);
    expect(await rows(page, DOCUMENTS)).toEqual([]);
    await openDraft(page, DOCUMENTS);
    const links = await draftField(page, DOCUMENTS, 'claimTransactionId').locator('option').allInnerTexts();
    expect(links.some((o) => o.includes('Taller Bahía'))).toBe(false);
    expect(links.some((o) => o.includes('Transmisiones del Puerto'))).toBe(true);
    await uploadDocument(page, 'factura-puerto.pdf', 'repairInvoice', true);
    await expect.poll(() => rows(page, DOCUMENTS)).toEqual([expect.stringContaining('factura-puerto.pdf')]);
    await next(page, /\/automotive\/claim-summary/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a long link label chosen on a document is written out in full under its select (en, desktop)', async () => {
    const facility = 'Northern California Transmission and Drivetrain Specialists of San Mateo';
    const { page, context, errors } = await openPage(e2e.browser, DESKTOP);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs/);
    await addRepair(page, facility);
    await next(page, /\/automotive\/supporting-documents/);
    await openDraft(page, DOCUMENTS);
    const select = draftField(page, DOCUMENTS, 'claimTransactionId');
    const option = select.locator('option', { hasText: facility });
    const label = (await option.innerText()).trim();
    await select.selectOption((await option.getAttribute('value')) ?? '');

    // Under the select, the whole label, inside the page and not cut off.
    const chosen = page.locator(`#${DOCUMENTS} .cf-records__draft .cf-field--select:has(select[id$="-claimTransactionId"]) .cf-select__chosen`);
    await chosen.waitFor();
    expect(await chosen.innerText()).toBe(label);
    expect(label).toContain(facility);
    expect(await chosen.isVisible()).toBe(true);
    const box = await chosen.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(DESKTOP.width);
    expect(await chosen.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
    await expectNoViolations(page);
    await screenshot(page, 'default', 'record-links-en-long-link');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in a cure of the repairs page, the repair a filed document links to is kept, with a message naming the document (en, desktop)', async () => {
    const { page: filing, context: filingContext } = await openPage(e2e.browser);
    await startAutomotive(filing, e2e.server.url, 'en', null);
    await next(filing, /\/automotive\/eligibility/);
    const code = await finishAutomotiveClaim(filing);
    await filingContext.close();

    const out = { stdout: '', stderr: '' };
    const exit = await runCli(['status', code, 'deficient', '--deficiency', 'receiptMismatch', '--cure-days', '14'], {
      env: e2e.server.adminEnv,
      stdout: (s) => void (out.stdout += s),
      stderr: (s) => void (out.stderr += s),
    });
    expect(exit, out.stderr).toBe(0);

    const { page, context, errors } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.url}/status`);
    await page.locator('#cf-status-reference').waitFor();
    await page.fill('#cf-status-reference', code);
    await page.fill('#cf-status-vin', '5EXMA1B20HC000101');
    await page.fill('#cf-status-noticeId', 'EXM-100001');
    await page.fill('#cf-status-pin', '482913');
    await page.click('button[type=submit]');
    await page.locator('[data-claim-status="deficient"]').waitFor();
    await page.getByRole('button', { name: 'Send what is missing' }).click();
    await page.locator('#cf-cure-heading').waitFor();
    const repairs = page.locator(`.cf-cure #${REPAIRS}`);
    await expect.poll(() => repairs.locator('.cf-records__item').count()).toBe(1);

    await repairs.locator('.cf-records__item', { hasText: 'Bayside Motors' }).getByRole('button', { name: 'Delete' }).click();
    const alert = repairs.locator('.cf-records__removal[role="alert"]');
    await alert.waitFor();
    const message = await alert.innerText();
    expect(message).toContain('It cannot be removed here');
    expect(message).toContain('invoice.pdf');
    // Refused: no Delete to confirm, only Keep it.
    expect(await alert.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await repairs.locator('.cf-records__item').count()).toBe(1);
    await expectNoViolations(page);
    await screenshot(page, 'default', 'record-links-en-cure-kept');

    await alert.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => alert.count()).toBe(0);
    await expect.poll(() => rowButtonFocused(page, REPAIRS, 'Bayside Motors', 'Delete')).toBe(true);
    expect(await repairs.innerText()).toContain('Bayside Motors');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
