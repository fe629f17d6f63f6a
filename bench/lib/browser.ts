/**
 * Real Chromium (playwright-core, Debian's /usr/bin/chromium) on production builds: the app served
 * by the real server, and the plain React page served by a tiny static server, all on 127.0.0.1.
 *
 * Probes installed before any page script runs:
 *  - React commits: a minimal React DevTools global hook; React (production builds included) calls
 *    its onCommitFiberRoot at every commit, which records performance.now().
 *  - keydown times (event.timeStamp, capture phase) for keydown → commit.
 *  - transitions: the click time of the primary page action, and the time the next page's h1 is on
 *    screen and a frame has been produced (requestAnimationFrame, then a task after it).
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { minimalPdf } from '../../tests/support/documents.js';
import { LOCAL_ONLY_PROXY } from '../../tests/support/local-only-proxy.js';
import { FIXTURES, ROOT } from './paths.js';

export const NEXT = '.cf-page-actions .cf-button--primary';
export const REPAIRS = 'records-claimTransactions-repair';
export const DOCUMENTS = 'records-documentContexts';

/**
 * The production build as `npm run build` makes it: the app in `outDir` and the start pages'
 * prerenderer beside it (`../server`, decision 026). BENCH_SHELL_ONLY=1 leaves the prerenderer out,
 * so the server sends the plain shell and the browser draws every page (the build before 026), to
 * compare the two.
 */
export async function buildApp(outDir: string): Promise<void> {
  const configFile = path.join(ROOT, 'vite.config.ts');
  await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  if (process.env.BENCH_SHELL_ONLY === '1') return;
  await build({ configFile, logLevel: 'warn', build: { ssr: true, outDir: path.join(path.dirname(outDir), 'server'), emptyOutDir: true } });
}

export async function buildPlain(outDir: string): Promise<void> {
  await build({ configFile: false, root: path.join(FIXTURES, 'plain-inputs'), base: '/', plugins: [react()], logLevel: 'warn', build: { outDir, emptyOutDir: true, target: 'es2022' } });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    let file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const PROBE = `(() => {
  const probe = { commits: [], keydowns: [], clicks: [], painted: [] };
  window.__bench = probe;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject(renderer) { return 1; },
    onCommitFiberRoot() { probe.commits.push(performance.now()); },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };
  addEventListener('keydown', (e) => probe.keydowns.push(e.timeStamp), true);
  addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest(${JSON.stringify(NEXT)}) : null;
    if (!button) return;
    const h1 = document.querySelector('main h1, #main-content h1, h1');
    probe.clicks.push({ at: e.timeStamp, from: h1 ? h1.textContent : '' });
  }, true);
})();`;

/** A new page (its own context: only 127.0.0.1 reachable) with the probes installed. */
export async function probedPage(browser: Browser): Promise<Page> {
  // Kept local by a proxy, not by routing: a route would put every request the timed pages make
  // (the captcha token, authorize, the saves) through Playwright's driver and back.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'America/Los_Angeles', proxy: LOCAL_ONLY_PROXY });
  await context.addInitScript(PROBE);
  return context.newPage();
}

export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('main h1, #main-content h1, h1', { state: 'visible', timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.cf-loading-placeholder'), undefined, { timeout: 20_000 });
}

/**
 * Clicks Next and returns ms from the click to the next page's heading painted. While the
 * transition runs, nothing of the bench's works on the page's main thread but one cheap check per
 * batch of DOM changes (the heading's text and the loading placeholder: no layout forced); the
 * heading's visibility is read after the frame, whose layout is then done, and Playwright's own
 * waits (which poll in the page) start only once the page has painted.
 */
export async function timedNext(page: Page, urlPart: RegExp): Promise<number> {
  const before = await page.locator('main h1, #main-content h1, h1').innerText();
  // A string, not a function: the TypeScript loader would wrap inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    const from = ${JSON.stringify(before)};
    const heading = () => document.querySelector('main h1, #main-content h1, h1');
    const changed = () => {
      const h1 = heading();
      return !!h1 && h1.textContent !== from && !document.querySelector('.cf-loading-placeholder');
    };
    window.__bench.nextPainted = new Promise((resolve) => {
      const afterFrame = () => requestAnimationFrame(() => setTimeout(() => {
        const h1 = heading();
        if (!changed() || !h1 || h1.offsetParent === null) { observer.observe(document.body, options); return; }
        const at = performance.now();
        window.__bench.painted.push(at);
        resolve(at);
      }, 0));
      const observer = new MutationObserver(() => {
        if (!changed()) return;
        observer.disconnect();
        afterFrame();
      });
      const options = { subtree: true, childList: true, characterData: true, attributes: true };
      observer.observe(document.body, options);
    });
  })()`);
  await page.click(NEXT);
  await page.evaluate(`Promise.race([window.__bench.nextPainted, new Promise((_, reject) => setTimeout(() => reject(new Error('the next page was not painted within 20 s')), 20000))])`);
  await page.waitForURL(urlPart, { timeout: 20_000 });
  await settled(page);
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: { painted: number[]; clicks: Array<{ at: number }> } }).__bench;
    return (b.painted[b.painted.length - 1] ?? NaN) - (b.clicks[b.clicks.length - 1]?.at ?? NaN);
  });
}

/** A request the page made between a Next's click and the next page painted, in ms from the click. */
export interface RoundTrip {
  path: string;
  start: number;
  end: number;
}

/**
 * The fetches of the last timed Next that started after its click and were answered before the
 * next page was painted (resource timing): on the start page, the captcha token and authorize,
 * whose answers the page waits for. A page's save, sent while the next page shows, is among them
 * when it happens to be answered first.
 */
export async function roundTripsOfLastNext(page: Page): Promise<RoundTrip[]> {
  return page.evaluate(`(() => {
    const b = window.__bench;
    const click = b.clicks[b.clicks.length - 1].at;
    const painted = b.painted[b.painted.length - 1];
    return performance.getEntriesByType('resource')
      .filter((e) => (e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest') && e.startTime >= click && e.responseEnd <= painted)
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime - click, end: e.responseEnd - click }));
  })()`);
}

/** A saved record's form closes until Add more: opens a draft of a records block when none is open. */
export async function openRecordDraft(page: Page, records: string): Promise<void> {
  if ((await page.locator(`#${records} .cf-records__draft`).count()) > 0) return;
  await page.click(`#${records} .cf-records__actions .cf-button--outline-primary`);
  await page.locator(`#${records} .cf-records__draft`).waitFor({ timeout: 10_000 });
}

