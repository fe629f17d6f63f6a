/** Cookie parsing and signing; the session cookie is signed with the session secret. */
import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type CookieReader = Pick<FastifyRequest, 'cookies' | 'unsignCookie'>;

const unsignedByRequest = new WeakMap<CookieReader, Map<string, string | null>>();

/**
 * The value of a validly signed cookie of the request, else null. Checked once per request and
 * cookie name (the rate limit's key and the session both read the session cookie), since each
 * check is an HMAC.
 */
export function signedCookieValue(request: CookieReader, name: string): string | null {
  let known = unsignedByRequest.get(request);
  const seen = known?.get(name);
  if (seen !== undefined) return seen;
  const raw = request.cookies?.[name];
  let value: string | null = null;
  if (raw) {
    const unsigned = request.unsignCookie(raw);
    value = unsigned.valid && unsigned.value ? unsigned.value : null;
  }
  if (!known) unsignedByRequest.set(request, (known = new Map()));
  known.set(name, value);
  return value;
}

export default fp<{ secret: string }>(
  async (app, opts) => {
    await app.register(cookie, { secret: opts.secret, hook: 'onRequest' });
  },
  { name: 'external-cookie' },
);
