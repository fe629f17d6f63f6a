import { ianaZoneFor, isoLocalAsUtc, timeZoneHint } from '../dates';
import { devError } from '../errors';
import { deadlineInstant } from './instant';
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
  const known: readonly string[] = DEADLINE_KEYS;
  return known.includes(key);
}

/** Per-culture shape: a project time zone at the top, deadlines with deadlineDateTime. */
export function isPerCultureDeadlines(response: DeadlinesResponse): response is PerCultureDeadlinesResponse {
  return typeof (response as PerCultureDeadlinesResponse).timeZone === 'string';
}

/** Legacy 'MM/dd/yyyy' read as the end of that day (23:59:59) in the deadline's zone. */
function legacyLocal(value: string): string {
  const m = LEGACY_DATE.exec(value.trim());
  if (!m) throw devError('INVALID_DATE_FORMAT', value);
  return checkedLocal(`${m[3]}-${m[1]}-${m[2]}T23:59:59`);
}

/** The local date-time as given, once it is known to be one ('Invalid date format' otherwise). */
function checkedLocal(isoLocal: string): string {
  isoLocalAsUtc(isoLocal);
  return isoLocal.trim();
}

function fromPerCulture(response: PerCultureDeadlinesResponse): DeadlineSettings {
  const zone = ianaZoneFor(response.timeZone);
  const settings: DeadlineSettings = {};
  for (const [key, entry] of Object.entries(response.deadlines ?? {})) {
    if (!isDeadlineKey(key) || !entry) continue;
    settings[key] = {
      zone,
      local: checkedLocal(entry.deadlineDateTime),
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
      zone: ianaZoneFor(entry.timeZone),
      local: legacyLocal(entry.deadline),
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

/**
 * The deadline zone names that are neither one of spec §5's names nor an IANA zone, in either
 * shape: where each is ('/timeZone', or '/deadlines/<key>/timeZone' in the legacy shape), the
 * 'Unknown time zone' message and how to fix it.
 */
export function unknownDeadlineZones(response: DeadlinesResponse): Array<{ pointer: string; message: string; hint: string }> {
  const named = isPerCultureDeadlines(response)
    ? [{ pointer: '/timeZone', zone: response.timeZone }]
    : Object.entries(response.deadlines ?? {}).map(([key, entry]) => ({ pointer: `/deadlines/${key}/timeZone`, zone: entry?.timeZone }));
  return named.flatMap(({ pointer, zone }) => {
    try {
      ianaZoneFor(String(zone));
      return [];
    } catch (err) {
      return [{ pointer, message: (err as Error).message, hint: timeZoneHint(String(zone)) }];
    }
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The deadline dates of either shape that are no day of the calendar ('2027-06-31T23:59:59',
 * '02/29/2027'): a pattern lets each through, and the server would only find out at start-up.
 * Where each is ('/deadlines/<key>/deadlineDateTime' or '/deadlines/<key>/deadline'), what is
 * wrong and how many days its month has.
 */
export function impossibleDeadlineDates(response: DeadlinesResponse): Array<{ pointer: string; message: string; hint: string }> {
  const perCulture = isPerCultureDeadlines(response);
  return Object.entries(response.deadlines ?? {}).flatMap(([key, entry]) => {
    if (!entry) return [];
    const value = perCulture ? (entry as { deadlineDateTime: string }).deadlineDateTime : (entry as { deadline: string }).deadline;
    const pointer = `/deadlines/${key}/${perCulture ? 'deadlineDateTime' : 'deadline'}`;
    try {
      if (perCulture) checkedLocal(String(value));
      else legacyLocal(String(value));
      return [];
    } catch {
      const parts = perCulture ? /^(\d{4})-(\d{2})/.exec(String(value)) : /^(\d{2})\/\d{2}\/(\d{4})/.exec(String(value));
      const [year, month] = parts ? (perCulture ? [parts[1], parts[2]] : [parts[2], parts[1]]) : [];
      const days = year && month ? new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate() : undefined;
      const monthName = month ? MONTHS[Number(month) - 1] : undefined;
      const shape = perCulture ? 'YYYY-MM-DDTHH:mm:ss' : 'MM/dd/yyyy';
      return [{
        pointer,
        message: `${JSON.stringify(value)} is not a date that exists`,
        hint: days && monthName ? `${monthName} ${year} has ${days} days; write a real date as ${shape}` : `write a real date as ${shape}`,
      }];
    }
  });
}

/**
 * The deadlines that close after the global deadline: a form whose deadlineKeys name both closes at
 * the global deadline, so such a date is never reached there (a year typed wrong, most often).
 * Where each is, what is wrong and how to fix it; nothing while a date or zone cannot be read (told
 * by the checks above).
 */
export function deadlinesAfterGlobal(response: DeadlinesResponse): Array<{ pointer: string; message: string; hint: string }> {
  let settings: DeadlineSettings;
  try {
    settings = normalizeDeadlines(response);
  } catch {
    return [];
  }
  const global = settings.globalDeadline;
  if (!global) return [];
  const closes = deadlineInstant(global).getTime();
  const field = isPerCultureDeadlines(response) ? 'deadlineDateTime' : 'deadline';
  return DEADLINE_KEYS.flatMap((key) => {
    const setting = settings[key];
    if (key === 'globalDeadline' || !setting || deadlineInstant(setting).getTime() <= closes) return [];
    return [{
      pointer: `/deadlines/${key}/${field}`,
      message: `${key} (${setting.local}) is after globalDeadline (${global.local}), which comes first: a form whose deadlineKeys name both closes then, and never reaches this date`,
      hint: `make it no later than globalDeadline, or move globalDeadline`,
    }];
  });
}
