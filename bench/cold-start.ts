/**
 * Cold start figure: navigation → start page usable, in real Chromium on the production build
 * served by the real server, each navigation in a fresh browser context with the cache disabled,
 * under CDP throttling:
 *
 *   network  Network.emulateNetworkConditions: latency 150 ms added per request, download
 *            1.6 Mbit/s (200,000 B/s), upload 750 kbit/s (93,750 B/s) — the slow-4G figures
 *            Lighthouse simulates (its RTT 150 ms, 1.6 Mbit/s, 750 kbit/s)
 *   CPU      Emulation.setCPUThrottlingRate rate 4
 *
 * Per start page (/automotive, /vinlookup, /exclusion): first contentful paint, the page heading
 * (main h1) painted with the loading spinner gone, and interactive (the app runs on the page — its
 * React root, the page's title set by it — the first input of the form enabled and visible, the
 * primary button enabled, no loading placeholder left); median and p95. The app is built as
 * `npm run build` builds it (start pages drawn on the server); BENCH_SHELL_ONLY=1 builds it without
 * the prerenderer (lib/browser.ts), for the figures before that.
 * Floors in the same run, from the same server and static serving (/app/dist/…): the plain React
 * page (React 19 + react-dom, a heading and as many inputs as the Automotive start page) and a
 * static HTML page with the same heading, inputs and button (no script).
 *
 * Then Lighthouse 12.2.3 (default mobile config: simulated slow 4G, 4× CPU) on each start page
 * against Debian's Chromium, 5 runs per page (1 in --smoke), each in a fresh Chromium; the figures
 * are those of the median run as Lighthouse picks it: performance, accessibility and
 * best-practices scores, with the audits that cost points. Budgets: performance 100,
 * accessibility 100, best practices 100.
 *
 * Every request stays on 127.0.0.1: Chromium resolves no other host.
 *
 *   tsx bench/cold-start.ts [--smoke]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { build } from 'vite';
import { buildApp, tempDir } from './lib/browser.js';
import { START_PAGES } from './bundle.js';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { FIXTURES } from './lib/paths.js';
import type { Child } from './lib/procs.js';
import { startAppServer, startEmulator, storage, type ServerUnderTest } from './lib/servers.js';
import { summarize, type Summary } from './lib/stats.js';

export const NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const CPU_SLOWDOWN = 4;
/** Cold start budgets: interactive against the plain React page, first paint against static HTML. */
const COLD_START_FACTOR = 1.2;
const PROFILE = 'CDP slow 4G: +150 ms per request, 1.6 Mbit/s down, 750 kbit/s up; CPU 4× slower; fresh context, cache disabled';

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Only loopback: every other host name fails to resolve. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export const LIGHTHOUSE_BUDGETS = { performance: 100, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;

/** Inputs on the Automotive start page (VIN, Notice ID, PIN): the floors render as many. */
const FLOOR_INPUTS = 3;

const STATIC_FLOOR = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Static floor</title>
  </head>
  <body>
    <main>
      <h1>File a Claim</h1>
      ${Array.from({ length: FLOOR_INPUTS }, (_, i) => `<p><label for="f${i}">Field ${i + 1}</label> <input id="f${i}" /></p>`).join('\n      ')}
      <div class="cf-page-actions"><button class="cf-button cf-button--primary" type="button">Next</button></div>
    </main>
  </body>
</html>
`;

/** Installed before any page script: paint, heading and interactive times (performance.now()). */
const PROBE = `(() => {
  const probe = { heading: null, interactive: null, fcp: null };
  window.__cold = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') probe.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const visible = (el) => !!el && el.offsetParent !== null && !el.closest('[inert]');
  // A drawn page arrives under the title the app sets: the probe notes that the app set it (the
  // page's effects have run), whatever the text.
  let titled = false;
  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
  Object.defineProperty(document, 'title', {
    configurable: true,
    get() { return title.get.call(this); },
    set(value) { title.set.call(this, value); titled = true; check(); },
  });
  const spinnerGone = () => { const s = document.getElementById('page-load-spinner'); return !s || s.hidden || getComputedStyle(s).display === 'none'; };
  const check = () => {
    if (probe.heading === null) {
      const h1 = document.querySelector('main h1, #main-content h1');
      if (visible(h1) && spinnerGone()) {
        probe.heading = -1;
        requestAnimationFrame(() => setTimeout(() => { probe.heading = performance.now(); }, 0));
      }
    }
    // A start page drawn on the server shows its fields before the app runs: interactive waits for
    // the app to have drawn or taken over the page (React's root, and the page's title set by it).
    const root = document.getElementById('root');
    const appRuns = !document.querySelector('.cf-app') || (!!root && Object.keys(root).some((k) => k.startsWith('__reactContainer')) && titled);
    if (probe.interactive === null && appRuns && spinnerGone() && !document.querySelector('.cf-loading-placeholder')) {
      const input = document.querySelector('main input:not([type=hidden]), main select, main textarea');
      const button = document.querySelector('.cf-page-actions .cf-button--primary');
      if (visible(input) && !input.disabled && (!button || !button.disabled)) {
        probe.interactive = -1;
        requestAnimationFrame(() => setTimeout(() => { probe.interactive = performance.now(); }, 0));
      }
    }
    if (probe.heading !== null && probe.interactive !== null) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  const start = () => { observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true }); check(); };
  if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
})();`;

interface Sample {
  fcp: number;
  heading: number;
  interactive: number;
  /** Bytes over the wire (navigation + resources, transferSize). */
  bytes: number;
  requests: number;
}

/**
 * Waits until the page's probe has all three times, asking through the CDP session. Playwright's
 * own waiting (`page.waitForFunction`) first installs its injected script (≈ 330 KB) in the page:
 * at 4× CPU that is a ≈ 100 ms task of the page's main thread (≈ 230 ms of wall time) landing
 * right after the navigation commits, between the parser's first pump and the paint it would
 * have led to, or between the app's module and its mount. A `Runtime.evaluate` of one expression
 * runs nothing else in the page.
 */
async function probeDone(cdp: CDPSession, timeoutMs: number): Promise<void> {
  const expression = '(() => { const p = window.__cold; return !!p && (p.heading ?? -1) > 0 && (p.interactive ?? -1) > 0 && p.fcp !== null; })()';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`cold-start: the page's probe did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One cold navigation; the times are the page's own (its probe), read once they are all in. */
