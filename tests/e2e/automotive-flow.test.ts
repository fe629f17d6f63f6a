import { describe, expect, it } from 'vitest';
import {
  addDenial,
  addRepair,
  BACK,
  checkPage,
  DENIALS,
  DOCUMENTS,
  draftField,
  fillEligibility,
  NEXT,
  next,
  REPAIRS,
  signSummary,
  startAutomotive,
  uploadDocument,
  type PageCheck,
} from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

describe('Automotive claim end to end (en, default theme)', () => {
  const e2e = withServerAndBrowser();

  it('with out-of-pocket expenses: repairs, documents, summary edit links, submit and the stored claim', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const check: PageCheck = { theme: 'default', prefix: 'automotive-en' };
    await startAutomotive(page, e2e.server.url, 'en', check);

    // Claimant info: prefilled from the Notice ID and PIN.
    await checkPage(page, check, 'claimant-info');
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(await page.inputValue('#claimantInfo-mailingStreetLine1')).toBe('1200 Harbor Blvd');
    expect(await page.inputValue('#claimantInfo-mailingCity')).toBe('Oakland');
    expect(await page.inputValue('#claimantInfo-mailingSubDivision')).toBe('CA');
    expect(await page.inputValue('#claimantInfo-mailingPostalCode')).toBe('94607');
    expect(await page.inputValue('#claimantInfo-emailAddress')).toBe('maria.garcia@example.com');
    expect(await page.inputValue('#claimantInfo-phoneNumber')).toBe('(510) 555-0142');
    await page.fill('#claimantInfo-alternatePhoneNumber', '5105550199');
    await next(page, /\/automotive\/eligibility/);

    // Eligibility: Back keeps what was typed, and so does the browser's back button.
    await checkPage(page, check, 'eligibility');
    await fillEligibility(page, 'true');
    await page.click(BACK);
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-alternatePhoneNumber')).toContain('5105550199');
    await next(page, /\/automotive\/eligibility/);
    expect(await page.inputValue('#claimDetails-acquisitionDate')).toBe('03/15/2016');
    expect(await page.isChecked('#claimDetails-didIncurOutOfPocketExpensesPriorToSeptember-0')).toBe(true);
    await next(page, /\/automotive\/repairs/);

    // Repairs: Next with no saved repair shows the minimum-instances message.
    await checkPage(page, check, 'repairs');
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.locator('.cf-error-summary').innerText()).toContain('Add at least 1 repair');
    expect(await page.locator(`#${REPAIRS}-error`).innerText()).toContain('Add at least 1 repair');
    await checkPage(page, check, 'repairs-minimum');
    await addRepair(page);
    // The saved repair's form closes, leaving "Saved" (for 5 s) and Add more with the focus, and
    // no empty form with required markers under the list.
    expect(await page.locator(`#${REPAIRS} [role="status"]`).innerText()).toBe('Saved');
    expect(await page.locator(`#${REPAIRS} .cf-records__draft`).count()).toBe(0);
    const addMore = page.locator(`#${REPAIRS} .cf-records__actions .cf-button--outline-primary`);
    expect(await addMore.innerText()).toBe('Add more');
    await expect.poll(() => addMore.evaluate((el) => el === document.activeElement)).toBe(true);
    await checkPage(page, check, 'repairs-saved');
    expect(await page.locator(`#${REPAIRS} .cf-records__item`).innerText()).toContain('Bayside Motors');
    expect(await page.locator(`#${REPAIRS} .cf-records__item`).innerText()).toContain('$3,125.40');
    // The corrected error leaves the summary.
    expect(await page.locator('.cf-error-summary').count()).toBe(0);
    // Add more opens an empty draft, the focus in its first field, its errors not shown; Cancel closes it.
    await addMore.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^claimTransactions-.+-repairDate$/);
    expect(await page.locator(`#${REPAIRS} .cf-records__draft .cf-field__error`).count()).toBe(0);
    await page.click(`#${REPAIRS} .cf-records__draft .cf-button--outline-secondary`);
    expect(await page.locator(`#${REPAIRS} .cf-records__draft`).count()).toBe(0);

    // The browser's back button, then forward: the saved repair is still there.
    await page.goBack();
    await page.waitForURL(/\/automotive\/eligibility/);
    await settled(page);
    expect(await page.inputValue('#claimDetails-acquisitionDate')).toBe('03/15/2016');
    await page.goForward();
    await page.waitForURL(/\/automotive\/repairs/);
    await settled(page);
    expect(await page.locator(`#${REPAIRS} .cf-records__item`).count()).toBe(1);
    // A list that holds a record opens closed.
    expect(await page.locator(`#${REPAIRS} .cf-records__draft`).count()).toBe(0);

    // Denials are skipped: Next goes straight to the documents.
    await next(page, /\/automotive\/supporting-documents/);
    await checkPage(page, check, 'supporting-documents');
    const linkOptions = await draftField(page, DOCUMENTS, 'claimTransactionId').locator('option').allInnerTexts();
    expect(linkOptions.join('|')).toContain('Repair – Bayside Motors – 06/20/2017');
    await uploadDocument(page, 'invoice-2017.pdf', 'repairInvoice', true);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).innerText()).toMatch(/File\s+invoice-2017\.pdf/);
    await checkPage(page, check, 'supporting-documents-saved');
    // The same file name again is rejected with the file-exists message.
    await uploadDocument(page, 'invoice-2017.pdf', 'proofOfPayment', false);
    await page.locator(`#${DOCUMENTS} .cf-records__message--error`).waitFor();
    expect(await page.locator(`#${DOCUMENTS} .cf-records__message--error`).innerText()).toContain('A file with this name has already been uploaded.');
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(1);
    await checkPage(page, check, 'supporting-documents-duplicate');

    // Summary: every group, and each edit link returns to the summary.
    await next(page, /\/automotive\/claim-summary/);
    await checkPage(page, check, 'claim-summary');
    const summary = page.locator('.cf-summary');
    const titles = await summary.locator('.cf-summary__title').allInnerTexts();
    // Paid out of pocket: the flow skips the denials page, so the review does not list it.
    expect(titles).toEqual(['Contact information', 'Vehicle', 'Repairs', 'Supporting documents']);
    const text = await summary.innerText();
    for (const value of ['Maria', 'Garcia', '1200 Harbor Blvd', 'Oakland', 'Bayside Motors', '$3,125.40', 'invoice-2017.pdf', '03/15/2016']) expect(text).toContain(value);
    // Only what the pages showed: no non-US address lines for a US address, no disposal date of a current owner.
    expect(text).not.toContain('State, province or region');
    expect(text).not.toContain('Postal code');
    for (const [index, path] of [
      [0, /\/automotive\/claimant-info/],
      [1, /\/automotive\/eligibility/],
      [2, /\/automotive\/repairs/],
      [3, /\/automotive\/supporting-documents/],
    ] as const) {
      await page.locator('.cf-summary__edit').nth(index).click();
      await page.waitForURL(path);
      await settled(page);
      await page.click(NEXT);
      await page.waitForURL(/\/automotive\/claim-summary/, { timeout: 5000 }).catch(async () => {
        throw new Error(`edit link ${index} did not return to the summary: ${page.url()} ${await page.locator('.cf-error-summary').innerText().catch(() => '')}`);
      });
      await settled(page);
    }
    // Refused submit: the untouched attestation is false and must be checked.
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.isChecked('#signature-attestation')).toBe(false);
    expect(await page.locator('#signature-attestation').getAttribute('aria-invalid')).toBe('true');
    await signSummary(page);
    await checkPage(page, check, 'claim-summary-signed');

    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/confirmation/);
    await checkPage(page, check, 'confirmation');
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect(code).toMatch(/\S{6,}/);
    const confirmation = await page.locator('.cf-confirmation__text').innerText();
    expect(confirmation).toContain(code);
    expect(confirmation).not.toContain('<strong>');
    expect(await page.locator('.cf-confirmation__text strong').innerText()).toBe(code);

    const stored = await e2e.server.submission(code);
    expect(stored?.formType).toBe('Automotive');
    const payload = stored?.payload as Record<string, unknown>;
    expect(JSON.stringify(payload.claimantInfo)).toContain('Maria');
    expect(JSON.stringify(payload.claimTransactions)).toContain('Bayside Motors');
    expect(JSON.stringify(payload.prepopulatedData)).toContain('Garcia');
    expect(stored?.documents.map((d) => d.name)).toEqual(['invoice-2017.pdf']);

    // A refresh of the confirmation: the claim is filed and its draft gone, so the signed-in session
    // opens the form again on its first page after sign-in.
    await page.reload();
    await page.waitForURL(/\/automotive\/claimant-info$/);
    await settled(page);
    // The one refused request is the second upload of invoice-2017.pdf (a name already uploaded: 409).
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await context.close();
  });
});

