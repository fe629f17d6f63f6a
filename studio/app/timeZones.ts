/**
 * The time zones a deadline may name, for a searchable list: spec §5's names first (each with the
 * IANA zone it means), then every IANA zone name this browser knows.
 */
import { DEADLINE_TIME_ZONES } from '../../runtime/core/dates/zones';

export interface TimeZoneChoice {
  /** What deadlines.json holds: "Eastern", "America/New_York". */
  value: string;
  /** What the list shows beside it: the IANA zone a spec name means. */
  hint?: string;
}

export function timeZoneChoices(): TimeZoneChoice[] {
  const spec = Object.entries(DEADLINE_TIME_ZONES).map(([value, hint]) => ({ value, hint }));
  const iana = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...spec, ...iana.map((value) => ({ value }))];
}
