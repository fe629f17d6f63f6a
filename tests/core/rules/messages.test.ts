import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES, formatMessage } from '../../../runtime/core/rules/messages';

const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

describe('rule messages', () => {
  it('quote the English fallbacks of spec §5 word for word', () => {
    expect(formatMessage(RULE_MESSAGES.LocKey_Validation_NumberBetween!.en, 1, 5)).toBe('The value must be between 1 and 5');
    expect(formatMessage(RULE_MESSAGES.LocKey_Validation_MaxLength!.en, 10)).toBe('The maximum length allowed is 10');
    expect(RULE_MESSAGES.LocKey_Validation_Required!.en).toBe('Enter an answer');
    expect(RULE_MESSAGES.LocKey_Validation_RequiredIf!.en).toBe('Enter an answer');
    expect(RULE_MESSAGES.LocKey_Validation_RequireOne!.en).toBe('At least one option is required.');
  });

  it('have a Spanish text with the same placeholders for every key', () => {
    for (const [key, { en, es }] of Object.entries(RULE_MESSAGES)) {
      expect(key).toMatch(/^LocKey_Validation_/);
      expect(es.length, key).toBeGreaterThan(0);
      expect(es, key).not.toBe(en);
      expect(placeholders(es), key).toEqual(placeholders(en));
    }
  });

  it('fill numbered placeholders and leave unknown ones as written', () => {
    expect(formatMessage('{1} before {0}, {2}', 'a', 'b')).toBe('b before a, {2}');
  });
});