/** Types `count` characters with a pause between keys; returns keydown → first React commit, ms. */
export async function typingLatencies(page: Page, selector: string, count: number, chars = 'abcdefghij klmnopqrstuvwxyz'): Promise<number[]> {
  await page.click(selector);
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: { commits: number[]; keydowns: number[] } }).__bench;
    b.commits.length = 0;
    b.keydowns.length = 0;
  });
  for (let i = 0; i < count; i++) await page.keyboard.press(chars[i % chars.length] === ' ' ? 'Space' : chars[i % chars.length]!, { delay: 5 });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: { commits: number[]; keydowns: number[] } }).__bench;
    // Each keydown pairs with the first commit after it and before the next keydown (a key that
    // commits nothing, such as one past a maxLength, is left out).
    const out: number[] = [];
    b.keydowns.forEach((k, i) => {
      const nextKey = b.keydowns[i + 1] ?? Infinity;
      const commit = b.commits.find((c) => c >= k && c < nextKey);
      if (commit !== undefined) out.push(commit - k);
    });
    return out;
  });
}

/** Walks the Automotive flow from the start page; `onPage` runs on each page before its Next. */
export async function walkAutomotive(
  page: Page,
  url: string,
  options: { repairs: number; stopAt?: 'repairs'; onTransition?: (from: string, ms: number, roundTrips: RoundTrip[]) => void; beforeNext?: (pageName: string) => Promise<void> },
): Promise<void> {
  const step = async (name: string, to: RegExp) => {
    await options.beforeNext?.(name);
    const ms = await timedNext(page, to);
    if (options.onTransition) options.onTransition(name, ms, await roundTripsOfLastNext(page));
  };
  await page.goto(`${url}/automotive`);
  await settled(page);
  await page.fill('#credentials-vin', '5EXMA1B20HC000101');
  await page.fill('#credentials-noticeId', 'EXM-100001');
  await page.fill('#credentials-pin', '482913');
  await step('start', /\/automotive\/claimant-info/);
  await step('claimant-info', /\/automotive\/eligibility/);
  await page.check('#claimDetails-ownershipType-0');
  await page.fill('#claimDetails-acquisitionDate', '03/15/2016');
  await page.check('#claimDetails-isCurrentOwner-0');
  await page.check('#claimDetails-didIncurOutOfPocketExpensesPriorToSeptember-0');
  await step('eligibility', /\/automotive\/repairs/);
  const draft = (records: string, field: string) => page.locator(`#${records} .cf-records__draft [id$="-${field}"]`).first();
  const openDraft = (records: string) => openRecordDraft(page, records);
  for (let i = 0; i < options.repairs; i++) {
    await openDraft(REPAIRS);
    await draft(REPAIRS, 'repairDate').fill('06/20/2017');
    await draft(REPAIRS, 'mileageAtRepair').fill(String(48210 + i));
    await draft(REPAIRS, 'facilityName').fill(`Bayside Motors ${i + 1}`);
    await draft(REPAIRS, 'amountPaid').fill('3125.40');
    await draft(REPAIRS, 'repairDescription').fill('Replaced the CVT valve body after shuddering.');
    await page.click(`#${REPAIRS} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel as string).length >= (n as number), [`#${REPAIRS} .cf-records__item`, i + 1] as const, { timeout: 10_000 });
  }
  if (options.stopAt === 'repairs') {
    await options.beforeNext?.('repairs');
    return;
  }
  await step('repairs', /\/automotive\/supporting-documents/);
  await openDraft(DOCUMENTS);
  await draft(DOCUMENTS, 'documentType').selectOption('repairInvoice');
  await draft(DOCUMENTS, 'file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: minimalPdf('bench invoice') });
  // Upload saves the record once the document is stored (before, it asks to wait): on a busy machine the upload takes a while.
  await page.locator(`#${DOCUMENTS} .cf-records__draft [data-upload="stored"]`).waitFor({ timeout: 20_000 });
  await page.click(`#${DOCUMENTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
  await page.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor({ timeout: 10_000 });
  await step('supporting-documents', /\/automotive\/claim-summary/);
  await options.beforeNext?.('claim-summary');
}

export function tempDir(label: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${label}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
