import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  dateFormatProblem,
  formatDate,
  formatShortDate,
  parseDateInFormat,
  parseUserDate,
  parseUserDateStrict,
  toIsoDate,
} from '../../../runtime/core/dates';
import { DevError } from '../../../runtime/core/errors';
import { validDateAdapter } from '../../../runtime/core/rules/adapters/validDate';

describe('parseUserDate', () => {
  it('accepts M/d/yyyy, M/dd/yyyy, MM/d/yyyy and MM/dd/yyyy', () => {
    expect(parseUserDate('3/7/2026')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseUserDate('3/07/2026')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseUserDate('03/7/2026')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseUserDate('03/07/2026')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parseUserDate(' 12/31/2025 ')).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('rejects other formats and days that do not exist', () => {
    for (const bad of ['02/30/2024', '2024-01-01', '1/1/24', '13/01/2024', '00/10/2024', '01/00/2024', '003/01/2024', '1-1-2024', '', 'today', '02/29/2025']) {
      expect(parseUserDate(bad), bad).toBeNull();
    }
    expect(parseUserDate('02/29/2024')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('strict parsing raises INVALID_DATE_FORMAT with the value', () => {
    expect(() => parseUserDateStrict('2024-01-01')).toThrowError(DevError);
    expect(() => parseUserDateStrict('2024-01-01')).toThrowError('Invalid date format: 2024-01-01');
    expect(parseUserDateStrict('1/2/2024')).toEqual({ year: 2024, month: 1, day: 2 });
  });
});

describe('parseDateInFormat', () => {
  it('reads a value in one explicit format', () => {
    expect(parseDateInFormat('2024-01-31', 'yyyy-MM-dd')).toEqual({ year: 2024, month: 1, day: 31 });
    expect(parseDateInFormat('1/31/2024', 'M/d/yyyy')).toEqual({ year: 2024, month: 1, day: 31 });
    expect(parseDateInFormat('1/31/2024', 'MM/dd/yyyy')).toBeNull();
    expect(parseDateInFormat('2024-02-30', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateInFormat('2024.01.31', 'yyyy-MM-dd')).toBeNull();
  });
});

describe('dateFormatProblem', () => {
  it('passes a format with one year, one month and one day', () => {
    for (const format of ['M/d/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd', 'dd.MM.yyyy', 'd MM yyyy']) expect(dateFormatProblem(format), format).toBeNull();
  });

  it('names the letters a format would read literally, and the parts it lacks or repeats: such a format refuses every date', () => {
    expect(dateFormatProblem('MM/DD/YYYY')).toBe('"MM/DD/YYYY" has "DD", "YYYY", which is not a date part: write the year as yyyy, the month as M or MM, the day as d or dd');
    expect(parseDateInFormat('03/07/2026', 'MM/DD/YYYY')).toBeNull();
    expect(dateFormatProblem('MM/yyyy')).toBe('"MM/yyyy" needs one day (d or dd)');
    expect(dateFormatProblem('MM/MM/dd')).toBe('"MM/MM/dd" needs one year (yyyy), one month (M or MM)');
  });

  it('is what the validDate rule says of its formats when a settlement is checked', () => {
    expect(validDateAdapter.checkParams?.({ type: 'validDate', formats: ['M/d/yyyy', 'DD/MM/yyyy'] })).toEqual([
      '"DD/MM/yyyy" has "DD", which is not a date part: write the year as yyyy, the month as M or MM, the day as d or dd',
    ]);
    expect(validDateAdapter.checkParams?.({ type: 'validDate', formats: ['M/d/yyyy'] })).toEqual([]);
    expect(validDateAdapter.checkParams?.({ type: 'validDate' })).toEqual([]);
  });
});

describe('comparing and formatting', () => {
  it('orders dates by year, month, then day', () => {
    expect(compareDates({ year: 2025, month: 12, day: 31 }, { year: 2026, month: 1, day: 1 })).toBeLessThan(0);
    expect(compareDates({ year: 2026, month: 2, day: 1 }, { year: 2026, month: 1, day: 31 })).toBeGreaterThan(0);
    expect(compareDates({ year: 2026, month: 1, day: 1 }, { year: 2026, month: 1, day: 1 })).toBe(0);
  });

  it('formats as MM/dd/yyyy, M/d/yyyy and yyyy-MM-dd', () => {
    const date = { year: 2026, month: 3, day: 7 };
    expect(formatDate(date)).toBe('03/07/2026');
    expect(formatShortDate(date)).toBe('3/7/2026');
    expect(toIsoDate(date)).toBe('2026-03-07');
  });

  it('adds days across month and leap-year ends', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2025, month: 12, day: 31 }, 1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
