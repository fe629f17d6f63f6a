/**
 * The data-breach settlement (tests/settlements/data-breach), made of JSON and CSV only and of
 * another kind than vehicles: the real server started as `npm start` starts it, with
 * SETTLEMENT_DIR pointing at the folder. A class member signs in by Claim ID + ZIP code (forms.json),
 * finds the contact page filled in from the class list, claims hours and an expense with its
 * receipt, is paid by PayPal, and files the claim; the stored claim holds every answer and no ZIP.
 * A wrong ZIP is refused on the start page with the settlement's words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { checkPage, draftField, NEXT, next, openDraft, samplePdf, type PageCheck } from './flow-steps';
import { builtApp, launchBrowser, openPage, ROOT, settled } from './harness';

const DATA_BREACH = path.join(ROOT, 'tests/settlements/data-breach');
const EXPENSES = 'records-claimTransactions-expense';
const RECEIPTS = 'records-documentContexts';

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

    // In Spanish, the settlement's own Spanish words.
    await page.goto(`${url}/claim?culture=es`);
    await settled(page);
    expect(await page.locator('#main-content h1').innerText()).toBe('Presentar una reclamación');
    await page.fill('#credentials-claimId', 'DBR-300003');
    await page.fill('#credentials-zip', '10029');
    await page.click(NEXT);
    await page.locator('.cf-error-summary', { hasText: 'El ID de reclamación y el código postal no coinciden con nuestros registros.' }).waitFor();
    await context.close();
  });

  it('files a claim: contact prefilled, hours, an expense with its receipt, PayPal, and every answer stored', async () => {
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

    await openDraft(page, EXPENSES);
    await draftField(page, EXPENSES, 'expenseDate').fill('03/02/2026');
    await draftField(page, EXPENSES, 'expenseDescription').fill('Credit freeze fee');
    await draftField(page, EXPENSES, 'amount').fill('12.50');
    await page.click(`#${EXPENSES} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await expect.poll(() => page.locator(`#${EXPENSES} .cf-records__item`).count()).toBe(1);
    await next(page, /\/claim\/receipts$/);

    await openDraft(page, RECEIPTS);
    await draftField(page, RECEIPTS, 'documentType').selectOption('receipt');
    const expense = draftField(page, RECEIPTS, 'claimTransactionId');
    await expense.selectOption((await expense.locator('option').nth(1).getAttribute('value'))!);
    await draftField(page, RECEIPTS, 'file').setInputFiles({ name: 'freeze-receipt.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`#${RECEIPTS} .cf-records__draft .cf-field--file[data-upload="stored"]`).waitFor();
    await page.click(`#${RECEIPTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await page.locator(`#${RECEIPTS} .cf-records__item`).first().waitFor();
    await next(page, /\/claim\/payment$/);

    await page.check('#claimDetails-paymentMethod-0');
    await page.fill('#claimDetails-paypalEmail', 'lena@example.com');
    expect(await page.locator('#claimDetails-venmoPhone').count()).toBe(0);
    await next(page, /\/claim\/review$/);

    const summary = await page.locator('.cf-summary').innerText();
    for (const value of ['Lena', 'Okafor', '415 Peachtree St NE', '4.5', 'lena@example.com']) expect(summary).toContain(value);
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
    const text = JSON.stringify(stored?.payload);
    for (const answer of ['"claimId":"DBR-300001"', '"expenseDescription":"Credit freeze fee"', '"paymentMethod":"paypal"', '"paypalEmail":"lena@example.com"', '"mailingCity":"Atlanta"']) {
      expect(text).toContain(answer);
    }
    expect(text).toMatch(/"hoursSpent":"?4\.5"?/);
    expect(text).not.toContain('30301');
    expect(stored?.documents.map((d) => d.name)).toEqual(['freeze-receipt.pdf']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
