/**
 * PIN hashes. A PIN has 10⁶ values, so no hash cost keeps a stolen table safe; a key does. New
 * hashes are HMAC-SHA256 keyed by the server's PIN secret (PIN_SECRET, never stored in the
 * database) with a per-row salt: `hmac-sha256$<key id>$<salt>$<mac>` (base64). Rows written
 * before keep their own format, `scrypt$N$r$p$salt$hash`, are still verified, and are re-hashed
 * with the key on the first successful check (`needsRehash`). docs/decisions/011-pin-hashing.md.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt N of the hashes written before PINs were keyed (verification of those rows only). */
export const DEFAULT_SCRYPT_COST = 16384;
const KEY_LENGTH = 32;
const HMAC_PREFIX = 'hmac-sha256';

/** The minimum length of a PIN secret (32 characters, like SESSION_SECRET). */
export const MIN_PIN_SECRET_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes and verifies PINs with one server secret. */
export interface PinHasher {
  /** A new keyed hash of `pin` with a fresh salt. */
  hash(pin: string): string;
  /**
   * Constant-time check of `pin` against a stored hash (keyed or scrypt). `needsRehash` is true
   * when the PIN matched a hash that is not keyed with this secret's current format.
   */
  verify(pin: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }>;
}

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export function createPinHasher(secret: string): PinHasher {
  if (typeof secret !== 'string' || secret.length < MIN_PIN_SECRET_LENGTH) {
    throw new Error(`The PIN secret must be at least ${MIN_PIN_SECRET_LENGTH} characters`);
  }
  // Names the key in each hash (not secret: an HMAC output), so a hash made with another secret
  // is recognised as such instead of looking like a wrong PIN.
  const keyId = createHmac('sha256', secret).update('pin-key-id').digest('base64url').slice(0, 8);
  const mac = (salt: Buffer, pin: string) => createHmac('sha256', secret).update(salt).update(pin.normalize('NFC')).digest();

  return {
    hash(pin) {
      const salt = randomBytes(16);
      return `${HMAC_PREFIX}$${keyId}$${salt.toString('base64')}$${mac(salt, pin).toString('base64')}`;
    },
    async verify(pin, stored) {
      const [prefix, kid, saltB64, macB64, ...more] = stored.split('$');
      if (prefix === HMAC_PREFIX && kid !== undefined && saltB64 !== undefined && macB64 !== undefined && more.length === 0) {
        const ok = equal(mac(Buffer.from(saltB64, 'base64'), pin), Buffer.from(macB64, 'base64')) && kid === keyId;
        return { ok, needsRehash: false };
      }
      const ok = await verifyScryptHash(pin, stored);
      return { ok, needsRehash: ok };
    },
  };
}

/** A scrypt hash in the format written before PINs were keyed (tests and migration checks). */
export async function hashPinScrypt(pin: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, { N: cost, r: 8, p: 1 });
  return `scrypt$${cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time check of `pin` against a scrypt hash; false for a malformed hash. */
export async function verifyScryptHash(pin: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, saltB64, keyB64, ...more] = stored.split('$');
  if (prefix !== 'scrypt' || n === undefined || r === undefined || p === undefined || saltB64 === undefined || keyB64 === undefined || more.length > 0) return false;
  const expected = Buffer.from(keyB64, 'base64');
  try {
    const actual = await derive(pin, Buffer.from(saltB64, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
    return equal(actual, expected);
  } catch {
    return false;
  }
}
