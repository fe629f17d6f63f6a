import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runCli } from '../../server/admin/cli';
import { isRecord } from '../../runtime/core/guards';
import { createClaimCures } from '../../server/db/claim-cures';
import { DEFAULT_DEFICIENCIES } from '../../runtime/core/statuses';
import { addRepair, DOCUMENTS, finishAutomotiveClaim, next, openDraft, REPAIRS, startAutomotive, uploadDocument } from './flow-steps';
import { axe, describeViolations, launchBrowser, openPage, startE2eServer, type E2eServer } from './harness';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * A deficiency cured by a page of the claim, end to end: an Automotive claim filed in Chromium
 * (one repair), set deficient by the administrator for a receipt that does not match; on the
 * status page, "Send what is missing" shows the claim's repairs page, drawn by the form's renderer
 * with the repair as filed; the claimant adds the repair the receipt was for and sends; the status
 * reads "Information received", the cure holds both repairs and the claim keeps its one — in
 * English on a desktop and in Spanish on a phone (375 px), with no axe violation at any step. The
 * claim is filed once; each culture cures a deficiency of its own. Then a deficiency that asks
 * again the supporting-documents page (a page with files): the claimant keeps the filed invoice,
 * adds another (uploaded on add to the cure in progress) linked to the claim's repair (listed by
 * its label as in the claim), sends, and the cure files it with its link. Last, the same cure by
 * keyboard alone in Spanish on a phone: the filed document's type corrected in place (Edit puts the
 * focus in its form, Done back on its row), its document kept as the claim's.
 */
