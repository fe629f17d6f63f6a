/** Cookie parsing and signing; the session cookie is signed with the session secret. */
import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type CookieReader = Pick<FastifyRequest, 'cookies' | 'unsignCookie'>;

const unsignedByRequest = new WeakMap<CookieReader, Map<string, string | null>>();
/** Validly signed values remembered at most (per server): past it the memory is emptied and the values checked again. */
const MAX_VERIFIED = 10_000;
/**
 * The validly signed cookies seen last, by the server's unsign function (one per secret): the
 * session cookie comes back on every request of its session. Only a text found valid is kept, so
 * a hit is the very text that was checked.
 */
const verifiedBySigner = new WeakMap<CookieReader['unsignCookie'], Map<string, string>>();

function verifiedValue(request: CookieReader, raw: string): string | null {
  let verified = verifiedBySigner.get(request.unsignCookie);
  const known = verified?.get(raw);
  if (known !== undefined) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  if (!verified) verifiedBySigner.set(request.unsignCookie, (verified = new Map()));
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(raw, unsigned.value);
  return unsigned.value;
}

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
  const value = raw ? verifiedValue(request, raw) : null;
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
