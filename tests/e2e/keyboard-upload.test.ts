/**
 * Upload and Next pressed while a document is still uploading, in real Chromium against the real
 * server: with the keyboard alone (Tab, Space, Enter; the file chosen in the file chooser that Space
 * opens) and with the mouse, the presses wait for the upload, which the test holds back until it
 * lets it through, and are then made: the record is saved and Next reaches the review page; Next
 * pressed alone (no Upload) saves the record too. A failed upload holds the presses, the focus on
 * the document's field with the server's words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addRepair, DOCUMENTS, draftField, fillEligibility, NEXT, next, samplePdf, startAutomotive } from './flow-steps';
import { tabTo } from './focus';
import { axe, describeViolations, openPage, settled, withServerAndBrowser } from './harness';

const UPLOADS = '**/draft/documents*';
const fileField = `#${DOCUMENTS} .cf-records__draft .cf-field--file`;
const uploadButton = `#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--primary`;
const recordsStatus = `#${DOCUMENTS} .cf-records__status`;
const WAIT_TEXT = 'Please wait until your document has finished uploading.';
/** A Windows program, renamed to look like a PDF: the server refuses it. */
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 0x90)]);

/** Holds every document upload back until `release` is called. */
async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(UPLOADS, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Signed in as María with a repair, on Supporting Documents. */
async function onSupportingDocuments(page: Page, url: string): Promise<void> {
  await startAutomotive(page, url, 'en', null);
  await next(page, /\/automotive\/eligibility$/);
  await fillEligibility(page, 'true');
  await next(page, /\/automotive\/repairs$/);
  await addRepair(page);
  await next(page, /\/automotive\/supporting-documents$/);
}

const isFocused = (page: Page, selector: string) => page.evaluate((sel) => document.activeElement === document.querySelector(sel), selector);

async function expectNoViolations(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('pressing Upload and Next while a document uploads', () => {
  const e2e = withServerAndBrowser();

  it('with the keyboard alone: Upload and Next wait for the upload, then the record is saved and Next reaches the review page', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await onSupportingDocuments(page, e2e.server.url);

    // Document type: typed into the select.
    const documentType = `#${DOCUMENTS} .cf-records__draft [id$="-documentType"]`;
    await tabTo(page, documentType);
    await page.keyboard.type('Proof of payment');
    expect(await page.inputValue(documentType)).toBe('proofOfPayment');

    // The file: Space on the file input opens the chooser.
    const { release } = await holdUploads(page);
    // Waiting for the chooser asks the browser to intercept it, a message of its own that is not
    // awaited: asked before the Tabs, it is in place by the time Space is pressed.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, `#${DOCUMENTS} .cf-records__draft [id$="-file"]`);
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'james-receipt.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`${fileField}[data-upload="uploading"] progress`).waitFor();

    // Upload while it uploads: busy, keeping the focus; the wait is said politely, not as an error.
    await tabTo(page, uploadButton);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(recordsStatus).innerText()).toBe(WAIT_TEXT);
    expect(await page.locator(recordsStatus).getAttribute('role')).toBe('status');
    expect(await page.locator(uploadButton).getAttribute('aria-busy')).toBe('true');
    expect(await isFocused(page, uploadButton)).toBe(true);
    expect(await page.locator(`#${DOCUMENTS} [role="alert"]`).count()).toBe(0);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(0);
    await expectNoViolations(page);

    // Next while it still uploads: busy too, and the page stays, nothing refused.
    await tabTo(page, NEXT, { max: 6 });
    await page.keyboard.press('Enter');
    expect(await page.locator(NEXT).getAttribute('aria-busy')).toBe('true');
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    expect(await page.locator('.cf-error-summary').count()).toBe(0);

    // The upload goes through: the record is saved, then Next goes on.
    release();
    await page.waitForURL(/\/automotive\/claim-summary$/);
    await settled(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('#main-content h1') ?? false)).toBe(true);
    const summary = await page.locator('#main-content').innerText();
    expect(summary).toContain('james-receipt.pdf');
    expect(summary).toContain('Proof of payment');
    const draft = (await (await page.request.get(`${e2e.server.url}/api/forms/automotive/draft`)).json()) as { documents: Array<{ name: string }> };
    expect(draft.documents.map((d) => d.name)).toEqual(['james-receipt.pdf']);
    await expectNoViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the mouse: Upload and Next clicked while it uploads wait for it, and Next goes on after the upload', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await onSupportingDocuments(page, e2e.server.url);
    await draftField(page, DOCUMENTS, 'documentType').selectOption('repairInvoice');
    const { release } = await holdUploads(page);
    await draftField(page, DOCUMENTS, 'file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`${fileField}[data-upload="uploading"] progress`).waitFor();
    await page.click(uploadButton);
    await page.click(NEXT);
    await expect.poll(() => page.locator(recordsStatus).innerText()).toBe(WAIT_TEXT);
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    release();
    await page.waitForURL(/\/automotive\/claim-summary$/);
    await settled(page);
    expect(await page.locator('#main-content').innerText()).toContain('invoice.pdf');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Next pressed alone while the document uploads: once it is stored, the record is saved and Next reaches the review page, the document listed', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await onSupportingDocuments(page, e2e.server.url);
    await draftField(page, DOCUMENTS, 'documentType').selectOption('proofOfPayment');
    const { release } = await holdUploads(page);
    await draftField(page, DOCUMENTS, 'file').setInputFiles({ name: 'receipt-next.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`${fileField}[data-upload="uploading"] progress`).waitFor();

    // Next without Upload: it waits (busy, the wait said politely), nothing refused, no record yet.
    await page.click(NEXT);
    await expect.poll(() => page.locator(recordsStatus).innerText()).toBe(WAIT_TEXT);
    expect(await page.locator(NEXT).getAttribute('aria-busy')).toBe('true');
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    expect(await page.locator('.cf-error-summary').count()).toBe(0);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(0);

    release();
    await page.waitForURL(/\/automotive\/claim-summary$/);
    await settled(page);
    const summary = await page.locator('#main-content').innerText();
    expect(summary).toContain('receipt-next.pdf');
    expect(summary).toContain('Proof of payment');
    // The claim in progress holds the document and its saved record.
    const draft = async () =>
      (await (await page.request.get(`${e2e.server.url}/api/forms/automotive/draft`)).json()) as { models: Array<{ metadata: { dtoMapping: string }; fields: Record<string, unknown> }>; documents: Array<{ name: string }> };
    await expect.poll(async () => (await draft()).models.filter((m) => m.metadata.dtoMapping === 'documentContexts').map((m) => m.fields.name)).toEqual(['receipt-next.pdf']);
    expect((await draft()).documents.map((d) => d.name)).toEqual(['receipt-next.pdf']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed upload holds Upload and Next: the record stays open, the focus on its file field with the server\'s words', async () => {
    const { page, context } = await openPage(e2e.browser);
    await onSupportingDocuments(page, e2e.server.url);
    await draftField(page, DOCUMENTS, 'documentType').selectOption('other');
    const { release } = await holdUploads(page);
    await draftField(page, DOCUMENTS, 'file').setInputFiles({ name: 'program.pdf', mimeType: 'application/pdf', buffer: PROGRAM });
    await page.locator(`${fileField}[data-upload="uploading"] progress`).waitFor();
    await page.click(uploadButton);
    await page.click(NEXT);
    release();
    await page.locator(`${fileField}[data-upload="failed"]`).waitFor();
    const typeError = 'The document "program.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.';
    await expect.poll(() => isFocused(page, `#${DOCUMENTS} .cf-records__draft [id$="-file"]`)).toBe(true);
    expect(await page.locator(`${fileField} .cf-field__error`).innerText()).toBe(typeError);
    expect(await draftField(page, DOCUMENTS, 'file').getAttribute('aria-invalid')).toBe('true');
    // Neither press was made: still on the page, the record open, no wait said any more.
    await expect.poll(() => page.locator(NEXT).getAttribute('aria-busy')).toBeNull();
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__draft`).count()).toBe(1);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(0);
    expect(await page.locator(recordsStatus).innerText()).toBe('');
    await expectNoViolations(page);
    await context.close();
  });
});