/** The sample's deficiency kinds, and one that asks again the supporting-documents page. */
const STATUSES = { deficiencies: [...DEFAULT_DEFICIENCIES, { id: 'documentMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'supporting-documents' } }] };

describe('a cure that answers a page of the claim again', () => {
  let server: E2eServer;
  let browser: Browser;
  let filing: Promise<string> | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer({ statuses: STATUSES }), launchBrowser()]);
  });

  /** The claim's reference code: filed by the first test that asks (its steps wait with expect.poll, which runs inside a test). */
  function filedClaim(): Promise<string> {
    filing ??= (async () => {
      const { page, context } = await openPage(browser);
      await startAutomotive(page, server.url, 'en', null);
      await next(page, /\/automotive\/eligibility/);
      const code = await finishAutomotiveClaim(page);
      await context.close();
      return code;
    })();
    return filing;
  }
  /** The administrator marks the claim deficient for `kind` (cure in 14 days) with the CLI. */
  async function markDeficient(code: string, kind: string): Promise<void> {
    const out = { stdout: '', stderr: '' };
    const exit = await runCli(['status', code, 'deficient', '--deficiency', kind, '--cure-days', '14'], {
      env: server.adminEnv,
      stdout: (s) => void (out.stdout += s),
      stderr: (s) => void (out.stderr += s),
    });
    expect(exit, out.stderr).toBe(0);
  }

  /** On /status in `culture`: the reference code and María's sign-in typed (axe clean), then pressed: the deficient claim shown. */
  async function signInToStatus(page: Page, code: string, culture: string): Promise<void> {
    await page.goto(`${server.url}/status${culture === 'en' ? '' : `?culture=${culture}`}`);
    await page.locator('#cf-status-reference').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(culture);
    await page.fill('#cf-status-reference', code);
    await page.fill('#cf-status-vin', '5EXMA1B20HC000101');
    await page.fill('#cf-status-noticeId', 'EXM-100001');
    await page.fill('#cf-status-pin', '482913');
    expect(describeViolations(await axe(page))).toBe('');
    await page.click('button[type=submit]');
    await page.locator('[data-claim-status="deficient"]').waitFor();
  }

  /** The claim marked deficient for `kind`; its claimant signed in on /status presses `send` (the cure's label): the cure form open, axe clean. */
  async function openCure(kind: string, culture: string, viewport: { width: number; height: number }, send: string) {
    const code = await filedClaim();
    await markDeficient(code, kind);
    const { page, context } = await openPage(browser, viewport);
    await signInToStatus(page, code, culture);
    expect(describeViolations(await axe(page))).toBe('');
    await page.getByRole('button', { name: send }).click();
    await page.locator('#cf-cure-heading').waitFor();
    return { code, page, context };
  }

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    { culture: 'en', viewport: DESKTOP, send: 'Send what is missing', received: 'Information received', facility: 'Harbor Transmission' },
    { culture: 'es', viewport: PHONE, send: 'Enviar lo que falta', received: 'Información recibida', facility: 'Transmisiones del Puerto' },
  ] as const)("shows the claim's page with its filed answers, and keeps the corrected ones in the cure ($culture, $viewport.width px)", async ({ culture, viewport, send, received, facility }) => {
    const { code, page, context } = await openCure('receiptMismatch', culture, viewport, send);

    // The repairs page of the claim, with the repair as filed (not as an earlier cure sent it).
    const repairs = page.locator(`.cf-cure #${REPAIRS}`);
    await repairs.waitFor();
    await expect.poll(() => repairs.locator('.cf-records__item').count()).toBe(1);
    expect(await repairs.innerText()).toContain('Bayside Motors');
    expect(describeViolations(await axe(page))).toBe('');

    await addRepair(page, facility);
    expect(describeViolations(await axe(page))).toBe('');
    // Nothing of the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.click('.cf-cure button[type=submit]');
    const done = page.locator('[data-claim-status="cureReceived"]');
    await done.waitFor();
    expect(await done.locator('h2').innerText()).toBe(received);
    expect(describeViolations(await axe(page))).toBe('');

    const stored = await server.submission(code);
    expect(stored).not.toBeNull();
    const filed = JSON.stringify(stored?.payload);
    expect(filed).toContain('Bayside Motors');
    expect(filed).not.toContain(facility);
    const cures = (await createClaimCures(server.database).ofClaims([stored?.id ?? 0])).get(stored?.id ?? 0) ?? [];
    expect(cures.at(-1)?.answers.map((m) => m.fields.facilityName)).toEqual(['Bayside Motors', facility]);
    await context.close();
    // The first to run files the claim as well.
  }, 240_000);

  it.each([
    { culture: 'en', viewport: DESKTOP, send: 'Send what is missing', received: 'Information received' },
    { culture: 'es', viewport: PHONE, send: 'Enviar lo que falta', received: 'Información recibida' },
  ] as const)("cures the supporting-documents page: a document added to a record is uploaded to the cure and filed with it, linked to the claim's repair ($culture, $viewport.width px)", async ({ culture, viewport, send, received }) => {
    const { code, page, context } = await openCure('documentMismatch', culture, viewport, send);

    // The supporting-documents page, with the invoice as filed.
    const documents = page.locator(`.cf-cure #${DOCUMENTS}`);
    await documents.waitFor();
    await expect.poll(() => documents.locator('.cf-records__item').count()).toBe(1);
    expect(await documents.innerText()).toContain('invoice.pdf');
    expect(describeViolations(await axe(page))).toBe('');

    // The filed invoice kept (the claim's own document), the right one added beside it: uploaded as it is chosen, to the cure in progress,
    // and linked to the claim's repair, which the link select lists as the claim labels it (the repair itself is not the cure's to change).
    const name = `invoice-${culture}.pdf`;
    await openDraft(page, DOCUMENTS);
    const link = documents.locator('.cf-records__draft select[id$="-claimTransactionId"]');
    await expect.poll(async () => (await link.locator('option').allInnerTexts()).some((o) => o.includes('Bayside Motors'))).toBe(true);
    await uploadDocument(page, name, 'repairInvoice', true);
    await expect.poll(() => documents.locator('.cf-records__item').count()).toBe(2);
    expect(await documents.innerText()).toContain(name);
    expect(describeViolations(await axe(page))).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.click('.cf-cure button[type=submit]');
    const done = page.locator('[data-claim-status="cureReceived"]');
    await done.waitFor();
    expect(await done.locator('h2').innerText()).toBe(received);
    expect(describeViolations(await axe(page))).toBe('');

    const stored = await server.submission(code);
    const cures = (await createClaimCures(server.database).ofClaims([stored?.id ?? 0])).get(stored?.id ?? 0) ?? [];
    // Only the added document is the cure's; the kept record's stays the claim's.
    expect(cures.at(-1)?.documents.map((d) => d.name)).toEqual([name]);
    expect(cures.at(-1)?.answers.map((m) => m.fields.name)).toEqual(['invoice.pdf', name]);
    const repairs = isRecord(stored?.payload) && Array.isArray(stored.payload.claimTransactions) ? stored.payload.claimTransactions : [];
    const repair: unknown = repairs[0];
    expect(cures.at(-1)?.answers.find((m) => m.fields.name === name)?.fields.claimTransactionId).toBe(isRecord(repair) ? repair.clientId : 'the filed repair');
    await context.close();
  }, 240_000);

  /** Presses Tab until the focused element matches `selector`: the keyboard alone moves through the page. */
  async function tabTo(page: Page, selector: string): Promise<void> {
    for (let i = 0; i < 80; i++) {
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`The Tab key never reached ${selector}.`);
  }
  const focused = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

  it("cures by keyboard alone, in Spanish on a phone: the filed document's type corrected in place, its document kept (es, 375 px)", async () => {
    const code = await filedClaim();
    await markDeficient(code, 'documentMismatch');
    const { page, context } = await openPage(browser, PHONE);
    // The code of the widgets the cure's pages draw with (a document's type and file), held back
    // from the start (the status page may load it while idle): the panel says it is loading until it comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(select|file)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/status?culture=es`);
    await page.locator('#cf-status-reference').waitFor();
    for (const [field, value] of [['#cf-status-reference', code], ['#cf-status-vin', '5EXMA1B20HC000101'], ['#cf-status-noticeId', 'EXM-100001'], ['#cf-status-pin', '482913']] as const) {
      await tabTo(page, field);
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await page.locator('[data-claim-status="deficient"]').waitFor();
    await tabTo(page, 'button.cf-button--primary');
    await page.keyboard.press('Enter');
    await page.locator('#cf-cure-heading').waitFor();
    await expect.poll(() => focused(page, '#cf-cure-heading')).toBe(true);
    const form = page.locator('.cf-cure form');
    expect(await form.getAttribute('aria-busy')).toBe('true');
    expect(await form.locator('[role="status"]').innerText()).toBe('Cargando…');
    release();

    // Edit opens the filed record with the focus in its first field (no re-upload); Done gives it back to the row.
    // The heading keeps the focus while the pages are drawn; the claimant tabs once they see them.
    await page.locator(`#${DOCUMENTS} .cf-records__item button`).first().waitFor();
    expect(await form.getAttribute('aria-busy')).toBeNull();
    expect(await focused(page, '#cf-cure-heading')).toBe(true);
    await tabTo(page, `#${DOCUMENTS} .cf-records__item button`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page, `#${DOCUMENTS} .cf-records__edit select[id$="-documentType"]`)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await tabTo(page, `#${DOCUMENTS} .cf-records__edit .cf-button--primary`);
    expect(describeViolations(await axe(page))).toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page, `#${DOCUMENTS} .cf-records__item button`)).toBe(true);
    expect(await page.locator(`#${DOCUMENTS}`).innerText()).toContain('Comprobante de pago');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await tabTo(page, '.cf-cure button[type=submit]');
    await page.keyboard.press('Enter');
    await page.locator('[data-claim-status="cureReceived"]').waitFor();
    expect(describeViolations(await axe(page))).toBe('');
    const stored = await server.submission(code);
    const cure = ((await createClaimCures(server.database).ofClaims([stored?.id ?? 0])).get(stored?.id ?? 0) ?? []).at(-1);
    // The correction is the cure's; the document stays the claim's.
    expect(cure?.answers.map((m) => [m.fields.name, m.fields.documentType])).toEqual([['invoice.pdf', 'proofOfPayment']]);
    expect(cure?.documents).toEqual([]);
    await context.close();
  }, 240_000);
});
