import { describe, expect, it } from 'vitest';
import { DEADLINE_TIME_ZONES, ianaZoneFor, isIanaZone, PROJECT_TIME_ZONE, timeZoneHint, todayInZone, zonedLocalToUtc } from '../../../runtime/core/dates';
import { DevError } from '../../../runtime/core/errors';

describe('todayInZone', () => {
  it('gives the calendar date in Pacific time by default', () => {
    expect(PROJECT_TIME_ZONE).toBe('America/Los_Angeles');
    expect(todayInZone(new Date('2026-01-01T05:00:00Z'))).toEqual({ year: 2025, month: 12, day: 31 });
    expect(todayInZone(new Date('2026-01-01T08:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
    expect(todayInZone(new Date('2026-03-01T07:30:00Z'))).toEqual({ year: 2026, month: 2, day: 28 });
    // Summer: Pacific is UTC-7, so 06:59Z is still the day before.
    expect(todayInZone(new Date('2026-07-04T06:59:59Z'))).toEqual({ year: 2026, month: 7, day: 3 });
    expect(todayInZone(new Date('2026-07-04T07:00:00Z'))).toEqual({ year: 2026, month: 7, day: 4 });
  });

  it('reads other zones when asked', () => {
    expect(todayInZone(new Date('2026-01-01T05:00:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('zonedLocalToUtc', () => {
  it('converts a Pacific deadline in summer and winter', () => {
    expect(zonedLocalToUtc('2027-06-30T23:59:59', 'America/Los_Angeles').toISOString()).toBe('2027-07-01T06:59:59.000Z');
    expect(zonedLocalToUtc('2027-12-31T23:59:59', 'America/Los_Angeles').toISOString()).toBe('2028-01-01T07:59:59.000Z');
    expect(zonedLocalToUtc('2027-03-31', 'America/New_York').toISOString()).toBe('2027-03-31T04:00:00.000Z');
  });

  it('is correct on both DST change days', () => {
    // Spring forward 2026-03-08 02:00 -> 03:00 in Los Angeles.
    expect(zonedLocalToUtc('2026-03-08T01:59:59', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T09:59:59.000Z');
    expect(zonedLocalToUtc('2026-03-08T03:00:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(zonedLocalToUtc('2026-03-08T02:30:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:30:00.000Z');
    // Fall back 2026-11-01 02:00 -> 01:00: the repeated hour resolves to its first occurrence.
    expect(zonedLocalToUtc('2026-11-01T01:30:00', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(zonedLocalToUtc('2026-11-01T02:00:00', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });

  it('handles zones with half-hour offsets and no DST', () => {
    expect(zonedLocalToUtc('2027-01-15T12:00:00', 'America/St_Johns').toISOString()).toBe('2027-01-15T15:30:00.000Z');
    expect(zonedLocalToUtc('2027-07-15T12:00:00', 'America/Phoenix').toISOString()).toBe('2027-07-15T19:00:00.000Z');
  });

  it('rejects malformed values and unknown zones', () => {
    expect(() => zonedLocalToUtc('06/30/2027', 'America/Los_Angeles')).toThrowError('Invalid date format: 06/30/2027');
    expect(() => zonedLocalToUtc('2027-02-30T00:00:00', 'America/Los_Angeles')).toThrowError(DevError);
    expect(() => zonedLocalToUtc('2027-06-30T23:59:59', 'Mars/Olympus')).toThrowError('Unknown time zone');
  });
});

describe('deadline time-zone names', () => {
  it('maps every name of spec §5 to an IANA zone', () => {
    expect(Object.keys(DEADLINE_TIME_ZONES)).toEqual([
      'Pacific', 'Mountain', 'Central', 'Eastern', 'Atlantic', 'Newfoundland', 'Alaskan',
      'Hawaii-Aleutian', 'Aleutian', 'Yukon', 'Arizona', 'Indiana East', 'Saskatchewan',
    ]);
    expect(ianaZoneFor('Pacific')).toBe('America/Los_Angeles');
    expect(ianaZoneFor('Indiana East')).toBe('America/Indiana/Indianapolis');
    for (const zone of Object.values(DEADLINE_TIME_ZONES)) expect(() => todayInZone(new Date(0), zone)).not.toThrow();
  });

  it('takes an IANA zone name as it is, beside the names of spec §5', () => {
    expect(ianaZoneFor('America/New_York')).toBe('America/New_York');
    expect(ianaZoneFor('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(ianaZoneFor('Europe/Madrid')).toBe('Europe/Madrid');
    // Not in Intl's canonical list, known to the zone rules all the same.
    expect(ianaZoneFor('UTC')).toBe('UTC');
    expect(isIanaZone('US/Eastern')).toBe(true);
    expect(isIanaZone('Eastern')).toBe(false);
  });

  it("raises 'Unknown time zone' for any other name", () => {
    for (const name of ['Hawaii', 'pacific', 'Mars/Olympus', 'America/New York', 'toString', '']) {
      let error: unknown;
      try {
        ianaZoneFor(name);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DevError);
      expect((error as DevError).code).toBe('UNKNOWN_TIME_ZONE');
      expect((error as DevError).message).toContain('Unknown time zone');
    }
  });

  it('says how to fix an unknown name: the nearest known one, else what is accepted', () => {
    expect(timeZoneHint('eastern')).toMatch(/^did you mean "Eastern"\? Or use one of spec §5's names \(Pacific, Mountain, /);
    expect(timeZoneHint('America/New York')).toMatch(/^did you mean "America\/New_York"\?/);
    expect(timeZoneHint('Mars/Olympus')).toBe(
      'use one of spec §5\'s names (Pacific, Mountain, Central, Eastern, Atlantic, Newfoundland, Alaskan, Hawaii-Aleutian, Aleutian, Yukon, Arizona, Indiana East, Saskatchewan) or an IANA zone name such as "America/New_York"',
    );
  });
});
