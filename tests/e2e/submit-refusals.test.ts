/**
 * A refused Submit is never a dead end: in real Chromium against the real server, whether the
 * settlement redirects errors to /error or not, the refusal shows on the submit page — an error
 * the claimant corrects (a 400 the page did not catch) in the focused error summary; a claim
 * already filed (409) and a database that is down (503) in a focused notice (role status), never
 * under "Please correct the following errors:", the already filed one with its reference code and
 * whom to contact. The answers stay, Submit works again, and every state is axe clean, in English
 * and in Spanish. A stale tab of a claim submitted in another is told the same way when it saves.
 * A submit that gets no answer (the connection lost) shows the spec's message on the page, or goes
 * to /error when the settlement asks for it, and the browser's Back finds every answer there.
 *
 * A 413 at Submit (a claim larger than the server takes: here more parts than a submit may have,
 * added on its way, as each document is checked against the size limits as it is uploaded) shows
 * the server's message first in the focused error summary, the answers kept.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT_PARTS } from '../../server/plugins/external/multipart';
import { SERVER_ERRORS } from '../../server/errors';
import { expectNoRawText, fillExclusion, NEXT, type ExclusionMember } from './flow-steps';
import { axe, describeViolations, openPage, ROOT, screenshot, settled, withServerAndBrowser } from './harness';

type Culture = 'en' | 'es';

const SUMMARY = '.cf-error-summary';
const NOTICE = '.cf-notice';
const SUBMIT_PATH = '/api/forms/exclusion';

type Member = ExclusionMember;

const MARIA: Member = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913', name: 'Maria Garcia', email: 'maria.garcia@example.com', phone: '5105550142' };
const JAMES: Member = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', name: "James O'Neil", email: 'james.oneil@example.com', phone: '2175550123' };
const AIKO: Member = { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482', name: 'Aiko Tanaka', email: 'aiko@example.com', phone: '4165550177' };

const LOCALES: Record<Culture, Record<string, string>> = {
  en: JSON.parse(readFileSync(path.join(ROOT, 'locales/en.json'), 'utf8')) as Record<string, string>,
  es: JSON.parse(readFileSync(path.join(ROOT, 'locales/es.json'), 'utf8')) as Record<string, string>,
};

/** The server's text of a code in a culture: the sample's locale file wins over the catalogue. */
function serverText(code: keyof typeof SERVER_ERRORS, culture: Culture): string {
  const entry = SERVER_ERRORS[code];
  return LOCALES[culture][entry.key] ?? entry[culture];
}

/** The notice's line saying whom to contact, as the sample settlement's locale files give it. */
function contactLine(culture: Culture): string {
  const texts = LOCALES[culture];
  return (texts.LocKey_Notice_ContactAdministrator ?? '').replace('{0}', texts.LocKey_Footer_EmailAddress ?? '').replace('{1}', texts.LocKey_Footer_PhoneNumber ?? '');
}

/** The notice's line giving the reference code of what was already filed. */
function filedLine(culture: Culture, referenceCode: string): string {
  return (LOCALES[culture].LocKey_Notice_FiledReferenceCode ?? '').replace('{0}', referenceCode);
}

/** Browser console lines the refused answers cause themselves (Chromium logs a 4xx or 5xx). */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|403|409|503)/.test(e));

async function openExclusion(page: Page, url: string, culture: Culture): Promise<void> {
  await page.goto(`${url}/exclusion${culture === 'es' ? '?culture=es' : ''}`);
  await settled(page);
}

/** Presses Submit and returns the status the server answered. */
async function submit(page: Page): Promise<number> {
  const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === SUBMIT_PATH && r.request().method() === 'POST'), page.click(NEXT)]);
  return response.status();
}

/** Still the summary page, every answer as typed, Submit usable again. */
async function expectAnswersKept(page: Page, member: Member, signature = member.name): Promise<void> {
  expect(new URL(page.url()).pathname).toBe('/exclusion/claim-summary');
  expect(await page.inputValue('#signature-signature')).toBe(signature);
  expect(await page.inputValue('#signature-confirmEmailAddress')).toBe(member.email);
  expect(await page.isChecked('#signature-attestation')).toBe(true);
  await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLButtonElement | null)?.disabled, NEXT);
}

/** The notice shows these lines, has the focus, and no error summary shows. */
async function expectNotice(page: Page, lines: string[]): Promise<void> {
  const notice = page.locator(NOTICE);
  await notice.waitFor();
  expect(await notice.getAttribute('role')).toBe('status');
  expect(await notice.locator('p').allInnerTexts()).toEqual(lines);
  await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, NOTICE, { timeout: 5000 });
  expect(await page.locator(SUMMARY).count()).toBe(0);
}

