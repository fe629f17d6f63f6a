import { compareDates, todayInZone } from '../../dates';
import type { PreventFutureDateRule, RuleAdapter } from '../types';
import { isFailure, readDateValue } from './dateValue';

export const PREVENT_FUTURE_DATE_RULE = 'preventFutureDate';

export const preventFutureDateAdapter: RuleAdapter<PreventFutureDateRule> = {
  type: PREVENT_FUTURE_DATE_RULE,
  validate(value, rule, ctx) {
    const date = readDateValue(value);
    if (isFailure(date)) return date;
    const order = compareDates(date, todayInZone(ctx.now));
    if (rule.inclusive ? order <= 0 : order < 0) return null;
    return { key: rule.inclusive ? 'LocKey_Validation_FutureDateInclusive' : 'LocKey_Validation_FutureDate' };
  },
};
