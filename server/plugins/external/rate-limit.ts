/**
 * A coarse per-client request limit on the API (abuse protection). Counters live in Redis when
 * REDIS_URL is set, so every instance shares them; without Redis each instance counts alone.
 * Wrong-PIN limits are separate, exact and shared (plugins/app + server/db rate limiter).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { httpError } from '../../errors.js';
import { isApiRoute } from '../../routes/api/route-match.js';

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
  redis: Redis | null;
}

/**
 * The client a request counts against: its address (IPv6 by /64, as the plugin does). A client
 * that has already closed its socket has no address left; it is counted under one shared key
 * rather than failing the request with a TypeError.
 */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  const ip: string | undefined = request.ip;
  return ip ? normalizeIP(ip) : 'client-gone';
}

export default fp<RateLimitOptions>(
  async (app, opts) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: opts.timeWindowMs,
      ...(opts.redis ? { redis: opts.redis, nameSpace: 'claims-rl:' } : {}),
      // Keyed on the matched route, so that every spelling of an API path counts.
      allowList: (req) => !isApiRoute(req),
      keyGenerator: clientKey,
      errorResponseBuilder: () => httpError('RATE_LIMITED'),
    });
  },
  { name: 'external-rate-limit' },
);
