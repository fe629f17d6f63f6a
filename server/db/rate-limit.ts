/**
 * Fixed-window counters for failed PINs per client and per notice ID, shared by every instance:
 * a row (or Redis key) per key and window start, incremented atomically.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Clock, Database, RateLimiter } from './types.js';

const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

export function createRateLimiter(database: Database, options: { clock?: Clock } = {}): RateLimiter & { purgeExpired(): Promise<number> } {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  let hits = 0;

  async function purgeExpired() {
    const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', clock()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return {
    async hit(key, windowMs, now = clock()) {
      const start = windowStart(now, windowMs);
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: start, count: 1, expires_at: start + windowMs })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      // Old windows are garbage; clear them now and then rather than on every request.
      if (++hits % 100 === 0) await purgeExpired();
      return Number(row.count);
    },
    async peek(key, windowMs, now = clock()) {
      const row = await db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart(now, windowMs))
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async reset(key, windowMs, now = clock()) {
      await db.deleteFrom('rate_limits').where('key', '=', key).where('window_start', '=', windowStart(now, windowMs)).execute();
    },
    purgeExpired,
  };
}

/** The same counters in Redis: `rl:<key>:<windowStart>`, INCR + PEXPIRE in one MULTI. */
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
  };
}
