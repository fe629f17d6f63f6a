/**
 * Grouped write transactions (server/db/grouped-transactions.ts) on SQLite and PostgreSQL: a
 * work's promise settles only once its writes are committed (another connection reads them), a
 * failing work fails alone and leaves nothing, and on SQLite the works queued together share one
 * commit (none is visible elsewhere before the group's last work has run). A write of one statement
 * joins a group on SQLite and is sent alone (committing by itself) on PostgreSQL.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUnavailable } from '../../../server/db/errors.js';
import { groupedTransactions, groupedWrites } from '../../../server/db/grouped-transactions.js';
import type { Database, Trx } from '../../../server/db/types.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from './helpers.js';

describe.each(DIALECTS)('grouped transactions in %s', (dialect) => {
  let t: TestDatabase;
  let other: Database;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    other = await t.reopen();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const insert = (trx: Trx, key: string) => trx.insertInto('rate_limits').values({ key, window_start: 0, count: 1, expires_at: Number.MAX_SAFE_INTEGER }).execute();
  /** The keys another connection reads: what is committed. */
  const committed = async () => (await other.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key);

  it('settles each work after its writes are committed; a failing work fails alone and its writes are undone', async () => {
    const run = groupedTransactions(t.database);
    const seenAtSettle: Record<string, string[]> = {};
    const works = ['a', 'b', 'c', 'd', 'e'].map((key) =>
      run(async (trx) => {
        await insert(trx, key);
        if (key === 'c') throw new Error('refused c');
        return key.toUpperCase();
      }).then(async (value) => {
        seenAtSettle[key] = await committed();
        return value;
      }),
    );
    const outcomes = await Promise.allSettled(works);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['A', 'B', 'refused c', 'D', 'E']);
    expect(await committed()).toEqual(['a', 'b', 'd', 'e']);
    for (const key of ['a', 'b', 'd', 'e']) expect(seenAtSettle[key]).toContain(key);
  });

  it('runs works queued later after the earlier ones, and a work queued alone as soon as it comes', async () => {
    const run = groupedTransactions(t.database);
    expect(await run(async (trx) => (await insert(trx, 'first'), 1))).toBe(1);
    expect(await committed()).toEqual(['first']);
    await Promise.all([run((trx) => insert(trx, 'second')), run((trx) => insert(trx, 'third'))]);
    expect(await committed()).toEqual(['first', 'second', 'third']);
  });

  it('runs a one-statement write in a group on SQLite and alone on PostgreSQL, committed when it settles; one queue per database', async () => {
    const writes = groupedWrites(t.database);
    expect(groupedWrites(t.database)).toBe(writes);
    const given: Array<Trx | undefined> = [];
    await Promise.all(
      ['a', 'b'].map((key) =>
        writes.statement(async (trx) => {
          given.push(trx);
          await insert(trx ?? (t.database.db as Trx), key);
        }),
      ),
    );
    expect(given.map((trx) => trx !== undefined)).toEqual(dialect === 'sqlite' ? [true, true] : [false, false]);
    expect(await committed()).toEqual(['a', 'b']);
  });

  it.runIf(dialect === 'sqlite')('commits the works queued in one turn of the event loop together, once', async () => {
    const run = groupedTransactions(t.database);
    const seenDuring: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((key) =>
        run(async (trx) => {
          seenDuring.push(await committed());
          await insert(trx, key);
        }),
      ),
    );
    // Each of them ran before any was committed: one transaction, one disk flush.
    expect(seenDuring).toEqual([[], [], []]);
    expect(await committed()).toEqual(['a', 'b', 'c']);
  });

  it.runIf(dialect === 'sqlite')('fails every work of a group with the error after which SQLite rolled the whole transaction back (a full disk), leaving nothing', async () => {
    const run = groupedTransactions(t.database);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db)).rows[0]!.page_count;
    // The database may not grow: the second work's large row needs new pages, and SQLITE_FULL
    // rolls back the transaction itself, the first work's row with it.
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.database.db);
    const outcomes = await Promise.allSettled([
      run((trx) => insert(trx, 'small')),
      run((trx) => insert(trx, 'x'.repeat(200 * 1024))),
    ]);
    await sql`pragma max_page_count = 1073741823`.execute(t.database.db);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    for (const o of outcomes) expect(isUnavailable((o as PromiseRejectedResult).reason)).toBe(true);
    expect(await committed()).toEqual([]);
    // The next group writes once there is room.
    await run((trx) => insert(trx, 'later'));
    expect(await committed()).toEqual(['later']);
  });
});
