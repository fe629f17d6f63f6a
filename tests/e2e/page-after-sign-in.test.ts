import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, settled, withServerAndBrowser } from './harness';

const NEXT = '.cf-page-actions .cf-button--primary';

/**
 * Counted in the page from before its first script: the elements it makes, the requests it sends
 * and their times, how many elements were made when the sign-in's answer (authorize) came, and
 * when another page's heading was first in the document and how many elements were made by then.
 */
const PROBE = `(() => {
  const probe = { made: 0, inputs: [], answered: null, madeAtAnswer: null, heading: null, madeAtHeading: null, firstHeading: null };
  window.__probe = probe;
  // The page's own clock, kept before the test's fake one replaces it: the times compare with the resource timing's.
  const now = performance.now.bind(performance);
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (...args) {
    probe.made++;
    const element = createElement.apply(this, args);
    if (element.tagName === 'INPUT') probe.inputs.push(element);
    return element;
  };
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const answer = fetch.call(this, input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/authorize')) answer.then(() => { probe.answered = now(); probe.madeAtAnswer = probe.made; }, () => undefined);
    return answer;
  };
  new MutationObserver(() => {
    const h1 = document.querySelector('#main-content h1');
    if (!h1) return;
    if (probe.firstHeading === null) probe.firstHeading = h1.textContent;
    else if (probe.heading === null && h1.textContent !== probe.firstHeading) {
      probe.heading = now();
      probe.madeAtHeading = probe.made;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface Probe {
  made: number;
  answered: number | null;
  madeAtAnswer: number | null;
  heading: number | null;
  madeAtHeading: number | null;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

/**
 * Resolves once the page the sign-in opens is drawn out of sight: its last field made and put, with
 * the rest of the page, into the element that holds it out of the document until it shows.
 */
async function drawnAhead(page: Page, lastFieldId: string): Promise<void> {
  await page.waitForFunction(
    (id) =>
      // A render React set aside makes the same field again: the one kept is the one in the holder.
      (window as unknown as { __probe: { inputs: HTMLInputElement[] } }).__probe.inputs.some((field) => {
        if (field.id !== id || field.isConnected) return false;
        let top: HTMLElement = field;
        while (top.parentElement) top = top.parentElement;
        return top.tagName === 'DIV' && top.style.display === 'contents';
      }),
    lastFieldId,
  );
}

/** The scripts, stylesheets and calls the page asked for between two of its times (resource timing). */
function requestedBetween(page: Page, from: number, to: number): Promise<string[]> {
  return page.evaluate(
    ([a, b]) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= a && entry.startTime <= b)
        .map((entry) => new URL(entry.name).pathname),
    [from, to] as const,
  );
}

describe('the page a sign-in opens', () => {
  const e2e = withServerAndBrowser();

  it('is made while the claimant signs in, out of sight, and shows with the prefilled answers once the server has answered', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await context.addInitScript(PROBE);
    // The sign-in's answer waits here until the page has done what it does meanwhile.
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await context.route('**/api/forms/automotive/authorize*', async (route) => {
      await held;
      await route.continue();
    });
    const saves: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/draft')) saves.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    const startHeading = await page.locator('#main-content h1').innerText();
    // The typed answers' pause is timed on a fake clock (it runs as real time until the test moves it).
    await page.clock.install();
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');
    await page.click(NEXT);
    await drawnAhead(page, 'claimantInfo-alternatePhoneNumber');

    // Nothing of the next page is in the document: only the sign-in is there to be seen, read or found.
    expect(await page.locator('h1').allInnerTexts()).toEqual([startHeading]);
    expect(await page.locator('#claimantInfo-firstName').count()).toBe(0);
    expect(await page.title()).not.toContain('Contact');

    answer();
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    const seen = await probe(page);
    expect(seen.answered).not.toBeNull();
    expect(seen.heading).not.toBeNull();
    // From the answer to the new page's heading: the page was made already. What is made then is
    // what the answer adds (the Save and finish later button: 4 elements), not the page's
    // 140-odd fields, labels, fieldsets and state options.
    expect((seen.madeAtHeading ?? NaN) - (seen.madeAtAnswer ?? NaN)).toBeLessThanOrEqual(10);
    // No code or data is asked for in between.
    expect(await requestedBetween(page, seen.answered ?? NaN, seen.heading ?? NaN)).toEqual([]);

    // The page as it opens after a sign-in: the claimant's prefilled answers, the address's US
    // row, its title, and the heading focused.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(await page.inputValue('#claimantInfo-lastName')).toBe('Garcia');
    expect(await page.inputValue('#claimantInfo-mailingStreetLine1')).toBe('1200 Harbor Blvd');
    expect(await page.inputValue('#claimantInfo-mailingCity')).toBe('Oakland');
    expect(await page.inputValue('#claimantInfo-mailingSubDivision')).toBe('CA');
    expect(await page.inputValue('#claimantInfo-mailingPostalCode')).toBe('94607');
    expect(await page.inputValue('#claimantInfo-mailingCountry')).toBe('US');
    expect(await page.inputValue('#claimantInfo-emailAddress')).toBe('maria.garcia@example.com');
    expect(await page.title()).toContain('Contact');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // Nothing typed on it: nothing of it is saved (the answers it was drawn with before the
    // sign-in are not taken for the claimant's), beyond the typed answers' pause.
    await page.clock.runFor(3_000);
    // A call sent after that time: a save the pause had sent would have been asked for before it.
    await Promise.all([page.waitForRequest((request) => request.url().endsWith('/api/csrf')), page.evaluate(() => void fetch('/api/csrf'))]);
    expect(saves).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays out of sight through a refused sign-in, and shows as it should after the corrected one', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    const startHeading = await page.locator('#main-content h1').innerText();
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '000000');
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.locator('h1').allInnerTexts()).toEqual([startHeading]);
    expect(await page.locator('#claimantInfo-firstName').count()).toBe(0);

    await page.fill('#credentials-pin', '482913');
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(await page.inputValue('#claimantInfo-mailingSubDivision')).toBe('CA');

    // Back to the sign-in and on again: the page opens anew, still with the answers given.
    await page.fill('#claimantInfo-firstName', 'Mariana');
    await page.click('.cf-page-actions .cf-button--outline-secondary');
    await page.waitForURL(/\/automotive(\?|$)/);
    await settled(page);
    expect(await page.locator('h1').allInnerTexts()).toEqual([startHeading]);
    await page.click(NEXT);
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Mariana');
    // The refused sign-in's 401, as Chromium logs it.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });
});
