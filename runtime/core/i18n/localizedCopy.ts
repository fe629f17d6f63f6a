import { devError } from '../errors';
import type { LocalizedItem } from '../types';
import type { Dictionary } from './translator';

const FORBIDDEN_TAG = /<\s*\/?\s*(p|li|ul|ol)\b[^>]*>/gi;

/** Why localized copy is invalid (spec §5: no p, li, ul or ol tags), one reason per offending tag. */
export function localizedCopyProblems(dictionary: Dictionary): string[] {
  const reasons: string[] = [];
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(FORBIDDEN_TAG)) {
      reasons.push(`${key}: the tag ${match[0]} is not allowed (use inline HTML only; no p, li, ul or ol)`);
    }
  }
  return reasons;
}

/** Throws INVALID_LOCALIZATION ('Invalid localization. N errors found:' plus the reasons) when copy is invalid. */
export function assertLocalizedCopy(dictionary: Dictionary): void {
  const reasons = localizedCopyProblems(dictionary);
  if (reasons.length > 0) throw devError('INVALID_LOCALIZATION', reasons);
}

/**
 * Turns GET /api/culture/content items into a dictionary (a later item wins) and checks the copy.
 * Items without a string key or value are skipped.
 */
export function contentToDictionary(items: LocalizedItem[]): Dictionary {
  const dictionary: Dictionary = {};
  for (const item of items) {
    if (item && typeof item.key === 'string' && typeof item.value === 'string') dictionary[item.key] = item.value;
  }
  assertLocalizedCopy(dictionary);
  return dictionary;
}
