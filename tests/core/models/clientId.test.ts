import { describe, expect, it } from 'vitest';
import { CLIENT_ID_PATTERN, createClientId, createIdSource } from '../../../runtime/core/models';

describe('client ids', () => {
  it('are the prefix, a 7-digit zero-padded sequence and 8 random characters from a-z0-9', () => {
    expect(createClientId('clm', 12, () => 0)).toBe('clm0000012aaaaaaaa');
    expect(createClientId('doc', 1234567, () => 0.999999)).toBe('doc123456799999999');
    const id = createClientId('clm', 3, Math.random);
    expect(id).toMatch(/^clm0000003[a-z0-9]{8}$/);
    expect(id).toMatch(CLIENT_ID_PATTERN);
  });

  it('come from a source that keeps the sequence', () => {
    const source = createIdSource(() => 0.5);
    expect(source.next()).toBe('clm0000001ssssssss');
    expect(source.next()).toBe('clm0000002ssssssss');
    expect(source.next('doc')).toBe('doc0000003ssssssss');
  });

  it('are unique with the default random source', () => {
    const source = createIdSource();
    const seen = new Set(Array.from({ length: 200 }, () => source.next()));
    expect(seen.size).toBe(200);
  });
});
