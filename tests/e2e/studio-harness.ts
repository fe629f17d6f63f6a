/**
 * The studio in Chromium, for the studio's browser tests: its server started in-process (as
 * `npm run studio` starts it) on a copy of the sample settlement, optionally inside a temporary git
 * repository so that `git diff` shows exactly what the studio wrote. The studio's bundle is built
 * for each test file.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { buildStudioApp } from '../../studio/server/build';
import { copySampleSettlement, type SettlementCopy } from '../studio/settlement-copy';
import { launchBrowser, openPage, SCREENSHOTS } from './harness';

export const AUTOMOTIVE = '[data-flow="flows/automotive.json"]';

export interface StudioUnderTest {
  copy: SettlementCopy;
  url: string;
  browser: Browser;
  /** The studio's built bundle, for a test that starts a studio server of its own. */
  appDir: string;
}

/** Starts the studio before the file's tests and stops it after them; the fields are set once `beforeAll` ran. */
export function setUpStudio(options: { git?: boolean } = {}): StudioUnderTest {
  const under = {} as StudioUnderTest;
  let studio: FastifyInstance | undefined;
  beforeAll(async () => {
    under.copy = copySampleSettlement(options);
    under.appDir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-app-'));
    const [, browser] = await Promise.all([buildStudioApp(under.appDir), launchBrowser()]);
    under.browser = browser;
    studio = await buildStudioServer({ folder: under.copy.dir, appDir: under.appDir, debounceMs: 20 });
    under.url = await studio.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await under.browser?.close();
    await studio?.close();
    under.copy?.cleanup();
    if (under.appDir) rmSync(under.appDir, { recursive: true, force: true });
  });
  return under;
}

/** Only the changed lines of the copy's `git diff -U0`, without the file headers. */
export const changedLines = (copy: SettlementCopy): string[] =>
  copy
    .diff()
    .split('\n')
    .filter((line) => /^[-+]/.test(line) && !/^(\+\+\+|---) /.test(line));

/** The studio open on its flow map, at a desktop width. */
export async function openStudio(under: StudioUnderTest, viewport = { width: 1400, height: 900 }): Promise<{ page: Page; context: BrowserContext; errors: string[]; close(): Promise<void> }> {
  const { page, context, errors } = await openPage(under.browser, viewport);
  await page.goto(under.url);
  await page.waitForSelector(`${AUTOMOTIVE}[data-layout="current"] svg`);
  return { page, context, errors, close: () => context.close() };
}

/** A screenshot under test-artifacts/screenshots/studio/. */
export async function studioScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = path.join(SCREENSHOTS, 'studio');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage });
}
