/**
 * Browser test harness: the real server (server/main.ts startServer) on an ephemeral port with a
 * temporary data folder (or a fresh PostgreSQL schema), a copy of the sample settlement (optionally
 * changed), the in-process captcha emulator, optionally documents in S3-compatible object storage,
 * and Debian's Chromium driven by playwright-core. Traffic stays on 127.0.0.1.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import type { ClamdOptions } from '../../server/documents/clamd';
import { startCaptchaEmulator } from '../../server/captcha-emulator/emulator';
import { LOCAL_ONLY_PROXY } from '../support/local-only-proxy';
import { smtpMailer } from '../../server/mail/transport';
import { createSubmissions, openDatabase, type Database, type SubmissionRecord } from '../../server/db';
import { documentStoreUrlOf } from '../../server/config';
import { loadSettlement } from '../../server/settlement/load';
import { copySettlementFolder } from '../../settlement/read';
import { testDatabase, type Dialect } from '../server/helper';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');

export type Theme = 'default' | 'ftc' | 'kontent';

/** The production build of this run (tests/e2e/global-setup.ts). */
export function builtApp(): string {
  return inject('e2eDist');
}

export interface SettlementChanges {
  /** The settlement folder to copy (default: server-fixtures). */
  from?: string;
  theme?: Theme;
  minSessionDuration?: number;
  /** statuses.json to write (the statuses and deficiency kinds; without it the sample's). */
  statuses?: Record<string, unknown>;
  /** Rewrites deadlines.json (per-culture shape). */
  deadlines?: (json: Record<string, unknown>) => Record<string, unknown>;
  /** Top-level settings.json values to replace (redirectOnError, pinAttempts, …). */
  settings?: Record<string, unknown>;
  /** captcha.json values to replace (the emulator's failing siteKey, …). */
  captcha?: Record<string, unknown>;
  /** The SMTP server the server sends e-mail to (tests/support/mail-sink.ts); without it e-mail stays queued. */
  smtpUrl?: string;
  /** The clamd documents are scanned with (tests/support/clamd-stand-in.ts), read when the server starts; without it nothing is scanned. */
  documentScanner?: () => ClamdOptions;
  /** The database (default: a SQLite file in a temporary data folder; postgres: a fresh schema at TEST_DATABASE_URL). */
  dialect?: Dialect;
  /**
   * Where the documents' bytes go, read when the server starts: DOCUMENT_STORE_URL and the AWS_*
   * settings of the object storage (tests/support/s3.ts), set in the process environment for the
   * server's lifetime, as the server reads them in production. Without it the database holds them.
   */
  documentStore?: () => { url: string; env: Record<string, string> };
}