async function coldNavigation(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await probeDone(cdp, 60_000);
    await page.waitForLoadState('load', { timeout: 60_000 });
    return await page.evaluate(() => {
      const p = (window as unknown as { __cold: { heading: number; interactive: number; fcp: number } }).__cold;
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      return { fcp: p.fcp, heading: p.heading, interactive: p.interactive, bytes: entries.reduce((s, e) => s + (e.transferSize || 0), 0), requests: entries.length };
    });
  } finally {
    await context.close();
  }
}

interface LighthousePage {
  page: string;
  scores: Record<Category, number>;
  /** Audits below full score that weigh in a category (or fail in best practices / accessibility). */
  lost: Array<{ category: Category; id: string; title: string; score: number | null; weight: number; displayValue?: string }>;
  metrics: Record<string, number | undefined>;
  /** Every run's performance score and total blocking time, in run order. */
  runs: Array<{ performance: number; tbt: number }>;
  reportFile?: string;
}

/** Lighthouse runs per start page; the figure is the median run (one score varies by ±10 here). */
const LIGHTHOUSE_RUNS = 5;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse')['default']>>>;

/** One Lighthouse run in a fresh Chromium (nothing cached from an earlier run). */
async function lighthouseOnce(url: string, page: string, log: (m: string) => void): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: [...CHROME_FLAGS, LOOPBACK_ONLY] });
  try {
    const options = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: Object.keys(LIGHTHOUSE_BUDGETS) };
    let result = await lighthouse(url, options);
    // Lighthouse's trace sometimes starts after the navigation (NO_NAVSTART), a known flake of
    // the trace, not of the page: one more run measures it.
    if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') {
      log(`cold-start: lighthouse ${page}: NO_NAVSTART, measuring again`);
      result = await lighthouse(url, options);
    }
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse on each page, `runs` times round-robin (drift touches every page alike); each page's
 * figures come from its median run as Lighthouse picks it (closest to the median FCP and TTI).
 */
