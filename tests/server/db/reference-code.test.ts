import { describe, expect, it } from 'vitest';
import { generateReferenceCode, isValidReferenceCode, REFERENCE_ALPHABET } from '../../../server/db/reference-code.js';

describe('reference codes', () => {
  it('use a prefix per form type and an alphabet without 0, O, 1, I or L', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 200; i++) {
      const code = generateReferenceCode('Automotive');
      expect(code).toMatch(/^AUT-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{9}$/);
      expect(isValidReferenceCode(code)).toBe(true);
    }
    expect(generateReferenceCode('Exclusion').startsWith('EXC-')).toBe(true);
  });

  it('catch every single wrong character and every swap of two neighbours', () => {
    const code = generateReferenceCode('Automotive');
    const body = code.slice(4);
    for (let i = 0; i < body.length; i++) {
      for (const c of REFERENCE_ALPHABET) {
        if (c === body[i]) continue;
        expect(isValidReferenceCode(`AUT-${body.slice(0, i)}${c}${body.slice(i + 1)}`)).toBe(false);
      }
      if (i + 1 < body.length && body[i] !== body[i + 1]) {
        expect(isValidReferenceCode(`AUT-${body.slice(0, i)}${body[i + 1]}${body[i]}${body.slice(i + 2)}`)).toBe(false);
      }
    }
  });

  it('reject unknown prefixes and malformed text', () => {
    expect(isValidReferenceCode('XYZ-23456789A')).toBe(false);
    expect(isValidReferenceCode('AUT-2345')).toBe(false);
    expect(isValidReferenceCode('')).toBe(false);
  });
});
