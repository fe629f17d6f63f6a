/**
 * Fixed-window counters for failed PINs per client and per notice ID, shared by every instance:
 * a row (or Redis key) per key and window start, incremented atomically. Distinct counts (how many
 * notice IDs one client got wrong) are sets per key and window: in the database a row per member
 * plus a counter that only a member's first row bumps, in one transaction; in Redis a set.
 */
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Tables } from './schema.js';
import { isStatementBatch, runTemplate, statementTemplate } from './statement-batch.js';
import type { BatchRow, Clock, Database, RateLimiter, StatementBatch } from './types.js';

const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** When the window containing `now` ends: a count kept in it (and any lock it causes) lifts then. */
export const windowEnd = (now: number, windowMs: number) => windowStart(now, windowMs) + windowMs;

// A PIN sign-in's statements (SQLite's one by one, PostgreSQL's in batches), compiled once
// (statement-batch.ts): the query builder, and Kysely's compiling of `sql` text, took longer per
// request than the database takes to run them.
/** The counts of `n` keys in one window (values: the keys, then the window's start). */
const countsTemplate = (n: number) =>
  statementTemplate((v) => sql`select "key", "count" from rate_limits where "key" in (${sql.join(Array.from({ length: n }, (_, i) => v(i)))}) and window_start = ${v(n)}`);
/**
 * A right secret's attempt judged (values 0–3: key, window start, expiry, limit): under the limit
 * the key's count is forgotten (0), at it the attempt is counted; the count after. The row's lock
 * orders attempts judged at the same moment: only those that find the count under the limit pass.
 */
const RESET_IF_UNDER = statementTemplate(
  (v) =>
    sql`insert into rate_limits ("key", window_start, "count", expires_at) values (${v(0)}, ${v(1)}, 0, ${v(2)}) on conflict ("key", window_start) do update set "count" = case when rate_limits."count" < ${v(3)} then 0 else rate_limits."count" + 1 end returning "count"`,
);
/** A row only when the judged attempt (the part named) passed: a later part of the statement may depend on it. */
const PASSED = statementTemplate((_v, name) => sql`select "count" from ${name(0)} where "count" = 0`);
/** A key's attempt counted in its window (values: key, window start, expiry): its count after. */
const INCREMENT = statementTemplate(
  (v) => sql`insert into rate_limits ("key", window_start, "count", expires_at) values (${v(0)}, ${v(1)}, 1, ${v(2)}) on conflict ("key", window_start) do update set "count" = rate_limits."count" + 1 returning "count"`,
);
/**
 * A key's attempt counted only when the part named (a member's row, just counted) answers a count
 * of 1, its first in the window (values: key, window start, expiry): the distinct count after, or
 * no row. An INSERT … SELECT's values take their types from casts, not from the columns.
 */
const INCREMENT_IF_FIRST = statementTemplate(
  (v, name) =>
    sql`insert into rate_limits ("key", window_start, "count", expires_at) select cast(${v(0)} as text), cast(${v(1)} as bigint), 1, cast(${v(2)} as bigint) from ${name(0)} where "count" = 1 on conflict ("key", window_start) do update set "count" = rate_limits."count" + 1 returning "count"`,
);
/** The counts of one key, two or three, by their number less one. */
const COUNTS_OF = [countsTemplate(1), countsTemplate(2), countsTemplate(3)];
/** The right PIN forgets a key's count in its window. */
const RESET = statementTemplate((v) => sql`delete from rate_limits where "key" = ${v(0)} and window_start = ${v(1)} returning "key"`);

const distinctKey = (key: string) => `distinct:${key}`;
const memberKey = (key: string, member: string) => `distinct-member:${key}#${member}`;

