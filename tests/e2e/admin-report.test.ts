/**
 * The administrator's report (`npm run admin -- report`) in a real browser with no network: the
 * page loads nothing, draws its four charts with the inlined Chart.js, and passes axe-core. Its
 * screenshot is the README's (docs/images/admin-report.png).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmissions, openDatabase, type Database } from '../../server/db';
import { reportData, reportHtml } from '../../server/fraud/report';
import { fraudSettings } from '../../server/fraud/settings';
import type { MatchValue, Reason } from '../../server/fraud/signals';
import { recordSignals } from '../../server/fraud/store';
import { loadSettlement } from '../../server/settlement/load';
import { axe, describeViolations, launchBrowser, ROOT } from './harness';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-23T06:00:00Z');

/** A filing period: a few people an hour, then a scripted burst sharing a phone, the day before the deadline. */
async function fill(database: Database): Promise<void> {
  let now = START;
  const submissions = createSubmissions(database, { clock: () => now });
  const settings = fraudSettings();
  let n = 0;
  const store = async (formType: 'Automotive' | 'Exclusion', values: MatchValue[], reasons: Reason[]) => {
    n++;
    await submissions.storeSubmission(
      { formType, idempotencyKey: `k${n}`, culture: 'en', payload: { n }, documents: [] },
      { after: async (trx, stored) => void (await recordSignals(trx, { submissionId: stored.submissionId, now, ip: `192.0.2.${n % 250}`, network: '192.0.2.0/24', userAgent: 'Mozilla/5.0', fillMs: 300_000, values, reasons }, settings)) },
    );
  };
  for (let hour = 0; hour < 40; hour++) {
    now = START + hour * HOUR;
    for (let i = 0; i < 2 + (hour % 5); i++) await store(i % 4 === 3 ? 'Exclusion' : 'Automotive', [{ kind: 'email', value: `person${n}@example.com` }], []);
    if (hour >= 20 && hour < 26) {
      for (let i = 0; i < 12; i++) await store('Automotive', [{ kind: 'phone', value: '14155550100' }, { kind: 'network', value: '10.0.0.0/24' }], [{ code: 'fast_fill', evidence: { seconds: 1, minimumSeconds: 90 } }, { code: 'missing_browser_headers', evidence: { missing: ['accept-language'] } }]);
    }
  }
}

describe('the administrator\'s report page', () => {
  let dir: string;
  let database: Database;
  let browser: Browser;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cf-report-'));
    database = await openDatabase({ dataDir: dir });
    await fill(database);
    const sample = loadSettlement(path.join(ROOT, 'server-fixtures'));
    // The claim deadline moved into the period shown: 2026-11-24 12:00 Pacific, hour 38 of it.
    const body = structuredClone(sample.deadlines.body) as { deadlines: Record<string, { deadlineDateTime: string }> };
    body.deadlines.claimFilingDeadline!.deadlineDateTime = '2026-11-24T12:00:00';
    const settlement = { ...sample, deadlines: { ...sample.deadlines, body } as typeof sample.deadlines };
    file = path.join(dir, 'report.html');
    writeFileSync(file, reportHtml(await reportData(database, settlement, START + 41 * HOUR)));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with no network, draws every chart, is axe-clean', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const requested: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      requested.push(url);
      return route.abort();
    });
    await context.setOffline(true);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('html[data-charts-drawn="4"]');
    expect(errors).toEqual([]);
    expect(requested).toEqual([]);

    // Each canvas holds a drawn chart: pixels other than the transparent background.
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].map((canvas) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
        return { id: canvas.id, painted };
      }),
    );
    expect(drawn.map((d) => d.id)).toEqual(['per-hour-chart', 'flagged-chart', 'reasons-chart', 'clusters-chart']);
    for (const d of drawn) expect(d.painted, d.id).toBeGreaterThan(1000);
    // The deadline line is drawn in its red on the claims chart.
    const red = await page.evaluate(() => {
      const canvas = document.getElementById('per-hour-chart') as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 0xb0 && data[i + 1] === 0x00 && data[i + 2] === 0x20) n++;
      return n;
    });
    expect(red).toBeGreaterThan(50);
    await expect.poll(() => page.locator('h2').allTextContents()).toEqual(['Claims per hour, per form', 'Flagged share', 'Reasons', 'Largest clusters']);
    expect(await page.locator('table').count()).toBe(4);

    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: path.join(ROOT, 'docs/images/admin-report.png'), fullPage: false });
    await context.close();
  });
});
