/**
 * Steps of the three flows as a claimant takes them in the browser, and the checks every visited
 * page gets: no raw localization key or unfilled placeholder on screen, zero axe-core violations,
 * and a screenshot under test-artifacts/screenshots/<theme>/.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axe, describeViolations, screenshot, settled, type Theme } from './harness';

export const NEXT = '.cf-page-actions .cf-button--primary';
export const BACK = '.cf-page-actions .cf-button--outline-secondary';

/** A small but real PDF (one empty page). */
export function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Fails when any visible text or label shows a raw localization key or an unfilled {0}. */
export async function expectNoRawText(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, [hidden]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      texts.push(node.textContent ?? '');
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder], [aria-label], [alt], [title]'))) {
      for (const attr of ['placeholder', 'aria-label', 'alt', 'title']) {
        const v = el.getAttribute(attr);
        if (v) texts.push(v);
      }
    }
    return texts.filter((t) => /LocKey_|\{\d+\}/.test(t)).map((t) => t.trim());
  });
  expect(found, `raw localization text on ${where}`).toEqual([]);
}

export interface PageCheck {
  theme: Theme;
  /** Screenshot name prefix, e.g. 'automotive-en'. */
  prefix: string;
  /** Skip axe (a repeated visit of a page already checked). */
  axe?: boolean;
}

/** The page has settled: no raw keys, no axe violations, a screenshot. */
export async function checkPage(page: Page, check: PageCheck, name: string): Promise<void> {
  await settled(page);
  await expectNoRawText(page, name);
  if (check.axe !== false) {
    const violations = await axe(page);
    await screenshot(page, check.theme, `${check.prefix}-${name}`);
    expect(violations, `${name}: ${describeViolations(violations)}`).toEqual([]);
  } else {
    await screenshot(page, check.theme, `${check.prefix}-${name}`);
  }
}

export async function next(page: Page, urlPart: RegExp): Promise<void> {
  await page.click(NEXT);
  await page.waitForURL(urlPart);
  await settled(page);
}

/**
 * Opens a draft of a records block with Add more unless one is open: a block opens a draft by
 * itself only while its list is empty, and a saved record's form closes.
 */
export async function openDraft(page: Page, recordsId: string): Promise<void> {
  if ((await page.locator(`#${recordsId} .cf-records__draft`).count()) > 0) return;
  await page.click(`#${recordsId} .cf-records__actions .cf-button--outline-primary`);
  await page.locator(`#${recordsId} .cf-records__draft`).waitFor();
}

/** Fills a field of the open draft of a records block (ids carry the record's client id). */
export function draftField(page: Page, recordsId: string, field: string) {
  return page.locator(`#${recordsId} .cf-records__draft [id$="-${field}"]`).first();
}

export async function startAutomotive(page: Page, url: string, culture: string, check: PageCheck | null): Promise<void> {
  await page.goto(`${url}/automotive${culture === 'en' ? '' : `?culture=${culture}`}`);
  await settled(page);
  if (check) await checkPage(page, check, 'start');
  await authorizeAutomotive(page);
}

/** On the Automotive start page: María's credentials, then Next to the claimant page. */
export async function authorizeAutomotive(page: Page): Promise<void> {
  await page.fill('#credentials-vin', '5EXMA1B20HC000101');
  await page.fill('#credentials-noticeId', 'EXM-100001');
  await page.fill('#credentials-pin', '482913');
  await next(page, /\/automotive\/claimant-info/);
}

export async function fillEligibility(page: Page, outOfPocket: 'true' | 'false'): Promise<void> {
  await page.check('#claimDetails-ownershipType-0');
  await page.fill('#claimDetails-acquisitionDate', '03/15/2016');
  await page.check('#claimDetails-isCurrentOwner-0');
  await page.check(`#claimDetails-didIncurOutOfPocketExpensesPriorToSeptember-${outOfPocket === 'true' ? 0 : 1}`);
}

export const REPAIRS = 'records-claimTransactions-repair';
export const DENIALS = 'records-claimTransactions-denial';
export const DOCUMENTS = 'records-documentContexts';

export async function addRepair(page: Page, facility = 'Bayside Motors'): Promise<void> {
  await openDraft(page, REPAIRS);
  await draftField(page, REPAIRS, 'repairDate').fill('06/20/2017');
  await draftField(page, REPAIRS, 'mileageAtRepair').fill('48210');
  await draftField(page, REPAIRS, 'facilityName').fill(facility);
  await draftField(page, REPAIRS, 'amountPaid').fill('3125.40');
  await draftField(page, REPAIRS, 'repairDescription').fill('Replaced the CVT valve body after shuddering.');
  const before = await page.locator(`#${REPAIRS} .cf-records__item`).count();
  await page.click(`#${REPAIRS} .cf-records__draft .cf-records__actions .cf-button--primary`);
  await expect.poll(() => page.locator(`#${REPAIRS} .cf-records__item`).count()).toBe(before + 1);
}

export async function addDenial(page: Page): Promise<void> {
  await openDraft(page, DENIALS);
  await draftField(page, DENIALS, 'denialDate').fill('07/02/2017');
  await draftField(page, DENIALS, 'facilityName').fill('Hilltop Example Motors');
  await draftField(page, DENIALS, 'denialReason').fill('The dealer said the warranty did not cover the transmission.');
  await page.click(`#${DENIALS} .cf-records__draft .cf-records__actions .cf-button--primary`);
  await page.locator(`#${DENIALS} .cf-records__item`).first().waitFor();
}

