import { describe, expect, it } from 'vitest';
import { acceptModelConfigs, camelCase, camelCaseKeys } from '../../../runtime/core/models';
import { DevError } from '../../../runtime/core/errors';
import { CONFIGS } from './fixtures';

describe('accepting the server model configs', () => {
  it('accepts entries that carry metadataHash, metadata.dtoMapping and fields', () => {
    expect(acceptModelConfigs(CONFIGS)).toEqual(CONFIGS);
  });

  it('rejects an entry without metadataHash, naming its index and what is missing', () => {
    const bad = [CONFIGS[0], { metadata: { formType: 'Automotive', dtoMapping: 'X' }, fields: {} }];
    expect(() => acceptModelConfigs(bad)).toThrow(new DevError('MODEL_CONFIG_REJECTED', 'Model config rejected: entry 1 has no metadataHash'));
  });

  it('rejects an entry without metadata.dtoMapping or fields, listing every problem', () => {
    const bad = [{ metadataHash: 'h', metadata: { formType: 'Automotive' }, fields: {} }, { metadataHash: 'h', metadata: { dtoMapping: 'A' } }, null];
    try {
      acceptModelConfigs(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DevError);
      expect((e as DevError).code).toBe('MODEL_CONFIG_REJECTED');
      expect((e as DevError).message).toBe(
        'Model config rejected: entry 0 has no metadata.dtoMapping; entry 1 has no fields; entry 2 has no metadataHash, metadata.dtoMapping, fields',
      );
    }
  });

  it('camel-cases dtoMappings and prepopulated keys', () => {
    expect(camelCase('ClaimantInfo')).toBe('claimantInfo');
    expect(camelCase('claimTransactions')).toBe('claimTransactions');
    expect(camelCaseKeys({ FirstName: 'Maria', MailingCity: 'Oakland' })).toEqual({ firstName: 'Maria', mailingCity: 'Oakland' });
  });
});
