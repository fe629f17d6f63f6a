import { PROJECT_TIME_ZONE } from '../dates';
import { DEADLINE_KEYS, type Culture, type DeadlineSettings } from '../types';
import { formatInstant } from './deadlineKeys';

/** Localization key of the confirmation's "Submitted on {0}" line. */
export const SUBMITTED_AT_KEY = 'LocKey_Confirmation_SubmittedAt';

/** The settlement's time zone: that of its deadlines (the project zone), else Pacific time. */
export function settlementZone(deadlines: DeadlineSettings): string {
  for (const key of DEADLINE_KEYS) {
    const zone = deadlines[key]?.zone;
    if (zone) return zone;
  }
  return PROJECT_TIME_ZONE;
}

/**
 * When a submission was accepted, as the confirmation shows it: weekday, date, time and zone in
 * the claimant's language and the settlement's zone ("Wednesday, November 25, 2026 at 12:15 PM PST").
 */
export function submissionTimeText(submittedAt: number, culture: Culture, deadlines: DeadlineSettings): string {
  // Minutes are what it shows: the receipts of one minute share one text (each costs a date formatting).
  const minute = Math.floor(submittedAt / 60_000);
  const zone = settlementZone(deadlines);
  const memo = `${minute}|${culture}|${zone}`;
  let text = recentTexts.get(memo);
  if (text === undefined) {
    text = formatInstant(new Date(submittedAt), culture, zone, 'FullDateZone');
    if (recentTexts.size >= 64) recentTexts.delete(recentTexts.keys().next().value!);
    recentTexts.set(memo, text);
  }
  return text;
}

const recentTexts = new Map<string, string>();
