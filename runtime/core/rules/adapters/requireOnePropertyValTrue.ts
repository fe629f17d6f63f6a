import { isTrue, readOther } from '../support';
import type { RequireOnePropertyValTrueRule, RuleAdapter } from '../types';

export const REQUIRE_ONE_PROPERTY_VAL_TRUE_RULE = 'requireOnePropertyValTrue';

export const requireOnePropertyValTrueAdapter: RuleAdapter<RequireOnePropertyValTrueRule> = {
  type: REQUIRE_ONE_PROPERTY_VAL_TRUE_RULE,
  // A group of checkboxes none of which is ticked is "missing": the rule must see it.
  checksBlank: true,
  validate: (_value, rule, ctx) => (rule.properties.some((p) => isTrue(readOther(ctx, p))) ? null : { key: 'LocKey_Validation_RequireOne' }),
  checkParams: (rule) =>
    Array.isArray(rule.properties) && rule.properties.length > 0 && rule.properties.every((p) => typeof p === 'string')
      ? []
      : ['properties must list at least one property'],
};
