import { asText, checkPattern, compiledPattern } from '../support';
import type { RegularExpressionRule, RuleAdapter } from '../types';

export const REGULAR_EXPRESSION_RULE = 'regularExpression';

const wholeValue = (pattern: string): RegExp => compiledPattern(`^(?:${pattern})$`);

export const regularExpressionAdapter: RuleAdapter<RegularExpressionRule> = {
  type: REGULAR_EXPRESSION_RULE,
  validate(value, rule) {
    // The whole value must match, as the server's regular-expression attribute requires,
    // so an unanchored pattern cannot be satisfied by a fragment.
    const matches = wholeValue(rule.pattern).test(asText(value));
    return matches ? null : { key: 'LocKey_Validation_InvalidValue' };
  },
  checkParams: (rule) => checkPattern(rule.pattern),
};
