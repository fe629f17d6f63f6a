/**
 * Threat: a flood sharing values with thousands of earlier claims makes each new claim's
 * screening read them all, or a shortcut taken for such values gives a claim other reasons than a
 * full count would. The screening counts at most countLimit(settings) earlier claims per value (100,
 * or the largest allowance: every allowance can be reached); a value of a lasting kind counted in
 * full is not counted again, while the window's counts (client address, network, session) are
 * always read.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fraudSettings } from '../../../server/fraud/settings.js';
import { COUNTED_AS_EVIDENCE, CountedInFull, countLimit, digestOf, MAX_COUNTED, recordSignals } from '../../../server/fraud/store.js';
import type { MatchValue } from '../../../server/fraud/signals.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const settings = fraudSettings();
const LIMIT = countLimit(settings);
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 5, 12);

describe.each(DIALECTS)('counting earlier claims at the cap, over %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  /** `n` earlier claims at T0 + i ms (i from `start`), each sharing `values`; their reference codes in order. */
  async function earlierClaims(n: number, values: MatchValue[], start = 0): Promise<string[]> {
    const db = t.database.db;
    const codes: string[] = [];
    for (let from = 0; from < n; from += 250) {
      const batch = Array.from({ length: Math.min(250, n - from) }, (_, k) => start + from + k);
      const rows = await db
        .insertInto('submissions')
        .values(batch.map((i) => ({ reference_code: `AUT-${String(i).padStart(8, '0')}`, form_type: 'Automotive', idempotency_key: `k${i}`, culture: 'en', payload: '{}', created_at: new Date(T0 + i).toISOString() })))
        .returning(['id', 'reference_code'])
        .execute();
      codes.push(...rows.map((r) => r.reference_code));
      await db
        .insertInto('signal_values')
        .values(rows.flatMap((r, k) => values.map((v) => ({ kind: v.kind, digest: digestOf(v.kind, v.value), submission_id: r.id, created_at: T0 + batch[k]! }))))
        .execute();
    }
    return codes;
  }

  /** A new claim screened at `now`, stored as submission `id`. */
  async function screen(id: number, now: number, values: MatchValue[], inFull?: CountedInFull, given = settings) {
    return t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('submissions').values({ reference_code: `AUT-NEW${id}`, form_type: 'Automotive', idempotency_key: `new${id}`, culture: 'en', payload: '{}', created_at: new Date(now).toISOString() }).execute();
      const [{ id: submissionId }] = (await sql<{ id: number }>`select id from submissions where reference_code = ${`AUT-NEW${id}`}`.execute(trx)).rows as [{ id: number }];
      const screening = await recordSignals(trx, { submissionId: Number(submissionId), now, ip: '203.0.113.9', network: '203.0.113.0/24', userAgent: null, fillMs: 600_000, values, reasons: [] }, given, inFull);
      // Nothing is kept: every claim is compared with the same earlier ones.
      await trx.deleteFrom('signal_values').where('submission_id', '=', Number(submissionId)).execute();
      await trx.deleteFrom('claim_signals').where('submission_id', '=', Number(submissionId)).execute();
      await trx.deleteFrom('submissions').where('id', '=', Number(submissionId)).execute();
      return screening;
    });
  }

  it('counts up to the cap with the first reference codes; a lasting value counted in full answers the same without its count, the window is counted again', { timeout: 120_000 }, async () => {
    t = await openTestDatabase(dialect);
    const shared: MatchValue[] = [
      { kind: 'phone', value: '14155550100' },
      { kind: 'address', value: '203.0.113.9' },
    ];
    const codes = await earlierClaims(LIMIT + 5, shared);
    const values: MatchValue[] = [...shared, { kind: 'email', value: 'nobody-else@example.org' }];
    const inFull = new CountedInFull();
    const now = T0 + 10 * 60_000;

    const counted = await screen(1, now, values);
    expect(counted.reasons).toEqual([
      { code: 'duplicate_phone', evidence: { earlier: LIMIT, references: codes.slice(0, 3) } },
      { code: 'velocity_address', evidence: { earlier: LIMIT, allowance: settings.householdAllowance, windowMinutes: settings.windowMinutes, references: codes.slice(0, 3) } },
    ]);
    expect(await screen(2, now, values, inFull)).toEqual(counted);
    expect(inFull.has(`${LIMIT}\nphone\n${digestOf('phone', '14155550100')}`)).toBe(true);
    // The window's count is read anew, the e-mail no earlier claim gave is counted (0) each time.
    expect(inFull.has(`${LIMIT}\naddress\n${digestOf('address', '203.0.113.9')}`)).toBe(false);
    expect(inFull.has(`${LIMIT}\nemail\n${digestOf('email', 'nobody-else@example.org')}`)).toBe(false);
    expect(await screen(3, now, values, inFull)).toEqual(counted);

    // An hour later the address's claims are out of the window; the phone's still count in full.
    const later = await screen(4, now + 2 * HOUR, values, inFull);
    expect(later.reasons).toEqual([{ code: 'duplicate_phone', evidence: { earlier: LIMIT, references: codes.slice(0, 3) } }]);
  });

  it('counts as far as the largest allowance: a network allowed 300 claims in the window is flagged at 300 earlier ones, not before', { timeout: 120_000 }, async () => {
    t = await openTestDatabase(dialect);
    const wide = fraudSettings({ networkAllowance: 300 });
    expect(countLimit(wide)).toBe(300);
    const network: MatchValue[] = [{ kind: 'network', value: '203.0.113.0/24' }];
    const codes = await earlierClaims(299, network);
    const now = T0 + 10 * 60_000;
    expect((await screen(1, now, network, undefined, wide)).reasons).toEqual([]);
    await earlierClaims(6, network, 299);
    const flagged = await screen(2, now, network, undefined, wide);
    expect(flagged.reasons).toEqual([{ code: 'velocity_network', evidence: { earlier: 300, allowance: 300, windowMinutes: wide.windowMinutes, references: codes.slice(0, 3) } }]);
  });

  it(`reads the counts and the first reference codes in one statement, and writes the screening in ${dialect === 'postgres' ? 'one' : 'two'}`, async () => {
    // Counted at the driver: the statements are compiled once, not built per call.
    const sent: string[] = [];
    let counting = false;
    t = await openTestDatabase(dialect, { onStatement: (text) => void (counting && sent.push(text)) });
    const shared: MatchValue[] = [{ kind: 'phone', value: '14155550100' }];
    const codes = await earlierClaims(4, shared);
    const now = T0 + 60_000;
    const screening = await t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('submissions').values({ reference_code: 'AUT-NEW1', form_type: 'Automotive', idempotency_key: 'new1', culture: 'en', payload: '{}', created_at: new Date(now).toISOString() }).execute();
      const row = await trx.selectFrom('submissions').select('id').where('reference_code', '=', 'AUT-NEW1').executeTakeFirstOrThrow();
      const values: MatchValue[] = [...shared, { kind: 'email', value: 'nobody-else@example.org' }];
      counting = true;
      try {
        return await recordSignals(trx, { submissionId: Number(row.id), now, ip: '203.0.113.9', network: '203.0.113.0/24', userAgent: null, fillMs: 600_000, values, reasons: [] }, settings);
      } finally {
        counting = false;
      }
    });
    expect(screening.reasons).toEqual([{ code: 'duplicate_phone', evidence: { earlier: 4, references: codes.slice(0, 3) } }]);
    // One statement each: the read, then the writes (both in one on PostgreSQL).
    expect(sent, sent.join('\n')).toHaveLength(dialect === 'postgres' ? 2 : 3);
    const stored = await t.database.db.selectFrom('signal_values').select('kind').where('created_at', '=', now).orderBy('kind').execute();
    expect(stored.map((r) => r.kind)).toEqual(['email', 'phone']);
    expect(await t.database.db.selectFrom('claim_signals').select('disposition').where('created_at', '=', now).execute()).toHaveLength(1);
  });

  it('a bounded memory: past its limit it starts again', () => {
    const inFull = new CountedInFull(2);
    inFull.add('a');
    inFull.add('b');
    inFull.add('c');
    expect([inFull.has('a'), inFull.has('b'), inFull.has('c')]).toEqual([false, false, true]);
  });
});

describe('allowances a configurer may set', () => {
  it('are at most the cap, so every allowance the settings accept can be exceeded and flag a claim', () => {
    const schema = JSON.parse(readFileSync(new URL('../../../schemas/settlement/settings.schema.json', import.meta.url), 'utf8')) as unknown;
    const maxima: Record<string, number> = {};
    (function walk(node: unknown) {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (/Allowance$/.test(key) && value && typeof value === 'object' && 'maximum' in value) maxima[key] = (value as { maximum: number }).maximum;
        walk(value);
      }
    })(schema);
    expect(Object.keys(maxima).sort()).toEqual(['householdAllowance', 'networkAllowance', 'sessionAllowance']);
    for (const [key, maximum] of Object.entries(maxima)) expect(maximum, key).toBeLessThanOrEqual(MAX_COUNTED);
    // The default settings count no further than the evidence needs.
    expect(countLimit(fraudSettings())).toBe(COUNTED_AS_EVIDENCE);
    expect(countLimit(fraudSettings({ householdAllowance: 1000 }))).toBe(MAX_COUNTED);
  });
});
