/**
 * The Automotive claim and the exclusion request with the keyboard alone: Tab and Shift+Tab, Space,
 * Enter, arrow keys and typing (a file is chosen with setInputFiles once the file input has keyboard
 * focus, since a headless file chooser cannot be typed into). Every Tab stop shows a focus
 * indicator, and after each page change focus is on the page heading.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, NEXT, REPAIRS, samplePdf } from './flow-steps';
import { tabTo } from './focus';
import { openPage, settled, withServerAndBrowser } from './harness';

async function tabAndType(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector);
  await page.keyboard.type(text);
}

/** Focus is on the page heading (after a page change). */
async function expectHeadingFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.matches('#main-content h1') ?? false)).toBe(true);
}

/** Tabs to the primary button, presses Enter and waits for the next page. */
async function enterNext(page: Page, urlPart: RegExp): Promise<void> {
  await tabTo(page, NEXT);
  await page.keyboard.press('Enter');
  await page.waitForURL(urlPart);
  await settled(page);
  await expectHeadingFocused(page);
}

/** A radio group: Tab reaches it, Space picks the first option, arrow keys move to another. */
async function chooseRadio(page: Page, groupId: string, index: number): Promise<void> {
  await tabTo(page, `[id^="${groupId}-"][type="radio"]`);
  if (index === 0) await page.keyboard.press('Space');
  else for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  expect(await page.isChecked(`#${groupId}-${index}`)).toBe(true);
}

/** A select with focus: arrow keys until the option shows. */
async function chooseOption(page: Page, selector: string, value: string): Promise<void> {
  await tabTo(page, selector);
  for (let i = 0; i < 20 && (await page.inputValue(selector)) !== value; i++) await page.keyboard.press('ArrowDown');
  expect(await page.inputValue(selector)).toBe(value);
}

/** Presses Next, is refused, and follows the error summary's first link with the keyboard. */
async function refusedNext(page: Page): Promise<string> {
  await tabTo(page, NEXT);
  await page.keyboard.press('Enter');
  const summary = page.locator('.cf-error-summary');
  await summary.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cf-error-summary') ?? false)).toBe(true);
  const text = await summary.innerText();
  await tabTo(page, '.cf-error-summary__link', { max: 3 });
  const target = (await page.locator('.cf-error-summary__link').first().getAttribute('href'))!.slice(1);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate((id) => {
      const el = document.activeElement;
      const holder = document.getElementById(id);
      return Boolean(el && holder && (el === holder || holder.contains(el)));
    }, target))
    .toBe(true);
  return text;
}

const draft = (records: string, field: string) => `#${records} .cf-records__draft [id$="-${field}"]`;
const draftButton = (records: string) => `#${records} .cf-records__draft .cf-records__actions .cf-button--primary`;

