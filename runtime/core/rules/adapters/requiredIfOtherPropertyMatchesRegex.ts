import { asText, checkPattern, checkProperty, compiledPattern, isBlank, readOther } from '../support';
import type { RequiredIfOtherPropertyMatchesRegexRule, RuleAdapter, RuleContext } from '../types';

export const REQUIRED_IF_OTHER_PROPERTY_MATCHES_REGEX_RULE = 'requiredIfOtherPropertyMatchesRegex';

function holds(rule: RequiredIfOtherPropertyMatchesRegexRule, ctx: RuleContext): boolean {
  const other = readOther(ctx, rule.otherProperty);
  return !isBlank(other) && compiledPattern(rule.pattern).test(asText(other));
}

export const requiredIfOtherPropertyMatchesRegexAdapter: RuleAdapter<RequiredIfOtherPropertyMatchesRegexRule> = {
  type: REQUIRED_IF_OTHER_PROPERTY_MATCHES_REGEX_RULE,
  checksBlank: true,
  validate: (value, rule, ctx) => (isBlank(value) && holds(rule, ctx) ? { key: 'LocKey_Validation_RequiredIf' } : null),
  isRequired: holds,
  checkParams: (rule) => [...checkProperty('otherProperty', rule.otherProperty), ...checkPattern(rule.pattern)],
};
