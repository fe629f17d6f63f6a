import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipTotal, measureApp, START_PAGE_BUDGET_KB, viteBuild, WHOLE_APP_BUDGET_KB } from '../../bench/bundle';

/**
 * The claimant's JavaScript budgets (bench/bundle.ts measures and reports them): a form's start
 * page, gzip -9, at most 120 KB; the whole app at most 250 KB. Sizes of the production build, the
 * same bytes on every machine: the next start-page feature that would break the budget fails here,
 * before a benchmark run, and has to move something out of the start page first.
 */
const KB = 1024;
const outDir = mkdtempSync(path.join(tmpdir(), 'cf-bundle-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the claimant app as built', () => {
  it(`loads at most ${START_PAGE_BUDGET_KB} KB gz of JavaScript on a form's start page, and at most ${WHOLE_APP_BUDGET_KB} KB gz in all`, async () => {
    // Built as `npm run build` builds it: the test runner's NODE_ENV=test would keep React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const manifest = await viteBuild({ configFile: path.resolve('vite.config.ts'), outDir }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    });
    const { startJs, allJs } = measureApp(outDir, manifest);
    // The start page runs the entry (with the layout and the form host in it) and no later page's chunk.
    expect(startJs.length).toBeGreaterThan(0);
    expect(startJs.length).toBeLessThan(allJs.length);
    expect(gzipTotal(startJs)).toBeLessThanOrEqual(START_PAGE_BUDGET_KB * KB);
    expect(gzipTotal(allJs)).toBeLessThanOrEqual(WHOLE_APP_BUDGET_KB * KB);
  });
});
