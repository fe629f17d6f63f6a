import { describe, expect, it } from 'vitest';
import { deadlineKeyName, deadlineLocalizations } from '../../../runtime/core/i18n';
import type { DeadlineSettings } from '../../../runtime/core/types';

// 2027-06-30T23:59:59 Pacific (daylight time) and 2027-12-31T23:59:59 Pacific (standard time).
const settings: DeadlineSettings = {
  claimFilingDeadline: { deadline: new Date('2027-07-01T06:59:59Z'), redirectUrls: {} },
  globalDeadline: { deadline: new Date('2028-01-01T07:59:59Z'), redirectUrls: {} },
};

describe('deadlineLocalizations', () => {
  it('gives each deadline four keys in the formats of spec §9, in English', () => {
    expect(deadlineLocalizations(settings, 'en')).toEqual({
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
    const es = deadlineLocalizations(settings, 'es');
    expect(es[deadlineKeyName('claimFilingDeadline', 'ShortDate')]).toBe('06/30/2027');
    expect(es[deadlineKeyName('claimFilingDeadline', 'LongDate')]).toBe('30 de junio de 2027');
    expect(es[deadlineKeyName('claimFilingDeadline', 'FullDateZone')]).toMatch(/^miércoles, 30 de junio de 2027.*PDT$/);
  });

  it('reads the date in the project zone, not UTC', () => {
    const utcNextDay = { claimFilingDeadline: { deadline: new Date('2027-07-01T06:59:59Z'), redirectUrls: {} } };
    expect(deadlineLocalizations(utcNextDay, 'en', 'America/New_York').LocKey_Deadline_ClaimFilingDeadline_ShortDate).toBe('07/01/2027');
  });
});
