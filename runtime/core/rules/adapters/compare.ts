import { asText, checkProperty, readOther } from '../support';
import type { CompareRule, RuleAdapter } from '../types';

export const COMPARE_RULE = 'compare';

/** The value equals another property's, both trimmed: confirmEmailAddress equals 'claimantInfo.emailAddress'. */
export const compareAdapter: RuleAdapter<CompareRule> = {
  type: COMPARE_RULE,
  validate: (value, rule, ctx) =>
    asText(value).trim() === asText(readOther(ctx, rule.otherProperty)).trim() ? null : { key: 'LocKey_Validation_Compare' },
  checkParams: (rule) => checkProperty('otherProperty', rule.otherProperty),
};
