/**
 * The settlement's deadlines as UTC instants (through the core's normalizeDeadlines, the same
 * conversion the browser makes), and the check of a form's deadline keys (each flow's
 * `deadlineKeys`, spec §2's route table): the server refuses authorize and submit once one of
 * them has passed.
 */
import { deadlineInstant, normalizeDeadlines, unknownDeadlineZones } from '../../runtime/core/deadlines/index.js';
import { keysOf } from '../../runtime/core/guards.js';
import type { DeadlineKey } from '../../runtime/core/types.js';
import type { DeadlinesFile } from './load.js';

export type DeadlineInstants = Partial<Record<DeadlineKey, Date>>;

/**
 * Each configured deadline as a UTC instant. Per-culture: the local date-time in the file's
 * zone. Legacy (MM/dd/yyyy): the end of that day (23:59:59) in the deadline's own zone.
 * Throws the core's 'Unknown time zone' / 'Invalid date format' error on a bad value.
 */
export function deadlineInstants(deadlines: DeadlinesFile): DeadlineInstants {
  const out: DeadlineInstants = {};
  const settings = normalizeDeadlines(deadlines.body);
  for (const key of keysOf(settings)) {
    const setting = settings[key];
    if (setting) out[key] = deadlineInstant(setting);
  }
  return out;
}

/** The deadline zones neither spec §5 nor the zone rules know: where each is, 'Unknown time zone' and how to fix it. */
export function unknownZones(deadlines: DeadlinesFile): Array<{ pointer: string; message: string }> {
  return unknownDeadlineZones(deadlines.body).map(({ pointer, message, hint }) => ({ pointer, message: `${message} (${hint})` }));
}

/** The first of the form's deadline keys (in order) that has passed at `now`, or null while the form is open. */
export function passedDeadline(instants: DeadlineInstants, deadlineKeys: readonly DeadlineKey[], now: number): DeadlineKey | null {
  for (const key of deadlineKeys) {
    const at = instants[key];
    if (at && now > at.getTime()) return key;
  }
  return null;
}
