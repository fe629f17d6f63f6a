/**
 * Every record saved or deleted on a page is stored with the claim in progress at once, in real
 * Chromium against the real server: a saved repair, denial and document come back after a reload,
 * in another tab and in another browser resuming with the resume code, and a record deleted before
 * the reload stays deleted — in English and Spanish, on a phone and a desktop, with no axe
 * violation; saves held up on their way still land in the order asked; and the same for the
 * data-breach settlement's own expense records.
 */
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDenial, addRepair, BACK, DENIALS, DOCUMENTS, draftField, fillEligibility, next, NEXT, openDraft, REPAIRS, samplePdf, startAutomotive, uploadDocument } from './flow-steps';
import { axe, describeViolations, openPage, ROOT, settled, withServerAndBrowser } from './harness';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * The answer of the next save made while the claimant is still on `pageId` (a record saved or
 * deleted there, no record left being typed: not the save of a record being typed).
 */
function recordSave(page: Page, pageId: string) {
  return page.waitForResponse((r) => {
    if (r.request().method() !== 'PUT' || !new URL(r.url()).pathname.endsWith('/draft')) return false;
    const body: unknown = r.request().postDataJSON();
    return typeof body === 'object' && body !== null && 'pageId' in body && body.pageId === pageId && 'unfinished' in body && body.unfinished === true && !('openRecords' in body);
  });
}

/** The answer of the next save keeping a record being typed that holds `text`. */
function openRecordSave(page: Page, text: string) {
  return page.waitForResponse((r) => {
    if (r.request().method() !== 'PUT' || !new URL(r.url()).pathname.endsWith('/draft')) return false;
    const body: unknown = r.request().postDataJSON();
    return typeof body === 'object' && body !== null && 'openRecords' in body && JSON.stringify(body.openRecords).includes(text);
  });
}

/** A save body of a record saved or deleted (not of a record being typed). */
const isRecordSave = (body: string | null) => body !== null && body.includes('"unfinished":true') && !body.includes('"openRecords"');

/** Does `act`, and waits until the record save it makes is stored. */
async function stored(page: Page, pageId: string, act: () => Promise<void>): Promise<void> {
  const saved = recordSave(page, pageId);
  await act();
  expect((await saved).status()).toBe(200);
}

async function reload(page: Page, urlPart: RegExp): Promise<void> {
  await page.reload();
  await settled(page);
  expect(page.url()).toMatch(urlPart);
}

const rows = (page: Page, recordsId: string) => page.locator(`#${recordsId} .cf-records__item`).allInnerTexts();

async function deleteRow(page: Page, recordsId: string, text: string): Promise<void> {
  await page.locator(`#${recordsId} .cf-records__item`, { hasText: text }).getByRole('button', { name: /Delete|Eliminar/ }).click();
  await expect.poll(() => page.locator(`#${recordsId} .cf-records__item`, { hasText: text }).count()).toBe(0);
}

/**
 * Save and finish later, then Keep going now: the resume code, taken before any record is saved,
 * so that what another browser resumes later was kept by the record saves alone.
 */
async function resumeCode(page: Page): Promise<string> {
  await page.click('.cf-save-later button');
  await page.locator('#cf-saved-later-title').waitFor();
  const code = (await page.locator('[data-resume-code]').getAttribute('data-resume-code')) ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await page.click('.cf-saved-later .cf-button--secondary');
  return code;
}

