import { describe, expect, it } from 'vitest';
import type { FieldConfig, ModelConfig } from '../../../runtime/core/types';
import { fieldGroupReads } from '../../../runtime/core/view/field-reads';
import { CONFIGS } from './fixtures';

describe('the other models a group of fields reads', () => {
  it("are those its dependencies and its rules (the flow's and the model config's) name", () => {
    const config: ModelConfig = {
      ...CONFIGS[0]!,
      fields: { ...CONFIGS[0]!.fields, note: { dataType: 'string', validations: [{ type: 'requiredIf', otherProperty: 'vehicle.isSold', value: 'true' }] } },
    };
    const fields: FieldConfig[] = [
      { key: 'note', widget: 'text', label: 'Note', dependencies: [{ when: { any: [{ scope: 'credentials.noticeId', schema: { type: 'string' } }, { not: { scope: 'phone', schema: { const: '1' } } }] } }] },
      { key: 'phone', widget: 'text', label: 'Phone', validations: [{ type: 'compare', otherProperty: 'claimantInfo.phoneNumber' }] },
      { key: 'isCurrentOwner', widget: 'text', label: 'Owner', validations: [{ type: 'requireOnePropertyValTrue', properties: ['ownershipType', 'signature.agree'] }] },
    ];
    expect([...fieldGroupReads(fields, config)].sort()).toEqual(['claimantInfo', 'credentials', 'signature', 'vehicle']);
  });

  it('are none when its fields read only their own model', () => {
    const fields: FieldConfig[] = [{ key: 'disposalDate', widget: 'date', label: 'Disposal', dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'false' } } }] }];
    expect(fieldGroupReads(fields, CONFIGS[0]!).size).toBe(0);
    expect(fieldGroupReads(fields, null).size).toBe(0);
  });
});
