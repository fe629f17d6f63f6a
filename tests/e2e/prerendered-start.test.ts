import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_PATHS, STARTUP_ANSWERS_ELEMENT } from '../../runtime/core/api/client';
import { readManifest } from '../../server/routes/app-shell/preload';
import { next } from './flow-steps';
import { appRunning, axe, builtApp, openPage, withServerAndBrowser } from './harness';

/**
 * Pages drawn on the server, on a phone whose app script is slow to come: a form's start page and
 * the status page are there and usable before the script runs, with their own browser title; what
 * the claimant types meanwhile is kept when the app takes the page over (hydration, with no
 * mismatch reported), and signing in (checking the status) works with it.
 */

/** The app's entry script (vite's manifest), which the test holds back. */
function entryScript(): string {
  const entry = Object.values(readManifest(builtApp()) ?? {}).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry in its manifest');
  return `/app/dist/${entry.file}`;
}

/** React reports a mismatch between the drawn page and the app's (and its own recovery) on the console. */
const HYDRATION_REPORT = /hydrat|did not match|#418|#423|#425/i;

/**
 * Notes when the app sets the page's title (the page's effects have run), whatever the text: a
 * drawn page already carries the title the app sets.
 */
const NOTE_TITLE_SET = `(() => {
  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
  Object.defineProperty(document, 'title', {
    configurable: true,
    get() { return title.get.call(this); },
    set(value) { title.set.call(this, value); window.__titleSet = true; },
  });
})();`;

/**
 * The claimant types on while the app takes the page over: once the page's effects have run (the
 * app sets its title), before React's next task, the next character `key` goes into field `id`.
 * Notes in window.__emptied every field a script emptied while it held text.
 */
const TYPING_ON_AT_TAKEOVER = (id: string, key: string) => `(() => {
  const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  window.__emptied = [];
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    configurable: true,
    get() { return value.get.call(this); },
    set(next) {
      if (value.get.call(this) !== '' && String(next) === '') window.__emptied.push(this.id);
      value.set.call(this, next);
    },
  });
  const title = Object.getOwnPropertyDescriptor(document, 'title') ?? Object.getOwnPropertyDescriptor(Document.prototype, 'title');
  let typed = false;
  Object.defineProperty(document, 'title', {
    configurable: true,
    get() { return title.get.call(this); },
    set(text) {
      title.set.call(this, text);
      if (typed) return;
      typed = true;
      queueMicrotask(() => {
        const field = document.getElementById(${JSON.stringify(id)});
        value.set.call(field, value.get.call(field) + ${JSON.stringify(key)});
        field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: ${JSON.stringify(key)} }));
      });
    },
  });
})();`;

/** The status page taken over by the app holds every sign-in detail typed before it ran (María's, with a reference code no claim has). */
async function expectStatusSignInKept(page: Page): Promise<void> {
  await hydrated(page, '#cf-status-reference', '#cf-status-vin', '#cf-status-noticeId', '#cf-status-pin', '.cf-status-page button[type=submit]');
  expect(await page.inputValue('#cf-status-reference')).toBe('AUT-0000000');
  expect(await page.inputValue('#cf-status-vin')).toBe('5EXMA1B20HC000101');
  expect(await page.inputValue('#cf-status-noticeId')).toBe('EXM-100001');
  expect(await page.inputValue('#cf-status-pin')).toBe('482913');
}

/** The app has taken the drawn page over: it has set the page's title, and the page's heading (and the given elements) are its own. */
async function hydrated(page: Page, ...selectors: string[]): Promise<void> {
  await page.waitForFunction((wanted) => {
    const titleSet = (window as unknown as { __titleSet?: boolean }).__titleSet === true;
    return (
      titleSet &&
      wanted.every((selector) => {
        const element = document.querySelector(selector);
        return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      })
    );
  }, ['#main-content h1', ...selectors]);
}

/**
 * Notes in window.__parseAwaited that a script waited for the page's parse to end while it was
 * still parsed (a DOMContentLoaded listener added then).
 */