describe('keyboard only (default theme)', () => {
  const e2e = withServerAndBrowser();

  it('completes the Automotive claim: prefill, eligibility with the date picker, a repair, a document, summary, submit', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);

    // Start: from the top of the page through the header to the fields.
    await tabAndType(page, '#credentials-vin', '5EXMA1B20HC000101');
    await tabAndType(page, '#credentials-noticeId', 'EXM-100001');
    await tabAndType(page, '#credentials-pin', '482913');
    await enterNext(page, /\/automotive\/claimant-info/);

    // Claimant info is prefilled.
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    // Enter in a text field moves on as Next does (implicit submission).
    await tabTo(page, '#claimantInfo-lastName');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/automotive\/eligibility/);
    await settled(page);
    await expectHeadingFocused(page);

    // Eligibility: a refused Next, its summary link leads to the field.
    expect(await refusedNext(page)).toContain('Choose whether you own or lease the vehicle');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('claimDetails-ownershipType-0');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#claimDetails-ownershipType-0')).toBe(true);
    // The calendar: Enter opens it on a day, arrows move, Enter picks and returns to the button.
    await tabTo(page, '#claimDetails-acquisitionDate');
    await tabTo(page, '.cf-date__toggle');
    await page.keyboard.press('Enter');
    await page.locator('.cf-date__popover').waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.cf-date__popover')))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.cf-date__popover').count()).toBe(0);
    expect(await page.inputValue('#claimDetails-acquisitionDate')).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cf-date__toggle'))).toBe(true);
    // Escape closes it again; so does tabbing out of it, without keeping focus inside.
    await page.keyboard.press('Enter');
    await page.locator('.cf-date__popover').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.cf-date__popover').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.locator('.cf-date__popover').waitFor();
    await tabTo(page, '#claimDetails-isCurrentOwner-0', { max: 15 });
    await expect.poll(() => page.locator('.cf-date__popover').count()).toBe(0);
    // Type the exact date instead: back to the input, select all, type. Every form spec §5 accepts
    // types as written; digits alone get their slashes.
    const acquisitionDate = '#claimDetails-acquisitionDate';
    await tabTo(page, acquisitionDate, { back: true, max: 4 });
    for (const typed of ['1/1/2020', '01/01/2020', '12/5/2024', '10/1/2020', '3/15/2016']) {
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(typed);
      expect(await page.inputValue(acquisitionDate)).toBe(typed);
    }
    // Edits in the middle: a leading zero typed before the month, then the day's 5 deleted.
    await page.keyboard.press('Home');
    await page.keyboard.type('0');
    expect(await page.inputValue(acquisitionDate)).toBe('03/15/2016');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Backspace']) await page.keyboard.press(key);
    expect(await page.inputValue(acquisitionDate)).toBe('03/1/2016');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('03152016');
    expect(await page.inputValue(acquisitionDate)).toBe('03/15/2016');
    await chooseRadio(page, 'claimDetails-isCurrentOwner', 0);
    await chooseRadio(page, 'claimDetails-didIncurOutOfPocketExpensesPriorToSeptember', 0);
    await enterNext(page, /\/automotive\/repairs/);

    // Repairs: typing without saving refuses Next; the summary link leads to the record.
    await tabAndType(page, draft(REPAIRS, 'facilityName'), 'Bayside Motors');
    const refused = await refusedNext(page);
    expect(refused).toContain('Repair: The record you started is not complete. Correct it or cancel it before you continue.');
    expect(await page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-repairDate$/);
    await page.keyboard.type('06202017');
    await tabAndType(page, draft(REPAIRS, 'mileageAtRepair'), '48210');
    await tabTo(page, draft(REPAIRS, 'facilityName'));
    await tabAndType(page, draft(REPAIRS, 'amountPaid'), '3125.40');
    await tabAndType(page, draft(REPAIRS, 'repairDescription'), 'Replaced the CVT valve body after shuddering.');
    await tabTo(page, draftButton(REPAIRS));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`#${REPAIRS} .cf-records__item`).count()).toBe(1);
    // The saved record's form closes and the focus is on Add more: Enter opens a draft with the
    // focus in its first field, and its Cancel closes it, the focus back on Add more.
    const addMore = `#${REPAIRS} .cf-records__actions .cf-button--outline-primary`;
    await expect.poll(() => page.evaluate((sel) => document.activeElement === document.querySelector(sel), addMore)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-repairDate$/);
    await tabTo(page, `#${REPAIRS} .cf-records__draft .cf-button--outline-secondary`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate((sel) => document.activeElement === document.querySelector(sel), addMore)).toBe(true);
    expect(await page.locator(`#${REPAIRS} .cf-records__draft`).count()).toBe(0);
    // The saved record's buttons are reachable backwards.
    await tabTo(page, `#${REPAIRS} .cf-records__item button`, { back: true, max: 12 });
    await enterNext(page, /\/automotive\/supporting-documents/);

    // Supporting documents: a type, the repair it belongs to, a file, Upload.
    await chooseOption(page, draft(DOCUMENTS, 'documentType'), 'repairInvoice');
    await tabTo(page, draft(DOCUMENTS, 'claimTransactionId'));
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue(draft(DOCUMENTS, 'claimTransactionId'))).not.toBe('');
    await tabTo(page, draft(DOCUMENTS, 'file'));
    await page.locator(draft(DOCUMENTS, 'file')).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`#${DOCUMENTS} .cf-records__draft .cf-field--file[data-upload="stored"]`).waitFor();
    await tabTo(page, draftButton(DOCUMENTS));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(1);
    await enterNext(page, /\/automotive\/claim-summary/);

    // Summary: an edit link with Enter, back with Next, then sign and submit.
    await tabTo(page, '.cf-summary__edit');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    await expectHeadingFocused(page);
    await enterNext(page, /\/automotive\/claim-summary/);
    await tabAndType(page, '#signature-confirmEmailAddress', 'maria.garcia@example.com');
    await tabAndType(page, '#signature-confirmPhoneNumber', '5105550142');
    await tabTo(page, '#signature-attestation');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#signature-attestation')).toBe(true);
    await tabAndType(page, '#signature-signature', 'Maria Garcia');
    await enterNext(page, /\/automotive\/confirmation/);

    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    const stored = await e2e.server.submission(code);
    expect(stored?.documents.map((d) => d.name)).toEqual(['invoice.pdf']);
    expect(JSON.stringify(stored?.payload)).toContain('Bayside Motors');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('completes the exclusion request', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/exclusion`);
    await settled(page);
    await tabAndType(page, '#credentials-vin', '5EXMA1B20JC000202');
    await tabAndType(page, '#credentials-noticeId', 'EXM-100002');
    await tabAndType(page, '#credentials-pin', '730155');
    await enterNext(page, /\/exclusion\/claimant-info/);
    if (!(await page.inputValue('#claimantInfo-emailAddress'))) await tabAndType(page, '#claimantInfo-emailAddress', 'james.oneil@example.com');
    if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await tabAndType(page, '#claimantInfo-phoneNumber', '2175550123');
    await enterNext(page, /\/exclusion\/claim-summary/);
    await tabAndType(page, '#signature-confirmEmailAddress', 'james.oneil@example.com');
    await tabAndType(page, '#signature-confirmPhoneNumber', '2175550123');
    await tabTo(page, '#signature-attestation');
    await page.keyboard.press('Space');
    await tabAndType(page, '#signature-signature', "James O'Neil");
    await enterNext(page, /\/exclusion\/confirmation/);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect((await e2e.server.submission(code))?.formType).toBe('Exclusion');
    expect(errors).toEqual([]);
    await context.close();
  });
});
