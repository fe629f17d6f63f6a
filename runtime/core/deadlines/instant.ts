import { isoLocalAsUtc, MAX_ZONE_OFFSET_MS, zonedLocalToUtc } from '../dates';
import type { DeadlineSetting } from '../types';

const instants = new Map<string, number>();

/** The deadline's UTC instant (its local date-time read in its zone), worked out once per value. */
export function deadlineInstant(setting: DeadlineSetting): Date {
  const key = `${setting.zone}|${setting.local}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = zonedLocalToUtc(setting.local, setting.zone).getTime();
    instants.set(key, ms);
  }
  return new Date(ms);
}

/**
 * Whether `now` is later than the deadline. More than a day away from the local date-time read as
 * UTC the answer needs no zone rules (no zone is a day from UTC), so a page opened weeks before or
 * after a deadline creates no date formatter for it.
 */
export function deadlinePassed(setting: DeadlineSetting, now: Date): boolean {
  const nowMs = now.getTime();
  const localAsUtc = isoLocalAsUtc(setting.local);
  if (nowMs <= localAsUtc - MAX_ZONE_OFFSET_MS) return false;
  if (nowMs >= localAsUtc + MAX_ZONE_OFFSET_MS) return true;
  return nowMs > deadlineInstant(setting).getTime();
}