const NOTE_PARSE_AWAITED = `(() => {
  const add = Document.prototype.addEventListener;
  Document.prototype.addEventListener = function (type, ...rest) {
    if (type === 'DOMContentLoaded' && document.readyState === 'loading') window.__parseAwaited = true;
    return add.call(this, type, ...rest);
  };
})();`;

/** What Chromium reports when it refuses a document the test answered the captcha provider's loopback script. */
const CAPTCHA_REFUSED = /\/recaptcha\/api\.js' from origin .* `loopback` address space|^Failed to load resource: net::ERR_FAILED$/;

/** The startup GETs whose answers a page carries (the culture's whole content aside, which a start page fetches in idle time). */
const STARTUP_GETS: ReadonlySet<string> = new Set([API_PATHS.deadlines, API_PATHS.captcha, API_PATHS.formsConfig, API_PATHS.charactersWhitelist, '/api/forms/flows']);

/** Holds the app's entry script back until `release()`: the page stays as the server drew it. */
async function holdEntryScript(context: BrowserContext): Promise<{ release: () => void; asked: () => boolean }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await context.route(`**${entryScript()}`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

describe('a start page drawn on the server', () => {
  const e2e = withServerAndBrowser();

  it('can be read and typed into before the app runs; the typing is kept when the app takes over, and signing in works', async () => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser, { width: 390, height: 844 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);

    await page.goto(`${e2e.server.url}/automotive`, { waitUntil: 'commit' });
    await page.waitForSelector('#credentials-noticeId', { state: 'visible' });
    await expect.poll(entry.asked).toBe(true);
    expect(await page.locator('#main-content h1').innerText()).toBe('File a Claim');
    // The page's own title before any script, the one the app keeps.
    expect(await page.title()).toBe('File a Claim – Claim form – Example Motors CVT Transmission Settlement');
    expect(await page.locator('label[for="credentials-noticeId"]').innerText()).toContain('Notice ID');
    expect(await appRunning(page)).toBe(false);
    expect(await axe(page)).toEqual([]);

    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');
    expect(await page.getByRole('status').filter({ hasText: 'Loading…' }).isVisible()).toBe(false);

    entry.release();
    await hydrated(page, '#credentials-pin', '.cf-page-actions .cf-button--primary');
    await page.locator('#page-load-spinner').waitFor({ state: 'hidden' });
    expect(await page.title()).toBe('File a Claim – Claim form – Example Motors CVT Transmission Settlement');
    expect(await page.inputValue('#credentials-vin')).toBe('5EXMA1B20HC000101');
    expect(await page.inputValue('#credentials-noticeId')).toBe('EXM-100001');
    expect(await page.inputValue('#credentials-pin')).toBe('482913');
    expect(await axe(page)).toEqual([]);

    await next(page, /\/automotive\/claimant-info/);
    // Each page change names the new page.
    await expect.poll(() => page.title()).toBe('Your Contact Information – Claim form – Example Motors CVT Transmission Settlement');
    expect(errors).toEqual([]);
    expect(consoleLines.filter((line) => HYDRATION_REPORT.test(line))).toEqual([]);
    await context.close();
  });

  it.each([
    { press: 'Next tapped', make: (page: Page) => page.click('.cf-page-actions .cf-button--primary') },
    { press: 'Enter pressed in the PIN', make: (page: Page) => page.press('#credentials-pin', 'Enter') },
  ])('a $press before the app runs shows that the page is loading, and is made once the app runs: the sign-in with what was typed', async ({ make }) => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser, { width: 375, height: 740 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);
    await page.goto(`${e2e.server.url}/automotive`, { waitUntil: 'commit' });
    await page.waitForSelector('#credentials-pin', { state: 'visible' });
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');

    await make(page);
    // Nothing is sent (no answers in the address); the page says it is still loading.
    expect(new URL(page.url()).search).toBe('');
    expect(await appRunning(page)).toBe(false);
    await page.locator('#page-load-spinner').waitFor({ state: 'visible' });
    expect(await page.locator('#page-load-spinner').getAttribute('role')).toBe('status');
    expect(await page.locator('#page-load-spinner').innerText()).toBe('Loading…');

    entry.release();
    // The press is made once, on the page it was made on: María's notice signs her in.
    await page.waitForURL(/\/automotive\/claimant-info/);
    await page.locator('#page-load-spinner').waitFor({ state: 'hidden' });
    await expect.poll(() => page.title()).toBe('Your Contact Information – Claim form – Example Motors CVT Transmission Settlement');
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(errors).toEqual([]);
    expect(consoleLines.filter((line) => HYDRATION_REPORT.test(line))).toEqual([]);
    await context.close();
  });

  it('another button tapped before the app runs (the menu) is not taken for Next: the page stays as it is', async () => {
    const { page, context, errors } = await openPage(e2e.browser, { width: 375, height: 740 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);
    await page.goto(`${e2e.server.url}/automotive`, { waitUntil: 'commit' });
    await page.waitForSelector('.cf-header__menu-toggle', { state: 'visible' });
    await page.click('.cf-header__menu-toggle');
    await page.locator('#page-load-spinner').waitFor({ state: 'visible' });

    entry.release();
    await hydrated(page, '#credentials-vin', '.cf-page-actions .cf-button--primary');
    await page.locator('#page-load-spinner').waitFor({ state: 'hidden' });
    // A press is made in the task after the app runs; Next with no VIN would show the error
    // summary at once. Two tasks later, none shows.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
    expect(await page.locator('.cf-error-summary').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/automotive');
    expect(errors).toEqual([]);
    await context.close();
  });

  // The app's script is async: on a slow connection it may run before the page's tail, the
  // startup answers, has been parsed.
  it('is taken over with the answers it carries when the app\'s script runs before the page is parsed whole; the typing meanwhile is kept', async () => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser, { width: 390, height: 844 });
    await context.addInitScript(NOTE_TITLE_SET);
    await context.addInitScript(NOTE_PARSE_AWAITED);
    const address = `${e2e.server.url}/automotive`;
    // The parse held just before the startup answers by a script of the test's own. (Chromium
    // counts a document the test answers as of the public address space and refuses it the
    // captcha provider's script on the loopback address, asked at the first focus: the test ends
    // at the takeover, and that refusal is not the page's error.)
    await context.route(address, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(`<script id="${STARTUP_ANSWERS_ELEMENT}"`, (tag) => `<script src="/held-parse.js"></script>\n${tag}`);
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length', 'etag'].includes(name.toLowerCase())));
      await route.fulfill({ status: response.status(), headers, body });
    });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let parseHeld = false;
    await context.route('**/held-parse.js', async (route) => {
      parseHeld = true;
      await released;
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    const fetched: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (STARTUP_GETS.has(path)) fetched.push(path);
    });

    await page.goto(address, { waitUntil: 'commit' });
    await expect.poll(() => parseHeld).toBe(true);
    // The app's script has run and waits for the parse's end, the page still as the server drew it.
    await page.waitForFunction(() => (window as unknown as { __parseAwaited?: boolean }).__parseAwaited === true);
    expect(await appRunning(page)).toBe(false);
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');

    release();
    await hydrated(page, '#credentials-pin', '.cf-page-actions .cf-button--primary');
    expect(await page.inputValue('#credentials-vin')).toBe('5EXMA1B20HC000101');
    expect(await page.inputValue('#credentials-noticeId')).toBe('EXM-100001');
    expect(await page.inputValue('#credentials-pin')).toBe('482913');
    // The answers were read from the page once it was parsed, not fetched for want of them.
    expect(fetched).toEqual([]);
    expect(errors.filter((error) => !CAPTCHA_REFUSED.test(error))).toEqual([]);
    expect(consoleLines.filter((line) => HYDRATION_REPORT.test(line))).toEqual([]);
    await context.close();
  });

  it.each(['/automotive', '/status'])('%s paints before its stylesheets arrive, as it looks once they are in', async (path) => {
    const { page, context, errors } = await openPage(e2e.browser, { width: 390, height: 844 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);
    // The page's stylesheet files held back: what shows meanwhile is the head's rules alone.
    let releaseStyles = () => undefined as void;
    const stylesReleased = new Promise<void>((resolve) => (releaseStyles = resolve));
    const held: string[] = [];
    await context.route('**/app/dist/assets/*.css', async (route) => {
      held.push(route.request().url());
      await stylesReleased;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'commit' });
    await page.waitForSelector('#main-content h1', { state: 'visible' });
    await expect.poll(() => held.length).toBeGreaterThan(1);
    // Painted: the stylesheets after the drawn page hold up no paint of it.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    const before = await page.screenshot({ fullPage: true });

    releaseStyles();
    await page.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].every((l) => l instanceof HTMLLinkElement && l.sheet !== null));
    // With the whole stylesheets in, the drawn page looks as it did with the head's rules alone.
    expect((await page.screenshot({ fullPage: true })).equals(before)).toBe(true);
    entry.release();
    await hydrated(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the reference code and sign-in details typed on the status page before the app runs, and checks them when Enter was pressed meanwhile', async () => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser, { width: 390, height: 844 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);
    await page.goto(`${e2e.server.url}/status`, { waitUntil: 'commit' });
    await page.waitForSelector('#cf-status-reference', { state: 'visible' });
    await expect.poll(entry.asked).toBe(true);
    expect(await page.locator('#main-content h1').innerText()).toBe('Check your claim status');
    expect(await page.locator('label[for="cf-status-reference"]').innerText()).toContain('Reference code');
    expect(await page.title()).toBe('Check your claim status – Example Motors CVT Transmission Settlement');
    expect(await appRunning(page)).toBe(false);
    expect(await axe(page)).toEqual([]);

    await page.fill('#cf-status-reference', 'AUT-0000000');
    await page.fill('#cf-status-vin', '5EXMA1B20HC000101');
    await page.fill('#cf-status-noticeId', 'EXM-100001');
    await page.fill('#cf-status-pin', '482913');
    // Enter before the app runs sends nothing: no reference code or details in the address; the
    // page says it is still loading.
    await page.press('#cf-status-pin', 'Enter');
    expect(new URL(page.url()).pathname).toBe('/status');
    expect(new URL(page.url()).search).toBe('');
    await page.locator('#page-load-spinner').waitFor({ state: 'visible' });

    entry.release();
    await expectStatusSignInKept(page);
    expect(await page.title()).toBe('Check your claim status – Example Motors CVT Transmission Settlement');

    // Once the app runs, the check is made with what was typed (the code is no filed claim's):
    // the refusal, not "required", without another press.
    await expect.poll(() => page.locator('#cf-status-reference').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.cf-status-page [role=alert]').innerText()).toContain('We could not find a claim with this reference code and these details.');
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    expect(consoleLines.filter((line) => HYDRATION_REPORT.test(line))).toEqual([]);
    await context.close();
  });

  it('keeps every field typed on the status page when the claimant types on as the app takes the page over', async () => {
    const { page, context, errors } = await openPage(e2e.browser, { width: 390, height: 844 });
    await context.addInitScript(NOTE_TITLE_SET);
    await context.addInitScript(TYPING_ON_AT_TAKEOVER('cf-status-pin', '3'));
    const entry = await holdEntryScript(context);
    await page.goto(`${e2e.server.url}/status`, { waitUntil: 'commit' });
    await page.waitForSelector('#cf-status-pin', { state: 'visible' });
    await page.fill('#cf-status-reference', 'AUT-0000000');
    await page.fill('#cf-status-vin', '5EXMA1B20HC000101');
    await page.fill('#cf-status-noticeId', 'EXM-100001');
    await page.fill('#cf-status-pin', '48291');

    entry.release();
    await expectStatusSignInKept(page);
    // Not even for a moment: no field the claimant typed into was emptied.
    expect(await page.evaluate(() => (window as unknown as { __emptied: string[] }).__emptied)).toEqual([]);

    // The app sends all of it: the refusal of this unknown code, not "required".
    await page.click('.cf-status-page button[type=submit]');
    await expect.poll(() => page.locator('#cf-status-reference').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.cf-status-page [role=alert]').innerText()).toContain('We could not find a claim with this reference code and these details.');
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it.each([
    { path: '/automotive?culture=es', drawn: true },
    // A later page is not drawn: the spinner shows until the app runs.
    { path: '/automotive/claimant-info?culture=es', drawn: false },
  ])('tells the claimant when the app\'s script could not be loaded, in the page\'s language, and its link loads the page again ($path)', async ({ path, drawn }) => {
    const { page, context } = await openPage(e2e.browser, { width: 375, height: 740 });
    const entry = `**${entryScript()}`;
    await context.route(entry, (route) => route.abort('connectionreset'));
    await page.goto(`${e2e.server.url}${path}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Esta página no terminó de cargarse.' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Revise su conexión y vuelva a cargar la página.');
    expect(await page.locator('#page-load-spinner').isHidden()).toBe(true);
    if (drawn) expect(await page.locator('#main-content h1').innerText()).toBe('Presentar un reclamo');
    expect(await appRunning(page)).toBe(false);
    // A drawn page stays whole around the notice (the shell has nothing but the notice to read).
    if (drawn) expect(await axe(page)).toEqual([]);
    // The connection is back: the link loads the page again, and the app runs.
    await context.unroute(entry);
    await notice.getByRole('link', { name: 'Volver a cargar la página' }).click();
    await expect.poll(() => appRunning(page)).toBe(true);
    expect(await page.locator('#page-load-failed').isHidden()).toBe(true);
    await context.close();
  });

  it('keeps what was typed when the claimant loads the page again from the notice that the app could not be loaded, and signs in with it', async () => {
    const { page, context, errors } = await openPage(e2e.browser, { width: 375, height: 740 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = `**${entryScript()}`;
    await context.route(entry, (route) => route.abort('connectionreset'));
    await page.goto(`${e2e.server.url}/automotive`);
    const notice = page.getByRole('alert').filter({ hasText: 'This page could not finish loading.' });
    await notice.waitFor();
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');

    // The connection is back: the page loads again with the sign-in as typed, and the app takes it over.
    await context.unroute(entry);
    await notice.getByRole('link', { name: 'Load the page again' }).click();
    await hydrated(page, '#credentials-vin', '#credentials-noticeId', '#credentials-pin');
    expect(await page.locator('#page-load-failed').isHidden()).toBe(true);
    expect(await page.inputValue('#credentials-vin')).toBe('5EXMA1B20HC000101');
    expect(await page.inputValue('#credentials-noticeId')).toBe('EXM-100001');
    expect(await page.inputValue('#credentials-pin')).toBe('482913');
    // Kept only across that one load: nothing of it stays in the tab's storage.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('cf-typed:')))).toEqual([]);
    await next(page, /\/automotive\/claimant-info/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Maria');
    expect(errors.filter((line) => !/ERR_CONNECTION_RESET|Failed to load resource/.test(line))).toEqual([]);
    await context.close();
  });

  it('a mistyped address in Spanish: the not-found page drawn in Spanish, its link to the start page keeps Spanish, before and after the app runs', async () => {
    const { page, context, errors } = await openPage(e2e.browser, { width: 375, height: 740 });
    await context.addInitScript(NOTE_TITLE_SET);
    const entry = await holdEntryScript(context);
    await page.goto(`${e2e.server.url}/automotve?culture=es`, { waitUntil: 'commit' });
    await page.waitForSelector('#main-content h1');
    expect(await page.locator('#main-content h1').innerText()).toBe('Página no encontrada');
    const start = page.getByRole('link', { name: 'página de inicio' });
    expect(await start.getAttribute('href')).toBe('/?culture=es');
    entry.release();
    await hydrated(page);
    await start.click();
    await expect.poll(() => page.locator('#main-content h1').innerText()).toBe('Presentar un reclamo');
    expect(new URL(page.url()).search).toBe('?culture=es');
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it.each([
    { path: '/resume?culture=es', heading: 'Continuar donde lo dejó', title: 'Continuar donde lo dejó – Acuerdo sobre la transmisión CVT de Example Motors' },
    { path: '/resume/ABCD-2345?culture=es', heading: 'Continuar donde lo dejó', title: 'Continuar donde lo dejó – Acuerdo sobre la transmisión CVT de Example Motors', code: 'ABCD-2345' },
    { path: '/status?culture=es', heading: 'Consulte el estado de su reclamo', title: 'Consulte el estado de su reclamo – Acuerdo sobre la transmisión CVT de Example Motors' },
    { path: '/page-not-found', heading: 'Page not found', title: 'Page not found – Example Motors CVT Transmission Settlement' },
    { path: '/session-expired?culture=en&form=Automotive', heading: 'Your session has expired', title: 'Your session has expired – Claim form – Example Motors CVT Transmission Settlement' },
    { path: '/deadline', heading: 'The deadline has passed', title: 'The deadline has passed – Example Motors CVT Transmission Settlement' },
    { path: '/error?culture=es', heading: 'Se produjo un error', title: 'Se produjo un error – Acuerdo sobre la transmisión CVT de Example Motors' },
    { path: '/vinlookup?culture=es', heading: 'Búsqueda de VIN', title: 'Búsqueda de VIN – Acuerdo sobre la transmisión CVT de Example Motors' },
    { path: '/exclusion', heading: 'Exclude Yourself', title: 'Exclude Yourself – Exclusion request – Example Motors CVT Transmission Settlement' },
    // The address as the app writes it when a session ends (the form first).
    { path: '/session-expired?form=Automotive&culture=es', heading: 'Su sesión ha vencido', title: 'Su sesión ha vencido – Formulario de reclamo – Acuerdo sobre la transmisión CVT de Example Motors' },
    // A notice e-mail's link with its tracking tags; a culture the settlement does not offer.
    { path: '/automotive?utm_source=notice&utm_medium=email&culture=es', heading: 'Presentar un reclamo', title: 'Presentar un reclamo – Formulario de reclamo – Acuerdo sobre la transmisión CVT de Example Motors' },
    { path: '/exclusion?culture=fr', heading: 'Exclude Yourself', title: 'Exclude Yourself – Exclusion request – Example Motors CVT Transmission Settlement' },
    // A mistyped link: the not-found page at its address, answered 404.
    { path: '/automotve?culture=es', heading: 'Página no encontrada', title: 'Página no encontrada – Acuerdo sobre la transmisión CVT de Example Motors', status: 404 },
  ])('$path is drawn by the server with its title and taken over by the app without a mismatch', async ({ path, heading, title, code, status }) => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser);
    await context.addInitScript(NOTE_TITLE_SET);
    const html = await (await page.request.get(`${e2e.server.url}${path}`)).text();
    expect(html).toContain(heading);
    expect(html).toContain(`<title>${title}</title>`);
    await page.goto(`${e2e.server.url}${path}`);
    await hydrated(page);
    expect(await page.locator('#main-content h1').innerText()).toBe(heading);
    expect(await page.title()).toBe(title);
    if (code) expect(await page.inputValue('#cf-resume-code')).toBe(code);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual(status === 404 ? ['Failed to load resource: the server responded with a status of 404 (Not Found)'] : []);
    expect(consoleLines.filter((line) => HYDRATION_REPORT.test(line))).toEqual([]);
    // The way back to English as drawn is where the app's own link goes (React keeps a drawn
    // attribute as it was: a link drawn otherwise would stay wrong).
    const english = page.locator('.cf-language__link');
    if (await english.count()) {
      const drawnHref = await english.getAttribute('href');
      await english.click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`).toBe(drawnHref);
    }
    await context.close();
  });
});
