import { isBlank } from '../support';
import type { RequiredRule, RuleAdapter } from '../types';

export const REQUIRED_RULE = 'required';

export const requiredAdapter: RuleAdapter<RequiredRule> = {
  type: REQUIRED_RULE,
  checksBlank: true,
  validate: (value) => (isBlank(value) ? { key: 'LocKey_Validation_Required' } : null),
  isRequired: () => true,
};
