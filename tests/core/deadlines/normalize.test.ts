import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deadlineInstant, deadlinesAfterGlobal, normalizeDeadlines } from '../../../runtime/core/deadlines';
import { DevError } from '../../../runtime/core/errors';
import type { DeadlinesResponse, LegacyDeadlinesResponse, PerCultureDeadlinesResponse } from '../../../runtime/core/types';

const fixture = <T>(name: string): T => {
  const { $schema: _schema, ...body } = JSON.parse(readFileSync(new URL(`../../../server-fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return body as T;
};

describe('normalizeDeadlines', () => {
  it('reads the per-culture shape in the project time zone', () => {
    const settings = normalizeDeadlines(fixture<PerCultureDeadlinesResponse>('deadlines.json'));
    expect(deadlineInstant(settings.claimFilingDeadline!).toISOString()).toBe('2027-07-01T06:59:59.000Z'); // PDT, UTC-7
    expect(deadlineInstant(settings.globalDeadline!).toISOString()).toBe('2028-01-01T07:59:59.000Z'); // PST, UTC-8
    expect(deadlineInstant(settings.exclusionFilingDeadline!).toISOString()).toBe('2027-04-01T06:59:59.000Z');
    expect(settings.claimFilingDeadline?.redirectUrls).toEqual({ default: '/deadline', es: '/deadline?culture=es' });
    expect(settings.lookupFilingDeadline?.redirectUrls).toEqual({});
  });

  it('reads the legacy shape: MM/dd/yyyy is the end of that day in the named zone', () => {
    const settings = normalizeDeadlines(fixture<LegacyDeadlinesResponse>('deadlines.legacy.json'));
    expect(settings.claimFilingDeadline).toEqual({ zone: 'America/Los_Angeles', local: '2027-06-30T23:59:59', redirectUrls: { default: '/deadline' } });
    expect(deadlineInstant(settings.claimFilingDeadline!)).toEqual(new Date('2027-07-01T06:59:59Z'));
    expect(settings.lookupFilingDeadline?.redirectUrls).toEqual({});
    expect(Object.keys(settings).sort()).toEqual(['claimFilingDeadline', 'exclusionFilingDeadline', 'globalDeadline', 'lookupFilingDeadline']);
  });

  it('gives the same instants for both sample files', () => {
    const perCulture = normalizeDeadlines(fixture<DeadlinesResponse>('deadlines.json'));
    const legacy = normalizeDeadlines(fixture<DeadlinesResponse>('deadlines.legacy.json'));
    for (const key of Object.keys(perCulture) as Array<keyof typeof perCulture>) {
      expect(deadlineInstant(legacy[key]!).getTime(), key).toBe(deadlineInstant(perCulture[key]!).getTime());
    }
  });

  it('handles the daylight-saving change: the same wall clock is an hour apart in UTC', () => {
    const setting = (date: string) =>
      normalizeDeadlines({ timeZone: 'Pacific', deadlines: { globalDeadline: { deadlineDateTime: date, redirectUrl: null } } }).globalDeadline!;
    const zone = (date: string) => deadlineInstant(setting(date)).toISOString();
    expect(zone('2027-03-13T12:00:00')).toBe('2027-03-13T20:00:00.000Z'); // before the spring change, PST
    expect(zone('2027-03-15T12:00:00')).toBe('2027-03-15T19:00:00.000Z'); // after it, PDT
    expect(zone('2027-11-07T01:30:00')).toBe('2027-11-07T08:30:00.000Z'); // autumn overlap: the earlier instant
  });

  it('reads each legacy deadline in its own zone', () => {
    const settings = normalizeDeadlines({
      deadlines: {
        globalDeadline: { timeZone: 'Eastern', deadline: '01/15/2027' },
        lookupFilingDeadline: { timeZone: 'Arizona', deadline: '07/15/2027', redirectUrl: 'https://example.com/closed' },
      },
    });
    expect(deadlineInstant(settings.globalDeadline!).toISOString()).toBe('2027-01-16T04:59:59.000Z');
    expect(deadlineInstant(settings.lookupFilingDeadline!).toISOString()).toBe('2027-07-16T06:59:59.000Z');
    expect(settings.lookupFilingDeadline?.redirectUrls).toEqual({ default: 'https://example.com/closed' });
  });

  it('takes an IANA zone name beside the names of spec §5, in both shapes', () => {
    const perCulture = normalizeDeadlines({ timeZone: 'America/New_York', deadlines: { globalDeadline: { deadlineDateTime: '2027-01-15T23:59:59', redirectUrl: null } } });
    expect(perCulture.globalDeadline?.zone).toBe('America/New_York');
    expect(deadlineInstant(perCulture.globalDeadline!).toISOString()).toBe('2027-01-16T04:59:59.000Z');
    const legacy = normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'America/Phoenix', deadline: '07/15/2027' } } });
    expect(deadlineInstant(legacy.globalDeadline!).toISOString()).toBe('2027-07-16T06:59:59.000Z');
  });

  it("rejects a zone name that is neither spec §5's nor an IANA zone with 'Unknown time zone'", () => {
    const call = () => normalizeDeadlines({ timeZone: 'Mars/Olympus', deadlines: {} });
    expect(call).toThrow(DevError);
    expect(call).toThrow(/^Unknown time zone/);
    expect(() => normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'Hawaii', deadline: '12/31/2027' } } })).toThrow(/^Unknown time zone/);
  });

  it('rejects a legacy date not in MM/dd/yyyy, and ignores unknown keys', () => {
    expect(() => normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'Pacific', deadline: '2027-12-31' } } })).toThrow(/Invalid date format/);
    expect(() => normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'Pacific', deadline: '02/30/2027' } } })).toThrow(/Invalid date format/);
    expect(() => normalizeDeadlines({ timeZone: 'Pacific', deadlines: { globalDeadline: { deadlineDateTime: '2027-12-31 noon', redirectUrl: null } } })).toThrow(/Invalid date format/);
    expect(normalizeDeadlines({ deadlines: { otherDeadline: { timeZone: 'Pacific', deadline: '12/31/2027' } } })).toEqual({});
  });
});

describe('deadlinesAfterGlobal', () => {
  it('names a form deadline after the global deadline, which closes a form that names both first, in either shape', () => {
    expect(deadlinesAfterGlobal(fixture<PerCultureDeadlinesResponse>('deadlines.json'))).toEqual([]);
    expect(deadlinesAfterGlobal(fixture<LegacyDeadlinesResponse>('deadlines.legacy.json'))).toEqual([]);
    const late = fixture<PerCultureDeadlinesResponse>('deadlines.json');
    late.deadlines.exclusionFilingDeadline = { deadlineDateTime: '2028-03-31T23:59:59', redirectUrl: null };
    expect(deadlinesAfterGlobal(late)).toEqual([
      {
        pointer: '/deadlines/exclusionFilingDeadline/deadlineDateTime',
        message: 'exclusionFilingDeadline (2028-03-31T23:59:59) is after globalDeadline (2027-12-31T23:59:59), which comes first: a form whose deadlineKeys name both closes then, and never reaches this date',
        hint: 'make it no later than globalDeadline, or move globalDeadline',
      },
    ]);
  });
});
