import { checkOperator, checkProperty, conditionHolds, isTrue } from '../support';
import type { MustBeTrueIfRule, RuleAdapter } from '../types';

export const MUST_BE_TRUE_IF_RULE = 'mustBeTrueIf';

/** While the condition holds the value must be true, and missing fails too. */
export const mustBeTrueIfAdapter: RuleAdapter<MustBeTrueIfRule> = {
  type: MUST_BE_TRUE_IF_RULE,
  checksBlank: true,
  validate: (value, rule, ctx) => (!conditionHolds(ctx, rule) || isTrue(value) ? null : { key: 'LocKey_Validation_MustBeTrue' }),
  checkParams: (rule) => [
    ...checkProperty('otherProperty', rule.otherProperty),
    ...checkOperator(rule.operator),
    ...(rule.value === undefined ? ['value must be given (null means empty)'] : []),
  ],
};
