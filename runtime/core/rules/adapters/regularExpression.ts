import { asText, checkPattern } from '../support';
import type { RegularExpressionRule, RuleAdapter } from '../types';

export const REGULAR_EXPRESSION_RULE = 'regularExpression';

// Patterns come from the model configs: a handful, each compiled once.
const compiled = new Map<string, RegExp>();
function wholeValue(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, (re = new RegExp(`^(?:${pattern})$`)));
  return re;
}

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
