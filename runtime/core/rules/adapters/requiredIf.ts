import { checkOperator, checkProperty, conditionHolds, isBlank } from '../support';
import type { RequiredIfRule, RuleAdapter } from '../types';

export const REQUIRED_IF_RULE = 'requiredIf';

export const requiredIfAdapter: RuleAdapter<RequiredIfRule> = {
  type: REQUIRED_IF_RULE,
  checksBlank: true,
  validate: (value, rule, ctx) => (isBlank(value) && conditionHolds(ctx, rule) ? { key: 'LocKey_Validation_RequiredIf' } : null),
  isRequired: (rule, ctx) => conditionHolds(ctx, rule),
  checkParams: (rule) => [
    ...checkProperty('otherProperty', rule.otherProperty),
    ...checkOperator(rule.operator),
    ...(rule.value === undefined ? ['value must be given (null means empty)'] : []),
  ],
};
