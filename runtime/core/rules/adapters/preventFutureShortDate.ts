import { compareDates, todayInZone } from '../../dates';
import type { PreventFutureShortDateRule, RuleAdapter } from '../types';
import { isFailure, readDateValue } from './dateValue';

export const PREVENT_FUTURE_SHORT_DATE_RULE = 'preventFutureShortDate';

/** A short date (an accepted date format) not after today in Pacific time. */
export const preventFutureShortDateAdapter: RuleAdapter<PreventFutureShortDateRule> = {
  type: PREVENT_FUTURE_SHORT_DATE_RULE,
  validate(value, _rule, ctx) {
    const date = readDateValue(value);
    if (isFailure(date)) return date;
    return compareDates(date, todayInZone(ctx.now)) <= 0 ? null : { key: 'LocKey_Validation_FutureDateInclusive' };
  },
};
