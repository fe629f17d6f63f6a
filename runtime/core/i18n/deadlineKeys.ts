import { PROJECT_TIME_ZONE } from '../dates';
import { DEADLINE_KEYS, type Culture, type DeadlineKey, type DeadlineSettings } from '../types';
import type { Dictionary } from './translator';

/** The four date formats of spec §9, by key suffix. */
export const DEADLINE_KEY_FORMATS = ['ShortDate', 'LongDate', 'FullDateZone', 'MonthDayYear'] as const;
export type DeadlineKeyFormat = (typeof DEADLINE_KEY_FORMATS)[number];

/** 'claimFilingDeadline', 'LongDate' -> 'LocKey_Deadline_ClaimFilingDeadline_LongDate'. */
export function deadlineKeyName(deadline: DeadlineKey, format: DeadlineKeyFormat): string {
  return `LocKey_Deadline_${deadline.charAt(0).toUpperCase()}${deadline.slice(1)}_${format}`;
}

/** The Intl locale of a culture: dates read as in the United States, in that language. */
export function intlLocale(culture: Culture): string {
  return culture.includes('-') ? culture : `${culture}-US`;
}

/** Formats one instant in the four formats, in the culture's language and the given zone. */
export function formatDeadline(instant: Date, culture: Culture, zone: string = PROJECT_TIME_ZONE): Record<DeadlineKeyFormat, string> {
  const locale = intlLocale(culture);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    // MM/dd/yyyy whatever the culture.
    ShortDate: `${part('month')}/${part('day')}/${part('year')}`,
    // June 30, 2027 / 30 de junio de 2027
    LongDate: new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: 'long' }).format(instant),
    // Wednesday, June 30, 2027 at 11:59 PM PDT
    FullDateZone: new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(instant),
    // Jun 30, 2027 / 30 jun 2027
    MonthDayYear: new Intl.DateTimeFormat(locale, { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' }).format(instant),
  };
}

/**
 * Dynamic localizations (spec §9): for each deadline present, one key per date format, e.g.
 * LocKey_Deadline_ClaimFilingDeadline_ShortDate = '06/30/2027'. Merge into the culture's texts.
 */
export function deadlineLocalizations(settings: DeadlineSettings, culture: Culture, zone: string = PROJECT_TIME_ZONE): Dictionary {
  const out: Dictionary = {};
  for (const key of DEADLINE_KEYS) {
    const setting = settings[key];
    if (!setting) continue;
    const formatted = formatDeadline(setting.deadline, culture, zone);
    for (const format of DEADLINE_KEY_FORMATS) out[deadlineKeyName(key, format)] = formatted[format];
  }
  return out;
}
