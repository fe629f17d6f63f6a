/**
 * Supporting documents upload as they are chosen, in real Chromium against the real server: the
 * accepted types and limits are stated before a file is chosen, a program renamed .pdf and a file
 * over the size limit are refused at once on that document in the server's words, a good one shows
 * its progress and is announced as uploaded, a reload shows it again, and the submitted claim holds
 * it (filed by the server from the claim in progress, not sent again).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentOfSize } from '../support/documents';
import { addRepair, DOCUMENTS, draftField, fillEligibility, NEXT, next, openDraft, samplePdf, signSummary, startAutomotive } from './flow-steps';
import { axe, describeViolations, openPage, settled, withServerAndBrowser } from './harness';

const KB = 1024;
const LIMITS = { maxFileBytes: 512 * KB, maxTotalBytes: 2048 * KB, maxFiles: 20 };
/** A Windows program, renamed to look like a PDF. */
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 0x90)]);

const fileField = `#${DOCUMENTS} .cf-records__draft .cf-field--file`;

/** Chooses a file for the open draft's document and waits for the server's answer; returns the field's upload state. */
async function choose(page: Page, name: string, buffer: Buffer): Promise<string | null> {
  // Every state the field passes through is recorded: a small file's upload can start and end
  // between two looks at the page.
  await page.evaluate((selector) => {
    const w = window as unknown as { uploadStates: string[]; uploadWatch?: MutationObserver };
    w.uploadWatch?.disconnect();
    w.uploadStates = [];
    w.uploadWatch = new MutationObserver(() => {
      const state = document.querySelector(selector)?.getAttribute('data-upload');
      if (state && w.uploadStates.at(-1) !== state) w.uploadStates.push(state);
    });
    w.uploadWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-upload'] });
  }, fileField);
  await draftField(page, DOCUMENTS, 'file').setInputFiles({ name, mimeType: 'application/pdf', buffer });
  // The new file's upload starts, then the server answers.
  await page.waitForFunction(() => {
    const states = (window as unknown as { uploadStates: string[] }).uploadStates;
    const started = states.indexOf('uploading');
    return started >= 0 && states.slice(started + 1).some((s) => s === 'stored' || s === 'failed');
  });
  return page.locator(fileField).getAttribute('data-upload');
}