// A server of its own: María files her claim again, and the sample settlement accepts one claim per Notice ID.
describe('Automotive claim end to end without out-of-pocket expenses (en, default theme)', () => {
  const e2e = withServerAndBrowser();

  it('a refresh inside the flow shows the same page with the answers saved by Next, and the claim can start again', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility/);
    await page.check('#claimDetails-ownershipType-0');
    await page.reload();
    await page.waitForURL(/\/automotive\/eligibility$/);
    await settled(page);
    await startAutomotive(page, e2e.server.url, 'en', null);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Last: once María's claim is filed, her sign-in is told so (tests/e2e/filed-at-sign-in.test.ts).
  it('without out-of-pocket expenses: denials visited, a denial added and submitted', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const check: PageCheck = { theme: 'default', prefix: 'automotive-en-denial', axe: true };
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility/);
    await fillEligibility(page, 'false');
    await next(page, /\/automotive\/repairs/);
    // No minimum when there were no out-of-pocket expenses.
    await next(page, /\/automotive\/denials/);
    await checkPage(page, check, 'denials');
    await addDenial(page);
    await checkPage(page, check, 'denials-saved');
    expect(await page.locator(`#${DENIALS} .cf-records__item`).innerText()).toContain('Hilltop Example Motors');
    await next(page, /\/automotive\/supporting-documents/);
    await uploadDocument(page, 'denial-letter.pdf', 'denialLetter', true);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    await next(page, /\/automotive\/claim-summary/);
    expect(await page.locator('.cf-summary').innerText()).toContain('Hilltop Example Motors');
    await signSummary(page);
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/confirmation/);
    await settled(page);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    const stored = await e2e.server.submission(code);
    expect(JSON.stringify(stored?.payload)).toContain('The dealer said the warranty did not cover the transmission.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