function copySettlement(changes: SettlementChanges): { dir: string; cleanup(): void } {
  const base = mkdtempSync(path.join(tmpdir(), 'cf-e2e-settlement-'));
  const dir = path.join(base, 'settlement');
  // The folder as the settlement reader makes it (a test settlement extends the sample), as a folder of its own to change.
  copySettlementFolder(changes.from ?? path.join(ROOT, 'server-fixtures'), dir);
  const settingsFile = path.join(dir, 'settings.json');
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown> & { client: { minSessionDuration: number } };
  if (changes.theme) settings.theme = changes.theme;
  if (changes.minSessionDuration !== undefined) settings.client = { ...settings.client, minSessionDuration: changes.minSessionDuration };
  writeFileSync(settingsFile, JSON.stringify({ ...settings, ...changes.settings }, null, 2));
  if (changes.captcha) {
    const file = path.join(dir, 'captcha.json');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), ...changes.captcha }, null, 2));
  }
  if (changes.deadlines) {
    const file = path.join(dir, 'deadlines.json');
    writeFileSync(file, JSON.stringify(changes.deadlines(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), null, 2));
  }
  if (changes.statuses) writeFileSync(path.join(dir, 'statuses.json'), JSON.stringify(changes.statuses, null, 2));
  return { dir, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

export interface E2eServer {
  url: string;
  /** The stored submission of a reference code, read from the server's database. */
  submission(referenceCode: string): Promise<SubmissionRecord | null>;
  /** The server's database, to look at its rows. */
  database: Database;
  /** Closes the server's database while the server runs on: its calls answer 503 DATABASE_UNAVAILABLE from then on. */
  closeDatabase(): Promise<void>;
  /** The environment of the admin command line for this server's database and settlement (`runCli`). */
  adminEnv: Record<string, string>;
  /** Moves the server's clock on (sessions expire, deadlines pass by it); the browser's clock is left alone. */
  advanceClock(ms: number): void;
  /** What the captcha emulator was sent, as "METHOD /path" (what the browser's captcha script did). */
  captchaRequests(): string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server (buildApp, as server/main.ts assembles it) on 127.0.0.1:<ephemeral> over
 * a settlement copy and a fresh SQLite data folder, with the captcha emulator in-process.
 */
export async function startE2eServer(changes: SettlementChanges = {}): Promise<E2eServer> {
  const distDir = builtApp();
  const copy = copySettlement(changes);
  const postgres = changes.dialect === 'postgres' ? await testDatabase('postgres') : null;
  const dataDir = postgres?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cf-e2e-data-'));
  const settlement = loadSettlement(copy.dir);
  const emulator = await startCaptchaEmulator({ host: '127.0.0.1', ...(settlement.captcha.secret ? { secret: settlement.captcha.secret } : {}) });
  const database = postgres ? await postgres.open() : await openDatabase({ dataDir });
  const documentStore = changes.documentStore?.();
  const environmentBefore = new Map(Object.keys(documentStore?.env ?? {}).map((name) => [name, process.env[name]]));
  Object.assign(process.env, documentStore?.env);
  let clockOffset = 0;
  const app = await buildApp({
    settlement,
    database,
    ownsDatabase: true,
    sessionSecret: 'e2e-session-secret-of-at-least-32-characters',
    environment: 'test',
    appDistDir: distDir,
    logger: false,
    clock: () => Date.now() + clockOffset,
    captcha: { emulatorOrigin: emulator.origin },
    // The browser fills a form in seconds: screened, not shed.
    shedFastSubmits: false,
    ...(changes.smtpUrl ? { mail: { mailer: smtpMailer(changes.smtpUrl) } } : {}),
    ...(changes.documentScanner ? { documentScanner: changes.documentScanner() } : {}),
    ...(documentStore ? { documentStoreUrl: documentStoreUrlOf(documentStore.url) } : {}),
  });
  const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const submissions = createSubmissions(database);
  return {
    url,
    submission: (referenceCode) => submissions.getByReferenceCode(referenceCode),
    database,
    closeDatabase: () => database.close(),
    adminEnv: { DATA_DIR: dataDir, DATABASE_URL: '', ...postgres?.env, SETTLEMENT_DIR: copy.dir, PUBLIC_URL: url, ...documentStore?.env, ...(documentStore ? { DOCUMENT_STORE_URL: documentStore.url } : {}) },
    advanceClock: (ms) => {
      clockOffset += ms;
    },
    captchaRequests: () => emulator.requests(),
    async stop() {
      await app.close();
      await emulator.close();
      for (const [name, value] of environmentBefore) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      copy.cleanup();
      // The schema goes with the data folder (the server closed the database it owns).
      await postgres?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server and a browser, shared by the tests of one describe block. */
export interface ServerAndBrowser {
  readonly server: E2eServer;
  readonly browser: Browser;
}

/**
 * Starts the server (with these settlement changes) and the browser before the describe block's
 * tests and stops both after them. Read `server` and `browser` inside the tests, once started.
 */
export function withServerAndBrowser(changes: SettlementChanges = {}): ServerAndBrowser {
  const started: { server?: E2eServer; browser?: Browser } = {};
  beforeAll(async () => {
    // Both are kept when one fails to start, so that afterAll stops the other.
    const [server, browser] = await Promise.allSettled([startE2eServer(changes), launchBrowser()]);
    if (server.status === 'fulfilled') started.server = server.value;
    if (browser.status === 'fulfilled') started.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return {
    get server() {
      if (!started.server) throw new Error('The e2e server is not started yet: read it inside a test.');
      return started.server;
    },
    get browser() {
      if (!started.browser) throw new Error('The browser is not launched yet: read it inside a test.');
      return started.browser;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface PageProbe {
  page: Page;
  context: BrowserContext;
  /** console errors and page errors seen so far. */
  errors: string[];
  consoleLines: string[];
}

/**
 * A fresh context and page; only 127.0.0.1 is reachable, everything else is aborted (`intercepted`,
 * the default: by Playwright's routing; otherwise by LOCAL_ONLY_PROXY).
 */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }, options: { intercepted?: boolean } = {}): Promise<PageProbe> {
  const intercepted = options.intercepted ?? true;
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/Los_Angeles', ...(intercepted ? {} : { proxy: LOCAL_ONLY_PROXY }) });
  if (intercepted) {
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      return route.abort();
    });
  }
  const page = await context.newPage();
  const probe: PageProbe = { page, context, errors: [], consoleLines: [] };
  page.on('console', (msg) => {
    probe.consoleLines.push(`${msg.type()}: ${msg.text()}`);
    if (msg.type() === 'error') probe.errors.push(msg.text());
  });
  page.on('pageerror', (err) => probe.errors.push(String(err)));
  return probe;
}

const AXE_SOURCE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (no inline scripts) stays in force.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`).join('\n');
}

/** Saves a full-page screenshot under test-artifacts/screenshots/<theme>/<name>.png. */
export async function screenshot(page: Page, theme: Theme, name: string): Promise<string> {
  const dir = path.join(SCREENSHOTS, theme);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Whether the app runs on the page: React holds its root (a start page drawn on the server is on screen before that). */
export function appRunning(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
}

/** The page has settled: the app runs, the layout is on screen and no loading placeholder shows. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
  await page.waitForSelector('#main-content h1', { state: 'visible' });
  // A page drawn by the server is visible before the app has taken it over: React marks each
  // element it has hydrated, and a route change before then would not match the drawing.
  // Parts of a page may hydrate later than its heading (each Suspense boundary on its own), and
  // a screenshot's caret hiding on a field not yet hydrated would not match the drawing either:
  // wait for the heading and every control.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#main-content h1, #main-content input, #main-content select, #main-content textarea, #main-content button')].every((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber'))));
  await page.waitForFunction(() => !document.querySelector('#main-content .cf-loading-placeholder'));
}