/** Uploads a document of a type, optionally linked to the first saved record; returns the row count. */
export async function uploadDocument(page: Page, name: string, type: string, link: boolean): Promise<void> {
  await openDraft(page, DOCUMENTS);
  await draftField(page, DOCUMENTS, 'documentType').selectOption(type);
  if (link) {
    const select = draftField(page, DOCUMENTS, 'claimTransactionId');
    const value = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(value!);
  }
  await draftField(page, DOCUMENTS, 'file').setInputFiles({ name, mimeType: 'application/pdf', buffer: samplePdf() });
  // The document uploads as it is chosen; the record is saved once the server has answered.
  await page.locator(`#${DOCUMENTS} .cf-records__draft .cf-field--file:is([data-upload="stored"], [data-upload="failed"])`).waitFor();
  await page.click(`#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
}

export async function signSummary(page: Page, name = 'Maria Garcia'): Promise<void> {
  await page.fill('#signature-confirmEmailAddress', 'maria.garcia@example.com');
  await page.fill('#signature-confirmPhoneNumber', '5105550142');
  await page.check('#signature-attestation');
  await page.fill('#signature-signature', name);
}

/** From the eligibility page to the confirmation: one repair, its invoice, the signature; the reference code. */
export async function finishAutomotiveClaim(page: Page, sign: (page: Page) => Promise<void> = (p) => signSummary(p)): Promise<string> {
  await fillEligibility(page, 'true');
  await next(page, /\/automotive\/repairs$/);
  await addRepair(page);
  await next(page, /\/automotive\/supporting-documents$/);
  await uploadDocument(page, 'invoice.pdf', 'repairInvoice', true);
  await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
  await next(page, /\/automotive\/claim-summary$/);
  await sign(page);
  await page.click(NEXT);
  await page.waitForURL(/\/automotive\/confirmation$/, { timeout: 60_000 });
  await settled(page);
  return (await page.locator('.cf-confirmation__code').innerText()).trim();
}

/**
 * The whole Automotive claim with out-of-pocket expenses, every page checked (raw text, axe,
 * screenshot); returns the reference code.
 */
export async function runAutomotive(page: Page, url: string, culture: string, check: PageCheck): Promise<string> {
  await startAutomotive(page, url, culture, check);
  await checkPage(page, check, 'claimant-info');
  await next(page, /\/automotive\/eligibility/);
  await fillEligibility(page, 'true');
  await checkPage(page, check, 'eligibility');
  await next(page, /\/automotive\/repairs/);
  await page.click(NEXT);
  await page.locator('.cf-error-summary').waitFor();
  await checkPage(page, check, 'repairs-minimum');
  await addRepair(page);
  await checkPage(page, check, 'repairs-saved');
  await expectButtonsInside(page, '.cf-display-row');
  await next(page, /\/automotive\/supporting-documents/);
  await uploadDocument(page, 'invoice.pdf', 'repairInvoice', true);
  await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
  await checkPage(page, check, 'supporting-documents-saved');
  await next(page, /\/automotive\/claim-summary/);
  await page.click(NEXT);
  await page.locator('.cf-error-summary').waitFor();
  await checkPage(page, check, 'claim-summary-errors');
  await signSummary(page);
  await checkPage(page, check, 'claim-summary');
  await page.click(NEXT);
  await page.waitForURL(/\/automotive\/confirmation/);
  await checkPage(page, check, 'confirmation');
  return (await page.locator('.cf-confirmation__code').innerText()).trim();
}

/** Every button of each matching box stays inside the box (nothing sticks out on a narrow screen). */
export async function expectButtonsInside(page: Page, box: string): Promise<void> {
  const outside = await page.$$eval(box, (boxes) =>
    boxes.flatMap((b) => {
      const r = b.getBoundingClientRect();
      return Array.from(b.querySelectorAll('button'))
        .map((btn) => btn.getBoundingClientRect())
        .filter((x) => x.left < r.left - 0.5 || x.right > r.right + 0.5)
        .map((x) => `${Math.round(x.left)}..${Math.round(x.right)} outside ${Math.round(r.left)}..${Math.round(r.right)}`);
    }),
  );
  expect(outside, `buttons outside ${box}`).toEqual([]);
}

/** A class member as the Exclusion form's pages ask for them. */
export interface ExclusionMember {
  vin: string;
  noticeId: string;
  pin: string;
  name: string;
  email: string;
  phone: string;
}

/** Signs in to the Exclusion form on its start page (already open) and fills every page up to the signed summary. */
export async function fillExclusion(page: Page, member: ExclusionMember, signature = member.name): Promise<void> {
  await page.fill('#credentials-vin', member.vin);
  await page.fill('#credentials-noticeId', member.noticeId);
  await page.fill('#credentials-pin', member.pin);
  await next(page, /\/exclusion\/claimant-info/);
  if (!(await page.inputValue('#claimantInfo-emailAddress'))) await page.fill('#claimantInfo-emailAddress', member.email);
  if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', member.phone);
  await next(page, /\/exclusion\/claim-summary/);
  await page.fill('#signature-confirmEmailAddress', member.email);
  await page.fill('#signature-confirmPhoneNumber', member.phone);
  await page.check('#signature-attestation');
  await page.fill('#signature-signature', signature);
}
