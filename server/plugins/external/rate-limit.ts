/**
 * A coarse per-client request limit on the API (abuse protection). Counters live in Redis when
 * REDIS_URL is set, so every instance shares them; without Redis each instance counts alone.
 * Wrong-PIN limits are separate, exact and shared (plugins/app + server/db rate limiter).
 *
 * The client is the browser session when the request carries a validly signed session cookie,
 * else its address: a claimant who already has a session is not refused because others behind the
 * same address (a household, an office, a carrier's NAT, or a flood of scripts) spent its budget.
 * New sessions cost the address's budget, so a script cannot mint counters freely; and every API
 * request from one address also counts against a ceiling `addressFactor` times higher.
 */
import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { httpError } from '../../errors.js';
import { isApiRoute } from '../../routes/api/route-match.js';
import { signedCookieValue } from './cookie.js';

export interface RateLimitOptions {
  /** API requests per window per client (session, or address without one). */
  max: number;
  timeWindowMs: number;
  redis: Redis | null;
  /** The session cookie's name (signed by @fastify/cookie). */
  sessionCookie: string;
  /** Every API request of an address counts against max × addressFactor (default 10). */
  addressFactor?: number;
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

/** The session the request's signed cookie names (a digest: counters never hold a session id), else its address. */
export function limitKey(request: FastifyRequest, sessionCookie: string): string {
  const session = signedCookieValue(request, sessionCookie);
  if (session !== null) return `session:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`;
  return `address:${clientKey(request)}`;
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
      keyGenerator: (req) => limitKey(req, opts.sessionCookie),
      errorResponseBuilder: () => httpError('RATE_LIMITED'),
    });
    const addressCeiling = app.createRateLimit({
      max: opts.max * (opts.addressFactor ?? 10),
      timeWindow: opts.timeWindowMs,
      keyGenerator: (req) => `ceiling:${clientKey(req)}`,
    });
    app.addHook('onRequest', async (request) => {
      if (!isApiRoute(request)) return;
      const limit = await addressCeiling(request);
      if (!limit.isAllowed && limit.isExceeded) throw httpError('RATE_LIMITED', { retryAfterSeconds: limit.ttlInSeconds });
    });
  },
  { name: 'external-rate-limit', dependencies: ['@fastify/cookie'] },
);
