/**
 * The data-breach settlement (tests/settlements/data-breach), made of JSON and CSV only and of
 * another kind than vehicles: the real server started as `npm start` starts it, with
 * SETTLEMENT_DIR pointing at the folder. A class member signs in by Claim ID + ZIP code (forms.json),
 * finds the contact page filled in from the class list, claims hours and two expenses (declared
 * repeating model `Expenses`), is refused on the receipts page while one expense has no receipt,
 * uploads a receipt for each (`DocumentContexts` records linked to their expense), is paid by
 * PayPal (declared model `PaymentElection`) and files the claim; the stored claim and the admin
 * export hold every answer and no ZIP. A wrong ZIP is refused on the start page with the
 * settlement's words. A claim saved for later opens with its resume code once the Claim ID and ZIP
 * code are given again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli';
import { readConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { checkPage, draftField, NEXT, next, openDraft, samplePdf, type PageCheck } from './flow-steps';
import { builtApp, launchBrowser, openPage, ROOT, settled } from './harness';

const DATA_BREACH = path.join(ROOT, 'tests/settlements/data-breach');
const EXPENSES = 'records-expenses';
const RECEIPTS = 'records-documentContexts-receipt';

interface StoredModel {
  clientId: string;
  fields: Record<string, unknown>;
}

describe('a data-breach settlement signed in by Claim ID + ZIP code', () => {
  let server: RunningServer;
  let url: string;
  let dataDir: string;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-breach-'));
    const config = readConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SETTLEMENT_DIR: DATA_BREACH,
      APP_DIST_DIR: builtApp(),
      SESSION_SECRET: 'data-breach-settlement-secret-of-32-chars',
    });
    [server, browser] = await Promise.all([startServer(config), launchBrowser()]);
    server.app.log.level = 'warn';
    url = server.url.replace('localhost', '127.0.0.1');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves its own pages and none of the vehicle settlement’s', async () => {
    for (const p of ['/claim', '/claim/contact', '/claim/receipts']) expect((await fetch(`${url}${p}`)).status, p).toBe(200);
    for (const p of ['/automotive', '/vinlookup', '/exclusion']) expect((await fetch(`${url}${p}`)).status, p).toBe(404);
  });

  it('refuses a wrong ZIP code on the start page with the settlement’s words, in English and Spanish', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${url}/claim`);
    await settled(page);
    await page.fill('#credentials-claimId', 'DBR-300003');
    await page.fill('#credentials-zip', '10028');
    await page.click(NEXT);
    const refusal = 'The Claim ID and ZIP code do not match our records. Please check the notice you received.';
    await page.locator('.cf-error-summary', { hasText: refusal }).waitFor();
    expect(page.url()).toMatch(/\/claim$/);
    // The refusal concerns the ZIP code (the secret): marked there as the spec's PIN refusal is, the summary linking to it.
    expect(await page.locator('#credentials-zip-error').innerText()).toContain(refusal);
    expect(await page.getAttribute('#credentials-zip', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#credentials-zip', 'aria-describedby')).toContain('credentials-zip-error');
    expect(await page.locator('#credentials-claimId-error').count()).toBe(0);
    await page.locator('.cf-error-summary a', { hasText: refusal }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('credentials-zip');

    // In Spanish, the settlement's own Spanish words.
    await page.goto(`${url}/claim?culture=es`);
    await settled(page);
    expect(await page.locator('#main-content h1').innerText()).toBe('Presentar una reclamación');
    await page.fill('#credentials-claimId', 'DBR-300003');
    await page.fill('#credentials-zip', '10029');
    await page.click(NEXT);
    await page.locator('.cf-error-summary', { hasText: 'El ID de reclamación y el código postal no coinciden con nuestros registros.' }).waitFor();
    expect(await page.locator('#credentials-zip-error').innerText()).toContain('El ID de reclamación y el código postal no coinciden con nuestros registros.');
    await context.close();
  });

  it('saves for later, and the resume code opens the claim in a new browser after the Claim ID and ZIP code are asked again', async () => {
    const first = await openPage(browser);
    await first.page.goto(`${url}/claim`);
    await settled(first.page);
    await first.page.fill('#credentials-claimId', 'DBR-300001');
    await first.page.fill('#credentials-zip', '30301');
    await next(first.page, /\/claim\/contact$/);
    await next(first.page, /\/claim\/time-spent$/);
    // The hours, which the page requires, not given yet.
    await first.page.fill('#claimDetails-hoursDescription', 'Froze my credit at three bureaus');
    await first.page.click('button:has-text("Save and finish later")');
    await first.page.locator('#cf-saved-later-title').waitFor();
    // The product's text of what to do with the code names this settlement's sign-in, never a VIN.
    const panel = await first.page.locator('.cf-saved-later').innerText();
    expect(panel).toContain('then sign in with the same details as today: Claim ID and ZIP code.');
    expect(panel).not.toMatch(/\bVIN\b|Notice ID|\bPIN\b/);
    const code = (await first.page.locator('[data-resume-code]').getAttribute('data-resume-code'))!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await first.page.click('button:has-text("Sign out and close")');
    await first.page.waitForURL(/\/resume\?/);
    expect(first.errors).toEqual([]);
    await first.context.close();

    const second = await openPage(browser);
    await second.page.goto(`${url}/resume`);
    await settled(second.page);
    await second.page.fill('#cf-resume-code', code.toLowerCase());
    await second.page.click('button:has-text("Continue")');
    // The claim's own start page asks for its sign-in again: the Claim ID and ZIP code.
    await second.page.waitForURL(/\/claim(\?|$)/);
    await settled(second.page);
    // The notice names the code once the page has read the tab's storage (in idle time, after start).
    await second.page.locator('.cf-resume-notice', { hasText: 'You are continuing the claim saved with resume code' }).waitFor();
    // Another class member's Claim ID and ZIP code do not open it; the refusal names them.
    await second.page.fill('#credentials-claimId', 'DBR-300003');
    await second.page.fill('#credentials-zip', '10027');
    await second.page.click(NEXT);
    await second.page.locator('.cf-error-summary', { hasText: 'Please sign in with the same details as when you saved your claim: Claim ID and ZIP code.' }).waitFor();
    await second.page.fill('#credentials-claimId', 'DBR-300001');
    await second.page.fill('#credentials-zip', '30301');
    await next(second.page, /\/claim\/time-spent$/);
    expect(await second.page.inputValue('#claimDetails-hoursDescription')).toBe('Froze my credit at three bureaus');
    expect(await second.page.inputValue('#claimDetails-hoursSpent')).toBe('');
    await second.page.click('button:has-text("Back")');
    await second.page.waitForURL(/\/claim\/contact$/);
    expect(await second.page.inputValue('#claimantInfo-firstName')).toBe('Lena');
    // The refused sign-in's answer (403) is the only failed call.
    expect(second.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    await second.context.close();
  });

  it('tells in Spanish, on the line of each expense, that its receipt is missing', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${url}/claim?culture=es`);
    await settled(page);
    await page.fill('#credentials-claimId', 'DBR-300003');
    await page.fill('#credentials-zip', '10027');
    await next(page, /\/claim\/contact/);
    await next(page, /\/claim\/time-spent/);
    await page.fill('#claimDetails-hoursSpent', '1');
    await next(page, /\/claim\/expenses/);
    for (const [description, amount] of [['Congelación de crédito', '10.00'], ['Monitoreo', '5.00']] as const) {
      const before = await page.locator(`#${EXPENSES} .cf-records__item`).count();
      await openDraft(page, EXPENSES);
      await draftField(page, EXPENSES, 'expenseDescription').fill(description);
      await draftField(page, EXPENSES, 'expenseAmount').fill(amount);
      await page.click(`#${EXPENSES} .cf-records__draft .cf-records__actions .cf-button--primary`);
      await expect.poll(() => page.locator(`#${EXPENSES} .cf-records__item`).count()).toBe(before + 1);
    }
    await next(page, /\/claim\/receipts/);
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.locator(`#${RECEIPTS} .cf-records__missing li`).allInnerTexts()).toEqual([
      'Suba un recibo del gasto 1; cada gasto necesita su propio recibo.',
      'Suba un recibo del gasto 2; cada gasto necesita su propio recibo.',
    ]);
    expect(await page.locator('.cf-error-summary').innerText()).toContain('Suba un recibo del gasto 2; cada gasto necesita su propio recibo.');
    await context.close();
  });

  it('files a claim: contact prefilled, hours, two expenses with a receipt each, PayPal; the stored claim and the export hold every answer', async () => {
    const { page, context, errors } = await openPage(browser);
    const check: PageCheck = { theme: 'default', prefix: 'data-breach', axe: false };
    await page.goto(`${url}/claim`);
    await checkPage(page, check, 'start');
    expect(await page.locator('#main-content h1').innerText()).toBe('File a claim');
    await page.fill('#credentials-claimId', 'DBR-300001');
    await page.fill('#credentials-zip', '30301');
    await next(page, /\/claim\/contact$/);

    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Lena');
    expect(await page.inputValue('#claimantInfo-mailingCity')).toBe('Atlanta');
    expect(await page.inputValue('#claimantInfo-phoneNumber')).toBe('(404) 555-0133');
    await next(page, /\/claim\/time-spent$/);

    // At most 15 hours.
    await page.fill('#claimDetails-hoursSpent', '16');
    await page.click(NEXT);
    await page.locator('.cf-error-summary', { hasText: 'Enter between 0 and 15 hours' }).waitFor();
    await page.fill('#claimDetails-hoursSpent', '4.5');
    await next(page, /\/claim\/expenses$/);

    for (const [description, amount] of [['Credit freeze fee', '12.50'], ['Credit monitoring, one month', '29.99']] as const) {
      const before = await page.locator(`#${EXPENSES} .cf-records__item`).count();
      await openDraft(page, EXPENSES);
      await draftField(page, EXPENSES, 'expenseDescription').fill(description);
      await draftField(page, EXPENSES, 'expenseAmount').fill(amount);
      await page.click(`#${EXPENSES} .cf-records__draft .cf-records__actions .cf-button--primary`);
      await expect.poll(() => page.locator(`#${EXPENSES} .cf-records__item`).count()).toBe(before + 1);
    }
    await next(page, /\/claim\/receipts$/);

    // One receipt per expense: a receipt for the first only is refused on this page, in the settlement's words.
    const uploadReceipt = async (expenseOption: number, name: string) => {
      const before = await page.locator(`#${RECEIPTS} .cf-records__item`).count();
      await openDraft(page, RECEIPTS);
      const expense = draftField(page, RECEIPTS, 'expenseId');
      await expense.selectOption((await expense.locator('option').nth(expenseOption).getAttribute('value'))!);
      await draftField(page, RECEIPTS, 'file').setInputFiles({ name, mimeType: 'application/pdf', buffer: samplePdf() });
      await page.locator(`#${RECEIPTS} .cf-records__draft .cf-field--file[data-upload="stored"]`).waitFor();
      await page.click(`#${RECEIPTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
      await expect.poll(() => page.locator(`#${RECEIPTS} .cf-records__item`).count()).toBe(before + 1);
    };
    await uploadReceipt(1, 'freeze-receipt.pdf');
    await page.click(NEXT);
    const missing = 'Upload a receipt for expense 2; each expense needs its own receipt.';
    await page.locator('.cf-error-summary', { hasText: missing }).waitFor();
    expect(page.url()).toMatch(/\/claim\/receipts$/);
    // On the line of the expense lacking its receipt, which the summary's link reaches.
    expect(await page.locator(`#${RECEIPTS} .cf-records__missing li`).allInnerTexts()).toEqual([missing]);
    await page.locator('.cf-error-summary a', { hasText: missing }).click();
    expect(await page.evaluate(() => document.activeElement?.closest('.cf-records__missing') !== null)).toBe(true);
    await uploadReceipt(2, 'monitoring-receipt.pdf');
    await next(page, /\/claim\/payment$/);

    await page.check('#paymentElection-paymentMethod-0');
    await page.fill('#paymentElection-paypalEmail', 'lena@example.com');
    expect(await page.locator('#paymentElection-venmoPhone').count()).toBe(0);
    await next(page, /\/claim\/review$/);

    const summary = await page.locator('.cf-summary').innerText();
    for (const value of ['Lena', 'Okafor', '415 Peachtree St NE', '4.5', 'Credit freeze fee', 'Credit monitoring, one month', '29.99', 'monitoring-receipt.pdf', 'lena@example.com']) expect(summary).toContain(value);
    expect(summary).not.toContain('30301');
    await page.fill('#signature-confirmEmailAddress', 'lena.okafor@example.com');
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', 'Lena Okafor');
    await page.click(NEXT);
    await page.waitForURL(/\/claim\/confirmation$/);
    await settled(page);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect(code).toMatch(/^DBC-/);

    const stored = await server.app.stores.submissions.getByReferenceCode(code);
    expect(stored?.formType).toBe('Claim');
    const payload = stored!.payload as Record<string, unknown>;
    const text = JSON.stringify(payload);
    for (const answer of ['"claimId":"DBR-300001"', '"mailingCity":"Atlanta"']) expect(text).toContain(answer);
    expect(text).toMatch(/"hoursSpent":"?4\.5"?/);
    expect(text).not.toContain('30301');
    const expectAnswers = (answers: Record<string, unknown>, documents: Array<{ name: string; contextClientId: string }>) => {
      const expenses = answers.expenses as StoredModel[];
      expect(expenses.map((e) => [e.fields.expenseDescription, String(e.fields.expenseAmount)])).toEqual([
        ['Credit freeze fee', '12.50'],
        ['Credit monitoring, one month', '29.99'],
      ]);
      // Each receipt names its expense, and each stored file its receipt.
      const receipts = answers.documentContexts as StoredModel[];
      expect(receipts.map((r) => [r.fields.documentType, r.fields.expenseId, r.fields.name])).toEqual([
        ['receipt', expenses[0]!.clientId, 'freeze-receipt.pdf'],
        ['receipt', expenses[1]!.clientId, 'monitoring-receipt.pdf'],
      ]);
      expect(documents.map((d) => [d.name, d.contextClientId])).toEqual(receipts.map((r) => [r.fields.name, r.clientId]));
      expect((answers.paymentElection as StoredModel).fields).toMatchObject({ paymentMethod: 'paypal', paypalEmail: 'lena@example.com', venmoPhone: null });
    };
    expectAnswers(payload, stored!.documents);

    // The administrator's export (export-submissions --format jsonl) holds the same answers.
    let exported = '';
    const cli = { env: { DATA_DIR: dataDir, SETTLEMENT_DIR: DATA_BREACH }, cwd: ROOT, stdout: (t: string) => void (exported += t), stderr: () => undefined };
    expect(await runCli(['export-submissions', '--format', 'jsonl', '--form-type', 'claim'], cli)).toBe(0);
    const lines = exported.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string; answers: Record<string, unknown>; documents: Array<{ name: string; contextClientId: string }> });
    const line = lines.find((l) => l.referenceCode === code);
    expect(line).toBeDefined();
    expectAnswers(line!.answers, line!.documents);
    expect(JSON.stringify(line)).not.toContain('30301');
    // The page saved with the first receipt alone was kept unfinished (the claimant was still on
    // it), not refused: no console error at all.
    expect(errors).toEqual([]);
    await context.close();
  });
});
