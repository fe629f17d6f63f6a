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
import type { Clock, Database, RateLimiter } from './types.js';

const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** When the window containing `now` ends: a count kept in it (and any lock it causes) lifts then. */
export const windowEnd = (now: number, windowMs: number) => windowStart(now, windowMs) + windowMs;

// A PIN sign-in's statements (SQLite's one by one, PostgreSQL's in batches), compiled once
// (statement-batch.ts): the query builder, and Kysely's compiling of `sql` text, took longer per
// request than the database takes to run them.
/** The counts of three keys in one window: values the keys, then the window's start. */
/** The counts of `n` keys in one window (values: the keys, then the window's start). */
const countsTemplate = (n: number) =>
  statementTemplate((v) => sql`select "key", "count" from rate_limits where "key" in (${sql.join(Array.from({ length: n }, (_, i) => v(i)))}) and window_start = ${v(n)}`);
const COUNTS_OF_THREE = countsTemplate(3);
/**
 * The attempt counted on `hitKey` (values 0–2: key, window start, expiry) unless the counts lock:
 * the counter key's count (3) reached its limit (4), or the distinct key's count (5) reached its
 * limit (6) and the member's key (7) is not counted yet. The same counts as the peek's (one snapshot).
 */
const HIT_UNLESS_LOCKED = statementTemplate((v) => {
  const countOf = (key: number) => sql`coalesce((select counts.count from rate_limits as counts where counts.key = ${v(key)} and counts.window_start = ${v(1)}), 0)`;
  return sql`insert into rate_limits ("key", window_start, "count", expires_at) select ${v(0)}, ${v(1)}, 1, ${v(2)} where ${countOf(3)} < ${v(4)} and (${countOf(5)} < ${v(6)} or ${countOf(7)} > 0) on conflict ("key", window_start) do update set "count" = rate_limits."count" + 1 returning "count"`;
});
/** A key's attempt counted in its window (values: key, window start, expiry): its count after. */
const INCREMENT = statementTemplate(
  (v) => sql`insert into rate_limits ("key", window_start, "count", expires_at) values (${v(0)}, ${v(1)}, 1, ${v(2)}) on conflict ("key", window_start) do update set "count" = rate_limits."count" + 1 returning "count"`,
);
/** The counts of one key, two or three, by their number less one. */
const COUNTS_OF = [countsTemplate(1), countsTemplate(2), COUNTS_OF_THREE];
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

  /** The counts of `keys` (one to three) in the window starting at `start`. */
  async function countsOf(executor: Kysely<Tables>, keys: string[], start: number) {
    const template = COUNTS_OF[keys.length - 1];
    if (!template) throw new Error(`The counts of ${keys.length} keys are not read at once.`);
    return runTemplate<{ key: string; count: number | string }>(executor, database.dialect, { template, values: [...keys, start] });
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

  async function peek(executor: Kysely<Tables>, key: string, windowMs: number, now: number): Promise<number> {
    const [row] = await countsOf(executor, [key], windowStart(now, windowMs));
    return row ? Number(row.count) : 0;
  }

  return {
    async hit(key, windowMs, now = clock(), trx) {
      const count = await increment(trx ?? db, key, windowMs, now);
      await countedOne(trx !== undefined);
      return count;
    },
    peek: (key, windowMs, now = clock()) => peek(db, key, windowMs, now),
    async reset(key, windowMs, now = clock(), trx) {
      const part = { template: RESET, values: [key, windowStart(now, windowMs)] };
      if (trx && isStatementBatch(trx)) await trx.add(part).rows;
      else await runTemplate(trx ?? db, database.dialect, part);
    },
    async hitDistinct(key, member, windowMs, now = clock()) {
      // Only the call that writes the member's first row bumps the distinct count.
      const distinct = await db.transaction().execute(async (trx) => {
        if ((await increment(trx, memberKey(key, member), windowMs, now)) === 1) return increment(trx, distinctKey(key), windowMs, now);
        return peek(trx, distinctKey(key), windowMs, now);
      });
      await countedOne();
      return distinct;
    },
    async peekDistinctThenHit({ key, member, counterKey }, hitKey, lock, windowMs, now, batch) {
      const start = windowStart(now, windowMs);
      const peeked = batch.add({ template: COUNTS_OF_THREE, values: [distinctKey(key), memberKey(key, member), counterKey, start] });
      const hit = batch.add({ template: HIT_UNLESS_LOCKED, values: [hitKey, start, start + windowMs, counterKey, lock.count, distinctKey(key), lock.distinct, memberKey(key, member)] });
      const rows = await peeked.rows;
      const countIn = (k: string) => Number(rows.find((r) => r.key === k)?.count ?? 0);
      const distinct = countIn(distinctKey(key));
      const counted = countIn(memberKey(key, member)) > 0;
      const count = countIn(counterKey);
      const [row] = await hit.rows;
      if (row) await countedOne(true);
      return { distinct, counted, count, hits: row ? Number(row.count) : null };
    },
    async peekDistinct(key, member, windowMs, now = clock(), counterKey) {
      // Every count in one statement (one round trip on PostgreSQL).
      const keys = [distinctKey(key), memberKey(key, member), ...(counterKey === undefined ? [] : [counterKey])];
      const rows = await countsOf(db, keys, windowStart(now, windowMs));
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
