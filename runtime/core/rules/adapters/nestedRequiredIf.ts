import { checkOperator, checkProperty, conditionHolds, isBlank } from '../support';
import type { NestedRequiredIfRule, RuleAdapter, RuleContext } from '../types';

export const NESTED_REQUIRED_IF_RULE = 'nestedRequiredIf';

function holds(rule: NestedRequiredIfRule, ctx: RuleContext): boolean {
  const results = rule.conditions.map((c) => conditionHolds(ctx, c));
  return (rule.join ?? 'And') === 'Or' ? results.some(Boolean) : results.length > 0 && results.every(Boolean);
}

export const nestedRequiredIfAdapter: RuleAdapter<NestedRequiredIfRule> = {
  type: NESTED_REQUIRED_IF_RULE,
  checksBlank: true,
  validate: (value, rule, ctx) => (isBlank(value) && holds(rule, ctx) ? { key: 'LocKey_Validation_RequiredIf' } : null),
  isRequired: holds,
  checkParams(rule) {
    if (!Array.isArray(rule.conditions) || rule.conditions.length < 1 || rule.conditions.length > 2) return ['conditions must hold one or two conditions'];
    const problems = rule.conditions.flatMap((c, i) => [
      ...checkProperty(`conditions[${i}].otherProperty`, c?.otherProperty),
      ...checkOperator(c?.operator),
      ...(c?.value === undefined ? [`conditions[${i}].value must be given (null means empty)`] : []),
    ]);
    if (rule.join !== undefined && rule.join !== 'And' && rule.join !== 'Or') problems.push(`join must be 'And' or 'Or'`);
    return problems;
  },
};
