import { compareDates, formatShortDate, parseUserDate } from '../../dates';
import { asText, checkProperty, readOther } from '../support';
import type { EndDateRule, RuleAdapter } from '../types';
import { isFailure, readDateValue } from './dateValue';

export const END_DATE_RULE = 'endDate';

export const endDateAdapter: RuleAdapter<EndDateRule> = {
  type: END_DATE_RULE,
  validate(value, rule, ctx) {
    const date = readDateValue(value);
    if (isFailure(date)) return date;
    // No usable start date yet: the start field reports its own problem.
    const start = parseUserDate(asText(readOther(ctx, rule.startDateProperty)));
    if (!start) return null;
    const order = compareDates(date, start);
    if (rule.inclusive ? order >= 0 : order > 0) return null;
    return { key: rule.inclusive ? 'LocKey_Validation_EndDateInclusive' : 'LocKey_Validation_EndDate', args: [formatShortDate(start)] };
  },
  checkParams: (rule) => checkProperty('startDateProperty', rule.startDateProperty),
};
