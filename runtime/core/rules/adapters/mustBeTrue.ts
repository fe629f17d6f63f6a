import { isTrue } from '../support';
import type { MustBeTrueRule, RuleAdapter } from '../types';

export const MUST_BE_TRUE_RULE = 'mustBeTrue';

/** Missing (blank) passes; false fails. An unticked checkbox stores false, so it fails. */
export const mustBeTrueAdapter: RuleAdapter<MustBeTrueRule> = {
  type: MUST_BE_TRUE_RULE,
  validate: (value) => (isTrue(value) ? null : { key: 'LocKey_Validation_MustBeTrue' }),
};