export function createRateLimiter(database: Database, options: { clock?: Clock } = {}): RateLimiter & { purgeExpired(): Promise<number> } {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  let hits = 0;

  async function purgeExpired() {
    const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', clock()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function increment(executor: Kysely<Tables>, key: string, windowMs: number, now: number): Promise<number> {
    const start = windowStart(now, windowMs);
    const [row] = await runTemplate<{ count: number | string }>(executor, database.dialect, { template: INCREMENT, values: [key, start, start + windowMs] });
    if (!row) throw new Error(`the rate limit ${key} was not counted`);
    return Number(row.count);
  }

  /** The counts of `keys` (one to three) in the window starting at `start`; as a part of `batch` when given. */
  async function countsOf(executor: Kysely<Tables> | StatementBatch, keys: string[], start: number): Promise<BatchRow[]> {
    const template = COUNTS_OF[keys.length - 1];
    if (!template) throw new Error(`The counts of ${keys.length} keys are not read at once.`);
    const part = { template, values: [...keys, start] };
    return isStatementBatch(executor) ? executor.add(part).rows : runTemplate(executor, database.dialect, part);
  }

  /**
   * Old windows are garbage; clear them now and then rather than on every request, outside any
   * transaction: after the caller's (`inTransaction`), which holds the one SQLite connection.
   */
  async function countedOne(inTransaction = false): Promise<void> {
    if (++hits % 100 !== 0) return;
    if (!inTransaction) await purgeExpired();
    else purgeExpired().catch(() => {}); // garbage left for the next purge
  }

  async function peek(executor: Kysely<Tables> | StatementBatch, key: string, windowMs: number, now: number): Promise<number> {
    const [row] = await countsOf(executor, [key], windowStart(now, windowMs));
    return row ? Number(row.count) : 0;
  }

  /** A PostgreSQL batch, for a count that must be a part of one statement (SQLite's batches run each part at once, outside any statement of their own). */
  const deferredBatch = (batch: StatementBatch): StatementBatch => {
    if (!batch.deferred) throw new Error('A count is a part of a statement batch on PostgreSQL only.');
    return batch;
  };

  /** A key's attempt counted as a part of `batch` (added before this awaits): its count after. */
  async function incrementIn(batch: StatementBatch, key: string, windowMs: number, now: number): Promise<number> {
    const start = windowStart(now, windowMs);
    const [row] = await deferredBatch(batch).add({ template: INCREMENT, values: [key, start, start + windowMs] }).rows;
    if (!row) throw new Error(`the rate limit ${key} was not counted`);
    return Number(row.count);
  }

  return {
    async hit(key, windowMs, now = clock(), trx) {
      const count = trx && isStatementBatch(trx) ? await incrementIn(trx, key, windowMs, now) : await increment(trx ?? db, key, windowMs, now);
      await countedOne(trx !== undefined);
      return count;
    },
    peek: (key, windowMs, now = clock(), batch) => peek(batch ?? db, key, windowMs, now),
    async reset(key, windowMs, now = clock(), trx) {
      const part = { template: RESET, values: [key, windowStart(now, windowMs)] };
      if (trx && isStatementBatch(trx)) await trx.add(part).rows;
      else await runTemplate(trx ?? db, database.dialect, part);
    },
    async hitDistinct(key, member, windowMs, now = clock(), batch) {
      if (batch) {
        // Parts of one statement: the member's row counted, the distinct count bumped only by its
        // first (read from the member's part), and the distinct count as it was, for when it is not.
        const start = windowStart(now, windowMs);
        const into = deferredBatch(batch);
        const memberRow = into.add({ template: INCREMENT, values: [memberKey(key, member), start, start + windowMs] });
        const bumped = into.add({ template: INCREMENT_IF_FIRST, values: [distinctKey(key), start, start + windowMs], names: [memberRow.name] });
        const before = countsOf(into, [distinctKey(key)], start);
        const [[counted], [first], [was]] = await Promise.all([memberRow.rows, bumped.rows, before]);
        if (!counted) throw new Error(`the rate limit ${memberKey(key, member)} was not counted`);
        await countedOne(true);
        return Number(first?.count ?? was?.count ?? 0);
      }
      // Only the call that writes the member's first row bumps the distinct count.
      const distinct = await db.transaction().execute(async (trx) => {
        if ((await increment(trx, memberKey(key, member), windowMs, now)) === 1) return increment(trx, distinctKey(key), windowMs, now);
        return peek(trx, distinctKey(key), windowMs, now);
      });
      await countedOne();
      return distinct;
    },
    async resetIfUnder(key, limit, windowMs, now, trx) {
      const start = windowStart(now, windowMs);
      const part = { template: RESET_IF_UNDER, values: [key, start, start + windowMs, limit] };
      if (!trx || !isStatementBatch(trx)) {
        const [row] = await runTemplate<{ count: number | string }>(trx ?? db, database.dialect, part);
        return Number(row?.count) === 0;
      }
      const judged = trx.add(part);
      // On PostgreSQL a row only when passed, for a later part to depend on (the batch's `last`).
      if (trx.deferred) return (await trx.add({ template: PASSED, values: [], names: [judged.name] }).rows).length > 0;
      const [row] = await judged.rows;
      return Number(row?.count) === 0;
    },
    async peekDistinct(key, member, windowMs, now = clock(), counterKey, batch) {
      // Every count in one statement (one round trip on PostgreSQL), or a part of the caller's.
      const keys = [distinctKey(key), memberKey(key, member), ...(counterKey === undefined ? [] : [counterKey])];
      const rows = await countsOf(batch ?? db, keys, windowStart(now, windowMs));
      const countOf = (k: string) => Number(rows.find((r) => r.key === k)?.count ?? 0);
      return { distinct: countOf(distinctKey(key)), counted: countOf(memberKey(key, member)) > 0, count: counterKey === undefined ? 0 : countOf(counterKey) };
    },
    purgeExpired,
  };
}

