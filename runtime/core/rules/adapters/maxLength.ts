import { asText, parseNumber } from '../support';
import type { MaxLengthRule, RuleAdapter } from '../types';

export const MAX_LENGTH_RULE = 'maxLength';

export const maxLengthAdapter: RuleAdapter<MaxLengthRule> = {
  type: MAX_LENGTH_RULE,
  validate(value, rule) {
    const max = parseNumber(rule.max);
    // Counted in characters as the claimant sees them, not UTF-16 units.
    return [...asText(value)].length <= max ? null : { key: 'LocKey_Validation_MaxLength', args: [max] };
  },
  checkParams: (rule) => (Number.isInteger(parseNumber(rule.max)) && parseNumber(rule.max) >= 0 ? [] : ['max must be a whole number']),
};