async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe.each([true, false])('a refused Submit (redirectOnError %s)', (redirectOnError) => {
  const e2e = withServerAndBrowser({ settings: { redirectOnError } });
  // Each case runs in English on one server and in Spanish on the other.
  const cultureOf = (cultures: [Culture, Culture]): Culture => (redirectOnError ? cultures[0] : cultures[1]);
  const shotName = (name: string, culture: Culture) => `submit-${name}-${culture}${redirectOnError ? '' : '-no-redirect'}`;

  it('409 already filed: a notice with the server message and whom to contact, answers kept', async () => {
    const culture = cultureOf(['es', 'en']);
    // María fills her exclusion request in one browser (signed in before anything is filed: a later
    // sign-in would be told at once that it was filed)…
    const { page, context, errors } = await openPage(e2e.browser);
    await openExclusion(page, e2e.server.url, culture);
    await fillExclusion(page, MARIA);
    // …files it in another…
    const first = await openPage(e2e.browser);
    await openExclusion(first.page, e2e.server.url, culture);
    await fillExclusion(first.page, MARIA);
    expect(await submit(first.page)).toBe(200);
    await first.page.waitForURL(/\/exclusion\/confirmation/);
    const filed = (await first.page.locator('.cf-confirmation__code').innerText()).trim();
    await first.context.close();

    // …then submits the first one.
    expect(await submit(page)).toBe(409);
    // Refused by her Notice ID, which her PIN proved: the reference code of the request she filed.
    await expectNotice(page, [serverText('DUPLICATE_EXCLUSION', culture), filedLine(culture, filed), contactLine(culture)]);
    await expectAnswersKept(page, MARIA);
    await expectNoRawText(page, 'the already filed notice');
    await expectAxeClean(page);
    await screenshot(page, 'default', shotName('already-filed', culture));
    // Submit again: refused again, the notice told anew.
    expect(await submit(page)).toBe(409);
    await expectNotice(page, [serverText('DUPLICATE_EXCLUSION', culture), filedLine(culture, filed), contactLine(culture)]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('400 the page did not catch: the server message first in the focused error summary; corrected, the claim goes', async () => {
    const culture = cultureOf(['en', 'es']);
    const { page, context, errors } = await openPage(e2e.browser);
    // The character whitelist is not available (403: spec §6), so the page restricts no
    // character; the server checks every one against its own.
    await page.route('**/api/characters-whitelist', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"Forbidden"}' }));
    await page.goto(`${e2e.server.url}/page-not-found${culture === 'es' ? '?culture=es' : ''}`);
    await settled(page);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/exclusion');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/exclusion$/);
    await settled(page);
    const signature = `${JAMES.name} ☺`;
    await fillExclusion(page, JAMES, signature);
    expect(await submit(page)).toBe(400);
    const summary = page.locator(SUMMARY);
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await summary.locator('li').first().innerText()).toContain(serverText('VALIDATION_FAILED', culture));
    await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, SUMMARY, { timeout: 5000 });
    // The server names the signature: its message is under the field, and the summary's link goes there.
    const fieldError = await page.locator('#signature-signature-error').innerText();
    expect(fieldError).not.toBe('');
    expect(await page.getAttribute('#signature-signature', 'aria-describedby')).toContain('signature-signature-error');
    await page.locator(`${SUMMARY} a[href="#signature-signature"]`).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signature-signature');
    expect(await page.locator(NOTICE).count()).toBe(0);
    await expectAnswersKept(page, JAMES, signature);
    await expectAxeClean(page);
    await screenshot(page, 'default', shotName('validation', culture));
    // Corrected, Submit files the claim.
    await page.fill('#signature-signature', JAMES.name);
    expect(await submit(page)).toBe(200);
    await page.waitForURL(/\/exclusion\/confirmation/);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('no answer (the connection lost): on the page, or on /error when the settlement asks for it, the answers kept either way', async () => {
    const culture = cultureOf(['en', 'es']);
    const { page, context, errors } = await openPage(e2e.browser);
    await openExclusion(page, e2e.server.url, culture);
    await fillExclusion(page, AIKO);
    // The connection drops as the claim is sent (the security check before it went through).
    let dropped = 0;
    await page.route(
      (url) => url.pathname === SUBMIT_PATH,
      async (route) => {
        if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
        dropped += 1;
        return route.abort('internetdisconnected');
      },
    );
    await page.click(NEXT);
    if (redirectOnError) {
      await page.waitForURL(/\/error/);
      await settled(page);
      await expectAxeClean(page);
      // The browser's Back returns to the summary, every answer still there.
      await page.goBack();
      await page.waitForURL(/\/exclusion\/claim-summary/);
      await settled(page);
    } else {
      // The spec's words for a submit that failed without an answer.
      await expectNotice(page, [LOCALES[culture].LocKey_Error_SubmitFailed ?? '']);
      await expectNoRawText(page, 'the failed submit notice');
      await expectAxeClean(page);
      await screenshot(page, 'default', shotName('no-answer', culture));
    }
    // Submit is usable again; not pressed: the next test files Aiko's request.
    await expectAnswersKept(page, AIKO);
    expect(dropped).toBe(1);
    expect(unexpected(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });

  it('413 too large: the server message first in the focused error summary, answers kept', async () => {
    const culture = cultureOf(['es', 'en']);
    const { page, context, errors } = await openPage(e2e.browser);
    await openExclusion(page, e2e.server.url, culture);
    await fillExclusion(page, AIKO);
    // The claim grows on its way past what the server takes: more parts than a submit may have.
    await page.route(
      (url) => url.pathname === SUBMIT_PATH,
      async (route) => {
        const request = route.request();
        const boundary = /boundary=(.+)$/.exec((await request.allHeaders())['content-type'] ?? '')?.[1];
        const body = request.postDataBuffer();
        if (request.method() !== 'POST' || !boundary || !body) return route.fallback();
        const end = body.lastIndexOf(`--${boundary}--`);
        const extra = Array.from({ length: TEXT_PARTS + 5 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="extra${i}"\r\n\r\nx\r\n`).join('');
        return route.continue({ postData: Buffer.concat([body.subarray(0, end), Buffer.from(extra), body.subarray(end)]) });
      },
    );
    expect(await submit(page)).toBe(413);
    // On the page whatever redirectOnError says: the claimant can act on it.
    const summary = page.locator(SUMMARY);
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await summary.locator('li').first().innerText()).toContain(serverText('TOO_MANY_PARTS', culture));
    await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, SUMMARY, { timeout: 5000 });
    expect(await page.locator(NOTICE).count()).toBe(0);
    // Submit is usable again; not pressed: the last test files Aiko's request.
    await expectAnswersKept(page, AIKO);
    await expectNoRawText(page, 'the too large summary');
    await expectAxeClean(page);
    await screenshot(page, 'default', shotName('too-large', culture));
    expect(unexpected(errors).filter((e) => !/status of 413/.test(e))).toEqual([]);
    await context.close();
  });

  // Last: the database stays closed for the rest of this server's life.
  it('503 database unavailable: a notice to try again later, on the page, answers kept', async () => {
    const culture = cultureOf(['en', 'es']);
    const { page, context, errors } = await openPage(e2e.browser);
    await openExclusion(page, e2e.server.url, culture);
    await fillExclusion(page, AIKO);
    await e2e.server.closeDatabase();
    expect(await submit(page)).toBe(503);
    await expectNotice(page, [serverText('DATABASE_UNAVAILABLE', culture)]);
    await expectAnswersKept(page, AIKO);
    await expectNoRawText(page, 'the unavailable notice');
    await expectAxeClean(page);
    await screenshot(page, 'default', shotName('unavailable', culture));
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('a stale tab of a claim already submitted', () => {
  const e2e = withServerAndBrowser();

  it('its Next is refused with the reference code in a notice, not as an error to correct', async () => {
    const culture: Culture = 'en';
    const { page, context, errors } = await openPage(e2e.browser);
    await openExclusion(page, e2e.server.url, culture);
    await fillExclusion(page, MARIA);
    // A second tab of the same claim, left on the contact page.
    const stale = await context.newPage();
    await stale.goto(`${e2e.server.url}/exclusion/claimant-info`);
    await settled(stale);
    expect(await stale.inputValue('#claimantInfo-firstName')).toBe('Maria');
    // The first tab submits.
    expect(await submit(page)).toBe(200);
    await page.waitForURL(/\/exclusion\/confirmation/);
    const filed = (await page.locator('.cf-confirmation__code').innerText()).trim();

    // The stale tab goes on: its save is refused (409), and it comes back to the contact page with a notice.
    await stale.click(NEXT);
    const notice = stale.locator(NOTICE);
    await notice.waitFor();
    expect(new URL(stale.url()).pathname).toBe('/exclusion/claimant-info');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.locator('p').allInnerTexts()).toEqual([serverText('ALREADY_SUBMITTED', culture).replace('{0}', filed), contactLine(culture)]);
    expect(await stale.locator(SUMMARY).count()).toBe(0);
    await expectNoRawText(stale, 'the stale tab notice');
    await expectAxeClean(stale);
    await screenshot(stale, 'default', 'submit-stale-tab-en');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
