/**
 * The settlement's deadlines as UTC instants, and which deadlines guard each form (spec §2's
 * route table): the server refuses authorize and submit once one of them has passed.
 */
import { ianaZoneFor, zonedLocalToUtc } from '../../runtime/core/dates/index.js';
import type { DeadlineKey, FormType } from '../../runtime/core/types.js';
import type { DeadlinesFile } from './load.js';

/** Deadline keys checked, in order, for each form type (spec §2). */
export const FORM_DEADLINE_KEYS: Record<FormType, DeadlineKey[]> = {
  Automotive: ['claimFilingDeadline', 'globalDeadline'],
  Lookup: ['lookupFilingDeadline', 'globalDeadline'],
  Exclusion: ['exclusionFilingDeadline', 'globalDeadline'],
};

/**
 * Each configured deadline as a UTC instant. Per-culture: the local date-time in the file's
 * zone. Legacy (MM/dd/yyyy): the end of that day (23:59:59) in the deadline's own zone.
 * Throws the core's 'Unknown time zone' / 'Invalid date format' error on a bad value.
 */
export function deadlineInstants(deadlines: DeadlinesFile): Partial<Record<DeadlineKey, Date>> {
  const out: Partial<Record<DeadlineKey, Date>> = {};
  if (deadlines.shape === 'perCulture') {
    const zone = ianaZoneFor(deadlines.body.timeZone);
    for (const [key, d] of Object.entries(deadlines.body.deadlines)) out[key as DeadlineKey] = zonedLocalToUtc(d.deadlineDateTime, zone);
  } else {
    for (const [key, d] of Object.entries(deadlines.body.deadlines)) {
      const [mm, dd, yyyy] = d.deadline.split('/');
      out[key as DeadlineKey] = zonedLocalToUtc(`${yyyy}-${mm}-${dd}T23:59:59`, ianaZoneFor(d.timeZone));
    }
  }
  return out;
}

/** The first deadline of the form that has passed at `now`, or null while the form is open. */
export function passedDeadline(instants: Partial<Record<DeadlineKey, Date>>, formType: FormType, now: number): DeadlineKey | null {
  for (const key of FORM_DEADLINE_KEYS[formType]) {
    const at = instants[key];
    if (at && now > at.getTime()) return key;
  }
  return null;
}
