import { describe, expect, it } from 'vitest';
import { isOneOf, isRecord, keysOf, messageOf, propertyOf } from '../../runtime/core/guards';

describe('narrowing helpers', () => {
  it('takes plain objects as records, never null, lists or other values', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], ['a'], 'text', 3, true]) expect(isRecord(value)).toBe(false);
  });

  it("reads a caught value's property only when it is an object that has it", () => {
    const error = Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' });
    expect(propertyOf(error, 'code')).toBe('SQLITE_BUSY');
    expect(propertyOf(error, 'message')).toBe('busy');
    expect(propertyOf(error, 'statusCode')).toBeUndefined();
    for (const value of [null, undefined, 'SQLITE_BUSY', 42]) expect(propertyOf(value, 'code')).toBeUndefined();
  });

  it("tells a caught value's message: an error's own, else the value as text", () => {
    expect(messageOf(new TypeError('bad input'))).toBe('bad input');
    expect(messageOf({ message: 'from a library' })).toBe('from a library');
    expect(messageOf('plain text')).toBe('plain text');
    expect(messageOf(undefined)).toBe('undefined');
  });

  it('narrows a text to one of a list of literals', () => {
    const themes = ['default', 'ftc'] as const;
    expect(isOneOf(themes, 'ftc')).toBe(true);
    expect(isOneOf(themes, 'FTC')).toBe(false);
    expect(isOneOf(themes, '')).toBe(false);
  });

  it('lists the own keys of a record in their order', () => {
    expect(keysOf({ b: 1, a: 2 })).toEqual(['b', 'a']);
    expect(keysOf({})).toEqual([]);
  });
});
