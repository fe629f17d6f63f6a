/**
 * The report's figures: claims per hour (per day over two weeks) per form, the flagged share,
 * the deadlines placed on that axis, and text from the database escaped in the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSubmissions } from '../../../server/db/submissions.js';
import { reportData, reportHtml } from '../../../server/fraud/report.js';
import { fraudSettings } from '../../../server/fraud/settings.js';
import { recordSignals } from '../../../server/fraud/store.js';
import { loadSettlement } from '../../../server/settlement/load.js';
import { FIXTURES } from '../helper.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const HOUR = 3_600_000;
const settlement = loadSettlement(FIXTURES);
const claimDeadline = Date.parse('2027-07-01T06:59:59Z');

describe.each(DIALECTS)('the report\'s figures, over %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  async function fill(times: Array<{ at: number; formType: 'Automotive' | 'Exclusion'; fast?: boolean }>) {
    t = await openTestDatabase(dialect);
    let now = 0;
    const submissions = createSubmissions(t.database, { clock: () => now });
    for (const [i, c] of times.entries()) {
      now = c.at;
      await submissions.storeSubmission(
        { formType: c.formType, idempotencyKey: `k${i}`, culture: 'en', payload: {}, documents: [] },
        {
          after: async (trx, stored) =>
            void (await recordSignals(trx, { submissionId: stored.submissionId, now, ip: '192.0.2.1', network: '192.0.2.0/24', userAgent: null, fillMs: null, values: [], reasons: c.fast ? [{ code: 'fast_fill', evidence: {} }] : [] }, fraudSettings())),
        },
      );
    }
  }

  it('counts per hour per form, with the flagged share and the claim deadline on the axis', async () => {
    const start = claimDeadline - 3.5 * HOUR;
    await fill([
      { at: start, formType: 'Automotive' },
      { at: start + 10 * 60_000, formType: 'Automotive', fast: true },
      { at: start + 2 * HOUR, formType: 'Exclusion' },
      { at: start + 4 * HOUR, formType: 'Automotive', fast: true },
    ]);
    const data = await reportData(t.database, settlement, start + 5 * HOUR);
    expect(data.bucket).toBe('hour');
    expect(data.labels).toHaveLength(5);
    expect(data.perForm).toEqual({ Automotive: [2, 0, 0, 0, 1], Exclusion: [0, 0, 1, 0, 0] });
    expect(data.flagged).toEqual([1, 0, 0, 0, 1]);
    expect(data.total).toEqual([2, 0, 1, 0, 1]);
    const claim = data.deadlines.find((d) => d.label === 'Automotive deadline (claimFilingDeadline)')!;
    expect(claim.position).toBeCloseTo((claimDeadline - Math.floor(start / HOUR) * HOUR) / HOUR, 5);
    expect(data.deadlines.find((d) => d.label === 'Automotive deadline (globalDeadline)')!.position).toBeNull();
    expect(data.dispositions).toEqual({ accepted: 2, flagged: 2, held: 0 });
    expect(data.reasons).toEqual([{ code: 'fast_fill', claims: 2 }]);
  });

  it('counts per day over more than two weeks', async () => {
    const start = Date.parse('2027-01-01T10:00:00Z');
    await fill([
      { at: start, formType: 'Automotive' },
      { at: start + 20 * 24 * HOUR, formType: 'Automotive' },
    ]);
    const data = await reportData(t.database, settlement, start + 21 * 24 * HOUR);
    expect(data.bucket).toBe('day');
    expect(data.labels[0]).toBe('2027-01-01T00:00:00.000Z');
    expect(data.labels).toHaveLength(21);
    const html = reportHtml({ ...data, title: '<script>alert(1)</script>' }, '/* chart */');
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('"title":"\\u003cscript>alert(1)\\u003c/script>"');
    expect(html).toContain('<caption>Claims per day</caption>');
  });
});
