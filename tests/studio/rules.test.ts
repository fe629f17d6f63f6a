import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_KINDS } from '../../runtime/core/rules/registry';
import { COMMON_RULE_PROPERTIES, kindsOfParameter, ruleParameters, withKindParameters } from '../../studio/app/rules';
import { ROOT } from './settlement-copy';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/model-config.schema.json'), 'utf8')) as {
  definitions: { rule: { properties: Record<string, { description: string }>; allOf: Array<{ if: { properties: { type: { const: string } } }; then: { required: string[] } }> } };
};
const rule = schema.definitions.rule;

describe("a rule's form shows the parameters of its kind", () => {
  it("reads each parameter's kinds from its description in the schema", () => {
    expect(kindsOfParameter('range: upper bound; maxLength: the maximum number of characters.')).toEqual(['range', 'maxLength']);
    expect(ruleParameters('range')).toEqual(['min', 'max', 'dataType']);
    expect(ruleParameters('requiredIf')).toEqual(['otherProperty', 'value', 'operator']);
    expect(ruleParameters('endDate')).toEqual(['startDateProperty', 'inclusive']);
    expect(ruleParameters('required')).toEqual([]);
    expect(ruleParameters(undefined)).toEqual([]);
  });

  it('gives every parameter of the schema to at least one kind, and every kind the parameters the schema requires of it', () => {
    for (const name of Object.keys(rule.properties)) {
      if ((COMMON_RULE_PROPERTIES as readonly string[]).includes(name)) continue;
      expect(kindsOfParameter(rule.properties[name]!.description), name).not.toEqual([]);
    }
    for (const condition of rule.allOf) {
      const kind = condition.if.properties.type.const;
      expect(RULE_KINDS).toContain(kind);
      for (const required of condition.then.required) expect(ruleParameters(kind), `${kind} needs ${required}`).toContain(required);
    }
  });
});

describe('a rule whose kind changes', () => {
  it('keeps only the parameters of its new kind, and leaves the other rules as they were', () => {
    const before = [{ type: 'range', min: 1, max: 5, messageKey: 'LocKey_X' }, { type: 'maxLength', max: 30 }];
    expect(withKindParameters(before, [{ type: 'required', min: 1, max: 5, messageKey: 'LocKey_X' }, { type: 'maxLength', max: 31 }])).toEqual([
      { type: 'required', messageKey: 'LocKey_X' },
      { type: 'maxLength', max: 31 },
    ]);
    expect(withKindParameters(before, [{ type: 'maxLength', min: 1, max: 5 }])).toEqual([{ type: 'maxLength', max: 5 }]);
  });
});
