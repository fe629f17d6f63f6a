import { describe, expect, it } from 'vitest';
import { DEADLINE_KEY_FORMATS, deadlineKeyName, deadlineText } from '../../../runtime/core/i18n';
import type { DeadlineSettings } from '../../../runtime/core/types';

// 2027-06-30T23:59:59 Pacific (daylight time) and 2027-12-31T23:59:59 Pacific (standard time).
const settings: DeadlineSettings = {
  claimFilingDeadline: { zone: 'America/Los_Angeles', local: '2027-06-30T23:59:59', redirectUrls: {} },
  globalDeadline: { zone: 'America/Los_Angeles', local: '2027-12-31T23:59:59', redirectUrls: {} },
};

/** Every deadline key's text, as a claimant's page would ask for them. */
const texts = (s: DeadlineSettings, culture: string) => {
  const out: Record<string, string> = {};
  for (const deadline of ['globalDeadline', 'lookupFilingDeadline', 'exclusionFilingDeadline', 'claimFilingDeadline'] as const) {
    for (const format of DEADLINE_KEY_FORMATS) {
      const key = deadlineKeyName(deadline, format);
      const text = deadlineText(key, s, culture);
      if (text !== undefined) out[key] = text;
    }
  }
  return out;
};

describe('deadlineText', () => {
  it('gives each deadline four keys in the formats of spec §9, in English', () => {
    expect(texts(settings, 'en')).toEqual({
      LocKey_Deadline_GlobalDeadline_ShortDate: '12/31/2027',
      LocKey_Deadline_GlobalDeadline_LongDate: 'December 31, 2027',
      LocKey_Deadline_GlobalDeadline_FullDateZone: 'Friday, December 31, 2027 at 11:59 PM PST',
      LocKey_Deadline_GlobalDeadline_MonthDayYear: 'Dec 31, 2027',
      LocKey_Deadline_ClaimFilingDeadline_ShortDate: '06/30/2027',
      LocKey_Deadline_ClaimFilingDeadline_LongDate: 'June 30, 2027',
      LocKey_Deadline_ClaimFilingDeadline_FullDateZone: 'Wednesday, June 30, 2027 at 11:59 PM PDT',
      LocKey_Deadline_ClaimFilingDeadline_MonthDayYear: 'Jun 30, 2027',
    });
  });

  it('in Spanish, keeping MM/dd/yyyy for the short date', () => {
    const es = texts(settings, 'es');
    expect(es[deadlineKeyName('claimFilingDeadline', 'ShortDate')]).toBe('06/30/2027');
    expect(es[deadlineKeyName('claimFilingDeadline', 'LongDate')]).toBe('30 de junio de 2027');
    expect(es[deadlineKeyName('claimFilingDeadline', 'FullDateZone')]).toMatch(/^miércoles, 30 de junio de 2027.*PDT$/);
  });

  it("shows each deadline in its own zone, as configured, not in UTC or the claimant's", () => {
    const eastern = { claimFilingDeadline: { zone: 'America/New_York', local: '2027-10-31T23:59:59', redirectUrls: {} } };
    expect(deadlineText('LocKey_Deadline_ClaimFilingDeadline_ShortDate', eastern, 'en')).toBe('10/31/2027');
    expect(deadlineText('LocKey_Deadline_ClaimFilingDeadline_FullDateZone', eastern, 'en')).toBe('Sunday, October 31, 2027 at 11:59 PM EDT');
  });

  it('shows a deadline configured with an IANA zone name in that zone, near midnight UTC', () => {
    // 23:59:59 in Madrid is 21:59:59 UTC: the date is Madrid's, the zone named as the culture names it.
    const madrid = { claimFilingDeadline: { zone: 'Europe/Madrid', local: '2027-06-30T23:59:59', redirectUrls: {} } };
    const key = (format: (typeof DEADLINE_KEY_FORMATS)[number]) => deadlineText(deadlineKeyName('claimFilingDeadline', format), madrid, 'en');
    expect(DEADLINE_KEY_FORMATS.map(key)).toEqual(['06/30/2027', 'June 30, 2027', 'Wednesday, June 30, 2027 at 11:59 PM GMT+2', 'Jun 30, 2027']);
    // 2027-01-01 04:30 UTC is still December 31 in Honolulu.
    const honolulu = { globalDeadline: { zone: 'Pacific/Honolulu', local: '2027-12-31T18:30:00', redirectUrls: {} } };
    expect(deadlineText('LocKey_Deadline_GlobalDeadline_ShortDate', honolulu, 'es')).toBe('12/31/2027');
    expect(deadlineText('LocKey_Deadline_GlobalDeadline_MonthDayYear', honolulu, 'es')).toBe('31 dic 2027');
  });

  it('gives nothing for a key that names no date format, or a deadline not configured', () => {
    expect(deadlineText('LocKey_Deadline_Title', settings, 'en')).toBeUndefined();
    expect(deadlineText('LocKey_Deadline_ClaimFilingDeadline_Weekday', settings, 'en')).toBeUndefined();
    expect(deadlineText('LocKey_Deadline_LookupFilingDeadline_LongDate', settings, 'en')).toBeUndefined();
    expect(deadlineText('LocKey_Deadline_OtherDeadline_LongDate', settings, 'en')).toBeUndefined();
  });
});