async function expectNoViolations(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('records kept by the server in the sample settlement', () => {
  const e2e = withServerAndBrowser();

  it.each([
    ['en', PHONE],
    ['en', DESKTOP],
    ['es', PHONE],
    ['es', DESKTOP],
  ] as const)('a saved repair comes back after a reload (%s, %o)', async (culture, viewport) => {
    const { page, context, errors } = await openPage(e2e.browser, viewport);
    await startAutomotive(page, e2e.server.url, culture, null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs/);
    await stored(page, 'repairs', () => addRepair(page, 'Bayside Motors'));

    await reload(page, /\/automotive\/repairs/);
    expect(await page.locator('html').getAttribute('lang')).toBe(culture);
    await page.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Bayside Motors')]);
    await expectNoViolations(page);
    // The restored repair is the claim's: Next takes it on.
    await next(page, /\/automotive\/supporting-documents/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves in the order asked: a record save held up on its way is not overwritten by, and does not overwrite, the later ones', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility$/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs$/);

    // The first record save is held on its way until the claimant has saved and deleted more.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    // The save asks for its texts in the page's language (?culture=).
    await page.route((url) => url.pathname === '/api/forms/automotive/draft', async (route) => {
      if (!held && route.request().method() === 'PUT' && isRecordSave(route.request().postData())) {
        held = true;
        await released;
      }
      await route.continue();
    });
    const saving = (r: Response, has: string, hasNot: string) =>
      r.request().method() === 'PUT' && isRecordSave(r.request().postData()) && r.request().postData()?.includes(has) === true && !r.request().postData()?.includes(hasNot);
    const first = page.waitForResponse((r) => saving(r, 'Bay Auto Care', 'Hilltop Motors'));
    await addRepair(page, 'Bay Auto Care');
    await expect.poll(() => held).toBe(true);
    const last = page.waitForResponse((r) => saving(r, 'Hilltop Motors', 'Bay Auto Care'));
    await addRepair(page, 'Hilltop Motors');
    await deleteRow(page, REPAIRS, 'Bay Auto Care');
    release();
    expect((await last).status()).toBe(200);
    expect((await first).status()).toBe(200);

    await reload(page, /\/automotive\/repairs$/);
    await page.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Hilltop Motors')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['en', DESKTOP],
    ['es', PHONE],
  ] as const)('a repair being typed is kept: after a reload and in another browser resuming, its form shows what was typed; saved, it is listed once (%s, %o)', async (culture, viewport) => {
    const { page, context, errors } = await openPage(e2e.browser, viewport);
    await startAutomotive(page, e2e.server.url, culture, null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs/);
    const code = await resumeCode(page);
    await page.locator(`#${REPAIRS}`).waitFor();

    // Half a repair, never saved: kept a moment after the typing stops, without pressing anything.
    const kept = openRecordSave(page, 'Half Typed Motors');
    await openDraft(page, REPAIRS);
    await draftField(page, REPAIRS, 'repairDate').fill('06/20/2017');
    await draftField(page, REPAIRS, 'facilityName').fill('Half Typed Motors');
    expect((await kept).status()).toBe(200);

    await reload(page, /\/automotive\/repairs/);
    await page.locator(`#${REPAIRS} .cf-records__draft`).waitFor();
    expect(await draftField(page, REPAIRS, 'repairDate').inputValue()).toBe('06/20/2017');
    expect(await draftField(page, REPAIRS, 'facilityName').inputValue()).toBe('Half Typed Motors');
    expect(await rows(page, REPAIRS)).toEqual([]);
    await expectNoViolations(page);
    // More typed in it, and the page reloaded at once, with no pause: the save made as the page
    // unloads keeps it.
    await draftField(page, REPAIRS, 'mileageAtRepair').fill('48210');
    await reload(page, /\/automotive\/repairs/);
    await page.locator(`#${REPAIRS} .cf-records__draft`).waitFor();
    expect(await draftField(page, REPAIRS, 'mileageAtRepair').inputValue()).toMatch(/^48,?210$/);
    expect(await draftField(page, REPAIRS, 'facilityName').inputValue()).toBe('Half Typed Motors');
    await context.close();

    // Another browser, with the resume code: the same form, as typed; finished and saved, the repair is listed once.
    const other = await openPage(e2e.browser, viewport);
    await other.page.goto(`${e2e.server.url}/resume/${code}`);
    await settled(other.page);
    await other.page.click('button:has-text("Continue")');
    await other.page.waitForURL(/\/automotive(\?|$)/);
    await settled(other.page);
    await other.page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await other.page.fill('#credentials-noticeId', 'EXM-100001');
    await other.page.fill('#credentials-pin', '482913');
    await other.page.click(NEXT);
    await other.page.waitForURL(/\/automotive\/repairs$/);
    await settled(other.page);
    await other.page.locator(`#${REPAIRS} .cf-records__draft`).waitFor();
    expect(await draftField(other.page, REPAIRS, 'facilityName').inputValue()).toBe('Half Typed Motors');
    await draftField(other.page, REPAIRS, 'mileageAtRepair').fill('48210');
    await draftField(other.page, REPAIRS, 'amountPaid').fill('3125.40');
    await draftField(other.page, REPAIRS, 'repairDescription').fill('Replaced the CVT valve body after shuddering.');
    await stored(other.page, 'repairs', () => other.page.click(`#${REPAIRS} .cf-records__draft .cf-records__actions .cf-button--primary`));
    expect(await rows(other.page, REPAIRS)).toEqual([expect.stringContaining('Half Typed Motors')]);
    await reload(other.page, /\/automotive\/repairs$/);
    await other.page.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
    expect(await rows(other.page, REPAIRS)).toEqual([expect.stringContaining('Half Typed Motors')]);
    // Saved, it is no longer a record being typed.
    const open = other.page.locator(`#${REPAIRS} .cf-records__draft`);
    if ((await open.count()) > 0) expect(await draftField(other.page, REPAIRS, 'facilityName').inputValue()).toBe('');
    await expectNoViolations(other.page);
    await next(other.page, /\/automotive\/supporting-documents/);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });

  it.each([
    ['en', DESKTOP, PHONE],
    ['es', PHONE, DESKTOP],
  ] as const)('repairs, a denial and a document survive a reload, show in another tab and in another browser resuming with the code; a deleted repair stays deleted (%s, %o, then %o)', async (culture, viewport, otherViewport) => {
    const { page, context, errors } = await openPage(e2e.browser, viewport);
    await startAutomotive(page, e2e.server.url, culture, null);
    await next(page, /\/automotive\/eligibility(\?|$)/);
    await fillEligibility(page, 'false');
    await next(page, /\/automotive\/repairs(\?|$)/);

    const code = await resumeCode(page);
    await page.locator(`#${REPAIRS}`).waitFor();

    await stored(page, 'repairs', () => addRepair(page, 'Bay Auto Care'));
    await stored(page, 'repairs', () => addRepair(page, 'Hilltop Motors'));
    await stored(page, 'repairs', () => deleteRow(page, REPAIRS, 'Bay Auto Care'));
    await reload(page, /\/automotive\/repairs(\?|$)/);
    await page.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
    expect(await rows(page, REPAIRS)).toEqual([expect.stringContaining('Hilltop Motors')]);

    await next(page, /\/automotive\/denials(\?|$)/);
    await stored(page, 'denials', () => addDenial(page));
    await reload(page, /\/automotive\/denials(\?|$)/);
    await page.locator(`#${DENIALS} .cf-records__item`).first().waitFor();
    expect(await rows(page, DENIALS)).toEqual([expect.stringContaining('Hilltop Example Motors')]);

    await next(page, /\/automotive\/supporting-documents(\?|$)/);
    await stored(page, 'supporting-documents', () => uploadDocument(page, 'invoice.pdf', 'repairInvoice', true));
    await reload(page, /\/automotive\/supporting-documents(\?|$)/);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    expect(await rows(page, DOCUMENTS)).toEqual([expect.stringContaining('invoice.pdf')]);
    await expectNoViolations(page);

    // Another tab of the same browser.
    const tab = await context.newPage();
    await tab.goto(`${e2e.server.url}/automotive/repairs`);
    await settled(tab);
    await tab.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
    expect(await rows(tab, REPAIRS)).toEqual([expect.stringContaining('Hilltop Motors')]);
    expect(errors).toEqual([]);
    await context.close();

    // Another browser, with the resume code: the claim opens on the page of the last record saved.
    const other = await openPage(e2e.browser, otherViewport);
    await other.page.goto(`${e2e.server.url}/resume/${code}`);
    await settled(other.page);
    await other.page.click('button:has-text("Continue")');
    await other.page.waitForURL(/\/automotive(\?|$)/);
    await settled(other.page);
    await other.page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await other.page.fill('#credentials-noticeId', 'EXM-100001');
    await other.page.fill('#credentials-pin', '482913');
    await other.page.click(NEXT);
    await other.page.waitForURL(/\/automotive\/supporting-documents(\?|$)/);
    await settled(other.page);
    await other.page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    expect(await rows(other.page, DOCUMENTS)).toEqual([expect.stringContaining('invoice.pdf')]);
    await other.page.click(BACK);
    await other.page.waitForURL(/\/automotive\/denials(\?|$)/);
    await settled(other.page);
    expect(await rows(other.page, DENIALS)).toEqual([expect.stringContaining('Hilltop Example Motors')]);
    await other.page.click(BACK);
    await other.page.waitForURL(/\/automotive\/repairs(\?|$)/);
    await settled(other.page);
    expect(await rows(other.page, REPAIRS)).toEqual([expect.stringContaining('Hilltop Motors')]);
    await expectNoViolations(other.page);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});

describe('records kept by the server in the data-breach settlement', () => {
  const EXPENSES = 'records-expenses';
  const RECEIPTS = 'records-documentContexts-receipt';
  const running = withServerAndBrowser({ from: path.join(ROOT, 'tests/settlements/data-breach') });

  /** A class member with an e-mail address and a phone number on the class list (the contact page comes filled in). */
  interface Member {
    claimId: string;
    zip: string;
  }

  async function signIn(page: Page, member: Member, culture = 'en'): Promise<void> {
    await page.goto(`${running.server.url}/claim${culture === 'en' ? '' : `?culture=${culture}`}`);
    await settled(page);
    await page.fill('#credentials-claimId', member.claimId);
    await page.fill('#credentials-zip', member.zip);
    await page.click(NEXT);
  }

  async function addExpense(page: Page, description: string, amount: string): Promise<void> {
    const before = await page.locator(`#${EXPENSES} .cf-records__item`).count();
    await openDraft(page, EXPENSES);
    await draftField(page, EXPENSES, 'expenseDescription').fill(description);
    await draftField(page, EXPENSES, 'expenseAmount').fill(amount);
    await page.click(`#${EXPENSES} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await expect.poll(() => page.locator(`#${EXPENSES} .cf-records__item`).count()).toBe(before + 1);
  }

  // One class member per culture: each keeps a claim in progress of its own.
  it.each([
    ['en', DESKTOP, PHONE, { claimId: 'DBR-300003', zip: '10027' }, ['Credit freeze fee', 'Credit monitoring']],
    ['es', PHONE, DESKTOP, { claimId: 'DBR-300001', zip: '30301' }, ['Congelación de crédito', 'Monitoreo de crédito']],
  ] as const)('expenses and a receipt survive a reload and a resume in another browser; a deleted expense stays deleted (%s, %o, then %o)', async (culture, viewport, otherViewport, member, [deleted, kept]) => {
    const { page, context, errors } = await openPage(running.browser, viewport);
    await signIn(page, member, culture);
    await page.waitForURL(/\/claim\/contact(\?|$)/);
    expect(await page.locator('html').getAttribute('lang')).toBe(culture);
    await settled(page);
    await next(page, /\/claim\/time-spent(\?|$)/);
    await page.fill('#claimDetails-hoursSpent', '2');
    await next(page, /\/claim\/expenses(\?|$)/);
    const code = await resumeCode(page);
    await page.locator(`#${EXPENSES}`).waitFor();

    await stored(page, 'expenses', () => addExpense(page, deleted, '12.50'));
    await stored(page, 'expenses', () => addExpense(page, kept, '29.99'));
    await stored(page, 'expenses', () => deleteRow(page, EXPENSES, deleted));
    await reload(page, /\/claim\/expenses(\?|$)/);
    await page.locator(`#${EXPENSES} .cf-records__item`).first().waitFor();
    expect(await rows(page, EXPENSES)).toEqual([expect.stringContaining(kept)]);
    await expectNoViolations(page);

    await next(page, /\/claim\/receipts(\?|$)/);
    await stored(page, 'receipts', async () => {
      await openDraft(page, RECEIPTS);
      const expense = draftField(page, RECEIPTS, 'expenseId');
      const option = await expense.locator('option').nth(1).getAttribute('value');
      expect(option).not.toBeNull();
      await expense.selectOption(option ?? '');
      await draftField(page, RECEIPTS, 'file').setInputFiles({ name: 'monitoring-receipt.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await page.locator(`#${RECEIPTS} .cf-records__draft .cf-field--file[data-upload="stored"]`).waitFor();
      await page.click(`#${RECEIPTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
    });
    await reload(page, /\/claim\/receipts(\?|$)/);
    expect(await page.locator('html').getAttribute('lang')).toBe(culture);
    await page.locator(`#${RECEIPTS} .cf-records__item`).first().waitFor();
    expect(await rows(page, RECEIPTS)).toEqual([expect.stringContaining('monitoring-receipt.pdf')]);
    await expectNoViolations(page);
    expect(errors).toEqual([]);
    await context.close();

    // Another browser, with the resume code and the same Claim ID and ZIP code: the claim opens where it was left.
    const other = await openPage(running.browser, otherViewport);
    await other.page.goto(`${running.server.url}/resume/${code}`);
    await settled(other.page);
    await other.page.click('button:has-text("Continue")');
    await other.page.waitForURL(/\/claim(\?|$)/);
    await signIn(other.page, member);
    await other.page.waitForURL(/\/claim\/receipts(\?|$)/);
    await settled(other.page);
    await other.page.locator(`#${RECEIPTS} .cf-records__item`).first().waitFor();
    expect(await rows(other.page, RECEIPTS)).toEqual([expect.stringContaining('monitoring-receipt.pdf')]);
    await other.page.click(BACK);
    await other.page.waitForURL(/\/claim\/expenses(\?|$)/);
    await settled(other.page);
    expect(await rows(other.page, EXPENSES)).toEqual([expect.stringContaining(kept)]);
    await expectNoViolations(other.page);
    // Next goes on with the kept expense and its receipt.
    await next(other.page, /\/claim\/receipts(\?|$)/);
    await next(other.page, /\/claim\/payment(\?|$)/);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
