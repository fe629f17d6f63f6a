import { devError } from '../errors';
import type { CalendarDate } from './calendar';
import { nearestName } from '../flow/nearest';

/** User-entered dates and per-culture deadlines are in Pacific time (spec §9). */
export const PROJECT_TIME_ZONE = 'America/Los_Angeles';

/** Deadline time-zone names of spec §5 (legacy deadline shape) and the IANA zone each means. */
export const DEADLINE_TIME_ZONES: Readonly<Record<string, string>> = {
  Pacific: 'America/Los_Angeles',
  Mountain: 'America/Denver',
  Central: 'America/Chicago',
  Eastern: 'America/New_York',
  Atlantic: 'America/Halifax',
  Newfoundland: 'America/St_Johns',
  Alaskan: 'America/Anchorage',
  'Hawaii-Aleutian': 'Pacific/Honolulu',
  Aleutian: 'America/Adak',
  Yukon: 'America/Whitehorse',
  Arizona: 'America/Phoenix',
  'Indiana East': 'America/Indiana/Indianapolis',
  Saskatchewan: 'America/Regina',
};

/** How a zone is named in deadlines: one of spec §5's names, or the IANA name itself. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

let listedZones: ReadonlySet<string> | undefined;

/** Whether `name` is an IANA zone this runtime has rules for ('America/New_York', 'UTC'). */
export function isIanaZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  // supportedValuesOf lists the canonical zones without creating an Intl object (none may be made while a start page loads).
  listedZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  if (listedZones.has(name)) return true;
  try {
    wallClockIn(name); // aliases and 'UTC' are not listed: the zone's rules decide
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone of a deadline time-zone name: one of spec §5's names ('Eastern') or an IANA zone
 * name as is ('America/New_York'). Any other name is 'Unknown time zone'.
 */
export function ianaZoneFor(name: string): string {
  const zone = Object.hasOwn(DEADLINE_TIME_ZONES, name) ? DEADLINE_TIME_ZONES[name] : isIanaZone(name) ? name : undefined;
  if (!zone) throw devError('UNKNOWN_TIME_ZONE', name);
  return zone;
}

const folded = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** How to fix an unknown deadline zone name: the nearest known name, else what is accepted. */
export function timeZoneHint(name: string): string {
  const spec = Object.keys(DEADLINE_TIME_ZONES);
  const iana = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const known = [...spec, ...Object.values(DEADLINE_TIME_ZONES), ...iana];
  const near = known.find((k) => folded(k) === folded(name)) ?? nearestName(name, known);
  const accepted = `use one of spec §5's names (${spec.join(', ')}) or an IANA zone name such as "America/New_York"`;
  return near ? `did you mean "${near}"? Or ${accepted}` : accepted;
}

// Offsets are Intl's rather than tempo's offset(): the same values, without tempo's ~3 KB gz on every start page.
// A claim's rules ask about the same few instants again and again: offsets are kept, and one formatter per zone.
const offsetCache = new Map<string, number>();
const OFFSETS_KEPT = 64;
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The formatter that reads an instant's wall-clock time in `zone` (throws RangeError for a zone the runtime has no rules for). */
function wallClockIn(zone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallClocks.set(zone, clock);
  }
  return clock;
}

/** The wall-clock time in `zone` at a whole-second instant, read as if it were UTC, in milliseconds. */
function wallClockAt(second: number, zone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClockIn(zone).formatToParts(second)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const utc = new Date(0);
  utc.setUTCFullYear(parts.era === 'BC' ? 1 - year : year, Number(parts.month) - 1, Number(parts.day));
  utc.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return utc.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (Pacific in winter: -8 h); kept per whole second. */
function offsetAt(utcMs: number, zone: string): number {
  const second = Math.floor(utcMs / 1000) * 1000;
  const key = `${zone}|${second}`;
  let ms = offsetCache.get(key);
  if (ms === undefined) {
    try {
      ms = wallClockAt(second, zone) - second;
    } catch {
      throw devError('UNKNOWN_TIME_ZONE', zone);
    }
    if (offsetCache.size >= OFFSETS_KEPT) offsetCache.delete(offsetCache.keys().next().value!);
    offsetCache.set(key, ms);
  }
  return ms;
}

/** The calendar date in `zone` at instant `now`: 2026-01-01T05:00Z is still 12/31/2025 in Pacific. */
export function todayInZone(now: Date, zone: string = PROJECT_TIME_ZONE): CalendarDate {
  const wall = new Date(now.getTime() + offsetAt(now.getTime(), zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/**
 * A local date-time without offset ('2027-06-30T23:59:59', or a bare date meaning midnight) read
 * as if it were UTC, in milliseconds: checks the text without needing any zone's rules. Throws
 * 'Invalid date format' when it is not such a date-time.
 */
export function isoLocalAsUtc(isoLocal: string): number {
  const m = ISO_LOCAL.exec(isoLocal.trim());
  if (!m) throw devError('INVALID_DATE_FORMAT', isoLocal);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number, number, number, number, number, number,
  ];
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate() || hour > 23 || minute > 59 || second > 59) {
    throw devError('INVALID_DATE_FORMAT', isoLocal);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * No zone is a day or more away from UTC, so a local date-time read in any zone lies strictly
 * within a day of the same text read as UTC: whether an instant is before or after it is known
 * without the zone's rules unless the two are that close.
 */
export const MAX_ZONE_OFFSET_MS = 86_400_000;

/**
 * Converts a local date-time without offset ('2027-06-30T23:59:59', or a bare date meaning
 * midnight) read in `ianaZone` to the UTC instant. DST-correct: in the autumn overlap the earlier
 * instant is chosen; a time skipped in spring is read with the offset before the change
 * (02:30 becomes 03:30), as clocks do.
 */
export function zonedLocalToUtc(isoLocal: string, ianaZone: string): Date {
  // Not tempo's tzDate: it reads the text in the device's zone and takes the offset there, an hour off around a change.
  const localAsUtc = isoLocalAsUtc(isoLocal);
  // Try the offsets in force a day either side; keep the candidates whose wall clock matches.
  const offsets = new Set([offsetAt(localAsUtc - 86_400_000, ianaZone), offsetAt(localAsUtc + 86_400_000, ianaZone)]);
  const exact = [...offsets].map((o) => localAsUtc - o).filter((t) => offsetAt(t, ianaZone) === localAsUtc - t);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Skipped local time (spring forward): use the offset from before the change.
  return new Date(localAsUtc - offsetAt(localAsUtc - 86_400_000, ianaZone));
}
