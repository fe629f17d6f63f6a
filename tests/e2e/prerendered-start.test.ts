import { describe, expect, it } from 'vitest';
import { readManifest } from '../../server/routes/app-shell/preload';
import { next } from './flow-steps';
import { appRunning, axe, builtApp, openPage, withServerAndBrowser } from './harness';

/**
 * A form's start page drawn on the server, on a phone whose app script is slow to come: the
 * sign-in is there and usable before the script runs, what the claimant types meanwhile is kept
 * when the app takes the page over (hydration, with no mismatch reported), and signing in works.
 */

/** The app's entry script (vite's manifest), which the test holds back. */
function entryScript(): string {
  const entry = Object.values(readManifest(builtApp()) ?? {}).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry in its manifest');
  return `/app/dist/${entry.file}`;
}

describe('a start page drawn on the server', () => {
  const e2e = withServerAndBrowser();

  it('can be read and typed into before the app runs; the typing is kept when the app takes over, and signing in works', async () => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser, { width: 390, height: 844 });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const entry = entryScript();
    let entryAsked = false;
    await context.route(`**${entry}`, async (route) => {
      entryAsked = true;
      await released;
      await route.continue();
    });

    await page.goto(`${e2e.server.url}/automotive`, { waitUntil: 'commit' });
    await page.waitForSelector('#credentials-noticeId', { state: 'visible' });
    await expect.poll(() => entryAsked).toBe(true);
    expect(await page.locator('#main-content h1').innerText()).toBe('File a Claim');
    expect(await page.locator('label[for="credentials-noticeId"]').innerText()).toContain('Notice ID');
    expect(await appRunning(page)).toBe(false);
    expect(await axe(page)).toEqual([]);

    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');
    // Enter before the app runs submits nothing (no answers in the address).
    await page.press('#credentials-pin', 'Enter');
    expect(new URL(page.url()).search).toBe('');
    expect(await appRunning(page)).toBe(false);

    release();
    await page.waitForFunction(() => document.title !== 'Settlement claims');
    expect(await appRunning(page)).toBe(true);
    expect(await page.inputValue('#credentials-vin')).toBe('5EXMA1B20HC000101');
    expect(await page.inputValue('#credentials-noticeId')).toBe('EXM-100001');
    expect(await page.inputValue('#credentials-pin')).toBe('482913');
    expect(await axe(page)).toEqual([]);

    await next(page, /\/automotive\/claimant-info/);
    expect(errors).toEqual([]);
    // React reports a mismatch between the drawn page and the app's (and its own recovery) on the console.
    expect(consoleLines.filter((line) => /hydrat|did not match|#418|#423|#425/i.test(line))).toEqual([]);
    await context.close();
  });

  it.each([
    { path: '/resume?culture=es', heading: 'Continuar donde lo dejó' },
    { path: '/page-not-found', heading: 'Page not found' },
    { path: '/session-expired?culture=en&form=Automotive', heading: 'Your session has expired' },
    { path: '/vinlookup?culture=es', heading: 'Búsqueda de VIN' },
    { path: '/exclusion', heading: 'Exclude Yourself' },
  ])('$path is drawn by the server and taken over by the app without a mismatch', async ({ path, heading }) => {
    const { page, context, errors, consoleLines } = await openPage(e2e.browser);
    const html = await (await page.request.get(`${e2e.server.url}${path}`)).text();
    expect(html).toContain(heading);
    await page.goto(`${e2e.server.url}${path}`);
    await page.waitForFunction(() => document.title !== 'Settlement claims');
    expect(await appRunning(page)).toBe(true);
    expect(await page.locator('#main-content h1').innerText()).toBe(heading);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(consoleLines.filter((line) => /hydrat|did not match|#418|#423|#425/i.test(line))).toEqual([]);
    await context.close();
  });
});
