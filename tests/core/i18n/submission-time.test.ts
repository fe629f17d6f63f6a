import { describe, expect, it } from 'vitest';
import { settlementZone, submissionTimeText } from '../../../runtime/core/i18n';
import type { DeadlineSettings } from '../../../runtime/core/types';

const AT = Date.parse('2026-11-25T20:15:00Z');
const eastern: DeadlineSettings = { globalDeadline: { local: '2027-06-30T23:59:59', zone: 'America/New_York', redirectUrls: {} } };

describe('the time a submission was accepted, as the confirmation shows it', () => {
  it("is in the settlement's zone: its deadlines' zone, else Pacific time", () => {
    expect(settlementZone(eastern)).toBe('America/New_York');
    expect(settlementZone({})).toBe('America/Los_Angeles');
  });

  it("names the weekday, the date, the time and the zone in the claimant's language", () => {
    expect(submissionTimeText(AT, 'en', {})).toBe('Wednesday, November 25, 2026 at 12:15 PM PST');
    expect(submissionTimeText(AT, 'en', eastern)).toBe('Wednesday, November 25, 2026 at 3:15 PM EST');
    expect(submissionTimeText(AT, 'es', {})).toMatch(/^miércoles, 25 de noviembre de 2026, 12:15\sp\.\s?m\. PST$/);
  });
});
