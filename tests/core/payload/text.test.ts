import { describe, expect, it } from 'vitest';
import { isStorableText, jsonNestedDeeperThan, MAX_JSON_DEPTH, unstorableTextPaths } from '../../../runtime/core/payload';

describe('storable text', () => {
  it('refuses NUL and surrogates without their pair; accepts every other character, emoji included', () => {
    expect(isStorableText('María García-O\'Neil 😀 \t\n')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\ud800a')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });

  it('finds such text in values and property names, by path', () => {
    const model = { clientId: 'x', fields: { firstName: 'a\u0000', 'b\u0000': null, list: ['ok', '\udc00'] } };
    expect(unstorableTextPaths(model, 'claimantInfo')).toEqual(['claimantInfo.fields.firstName', 'claimantInfo.fields.?', 'claimantInfo.fields.list[1]']);
    expect(unstorableTextPaths({ data: new Uint8Array([0, 0]) }, 'file')).toEqual([]);
  });
});

describe('JSON nesting', () => {
  it('counts objects and lists, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan('[{"fields":{"a":"[[[[[[[[[[[[[[[[[[[[[[[["}}]')).toBe(false);
    expect(jsonNestedDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonNestedDeeperThan(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":"\\"{{{{{{{{{{{{{{{{{{{{{{{{"}')).toBe(false);
    expect(jsonNestedDeeperThan('['.repeat(100_000))).toBe(true);
  });
});
