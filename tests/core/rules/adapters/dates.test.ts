import { describe, expect, it } from 'vitest';
import { check, context } from '../context';

// context(): now = 2026-03-01T07:30Z, which is still 02/28/2026 in Pacific time.

describe('range over dates', () => {
  const rule = { type: 'range', min: '01/01/2013', max: 'today', dataType: 'dateTime' };

  it('accepts dates between min and today (Pacific), inclusive', () => {
    expect(check('01/01/2013', rule)).toEqual([]);
    expect(check('2/28/2026', rule)).toEqual([]);
  });

  it('rejects dates outside, quoting the bounds in M/d/yyyy', () => {
    expect(check('12/31/2012', rule)).toEqual(['The date must be between 1/1/2013 and 2/28/2026']);
    expect(check('03/01/2026', rule)).toEqual(['The date must be between 1/1/2013 and 2/28/2026']);
  });

  it('moves today with the clock', () => {
    expect(check('03/01/2026', rule, context({ now: new Date('2026-03-01T08:00:00Z') }))).toEqual([]);
  });

  it('recognises a date range without dataType from its bounds', () => {
    expect(check('1/1/2012', { type: 'range', min: '01/01/2013', max: '12/31/2018' })).toEqual(['The date must be between 1/1/2013 and 12/31/2018']);
  });

  it('reports a value outside the four formats as an invalid date', () => {
    expect(check('2024-01-01', rule)).toEqual(['Enter a real date, for example 3/15/2016']);
    expect(check('02/30/2024', rule)).toEqual(['Enter a real date, for example 3/15/2016']);
  });
});

describe('endDate', () => {
  const rule = { type: 'endDate', startDateProperty: 'acquisitionDate' };
  const withStart = (start: string | null) => context({ own: { acquisitionDate: start } });

  it('must be after the start date', () => {
    expect(check('06/02/2020', rule, withStart('06/01/2020'))).toEqual([]);
    expect(check('06/01/2020', rule, withStart('06/01/2020'))).toEqual(['The date must be after 6/1/2020']);
    expect(check('5/31/2020', rule, withStart('06/01/2020'))).toEqual(['The date must be after 6/1/2020']);
  });

  it('may be the same day when inclusive', () => {
    const inclusive = { ...rule, inclusive: true };
    expect(check('06/01/2020', inclusive, withStart('6/1/2020'))).toEqual([]);
    expect(check('05/31/2020', inclusive, withStart('6/1/2020'))).toEqual(['The date must be on or after 6/1/2020']);
  });

  it('passes while the start date is missing or unusable', () => {
    expect(check('01/01/2000', rule, withStart(null))).toEqual([]);
    expect(check('01/01/2000', rule, withStart('13/45/2020'))).toEqual([]);
  });

  it('reads the start date from another model', () => {
    const ctx = context({ models: { claimDetails: { acquisitionDate: '06/01/2020' } } });
    expect(check('01/01/2020', { type: 'endDate', startDateProperty: 'claimDetails.acquisitionDate' }, ctx)).toEqual(['The date must be after 6/1/2020']);
  });
});

describe('preventFutureDate', () => {
  it('must be before today in Pacific time', () => {
    const rule = { type: 'preventFutureDate' };
    expect(check('02/27/2026', rule)).toEqual([]);
    expect(check('02/28/2026', rule)).toEqual(['The date must be before today']);
    // 03/01/2026 has begun in UTC but not in Pacific: it is a future date there.
    expect(check('03/01/2026', rule)).toEqual(['The date must be before today']);
  });

  it('may be today when inclusive', () => {
    const rule = { type: 'preventFutureDate', inclusive: true };
    expect(check('02/28/2026', rule)).toEqual([]);
    expect(check('03/01/2026', rule)).toEqual(['The date cannot be in the future']);
    expect(check('03/01/2026', rule, context({ now: new Date('2026-03-01T08:00:00Z') }))).toEqual([]);
  });

  it('reports a malformed date as invalid, not as future', () => {
    expect(check('1/1/24', { type: 'preventFutureDate', message: 'No future dates' })).toEqual(['Enter a real date, for example 3/15/2016']);
  });
});

describe('preventFutureShortDate', () => {
  it('is not after today in Pacific time', () => {
    const rule = { type: 'preventFutureShortDate' };
    expect(check('2/28/2026', rule)).toEqual([]);
    expect(check('3/1/2026', rule)).toEqual(['The date cannot be in the future']);
    expect(check('Feb 28 2026', rule)).toEqual(['Enter a real date, for example 3/15/2016']);
  });
});

describe('validDate', () => {
  it('parses in one of the listed formats', () => {
    const rule = { type: 'validDate', formats: ['MM/dd/yyyy', 'yyyy-MM-dd'] };
    expect(check('02/28/2026', rule)).toEqual([]);
    expect(check('2026-02-28', rule)).toEqual([]);
    expect(check('2/28/2026', rule)).toEqual(['Enter a real date, for example 03/15/2016']);
    expect(check('02/29/2026', rule)).toEqual(['Enter a real date, for example 03/15/2016']);
  });

  it('defaults to the four accepted formats', () => {
    expect(check('2/8/2026', { type: 'validDate' })).toEqual([]);
    expect(check('2026-02-08', { type: 'validDate' })).toEqual(['Enter a real date, for example 3/15/2016']);
  });
});
