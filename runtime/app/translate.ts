import { createTranslator, deadlineText } from '../core/i18n';
import type { DeadlineSettings } from '../core/types';
import type { Translate } from '../widgets/types';

/**
 * The core translator over one culture's texts: {0} placeholders; a missing key shows the key
 * itself. The deadline keys of spec §9 (LocKey_Deadline_<Deadline>_<Format>) read the deadline
 * settings, formatted on first use.
 */
export function createTranslate(culture: string, localizations: Record<string, string>, deadlines: DeadlineSettings = {}): Translate {
  const translator = createTranslator({ culture, dictionaries: { [culture]: localizations } });
  return (key, ...args) => deadlineText(key, deadlines, culture) ?? translator.t(key, ...args);
}

const made = new WeakMap<Record<string, string>, WeakMap<DeadlineSettings, Map<string, Translate>>>();

/**
 * The one translator of these texts, deadlines and culture: every component of a page shares it,
 * so a page that mounts does not copy the whole dictionary once per component that translates,
 * and memoized parts that compare the translator see the same one.
 */
export function sharedTranslate(culture: string, localizations: Record<string, string>, deadlines: DeadlineSettings): Translate {
  let byDeadlines = made.get(localizations);
  if (!byDeadlines) made.set(localizations, (byDeadlines = new WeakMap()));
  let byCulture = byDeadlines.get(deadlines);
  if (!byCulture) byDeadlines.set(deadlines, (byCulture = new Map()));
  let t = byCulture.get(culture);
  if (!t) byCulture.set(culture, (t = createTranslate(culture, localizations, deadlines)));
  return t;
}
