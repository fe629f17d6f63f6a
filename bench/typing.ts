/**
 * Typing latency figure: keydown → React commit (the React DevTools hook's commit callback, which
 * production React calls too) over 200 keystrokes, in real Chromium on the production build, on the
 * heaviest pages of the Automotive flow — the repairs page with 20 saved records and an open draft
 * (typing in the draft's description), and the claim summary of that full claim (typing in the
 * signature block) — beside a plain React page with the same number of inputs in the same run.
 *
 *   tsx bench/typing.ts [--smoke]
 */
import type { Page } from 'playwright-core';
import { openRecordDraft, probedPage, typingLatencies, walkAutomotive } from './lib/browser.js';
import { browserSetup } from './lib/browser-setup.js';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { summarize, type Summary } from './lib/stats.js';

const P95_MS = 4;
const RATIO = 1.5;

const inputsOn = (page: Page) => page.evaluate(() => document.querySelectorAll('input, textarea, select').length);

async function typeInChunks(page: Page, selectors: string[], total: number): Promise<number[]> {
  const out: number[] = [];
  const chunk = 40;
  for (let done = 0, i = 0; done < total; done += chunk, i++) {
    const selector = selectors[i % selectors.length]!;
    await page.fill(selector, '');
    out.push(...(await typingLatencies(page, selector, Math.min(chunk, total - done))));
  }
  return out;
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const keys = ctx.smoke ? 40 : 200;
  const repairs = ctx.smoke ? 3 : 20;
  ctx.log('typing: building and starting …');
  const setup = await browserSetup();
  try {
    const measured: Array<{ page: string; inputs: number; app: Summary; plain: Summary }> = [];
    const plainFor = async (inputs: number) => {
      const page = await probedPage(setup.browser);
      await page.goto(`${setup.plainUrl}/?inputs=${inputs}`);
      await page.waitForSelector('h1');
      const s = summarize(await typingLatencies(page, `#plain-${Math.floor(inputs / 2)}`, keys));
      await page.context().close();
      return s;
    };
    {
      const page = await probedPage(setup.browser);
      let result: number[] = [];
      let inputs = 0;
      await walkAutomotive(page, setup.appUrl, {
        repairs,
        stopAt: 'repairs',
        beforeNext: async (name) => {
          if (name !== 'repairs') return;
          await openRecordDraft(page, 'records-claimTransactions-repair');
          inputs = await inputsOn(page);
          result = await typingLatencies(page, '#records-claimTransactions-repair .cf-records__draft [id$="-repairDescription"]', keys);
        },
      });
      await page.context().close();
      measured.push({ page: `repairs (${repairs} saved records + open draft)`, inputs, app: summarize(result), plain: await plainFor(inputs) });
    }
    {
      const page = await probedPage(setup.browser);
      let result: number[] = [];
      let inputs = 0;
      await walkAutomotive(page, setup.appUrl, {
        repairs,
        beforeNext: async (name) => {
          if (name !== 'claim-summary') return;
          inputs = await inputsOn(page);
          result = await typeInChunks(page, ['#signature-signature', '#signature-confirmEmailAddress'], keys);
        },
      });
      await page.context().close();
      measured.push({ page: `claim summary (${repairs} repairs)`, inputs, app: summarize(result), plain: await plainFor(inputs) });
    }
    return measured.map((m, i) => ({
      name: `typing.${i === 0 ? 'repairs' : 'claim-summary'}.p95`,
      value: round(m.app.p95, 2),
      unit: 'ms',
      budget: `≤ ${P95_MS} ms and ≤ ${RATIO}× the plain page`,
      holds: m.app.n > 0 && m.app.p95 <= P95_MS && m.app.p95 <= RATIO * m.plain.p95,
      floor: { name: `plain React page with ${m.inputs} inputs, p95`, value: round(m.plain.p95, 2), unit: 'ms' },
      notes: `${m.page}, ${m.inputs} inputs on the page; ${m.app.n} keystrokes with a commit; p50 ${round(m.app.p50, 2)} ms, max ${round(m.app.max, 1)} ms; ${round(m.app.p95 / m.plain.p95, 2)}× the plain page (plain p50 ${round(m.plain.p50, 2)} ms)`,
      detail: { app: m.app, plain: m.plain },
    }));
  } finally {
    await setup.close();
  }
}

if (isEntry(import.meta.url)) await standalone(run);