describe('documents upload when they are chosen', () => {
  const e2e = withServerAndBrowser({ settings: { uploads: LIMITS } });

  it('refuses a wrong type and an oversized file on that document at once, uploads a good one with progress, keeps it after a reload and files it with the claim', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility$/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs$/);
    await addRepair(page);
    await next(page, /\/automotive\/supporting-documents$/);

    // Stated before a file is chosen; the input takes images (a phone offers its camera) and PDFs.
    expect(await page.locator('#main-content').innerText()).toContain(
      'Accepted files: PDF, JPEG, PNG, HEIC or TIFF, each at most 0.5 MB, all documents together at most 2 MB. On a phone you can take a photo of the document.',
    );
    await openDraft(page, DOCUMENTS);
    expect(await draftField(page, DOCUMENTS, 'file').getAttribute('accept')).toBe('image/*,application/pdf');
    expect(await draftField(page, DOCUMENTS, 'file').getAttribute('capture')).toBeNull();
    await draftField(page, DOCUMENTS, 'documentType').selectOption('repairInvoice');

    // A program renamed .pdf: refused on that document, in the server's words, announced.
    expect(await choose(page, 'invoice.pdf', PROGRAM)).toBe('failed');
    const typeError = 'The document "invoice.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.';
    expect(await page.locator(`${fileField} .cf-field__error`).innerText()).toBe(typeError);
    expect(await page.locator(`${fileField} [role="status"]`).innerText()).toBe(typeError);
    expect(await draftField(page, DOCUMENTS, 'file').getAttribute('aria-invalid')).toBe('true');

    // A file over the size limit.
    expect(await choose(page, 'scan.pdf', documentOfSize('application/pdf', LIMITS.maxFileBytes + 1))).toBe('failed');
    expect(await page.locator(`${fileField} .cf-field__error`).innerText()).toBe(
      'The document "scan.pdf" is larger than 0.5 MB. Please upload a smaller file, for example a photo taken at a lower resolution.',
    );

    // A good one: a labelled progress bar while it uploads, then announced as uploaded.
    await page.evaluate((selector) => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>(`${selector} progress`);
        if (bar?.labels?.[0]) seen.push(bar.labels[0].textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, fileField);
    const invoice = samplePdf();
    expect(await choose(page, 'invoice-2017.pdf', invoice)).toBe('stored');
    expect(await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).toContain('Upload of invoice-2017.pdf');
    expect(await page.locator(`${fileField} [role="status"]`).innerText()).toBe('invoice-2017.pdf is uploaded.');
    expect(await page.locator(`${fileField} .cf-field__error`).count()).toBe(0);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.click(`#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();

    // Its record is saved with the page at once; a reload shows the document again, from the claim in progress.
    const savedDraft = async () => (await (await page.request.get(`${e2e.server.url}/api/forms/automotive/draft`)).json()) as { models: Array<{ metadata: { dtoMapping: string } }>; documents: unknown[] };
    await expect.poll(async () => (await savedDraft()).models.filter((m) => m.metadata.dtoMapping === 'documentContexts').length).toBe(1);
    expect((await savedDraft()).documents).toHaveLength(1);
    await page.reload();
    await settled(page);
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).innerText()).toContain('invoice-2017.pdf');

    await next(page, /\/automotive\/claim-summary$/);
    await signSummary(page);
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/confirmation$/);
    await settled(page);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    const stored = await e2e.server.submission(code);
    expect(stored?.documents.map((d) => [d.name, d.type, d.size])).toEqual([['invoice-2017.pdf', 'application/pdf', invoice.length]]);
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });
});

// A server of its own: María's claim is filed above, and once filed her sign-in is told so.
describe('documents upload when they are chosen, held while uploading', () => {
  const e2e = withServerAndBrowser({ settings: { uploads: LIMITS } });

  it('saves a record whose Upload was pressed while its document uploaded once it is stored, holds Next while a document is refused until it is cancelled, and deletes a removed document on the server', async () => {
    const { page, context } = await openPage(e2e.browser);
    await startAutomotive(page, e2e.server.url, 'en', null);
    await next(page, /\/automotive\/eligibility$/);
    await fillEligibility(page, 'true');
    await next(page, /\/automotive\/repairs$/);
    await addRepair(page);
    await next(page, /\/automotive\/supporting-documents$/);
    await openDraft(page, DOCUMENTS);
    await draftField(page, DOCUMENTS, 'documentType').selectOption('repairInvoice');
    const saveRecord = `#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--primary`;

    // The upload's answer is held back until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/draft/documents*', async (route) => {
      await held;
      await route.continue();
    });
    await draftField(page, DOCUMENTS, 'file').setInputFiles({ name: 'slow.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`${fileField}[data-upload="uploading"] progress`).waitFor();
    await page.click(saveRecord);
    // Upload waits for the upload: said politely while that holds, not as an error; no record yet.
    const status = page.locator(`#${DOCUMENTS} .cf-records__status`);
    await expect.poll(() => status.innerText()).toBe('Please wait until your document has finished uploading.');
    expect(await page.locator(`#${DOCUMENTS} .cf-records__message--error`).count()).toBe(0);
    expect(await page.locator(`#${DOCUMENTS} .cf-records__item`).count()).toBe(0);
    release();
    // Stored: the record is saved, and the wait is no longer said.
    await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
    await expect.poll(() => status.innerText()).toBe('Saved');
    await page.unroute('**/draft/documents*');

    // A refused document holds Next until its draft is cancelled.
    await openDraft(page, DOCUMENTS);
    await draftField(page, DOCUMENTS, 'documentType').selectOption('other');
    expect(await choose(page, 'program.pdf', PROGRAM)).toBe('failed');
    await page.click(NEXT);
    await expect.poll(() => page.locator('.cf-error-summary').innerText()).toContain('You started a record but did not save it.');
    expect(page.url()).toMatch(/\/automotive\/supporting-documents$/);
    await page.click(`#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--outline-secondary`);

    // Deleting the saved document removes it from the server too.
    const storedNames = async () =>
      ((await (await page.request.get(`${e2e.server.url}/api/forms/automotive/draft`)).json()) as { documents: Array<{ name: string }> }).documents.map((d) => d.name);
    expect(await storedNames()).toEqual(['slow.pdf']);
    await page.locator(`#${DOCUMENTS} .cf-records__item`).getByRole('button', { name: /Delete/ }).click();
    await expect.poll(storedNames).toEqual([]);
    await next(page, /\/automotive\/claim-summary$/);
    await context.close();
  });
});
