import { devError } from '../errors';

/** A calendar day with no time and no zone: what a claimant types into a date field. */
export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** The date input formats spec §5 accepts; any other is an error. */
export const USER_DATE_FORMATS = ['M/d/yyyy', 'M/dd/yyyy', 'MM/d/yyyy', 'MM/dd/yyyy'] as const;

// One or two digits for month and day, exactly four for the year: covers the four formats above.
// Not tempo's parse: it reads '1/1/20201' as 1/1/2020 and a month 0 as January, where these formats refuse both.
const USER_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids any local-zone effect.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses a claimant's date in M/d/yyyy, M/dd/yyyy, MM/d/yyyy or MM/dd/yyyy.
 * Returns null for any other shape ('2024-01-01', '1/1/24') and for days that do not exist ('02/30/2024').
 * Surrounding whitespace is ignored.
 */
export function parseUserDate(value: string): CalendarDate | null {
  const match = USER_DATE.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  return isValidCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** parseUserDate that raises INVALID_DATE_FORMAT instead of returning null. */
export function parseUserDateStrict(value: string): CalendarDate {
  const date = parseUserDate(value);
  if (!date) throw devError('INVALID_DATE_FORMAT', value);
  return date;
}

const TOKEN = /yyyy|MM|M|dd|d/g;

/**
 * Parses a value in one explicit format built from the tokens yyyy, MM, M, dd, d; every other
 * character must appear literally. MM and dd need two digits, M and d take one or two.
 * Used by the validDate rule, whose formats come from the server.
 */
export function parseDateInFormat(value: string, format: string): CalendarDate | null {
  const { pattern, order } = compiledFormat(format);
  const parsed = pattern.exec(value.trim());
  if (!parsed || !order.includes('yyyy') || !order.some((t) => t.startsWith('M')) || !order.some((t) => t.startsWith('d'))) return null;
  const parts: Record<string, number> = {};
  order.forEach((token, i) => {
    parts[token[0] as string] = Number(parsed[i + 1]);
  });
  const date = { year: parts.y ?? 0, month: parts.M ?? 0, day: parts.d ?? 0 };
  return isValidCalendarDate(date.year, date.month, date.day) ? date : null;
}

/**
 * Why a date format of the validDate rule could never read a date, or null when it can: it needs
 * one year (yyyy), one month (M or MM) and one day (d or dd), and no other letters (which are read
 * literally: "DD/MM/YYYY" would refuse every date).
 */
export function dateFormatProblem(format: string): string | null {
  const tokens = [...format.matchAll(TOKEN)].map((m) => m[0]);
  const letters = format.replace(TOKEN, '').match(/[A-Za-z]+/g);
  if (letters) return `"${format}" has ${letters.map((l) => `"${l}"`).join(', ')}, which is not a date part: write the year as yyyy, the month as M or MM, the day as d or dd`;
  const count = (first: string) => tokens.filter((t) => t.startsWith(first)).length;
  const missing = [count('y') === 1 ? '' : 'one year (yyyy)', count('M') === 1 ? '' : 'one month (M or MM)', count('d') === 1 ? '' : 'one day (d or dd)'].filter(Boolean);
  return missing.length ? `"${format}" needs ${missing.join(', ')}` : null;
}

/** A format's pattern and the order of its tokens, built once per format (a settlement has a few; at most this many kept). */
const COMPILED_FORMATS_KEPT = 64;
const compiledFormats = new Map<string, { pattern: RegExp; order: string[] }>();

function compiledFormat(format: string): { pattern: RegExp; order: string[] } {
  const kept = compiledFormats.get(format);
  if (kept) return kept;
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    source += escapeRegExp(format.slice(last, match.index)) + tokenPattern(match[0]);
    order.push(match[0]);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(format.slice(last));
  const compiled = { pattern: new RegExp(`^${source}$`), order };
  if (compiledFormats.size >= COMPILED_FORMATS_KEPT) compiledFormats.clear();
  compiledFormats.set(format, compiled);
  return compiled;
}

function tokenPattern(token: string): string {
  if (token === 'yyyy') return '(\\d{4})';
  if (token === 'MM' || token === 'dd') return '(\\d{2})';
  return '(\\d{1,2})';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Negative when a is before b, 0 on the same day, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function isSameDate(a: CalendarDate, b: CalendarDate): boolean {
  return compareDates(a, b) === 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** MM/dd/yyyy, the format dates are stored and submitted in: 03/07/2026. */
export function formatDate(date: CalendarDate): string {
  return `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;
}

/** M/d/yyyy, the format of dates inside validation messages: 3/7/2026. */
export function formatShortDate(date: CalendarDate): string {
  return `${date.month}/${date.day}/${pad(date.year, 4)}`;
}

/** yyyy-MM-dd, for building ISO local date-times (deadlines, zone conversion). */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The day after (or before, with a negative count) in the calendar, ignoring zones. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