/** The same counters in Redis: `rl:<key>:<windowStart>`, INCR + PEXPIRE in one MULTI; distinct counts a set (SADD + PEXPIRE + SCARD). */
export function createRedisRateLimiter(redis: Redis, options: { clock?: Clock } = {}): RateLimiter {
  const clock = options.clock ?? Date.now;
  const redisKey = (key: string, windowMs: number, now: number) => `rl:${key}:${windowStart(now, windowMs)}`;
  return {
    async hit(key, windowMs, now = clock()) {
      const k = redisKey(key, windowMs, now);
      const results = await redis.multi().incr(k).pexpire(k, windowMs).exec();
      const [error, count] = results?.[0] ?? [new Error('Redis MULTI was aborted'), 0];
      if (error) throw error;
      return Number(count);
    },
    async peek(key, windowMs, now = clock()) {
      return Number((await redis.get(redisKey(key, windowMs, now))) ?? 0);
    },
    async reset(key, windowMs, now = clock()) {
      await redis.del(redisKey(key, windowMs, now));
    },
    async hitDistinct(key, member, windowMs, now = clock()) {
      const k = redisKey(distinctKey(key), windowMs, now);
      const results = await redis.multi().sadd(k, member).pexpire(k, windowMs).scard(k).exec();
      const [error, count] = results?.[2] ?? [new Error('Redis MULTI was aborted'), 0];
      if (error) throw error;
      return Number(count);
    },
    async peekDistinct(key, member, windowMs, now = clock(), counterKey) {
      const k = redisKey(distinctKey(key), windowMs, now);
      const multi = redis.multi().scard(k).sismember(k, member);
      const results = await (counterKey === undefined ? multi : multi.get(redisKey(counterKey, windowMs, now))).exec();
      if (!results) throw new Error('Redis MULTI was aborted');
      const failed = results.find(([error]) => error)?.[0];
      if (failed) throw failed;
      const [distinct, counted, count] = results.map(([, reply]) => reply);
      return { distinct: Number(distinct), counted: Number(counted) === 1, count: counterKey === undefined ? 0 : Number(count ?? 0) };
    },
  };
}
