/**
 * Sessions and rate-limit counters for the server: in Redis when REDIS_URL is set, otherwise in
 * the database. Either way every instance behind the load balancer sees the same state.
 */
import { Redis } from 'ioredis';
import { createRateLimiter, createRedisRateLimiter } from './rate-limit.js';
import { createRedisSessionStore, createSessionStore } from './sessions.js';
import type { Clock, Database, RateLimiter, SessionStore } from './types.js';

export interface SharedStoresOptions {
  /** `redis://…`; absent or empty keeps both stores in the database. */
  redisUrl?: string;
  /** Prefix of every Redis key (lets several deployments or tests share one Redis). */
  redisKeyPrefix?: string;
  idleTimeoutMs: number;
  clock?: Clock;
}

export interface SharedStores {
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  backend: 'database' | 'redis';
  /** Readiness of the Redis connection (resolves at once for the database backend). */
  checkHealth(): Promise<void>;
  /** Closes the Redis connection, if any (the database is closed by its owner). */
  close(): Promise<void>;
}

export function createSharedStores(database: Database, options: SharedStoresOptions): SharedStores {
  const storeOptions = { idleTimeoutMs: options.idleTimeoutMs, ...(options.clock ? { clock: options.clock } : {}) };
  if (!options.redisUrl) {
    return {
      sessions: createSessionStore(database, storeOptions),
      rateLimiter: createRateLimiter(database, storeOptions),
      backend: 'database',
      async checkHealth() {},
      async close() {},
    };
  }
  const redis = new Redis(options.redisUrl, { keyPrefix: options.redisKeyPrefix ?? 'claims:', maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection problems surface on the commands; keep them from crashing the process.
  redis.on('error', () => {});
  return {
    sessions: createRedisSessionStore(redis, storeOptions),
    rateLimiter: createRedisRateLimiter(redis, storeOptions),
    backend: 'redis',
    async checkHealth() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
