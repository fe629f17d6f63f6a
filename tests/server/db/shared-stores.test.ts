import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createOneTimeTokens } from '../../../server/db/one-time-tokens.js';
import { createRateLimiter, createRedisRateLimiter } from '../../../server/db/rate-limit.js';
import { createRedisSessionStore, createSessionStore } from '../../../server/db/sessions.js';
import { createSharedStores } from '../../../server/db/shared-stores.js';
import type { Clock, RateLimiter, SessionData, SessionStore } from '../../../server/db/types.js';
import { REDIS_URL, manualClock, openTestDatabase, type TestDatabase } from './helpers.js';

const IDLE = 30 * 60_000;
const data = (secret = 's1'): SessionData => ({ csrfSecret: secret, authorized: { Automotive: true }, captchaRaw: { Automotive: ['h1'] }, prepopulated: { Automotive: { FirstName: 'Maria' } } });

type Backend = 'sqlite' | 'postgres' | 'redis';
const BACKENDS: Backend[] = ['sqlite', 'postgres', 'redis'];

const prefix = `t_${randomBytes(6).toString('hex')}:`;
let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_URL, { keyPrefix: prefix, lazyConnect: false });
});
afterAll(async () => {
  const raw = new Redis(REDIS_URL);
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(...keys);
  await raw.quit();
  await redis.quit();
});

