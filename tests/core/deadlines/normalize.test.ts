import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deadlinesDisplayZone, normalizeDeadlines } from '../../../runtime/core/deadlines';
import { DevError } from '../../../runtime/core/errors';
import type { DeadlinesResponse, LegacyDeadlinesResponse, PerCultureDeadlinesResponse } from '../../../runtime/core/types';

const fixture = <T>(name: string): T => {
  const { $schema: _schema, ...body } = JSON.parse(readFileSync(new URL(`../../../server-fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return body as T;
};

describe('normalizeDeadlines', () => {
  it('reads the per-culture shape in the project time zone', () => {
    const settings = normalizeDeadlines(fixture<PerCultureDeadlinesResponse>('deadlines.json'));
    expect(settings.claimFilingDeadline?.deadline.toISOString()).toBe('2027-07-01T06:59:59.000Z'); // PDT, UTC-7
    expect(settings.globalDeadline?.deadline.toISOString()).toBe('2028-01-01T07:59:59.000Z'); // PST, UTC-8
    expect(settings.exclusionFilingDeadline?.deadline.toISOString()).toBe('2027-04-01T06:59:59.000Z');
    expect(settings.claimFilingDeadline?.redirectUrls).toEqual({ default: '/deadline', es: '/deadline?culture=es' });
    expect(settings.lookupFilingDeadline?.redirectUrls).toEqual({});
  });

  it('reads the legacy shape: MM/dd/yyyy is the end of that day in the named zone', () => {
    const settings = normalizeDeadlines(fixture<LegacyDeadlinesResponse>('deadlines.legacy.json'));
    expect(settings.claimFilingDeadline).toEqual({ deadline: new Date('2027-07-01T06:59:59Z'), redirectUrls: { default: '/deadline' } });
    expect(settings.lookupFilingDeadline?.redirectUrls).toEqual({});
    expect(Object.keys(settings).sort()).toEqual(['claimFilingDeadline', 'exclusionFilingDeadline', 'globalDeadline', 'lookupFilingDeadline']);
  });

  it('gives the same instants for both sample files', () => {
    const perCulture = normalizeDeadlines(fixture<DeadlinesResponse>('deadlines.json'));
    const legacy = normalizeDeadlines(fixture<DeadlinesResponse>('deadlines.legacy.json'));
    for (const key of Object.keys(perCulture) as Array<keyof typeof perCulture>) {
      expect(legacy[key]?.deadline.getTime(), key).toBe(perCulture[key]?.deadline.getTime());
    }
  });

  it('handles the daylight-saving change: the same wall clock is an hour apart in UTC', () => {
    const zone = (date: string) =>
      normalizeDeadlines({ timeZone: 'Pacific', deadlines: { globalDeadline: { deadlineDateTime: date, redirectUrl: null } } }).globalDeadline!.deadline.toISOString();
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
    expect(settings.globalDeadline?.deadline.toISOString()).toBe('2027-01-16T04:59:59.000Z');
    expect(settings.lookupFilingDeadline).toEqual({ deadline: new Date('2027-07-16T06:59:59Z'), redirectUrls: { default: 'https://example.com/closed' } });
  });

  it("rejects a zone name outside spec §5's list with 'Unknown time zone'", () => {
    const call = () => normalizeDeadlines({ timeZone: 'America/Los_Angeles', deadlines: {} });
    expect(call).toThrow(DevError);
    expect(call).toThrow(/^Unknown time zone/);
    expect(() => normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'Hawaii', deadline: '12/31/2027' } } })).toThrow(/^Unknown time zone/);
  });

  it('rejects a legacy date not in MM/dd/yyyy, and ignores unknown keys', () => {
    expect(() => normalizeDeadlines({ deadlines: { globalDeadline: { timeZone: 'Pacific', deadline: '2027-12-31' } } })).toThrow(/Invalid date format/);
    expect(normalizeDeadlines({ deadlines: { otherDeadline: { timeZone: 'Pacific', deadline: '12/31/2027' } } })).toEqual({});
  });

  it('names the zone deadlines are shown in', () => {
    expect(deadlinesDisplayZone(fixture<DeadlinesResponse>('deadlines.json'))).toBe('America/Los_Angeles');
    expect(deadlinesDisplayZone({ deadlines: { globalDeadline: { timeZone: 'Central', deadline: '12/31/2027' } } })).toBe('America/Chicago');
  });
});
