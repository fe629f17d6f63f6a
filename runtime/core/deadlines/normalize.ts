import { ianaZoneFor, zonedLocalToUtc } from '../dates';
import { devError } from '../errors';
import {
  DEADLINE_KEYS,
  type DeadlineKey,
  type DeadlineSettings,
  type DeadlinesResponse,
  type LegacyDeadlinesResponse,
  type PerCultureDeadlinesResponse,
} from '../types';

const LEGACY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isDeadlineKey(key: string): key is DeadlineKey {
  return (DEADLINE_KEYS as readonly string[]).includes(key);
}

/** Per-culture shape: a project time zone at the top, deadlines with deadlineDateTime. */
export function isPerCultureDeadlines(response: DeadlinesResponse): response is PerCultureDeadlinesResponse {
  return typeof (response as PerCultureDeadlinesResponse).timeZone === 'string';
}

/** Legacy 'MM/dd/yyyy' read as the end of that day (23:59:59) in the deadline's zone. */
function legacyDeadline(value: string, ianaZone: string): Date {
  const m = LEGACY_DATE.exec(value.trim());
  if (!m) throw devError('INVALID_DATE_FORMAT', value);
  return zonedLocalToUtc(`${m[3]}-${m[1]}-${m[2]}T23:59:59`, ianaZone);
}

function fromPerCulture(response: PerCultureDeadlinesResponse): DeadlineSettings {
  const zone = ianaZoneFor(response.timeZone);
  const settings: DeadlineSettings = {};
  for (const [key, entry] of Object.entries(response.deadlines ?? {})) {
    if (!isDeadlineKey(key) || !entry) continue;
    settings[key] = {
      deadline: zonedLocalToUtc(entry.deadlineDateTime, zone),
      redirectUrls: { ...(entry.redirectUrl ?? {}) },
    };
  }
  return settings;
}

function fromLegacy(response: LegacyDeadlinesResponse): DeadlineSettings {
  const settings: DeadlineSettings = {};
  for (const [key, entry] of Object.entries(response.deadlines ?? {})) {
    if (!isDeadlineKey(key) || !entry) continue;
    settings[key] = {
      deadline: legacyDeadline(entry.deadline, ianaZoneFor(entry.timeZone)),
      redirectUrls: entry.redirectUrl ? { default: entry.redirectUrl } : {},
    };
  }
  return settings;
}

/**
 * Normalises GET /api/deadlines (spec §7) into deadline settings (spec §3), whichever shape it
 * has: per-culture (project time zone name + ISO local deadlineDateTime + redirect per culture) or
 * legacy (time zone name + MM/dd/yyyy per deadline, the end of that day, one redirect as default).
 * Zone names outside spec §5's list raise UNKNOWN_TIME_ZONE ('Unknown time zone'); keys other
 * than the four deadline keys are ignored.
 */
export function normalizeDeadlines(response: DeadlinesResponse): DeadlineSettings {
  return isPerCultureDeadlines(response) ? fromPerCulture(response) : fromLegacy(response);
}

/** The IANA zone deadlines are shown in: the per-culture project zone, else the first legacy zone, else Pacific. */
export function deadlinesDisplayZone(response: DeadlinesResponse): string {
  if (isPerCultureDeadlines(response)) return ianaZoneFor(response.timeZone);
  const first = Object.values(response.deadlines ?? {})[0];
  return ianaZoneFor(first?.timeZone ?? 'Pacific');
}
