/** Unguessable values (session ids, CSRF secrets, single-use values) are never handed out twice, across the pool's refills. */
import { describe, expect, it } from 'vitest';
import { randomText } from '../../server/random-text.js';

describe('randomText', () => {
  it('gives values of the asked length in base64url, each different, across many refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      for (const bytes of [9, 12, 16, 32]) {
        const value = randomText(bytes);
        expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(value).toHaveLength(Math.ceil((bytes * 4) / 3));
        seen.add(value);
      }
    }
    expect(seen.size).toBe(20_000);
  });

  it('refuses more than its pool holds rather than repeating bytes', () => {
    expect(() => randomText(4097)).toThrow(RangeError);
  });
});
