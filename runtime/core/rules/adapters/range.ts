import { compareDates, formatShortDate, parseUserDate } from '../../dates';
import { looksLikeDateParam, parseDateParam, parseNumber } from '../support';
import type { RuleConfig } from '../../types';
import type { RangeRule, RuleAdapter } from '../types';
import { isFailure, readDateValue } from './dateValue';

export const RANGE_RULE = 'range';

/** True when the range compares dates: declared so, a dateTime field, or min/max written as dates. */
export function isDateRange(rule: RuleConfig, fieldDataType?: string): boolean {
  if (rule.dataType) return rule.dataType === 'dateTime';
  if (fieldDataType === 'dateTime') return true;
  return looksLikeDateParam(rule.min) || looksLikeDateParam(rule.max);
}

export const rangeAdapter: RuleAdapter<RangeRule> = {
  type: RANGE_RULE,
  validate(value, rule, ctx, options) {
    if (isDateRange(rule, options.dataType)) {
      const date = readDateValue(value);
      if (isFailure(date)) return date;
      const min = parseDateParam(rule.min, ctx.now);
      const max = parseDateParam(rule.max, ctx.now);
      if ((min && compareDates(date, min) < 0) || (max && compareDates(date, max) > 0)) {
        return { key: 'LocKey_Validation_DateBetween', args: [min ? formatShortDate(min) : '', max ? formatShortDate(max) : ''] };
      }
      return null;
    }
    const n = parseNumber(value);
    const min = parseNumber(rule.min);
    const max = parseNumber(rule.max);
    if (Number.isNaN(n) || (!Number.isNaN(min) && n < min) || (!Number.isNaN(max) && n > max)) {
      return { key: 'LocKey_Validation_NumberBetween', args: [String(rule.min), String(rule.max)] };
    }
    return null;
  },
  checkParams(rule) {
    const problems: string[] = [];
    if (rule.dataType !== undefined && rule.dataType !== 'dateTime' && rule.dataType !== 'number') problems.push(`dataType must be 'dateTime' or 'number'`);
    const dates = rule.dataType === 'dateTime' || (rule.dataType === undefined && (looksLikeDateParam(rule.min) || looksLikeDateParam(rule.max)));
    for (const bound of ['min', 'max'] as const) {
      const ok = dates ? looksLikeDateParam(rule[bound]) : !Number.isNaN(parseNumber(rule[bound]));
      if (!ok) problems.push(`${bound} must be ${dates ? "a date (MM/dd/yyyy) or 'today'" : 'a number'}`);
    }
    if (problems.length) return problems;
    // A min past the max accepts nothing: every claim would be refused on this field. ('today'
    // moves, so a bound of today is not compared.)
    const fixedDate = (bound: unknown) => (typeof bound === 'string' && bound.trim().toLowerCase() !== 'today' ? parseUserDate(bound) : null);
    const [min, max] = dates ? [fixedDate(rule.min), fixedDate(rule.max)] : [null, null];
    if (min && max ? compareDates(min, max) > 0 : !dates && parseNumber(rule.min) > parseNumber(rule.max)) {
      problems.push(`min (${String(rule.min)}) is ${dates ? 'after' : 'greater than'} max (${String(rule.max)}): no answer is in the range`);
    }
    return problems;
  },
};
