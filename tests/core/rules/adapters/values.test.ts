import { describe, expect, it } from 'vitest';
import { check, context } from '../context';

describe('range over numbers', () => {
  const rule = { type: 'range', min: '0.01', max: '50,000.00' };

  it('accepts masked numbers between min and max, inclusive', () => {
    expect(check('0.01', rule)).toEqual([]);
    expect(check('1,234.50', rule)).toEqual([]);
    expect(check('50,000.00', rule)).toEqual([]);
    expect(check(20, rule)).toEqual([]);
  });

  it("rejects others: 'The value must be between {min} and {max}'", () => {
    expect(check('0.00', rule)).toEqual(['The value must be between 0.01 and 50,000.00']);
    expect(check('50,000.01', rule)).toEqual(['The value must be between 0.01 and 50,000.00']);
    expect(check('abc', { type: 'range', min: 1, max: 10 })).toEqual(['The value must be between 1 and 10']);
  });
});

describe('maxLength', () => {
  it("bounds the number of characters: 'The maximum length allowed is {max}'", () => {
    const rule = { type: 'maxLength', max: 3 };
    expect(check('abc', rule)).toEqual([]);
    expect(check('abcd', rule)).toEqual(['The maximum length allowed is 3']);
    expect(check('é😀x', rule)).toEqual([]);
  });
});

describe('characterSetRestriction', () => {
  const rule = { type: 'characterSetRestriction' };
  const whitelist = context({ whitelist: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZé0123456789 .,' });

  it('accepts text made of whitelisted characters (and line breaks)', () => {
    expect(check('José 12, Apt. 4', rule, whitelist)).toEqual([]);
    expect(check('line one\nline two', rule, whitelist)).toEqual([]);
  });

  it('lists each offending character once after the restricted-characters text', () => {
    expect(check('a<b>c<', rule, whitelist)).toEqual(['The following characters are not allowed: < >']);
    expect(check('ok 😀', rule, whitelist)).toEqual(['The following characters are not allowed: 😀']);
  });

  it('checks the text as the claimant sees it: an accent typed as its own mark after the letter is the whitelisted accented letter', () => {
    expect(check('Jose\u0301 12', rule, whitelist)).toEqual([]);
    expect(check('Zoe\u0308', rule, whitelist)).toEqual(['The following characters are not allowed: ë']);
  });

  it('names a refused character the claimant cannot see by its code point and what it is', () => {
    expect(check('12\u00a0Main St', rule, whitelist)).toEqual(['The following characters are not allowed: U+00A0 (a special space)']);
    expect(check('Ana\u200d\u202eabc\u202c', rule, whitelist)).toEqual([
      'The following characters are not allowed: U+200D (an invisible character) U+202E (an invisible character) U+202C (an invisible character)',
    ]);
    expect(check('a\tb', rule, whitelist)).toEqual(['The following characters are not allowed: U+0009 (an invisible character)']);
    expect(check('q\u0301', rule, whitelist)).toEqual(['The following characters are not allowed: U+0301 (an accent mark on its own)']);
  });

  it("names them in the claimant's language", () => {
    const es: Record<string, string> = { LocKey_Validation_RestrictedCharacters: 'Los siguientes caracteres no están permitidos:', LocKey_Validation_UnseenSpace: '{0} (un espacio especial)' };
    const spanish = context({ whitelist: 'abc ', t: (key, ...args) => es[key]?.replace('{0}', String(args[0])) });
    expect(check('a\u3000b', rule, spanish)).toEqual(['Los siguientes caracteres no están permitidos: U+3000 (un espacio especial)']);
  });

  it('restricts nothing while no whitelist is available', () => {
    expect(check('<script>', rule)).toEqual([]);
  });
});

describe('regularExpression', () => {
  const vin = { type: 'regularExpression', pattern: '^[A-HJ-NPR-Z0-9]{17}$' };

  it('must match the pattern, with the invalid-value text', () => {
    expect(check('5EXMA1B20HC000101', vin)).toEqual([]);
    expect(check('5EXMA1B20HC00010I', vin)).toEqual(['The value is not valid']);
  });

  it('matches the whole value even when the pattern is not anchored', () => {
    expect(check('123', { type: 'regularExpression', pattern: '\\d+' })).toEqual([]);
    expect(check('a123', { type: 'regularExpression', pattern: '\\d+' })).toEqual(['The value is not valid']);
  });
});

describe('mustBeTrue', () => {
  const rule = { type: 'mustBeTrue' };

  it('must be true; missing passes', () => {
    expect(check(true, rule)).toEqual([]);
    expect(check('true', rule)).toEqual([]);
    expect(check(null, rule)).toEqual([]);
    expect(check(false, rule)).toEqual(['Check this box to continue']);
  });
});

describe('mustBeTrueIf', () => {
  const rule = { type: 'mustBeTrueIf', otherProperty: 'paymentMethod', value: 'electronic' };

  it('must be true while the condition applies, and then missing fails', () => {
    const applies = context({ own: { paymentMethod: 'electronic' } });
    expect(check(true, rule, applies)).toEqual([]);
    expect(check(false, rule, applies)).toEqual(['Check this box to continue']);
    expect(check(null, rule, applies)).toEqual(['Check this box to continue']);
  });

  it('passes anything while the condition does not apply', () => {
    expect(check(false, rule, context({ own: { paymentMethod: 'check' } }))).toEqual([]);
    expect(check(null, rule, context())).toEqual([]);
  });
});

describe('compare', () => {
  const rule = { type: 'compare', otherProperty: 'claimantInfo.emailAddress' };
  const ctx = context({ models: { claimantInfo: { emailAddress: 'maria.garcia@example.com' } } });

  it("must equal the other property's value", () => {
    expect(check('maria.garcia@example.com ', rule, ctx)).toEqual([]);
    expect(check('maria@example.com', rule, ctx)).toEqual(['The values do not match']);
  });

  it('lets a blank confirmation pass (required rules catch it)', () => {
    expect(check('', rule, ctx)).toEqual([]);
  });
});