describe.each(BACKENDS)('sessions and rate limits in %s', (backend) => {
  let t: TestDatabase | undefined;
  let clock: ReturnType<typeof manualClock>;
  let sessions: SessionStore;
  let limiter: RateLimiter;
  const make = async (c: Clock) => {
    if (backend === 'redis') return { sessions: createRedisSessionStore(redis, { idleTimeoutMs: IDLE, clock: c }), limiter: createRedisRateLimiter(redis, { clock: c }) };
    t = await openTestDatabase(backend);
    return { sessions: createSessionStore(t.database, { idleTimeoutMs: IDLE, clock: c }), limiter: createRateLimiter(t.database, { clock: c }) };
  };
  beforeEach(async () => {
    clock = manualClock();
    ({ sessions, limiter } = await make(clock.now));
  });
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('creates, reads, saves and destroys a session', async () => {
    const s = await sessions.create(data());
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.expiresAt).toBe(clock.now() + IDLE);
    expect(await sessions.get(s.id)).toEqual(s);
    expect(await sessions.save(s.id, data('s2'))).toBe(true);
    expect((await sessions.get(s.id))?.data.csrfSecret).toBe('s2');
    await sessions.destroy(s.id);
    expect(await sessions.get(s.id)).toBeNull();
    expect(await sessions.save(s.id, data())).toBe(false);
    expect(await sessions.get('unknown')).toBeNull();
  });

  it('expires a session after the idle time unless it is touched', async () => {
    const s = await sessions.create(data());
    clock.advance(IDLE - 1);
    expect(await sessions.touch(s.id)).toBe(true);
    clock.advance(IDLE - 1);
    expect(await sessions.get(s.id)).not.toBeNull();
    clock.advance(1);
    expect(await sessions.get(s.id)).toBeNull();
    expect(await sessions.touch(s.id)).toBe(false);
    expect(await sessions.rotate(s.id)).toBeNull();
  });

  it('rotates a session to a new id keeping its data, and the old id is gone', async () => {
    const s = await sessions.create(data());
    clock.advance(1000);
    const r = await sessions.rotate(s.id);
    expect(r?.id).not.toBe(s.id);
    expect(r?.data).toEqual(s.data);
    expect(r?.expiresAt).toBe(clock.now() + IDLE);
    expect(await sessions.get(s.id)).toBeNull();
    expect((await sessions.get(r!.id))?.data).toEqual(s.data);
    const replaced = await sessions.rotate(r!.id, data('fresh'));
    expect((await sessions.get(replaced!.id))?.data.csrfSecret).toBe('fresh');
    expect(await sessions.rotate(s.id)).toBeNull();
  });

  it('lets one of two concurrent rotations of a session win', async () => {
    const s = await sessions.create(data());
    const results = await Promise.all([sessions.rotate(s.id), sessions.rotate(s.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('counts hits per key in fixed windows', async () => {
    const key = `pin:${randomBytes(4).toString('hex')}`;
    const w = 15 * 60_000;
    const start = Math.floor(clock.now() / w) * w;
    expect(await limiter.peek(key, w, start)).toBe(0);
    expect(await limiter.hit(key, w, start)).toBe(1);
    expect(await limiter.hit(key, w, start + 10)).toBe(2);
    expect(await Promise.all([limiter.hit(key, w, start + 20), limiter.hit(key, w, start + 30)])).toEqual(expect.arrayContaining([3, 4]));
    expect(await limiter.hit(`${key}-other`, w, start)).toBe(1);
    expect(await limiter.peek(key, w, start + w - 1)).toBe(4);
    expect(await limiter.hit(key, w, start + w)).toBe(1);
    await limiter.reset(key, w, start + w);
    expect(await limiter.peek(key, w, start + w)).toBe(0);
  });

  it('counts distinct members per key in fixed windows, a member once even when two calls race', async () => {
    const key = `pin:ip-notices:${randomBytes(4).toString('hex')}`;
    const w = 15 * 60_000;
    const start = Math.floor(clock.now() / w) * w;
    expect(await limiter.peekDistinct(key, 'A', w, start)).toEqual({ distinct: 0, counted: false, count: 0 });
    expect(await limiter.hitDistinct(key, 'A', w, start)).toBe(1);
    expect(await limiter.hitDistinct(key, 'A', w, start + 10)).toBe(1);
    expect(await Promise.all([limiter.hitDistinct(key, 'B', w, start + 20), limiter.hitDistinct(key, 'B', w, start + 30)])).toEqual([2, 2]);
    expect(await limiter.hitDistinct(key, 'C', w, start + 40)).toBe(3);
    expect(await limiter.peekDistinct(key, 'B', w, start + w - 1)).toEqual({ distinct: 3, counted: true, count: 0 });
    expect(await limiter.peekDistinct(key, 'D', w, start + w - 1)).toEqual({ distinct: 3, counted: false, count: 0 });
    // Another key, the plain counter of the same key, and the next window are separate counts.
    expect(await limiter.hitDistinct(`${key}-other`, 'A', w, start)).toBe(1);
    expect(await limiter.peek(key, w, start)).toBe(0);
    expect(await limiter.peekDistinct(key, 'A', w, start + w)).toEqual({ distinct: 0, counted: false, count: 0 });
    expect(await limiter.hitDistinct(key, 'D', w, start + w)).toBe(1);
    // A plain counter read with them (an address's wrong PINs beside its distinct notice IDs).
    const counter = `pin:ip:${randomBytes(4).toString('hex')}`;
    await limiter.hit(counter, w, start + 50);
    await limiter.hit(counter, w, start + 60);
    expect(await limiter.peekDistinct(key, 'B', w, start + 70, counter)).toEqual({ distinct: 3, counted: true, count: 2 });
    expect(await limiter.peekDistinct(key, 'B', w, start + w, counter)).toEqual({ distinct: 1, counted: false, count: 0 });
  });
});

describe.each(['sqlite', 'postgres'] as const)('one-time tokens over %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t.cleanup());

  it('consumes an issued hash once, before it expires', async () => {
    t = await openTestDatabase(dialect);
    const clock = manualClock();
    const tokens = createOneTimeTokens(t.database, { clock: clock.now });
    await tokens.issue('raw:a', clock.now() + 1000);
    await tokens.issue('raw:b', clock.now() + 1000);
    expect(await Promise.all([tokens.consume('raw:a'), tokens.consume('raw:a')])).toEqual(expect.arrayContaining([true, false]));
    expect(await tokens.consume('raw:a')).toBe(false);
    expect(await tokens.consume('raw:unknown')).toBe(false);
    clock.advance(1000);
    expect(await tokens.consume('raw:b')).toBe(false);
    expect(await tokens.markUsed('captcha:x', clock.now() + 1000)).toBe(true);
    expect(await tokens.markUsed('captcha:x', clock.now() + 1000)).toBe(false);
    expect(await tokens.purgeExpired()).toBe(2);
  });

  it('a use named by its key may consume again (a retry); another use may not, and two racing uses get one success', async () => {
    t = await openTestDatabase(dialect);
    const clock = manualClock();
    const tokens = createOneTimeTokens(t.database, { clock: clock.now });
    await tokens.issue('raw:a', clock.now() + 1000);
    expect(await Promise.all([tokens.consume('raw:a', undefined, 'claim-1'), tokens.consume('raw:a', undefined, 'claim-2')])).toEqual(expect.arrayContaining([true, false]));
    const winner = (await tokens.consume('raw:a', undefined, 'claim-1')) ? 'claim-1' : 'claim-2';
    expect(await tokens.consume('raw:a', undefined, winner)).toBe(true);
    expect(await tokens.consume('raw:a', undefined, winner === 'claim-1' ? 'claim-2' : 'claim-1')).toBe(false);
    expect(await tokens.consume('raw:a')).toBe(false);
    // Inside a transaction that rolls back, nothing is consumed.
    await tokens.issue('raw:b', clock.now() + 1000);
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        expect(await tokens.consume('raw:b', trx, 'claim-3')).toBe(true);
        throw new Error('refused');
      })
      .catch(() => {});
    expect(await tokens.consume('raw:b', undefined, 'claim-4')).toBe(true);
    clock.advance(1000);
    expect(await tokens.consume('raw:b', undefined, 'claim-4')).toBe(false);
  });
});

describe('createSharedStores', () => {
  it('keeps sessions in the database without REDIS_URL and in Redis with it', async () => {
    const t = await openTestDatabase('sqlite');
    const inDb = createSharedStores(t.database, { idleTimeoutMs: IDLE });
    const viaRedis = createSharedStores(t.database, { idleTimeoutMs: IDLE, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    expect([inDb.backend, viaRedis.backend]).toEqual(['database', 'redis']);
    await viaRedis.checkHealth();
    const s = await viaRedis.sessions.create(data());
    expect(await inDb.sessions.get(s.id)).toBeNull();
    expect((await viaRedis.sessions.get(s.id))?.data).toEqual(data());
    await viaRedis.close();
    await inDb.close();
    await t.cleanup();
  });
});
