import { parseUserDate, type CalendarDate } from '../../dates';
import type { FieldValue } from '../../types';
import { asText } from '../support';
import type { RuleFailure } from '../types';

/** The failure every date rule reports for a value outside the four accepted formats. */
export const MALFORMED_DATE: RuleFailure = { key: 'LocKey_Validation_InvalidDate', malformed: true };

/** A claimant's date value, or the malformed-date failure. */
export function readDateValue(value: FieldValue): CalendarDate | RuleFailure {
  return parseUserDate(asText(value)) ?? MALFORMED_DATE;
}

export function isFailure(result: CalendarDate | RuleFailure): result is RuleFailure {
  return 'key' in result;
}
