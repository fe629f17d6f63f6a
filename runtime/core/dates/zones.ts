import { devError } from '../errors';
import type { CalendarDate } from './calendar';

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

/** The IANA zone of a deadline time-zone name; any name outside spec §5's list is 'Unknown time zone'. */
export function ianaZoneFor(name: string): string {
  const zone = Object.hasOwn(DEADLINE_TIME_ZONES, name) ? DEADLINE_TIME_ZONES[name] : undefined;
  if (!zone) throw devError('UNKNOWN_TIME_ZONE', name);
  return zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw devError('UNKNOWN_TIME_ZONE', zone);
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

// A claim's rules ask about the same few instants again and again; formatToParts is the costly part.
const wallClocks = new Map<string, Readonly<WallClock>>();
const WALL_CLOCKS_KEPT = 64;

/** The wall-clock reading in `zone` at instant `utcMs` (to the second: kept per whole second). */
function wallClockAt(utcMs: number, zone: string): Readonly<WallClock> {
  const second = Math.floor(utcMs / 1000) * 1000;
  const key = `${zone}|${second}`;
  const known = wallClocks.get(key);
  if (known) return known;
  const wall = computeWallClock(second, zone);
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.delete(wallClocks.keys().next().value!);
  wallClocks.set(key, wall);
  return wall;
}

function computeWallClock(utcMs: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (Pacific in winter: -8 h). */
function offsetAt(utcMs: number, zone: string): number {
  const w = wallClockAt(utcMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** The calendar date in `zone` at instant `now`: 2026-01-01T05:00Z is still 12/31/2025 in Pacific. */
export function todayInZone(now: Date, zone: string = PROJECT_TIME_ZONE): CalendarDate {
  const { year, month, day } = wallClockAt(now.getTime(), zone);
  return { year, month, day };
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
  const localAsUtc = isoLocalAsUtc(isoLocal);
  // Try the offsets in force a day either side; keep the candidates whose wall clock matches.
  const offsets = new Set([offsetAt(localAsUtc - 86_400_000, ianaZone), offsetAt(localAsUtc + 86_400_000, ianaZone)]);
  const exact = [...offsets].map((o) => localAsUtc - o).filter((t) => offsetAt(t, ianaZone) === localAsUtc - t);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Skipped local time (spring forward): use the offset from before the change.
  return new Date(localAsUtc - offsetAt(localAsUtc - 86_400_000, ianaZone));
}
