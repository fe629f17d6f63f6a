import { formatDate, PROJECT_TIME_ZONE, todayInZone } from '../dates';
import { deadlineInstant } from '../deadlines/instant';
import { DEADLINE_KEYS, type Culture, type DeadlineKey, type DeadlineSettings } from '../types';

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

// Intl's date styles rather than tempo's format(): the same texts in en and es, without tempo's ~3 KB gz on every start page.
// A formatter is costly to make (the server names the zone in every receipt): one per locale, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, zone: string, style: 'long' | 'medium' | 'fullShort' | 'zoneName'): Intl.DateTimeFormat {
  const memo = `${locale}|${zone}|${style}`;
  let made = formatters.get(memo);
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      style === 'zoneName' ? { timeZoneName: 'short' } : style === 'fullShort' ? { dateStyle: 'full', timeStyle: 'short' } : { dateStyle: style };
    formatters.set(memo, (made = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  }
  return made;
}

/** The zone's short name at the instant ('PDT', 'EST'), in the culture's words. */
function zoneAbbreviation(instant: Date, locale: string, zone: string): string {
  return formatter(locale, zone, 'zoneName').formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** One instant in one format of spec §9, in the culture's language and the given zone. */
export function formatInstant(instant: Date, culture: Culture, zone: string, format: DeadlineKeyFormat): string {
  const locale = intlLocale(culture);
  const at = (style: 'long' | 'medium' | 'fullShort') => formatter(locale, zone, style).format(instant);
  switch (format) {
    // MM/dd/yyyy whatever the culture: the calendar date in the zone, without a locale's formatters.
    case 'ShortDate':
      return formatDate(todayInZone(instant, zone));
    // June 30, 2027 / 30 de junio de 2027
    case 'LongDate':
      return at('long');
    // Wednesday, June 30, 2027 at 11:59 PM PDT
    case 'FullDateZone':
      return `${at('fullShort')} ${zoneAbbreviation(instant, locale, zone)}`.trimEnd();
    // Jun 30, 2027 / 30 jun 2027
    case 'MonthDayYear':
      return at('medium');
  }
}

/** Formats one instant in the four formats of spec §9, in the culture's language and the given zone. */
export function formatDeadline(instant: Date, culture: Culture, zone: string = PROJECT_TIME_ZONE): Record<DeadlineKeyFormat, string> {
  return Object.fromEntries(DEADLINE_KEY_FORMATS.map((format) => [format, formatInstant(instant, culture, zone, format)])) as Record<DeadlineKeyFormat, string>;
}

const DEADLINE_TEXT_KEYS = new Map(DEADLINE_KEYS.flatMap((deadline) => DEADLINE_KEY_FORMATS.map((format) => [deadlineKeyName(deadline, format), { deadline, format }] as const)));

/** The deadline and date format a key such as LocKey_Deadline_ClaimFilingDeadline_ShortDate names, or null. */
export function parseDeadlineTextKey(key: string): { deadline: DeadlineKey; format: DeadlineKeyFormat } | null {
  return DEADLINE_TEXT_KEYS.get(key) ?? null;
}

const formattedDeadlines = new Map<string, Record<DeadlineKeyFormat, string>>();

/**
 * Dynamic localizations (spec §9): the text of a deadline key such as
 * LocKey_Deadline_ClaimFilingDeadline_ShortDate ('06/30/2027'), or undefined when the key names
 * no deadline date or its deadline is not configured. Shown in the deadline's own zone (the
 * settlement's project zone, or a legacy deadline's zone), as configured. Worked out when a text
 * asks for it, not when the culture loads: a page's first date formatter is a long task, and most
 * pages name no deadline date.
 */
export function deadlineText(key: string, settings: DeadlineSettings, culture: Culture): string | undefined {
  const named = parseDeadlineTextKey(key);
  const setting = named ? settings[named.deadline] : undefined;
  if (!named || !setting) return undefined;
  const memo = `${setting.zone}|${setting.local}|${culture}`;
  let formatted = formattedDeadlines.get(memo);
  if (!formatted) {
    formatted = formatDeadline(deadlineInstant(setting), culture, setting.zone);
    formattedDeadlines.set(memo, formatted);
  }
  return formatted[named.format];
}
