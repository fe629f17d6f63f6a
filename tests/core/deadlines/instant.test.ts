import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadlineInstant, deadlinePassed } from '../../../runtime/core/deadlines';
import type { DeadlineSetting } from '../../../runtime/core/types';

const at = (zone: string, local: string): DeadlineSetting => ({ zone, local, redirectUrls: {} });
const ms = (iso: string, delta = 0) => new Date(new Date(iso).getTime() + delta);

describe('deadlinePassed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is false up to the instant itself and true a millisecond later, in the zone of the deadline', () => {
    // 23:59:59 Pacific daylight time is 06:59:59Z; the same text in Tokyo (UTC+9) is 14:59:59Z the day before.
    const pacific = at('America/Los_Angeles', '2027-06-30T23:59:59');
    expect(deadlinePassed(pacific, ms('2027-07-01T06:59:59Z'))).toBe(false);
    expect(deadlinePassed(pacific, ms('2027-07-01T06:59:59Z', 1))).toBe(true);
    const tokyo = at('Asia/Tokyo', '2027-06-30T23:59:59');
    expect(deadlinePassed(tokyo, ms('2027-06-30T14:59:59Z'))).toBe(false);
    expect(deadlinePassed(tokyo, ms('2027-06-30T14:59:59Z', 1))).toBe(true);
  });

  it('reads the zones furthest from UTC correctly', () => {
    // Kiribati is 14 h ahead of UTC, Baker Island's zone 12 h behind.
    expect(deadlinePassed(at('Pacific/Kiritimati', '2027-01-01T00:00:00'), ms('2026-12-31T10:00:00Z', 1))).toBe(true);
    expect(deadlinePassed(at('Pacific/Kiritimati', '2027-01-01T00:00:00'), ms('2026-12-31T10:00:00Z'))).toBe(false);
    expect(deadlinePassed(at('Etc/GMT+12', '2027-01-01T00:00:00'), ms('2027-01-01T12:00:00Z'))).toBe(false);
    expect(deadlinePassed(at('Etc/GMT+12', '2027-01-01T00:00:00'), ms('2027-01-01T12:00:00Z', 1))).toBe(true);
  });

  it('needs no date formatter when now is more than a day from the deadline', () => {
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    const setting = at('America/Chicago', '2031-03-09T02:30:00');
    expect(deadlinePassed(setting, ms('2031-03-07T00:00:00Z'))).toBe(false);
    expect(deadlinePassed(setting, ms('2031-03-11T00:00:00Z'))).toBe(true);
    expect(format).not.toHaveBeenCalled();
    format.mockRestore();
    // Within the day either side the zone's rules decide (02:30 is skipped that night: read as 03:30 CDT).
    expect(deadlinePassed(setting, ms('2031-03-09T08:30:00Z'))).toBe(false);
    expect(deadlinePassed(setting, ms('2031-03-09T08:30:00Z', 1))).toBe(true);
    expect(deadlineInstant(setting).toISOString()).toBe('2031-03-09T08:30:00.000Z');
  });
});
