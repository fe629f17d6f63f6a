/**
 * Typing latency figure: keydown → React commit (the React DevTools hook's commit callback, which
 * production React calls too), in real Chromium on the production build, on the heaviest pages of
 * the Automotive flow — the repairs page with 20 saved records and an open draft (typing in the
 * draft's description), and the claim summary of that full claim (typing in the signature block) —
 * beside a plain React page with the same number of inputs, open at the same time.
 *
 * The keystrokes come in rounds (full: 4 rounds of 80 keys per page, 320 in all; smoke: 1 round
 * of 40), each round typed in chunks alternating between the app's page and the plain page (which
 * goes first alternates too), so that both see the same machine from moment to moment. The figure is the p95
 * of all rounds' keystrokes pooled, the ratio that p95 over the plain page's pooled p95; the notes
 * give the rounds' own p95s as their spread.
 *
 *   tsx bench/typing.ts [--smoke]
 */
import type { Page } from 'playwright-core';
import { openRecordDraft, probedPage, typingLatencies, walkAutomotive } from './lib/browser.js';
import { browserSetup, type BrowserSetup } from './lib/browser-setup.js';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { pooled, roundSpread, type Pooled } from './lib/stats.js';

const P95_MS = 4;
const RATIO = 1.5;
/** Keys typed into a field before it is cleared: below the shortest maxLength typed into (the signature's 100). */
const CHUNK = 40;

const inputsOn = (page: Page) => page.evaluate(() => document.querySelectorAll('input, textarea, select').length);

/** A page and the fields typed into on it, in turn. */
interface Target {
  page: Page;
  selectors: string[];
}

/** Clears the next field of the target and types `count` keys into it. */
async function typeChunk(target: Target, chunkIndex: number, count: number): Promise<number[]> {
  const selector = target.selectors[chunkIndex % target.selectors.length] ?? target.selectors[0] ?? '';
  await target.page.fill(selector, '');
  return typingLatencies(target.page, selector, count);
}

/** Rounds of keystrokes, each round's chunks alternating between the app and the plain page. */
async function interleaved(app: Target, plain: Target, rounds: number, keysPerRound: number): Promise<{ app: number[][]; plain: number[][] }> {
  const out = { app: [] as number[][], plain: [] as number[][] };
  let chunkIndex = 0;
  for (let r = 0; r < rounds; r++) {
    const appRound: number[] = [];
    const plainRound: number[] = [];
    for (let done = 0; done < keysPerRound; done += CHUNK, chunkIndex++) {
      const count = Math.min(CHUNK, keysPerRound - done);
      const appFirst = (r + chunkIndex) % 2 === 0;
      if (appFirst) appRound.push(...(await typeChunk(app, chunkIndex, count)));
      plainRound.push(...(await typeChunk(plain, chunkIndex, count)));
      if (!appFirst) appRound.push(...(await typeChunk(app, chunkIndex, count)));
    }
    out.app.push(appRound);
    out.plain.push(plainRound);
  }
  return out;
}

async function plainPage(setup: BrowserSetup, inputs: number): Promise<Target> {
  const page = await probedPage(setup.browser);
  await page.goto(`${setup.plainUrl}/?inputs=${inputs}`);
  await page.waitForSelector('h1');
  return { page, selectors: [`#plain-${Math.floor(inputs / 2)}`] };
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const rounds = ctx.smoke ? 1 : 4;
  const keysPerRound = ctx.smoke ? CHUNK : 2 * CHUNK;
  const repairs = ctx.smoke ? 3 : 20;
  ctx.log('typing: building and starting …');
  const setup = await browserSetup();
  try {
    const measured: Array<{ id: string; page: string; inputs: number; app: Pooled; plain: Pooled }> = [];
    const measure = async (page: Page, selectors: string[]) => {
      const inputs = await inputsOn(page);
      const plain = await plainPage(setup, inputs);
      try {
        const result = await interleaved({ page, selectors }, plain, rounds, keysPerRound);
        return { inputs, app: pooled(result.app), plain: pooled(result.plain) };
      } finally {
        await plain.page.context().close();
      }
    };
    {
      const page = await probedPage(setup.browser);
      await walkAutomotive(page, setup.appUrl, {
        repairs,
        stopAt: 'repairs',
        beforeNext: async (name) => {
          if (name !== 'repairs') return;
          await openRecordDraft(page, 'records-claimTransactions-repair');
          measured.push({ id: 'repairs', page: `repairs (${repairs} saved records + open draft)`, ...(await measure(page, ['#records-claimTransactions-repair .cf-records__draft [id$="-repairDescription"]'])) });
        },
      });
      await page.context().close();
    }
    {
      const page = await probedPage(setup.browser);
      await walkAutomotive(page, setup.appUrl, {
        repairs,
        beforeNext: async (name) => {
          if (name !== 'claim-summary') return;
          measured.push({ id: 'claim-summary', page: `claim summary (${repairs} repairs)`, ...(await measure(page, ['#signature-signature', '#signature-confirmEmailAddress'])) });
        },
      });
      await page.context().close();
    }
    return measured.map((m) => {
      const app = m.app.all;
      const plain = m.plain.all;
      return {
        name: `typing.${m.id}.p95`,
        value: round(app.p95, 2),
        unit: 'ms',
        budget: `≤ ${P95_MS} ms and ≤ ${RATIO}× the plain page`,
        holds: app.n > 0 && app.p95 <= P95_MS && app.p95 <= RATIO * plain.p95,
        floor: { name: `plain React page with ${m.inputs} inputs, p95 (typed in turn with the app)`, value: round(plain.p95, 2), unit: 'ms' },
        notes: `${m.page}, ${m.inputs} inputs on the page; ${app.n} keystrokes with a commit over ${m.app.roundP95s.length} round(s), pooled; p50 ${round(app.p50, 2)} ms, max ${round(app.max, 1)} ms; ${round(app.p95 / plain.p95, 2)}× the plain page (plain p50 ${round(plain.p50, 2)} ms); rounds' own p95 ${roundSpread(m.app, 2)} ms (plain ${roundSpread(m.plain, 2)})`,
        detail: { app, plain, appRoundP95s: m.app.roundP95s, plainRoundP95s: m.plain.roundP95s },
      };
    });
  } finally {
    await setup.close();
  }
}

if (isEntry(import.meta.url)) await standalone(run);
