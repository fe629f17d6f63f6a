import { parseUserDate, type CalendarDate } from '../../dates';
import type { FieldValue } from '../../types';
import { asText } from '../support';
import type { RuleFailure } from '../types';

/** The day date messages show as an example: a claimant sees how to write a date, not a format list. */
const EXAMPLE_DATE = { year: 2016, month: 3, day: 15 };

/** The example date written in a format of the tokens yyyy, MM, M, dd, d: 'M/d/yyyy' -> '3/15/2016'. */
export function dateExample(format = 'M/d/yyyy'): string {
  const { year, month, day } = EXAMPLE_DATE;
  const parts: Record<string, string> = { yyyy: String(year), MM: String(month).padStart(2, '0'), M: String(month), dd: String(day).padStart(2, '0'), d: String(day) };
  return format.replace(/yyyy|MM|M|dd|d/g, (token) => parts[token] ?? token);
}

/** The failure every date rule reports for a value outside the four accepted formats ({0}: an example date). */
export const MALFORMED_DATE: RuleFailure = { key: 'LocKey_Validation_InvalidDate', args: [dateExample()], malformed: true };

/** A claimant's date value, or the malformed-date failure. */
export function readDateValue(value: FieldValue): CalendarDate | RuleFailure {
  return parseUserDate(asText(value)) ?? MALFORMED_DATE;
}

export function isFailure(result: CalendarDate | RuleFailure): result is RuleFailure {
  return 'key' in result;
}
