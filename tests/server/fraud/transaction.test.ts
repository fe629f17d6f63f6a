/**
 * Threat: a claim stored without its screening, or a screening without its claim. The screening
 * is written by storeSubmission's `after`, last in the claim's own transaction: a failure there
 * stores nothing, a retry of a stored claim is not screened again, and the values it is compared
 * on are those of claims committed before it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSubmissions } from '../../../server/db/submissions.js';
import { fraudSettings } from '../../../server/fraud/settings.js';
import { recordSignals, screenedClaims } from '../../../server/fraud/store.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const settings = fraudSettings();

describe.each(DIALECTS)('the screening in the claim\'s transaction, over %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  const input = (key: string) => ({ formType: 'Automotive' as const, idempotencyKey: key, culture: 'en', payload: { key }, documents: [] });
  const screen = (phone: string) => async (trx: Parameters<typeof recordSignals>[0], stored: { submissionId: number }) =>
    void (await recordSignals(trx, { submissionId: stored.submissionId, now: Date.now(), ip: '192.0.2.1', network: '192.0.2.0/24', userAgent: null, fillMs: 1000, values: [{ kind: 'phone', value: phone }], reasons: [] }, settings));

  it('a failing screening stores nothing; a stored claim has its screening; a retry is not screened again', async () => {
    t = await openTestDatabase(dialect);
    const submissions = createSubmissions(t.database);
    await expect(submissions.storeSubmission(input('a'), { after: async () => Promise.reject(new Error('screening failed')) })).rejects.toThrow('screening failed');
    expect(await submissions.listSubmissions()).toEqual([]);

    const first = await submissions.storeSubmission(input('a'), { after: screen('15105550142') });
    let calls = 0;
    const retry = await submissions.storeSubmission(input('a'), { after: async () => void calls++ });
    expect(retry).toEqual({ ...first, created: false });
    expect(calls).toBe(0);
    const second = await submissions.storeSubmission(input('b'), { after: screen('15105550142') });
    const claims = await screenedClaims(t.database);
    expect(claims.map((c) => c.referenceCode)).toEqual([first.referenceCode, second.referenceCode]);
    expect(claims[1]!.reasons).toEqual([{ code: 'duplicate_phone', evidence: { earlier: 1, references: [first.referenceCode] } }]);
  });
});