async function runLighthouse(urls: Array<{ page: string; url: string }>, runs: number, reportDir: string | null, log: (m: string) => void): Promise<LighthousePage[]> {
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const results = new Map<string, LighthouseResult[]>(urls.map((u) => [u.page, []]));
  for (let i = 0; i < runs; i++) {
    for (const { page, url } of urls) {
      log(`cold-start: lighthouse ${page} (${i + 1}/${runs}) …`);
      results.get(page)!.push(await lighthouseOnce(url, page, log));
    }
  }
  const out: LighthousePage[] = [];
  for (const { page } of urls) {
    const all = results.get(page)!;
    const lhr = computeMedianRun(all.map((r) => r.lhr));
    const result = all.find((r) => r.lhr === lhr)!;
    const scores = {} as Record<Category, number>;
    const lost: LighthousePage['lost'] = [];
    for (const category of Object.keys(LIGHTHOUSE_BUDGETS) as Category[]) {
      const c = lhr.categories[category]!;
      scores[category] = Math.round((c.score ?? 0) * 100);
      for (const ref of c.auditRefs) {
        const audit = lhr.audits[ref.id]!;
        const failing = audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings';
        if (failing && audit.score !== null && audit.score < 1 && (ref.weight > 0 || category !== 'performance')) {
          lost.push({ category, id: ref.id, title: audit.title, score: audit.score, weight: ref.weight, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
        }
      }
    }
    // Performance opportunities (weight 0 in the score, but what the metrics are made of).
    for (const id of ['render-blocking-resources', 'uses-text-compression', 'unused-css-rules', 'unused-javascript', 'uses-long-cache-ttl', 'server-response-time', 'uses-responsive-images', 'unminified-javascript']) {
      const audit = lhr.audits[id];
      if (audit && audit.score !== null && audit.score < 1 && !lost.some((l) => l.id === id)) {
        lost.push({ category: 'performance', id, title: audit.title, score: audit.score, weight: 0, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
      }
    }
    const metric = (id: string) => (typeof lhr.audits[id]?.numericValue === 'number' ? round(lhr.audits[id]!.numericValue!, 0) : undefined);
    const entry: LighthousePage = {
      page,
      scores,
      lost,
      metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: typeof lhr.audits['cumulative-layout-shift']?.numericValue === 'number' ? round(lhr.audits['cumulative-layout-shift']!.numericValue!, 3) : undefined, si: metric('speed-index') },
      runs: all.map((r) => ({ performance: Math.round((r.lhr.categories.performance?.score ?? 0) * 100), tbt: round(r.lhr.audits['total-blocking-time']?.numericValue ?? NaN, 0) })),
    };
    if (reportDir) {
      const file = path.join(reportDir, `lighthouse${page.replace(/\//g, '-')}.json`);
      writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      entry.reportFile = file;
    }
    out.push(entry);
  }
  return out;
}

const ms = (s: Summary) => `p50 ${round(s.p50, 0)} / p95 ${round(s.p95, 0)}`;

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const navigations = ctx.smoke ? 1 : 9;
  const tmp = tempDir('cold-start');
  const appDist = path.join(tmp.dir, 'app');
  const store = storage('sqlite', 'cold-start');
  let emulator: Child | null = null;
  let server: ServerUnderTest | null = null;
  let browser: Browser | null = null;
  try {
    ctx.log('cold-start: building the app and the floors …');
    await buildApp(appDist);
    await build({
      configFile: false,
      root: path.join(FIXTURES, 'plain-inputs'),
      base: '/app/dist/floor/',
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir: path.join(appDist, 'floor'), emptyOutDir: true, target: 'es2022' },
    });
    writeFileSync(path.join(appDist, 'floor', 'static.html'), STATIC_FLOOR);
    // Precompressed like the app's assets (vite.config.ts), so both travel gzip/brotli-encoded.
    for (const name of readdirSync(path.join(appDist, 'floor', 'assets'))) {
      const file = path.join(appDist, 'floor', 'assets', name);
      const bytes = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
    emulator = await startEmulator();
    server = await startAppServer(store, String(emulator.ready.url), { appDistDir: appDist, logger: 'off' });
    const base = server.url;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROME_FLAGS, LOOPBACK_ONLY] });

    const targets = [
      ...START_PAGES.map((p) => ({ key: p.slice(1), url: `${base}${p}` })),
      { key: 'plain-react', url: `${base}/app/dist/floor/index.html?inputs=${FLOOR_INPUTS}` },
      { key: 'static-html', url: `${base}/app/dist/floor/static.html` },
    ];
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.key, []]));
    // One warm-up navigation (server caches, Chromium's own start-up), not counted.
    await coldNavigation(browser, targets[0]!.url);
    // Round-robin, so drift on a shared machine touches every page alike.
    for (let i = 0; i < navigations; i++) {
      for (const t of targets) samples.get(t.key)!.push(await coldNavigation(browser, t.url));
      ctx.log(`cold-start: round ${i + 1}/${navigations}`);
    }
    await browser.close();
    browser = null;

    const sum = (key: string, field: keyof Sample) => summarize(samples.get(key)!.map((s) => s[field]));
    const plain = sum('plain-react', 'interactive');
    const staticHtml = sum('static-html', 'interactive');
    const floorNote = (key: string) =>
      `FCP ${ms(sum(key, 'fcp'))}, heading ${ms(sum(key, 'heading'))}, interactive ${ms(sum(key, 'interactive'))} ms; ${round(sum(key, 'bytes').p50 / 1024, 1)} KB over the wire in ${sum(key, 'requests').p50} requests`;
    const staticFcp = sum('static-html', 'fcp');
    const figures: Figure[] = START_PAGES.flatMap((p): Figure[] => {
      const key = p.slice(1);
      const interactive = sum(key, 'interactive');
      const fcp = sum(key, 'fcp');
      return [
        {
          name: `cold-start.${key}.interactive`,
          value: round(interactive.p50, 0),
          unit: 'ms',
          budget: `≤ ${COLD_START_FACTOR}× the plain React page (${round(plain.p50 * COLD_START_FACTOR, 0)} ms)`,
          holds: interactive.p50 <= plain.p50 * COLD_START_FACTOR,
          floor: { name: 'plain React page, same server: navigation → interactive, median', value: round(plain.p50, 0), unit: 'ms' },
          notes: `median of ${interactive.n} cold navigation(s) (${PROFILE}); ${floorNote(key)}; ${round(interactive.p50 / plain.p50, 2)}× the plain React page, static HTML page ${round(staticHtml.p50, 0)} ms`,
          detail: { samples: samples.get(key), fcp, heading: sum(key, 'heading'), interactive, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN },
        },
        {
          name: `cold-start.${key}.fcp`,
          value: round(fcp.p50, 0),
          unit: 'ms',
          budget: `≤ ${COLD_START_FACTOR}× the static HTML page (${round(staticFcp.p50 * COLD_START_FACTOR, 0)} ms)`,
          holds: fcp.p50 <= staticFcp.p50 * COLD_START_FACTOR,
          floor: { name: 'static HTML page, same server: navigation → first contentful paint, median', value: round(staticFcp.p50, 0), unit: 'ms' },
          notes: `median of ${fcp.n} cold navigation(s), p95 ${round(fcp.p95, 0)} ms; ${round(fcp.p50 / staticFcp.p50, 2)}× the static HTML page`,
        },
      ];
    });
    for (const key of ['plain-react', 'static-html']) {
      figures.push({
        name: `cold-start.floor.${key}.interactive`,
        value: round(sum(key, 'interactive').p50, 0),
        unit: 'ms',
        budget: null,
        holds: null,
        notes: `${key === 'plain-react' ? `React 19 + react-dom, a heading and ${FLOOR_INPUTS} inputs` : `static HTML, a heading, ${FLOOR_INPUTS} inputs and a button, no script`}, served by the app server under /app/dist/; ${floorNote(key)}`,
        detail: { samples: samples.get(key) },
      });
    }

    const lhPages = ctx.smoke ? START_PAGES.slice(0, 1) : START_PAGES;
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS ?? null;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const reports = await runLighthouse(
      lhPages.map((p) => ({ page: p, url: `${base}${p}` })),
      ctx.smoke ? 1 : LIGHTHOUSE_RUNS,
      reportDir,
      ctx.log,
    );
    for (const r of reports) {
      for (const category of Object.keys(LIGHTHOUSE_BUDGETS) as Category[]) {
        const budget = LIGHTHOUSE_BUDGETS[category];
        const lost = r.lost.filter((l) => l.category === category);
        figures.push({
          name: `lighthouse.${r.page.slice(1)}.${category}`,
          value: r.scores[category],
          unit: 'score',
          budget: budget === 100 ? '100' : `≥ ${budget}`,
          holds: r.scores[category] >= budget,
          notes:
            (category === 'performance' ? `Lighthouse 12.2.3 mobile, simulated slow 4G + 4× CPU, median of ${r.runs.length} run(s) (performance ${r.runs.map((x) => x.performance).join(' / ')}, TBT ${r.runs.map((x) => x.tbt).join(' / ')} ms); median run: FCP ${r.metrics.fcp} ms, LCP ${r.metrics.lcp} ms, TBT ${r.metrics.tbt} ms, SI ${r.metrics.si} ms, CLS ${r.metrics.cls}; ` : '') +
            (lost.length ? `below full marks: ${lost.map((l) => `${l.id}${l.displayValue ? ` (${l.displayValue})` : ''}`).join(', ')}` : 'every scored audit passes'),
          detail: { lost, metrics: r.metrics, runs: r.runs },
        });
      }
    }
    figures[0]!.markdown = [
        '### Cold start (slow 4G, 4× CPU)',
        '',
        `${PROFILE}; ${navigations} navigation(s) per page after one warm-up, round-robin.`,
        '',
        '| page | first contentful paint (ms) | heading painted (ms) | interactive (ms) | KB over the wire |',
        '|---|---|---|---|---:|',
        ...targets.map((t) => `| ${t.key} | ${ms(sum(t.key, 'fcp'))} | ${ms(sum(t.key, 'heading'))} | ${ms(sum(t.key, 'interactive'))} | ${round(sum(t.key, 'bytes').p50 / 1024, 1)} |`),
        '',
        '| Lighthouse 12.2.3 (median run) | performance | accessibility | best practices | FCP / LCP / TBT (ms) | performance, every run |',
        '|---|---:|---:|---:|---|---|',
        ...reports.map((r) => `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.metrics.fcp} / ${r.metrics.lcp} / ${r.metrics.tbt} | ${r.runs.map((x) => x.performance).join(' / ')} |`),
      ].join('\n');
    return figures;
  } finally {
    await browser?.close();
    await server?.child.stop();
    await emulator?.stop();
    await store.cleanup();
    tmp.cleanup();
  }
}

if (isEntry(import.meta.url)) await standalone(run);
