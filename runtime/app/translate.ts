import { createTranslator, deadlineText, type Translator } from '../core/i18n';
import type { DeadlineSettings } from '../core/types';
import type { Translate } from '../widgets/types';

function translateWith(translator: Translator, culture: string, deadlines: DeadlineSettings): Translate {
  return (key, ...args) => deadlineText(key, deadlines, culture) ?? translator.t(key, ...args);
}

/**
 * The core translator over one culture's texts: {0} placeholders; a missing key shows the key
 * itself. The deadline keys of spec §9 (LocKey_Deadline_<Deadline>_<Format>) read the deadline
 * settings, formatted on first use.
 */
export function createTranslate(culture: string, localizations: Record<string, string>, deadlines: DeadlineSettings = {}): Translate {
  return translateWith(createTranslator({ culture, dictionaries: { [culture]: localizations } }), culture, deadlines);
}

interface Made {
  t: Translate;
  translator: Translator;
}

/** The translators made over one set of texts, by deadline settings and culture. */
const made = new WeakMap<Record<string, string>, Map<DeadlineSettings, Map<string, Made>>>();

/**
 * The one translator of these texts, deadlines and culture: every component of a page shares it,
 * so a page that mounts does not copy the whole dictionary once per component that translates,
 * and memoized parts that compare the translator see the same one.
 */
export function sharedTranslate(culture: string, localizations: Record<string, string>, deadlines: DeadlineSettings): Translate {
  let byDeadlines = made.get(localizations);
  if (!byDeadlines) made.set(localizations, (byDeadlines = new Map()));
  let byCulture = byDeadlines.get(deadlines);
  if (!byCulture) byDeadlines.set(deadlines, (byCulture = new Map()));
  let entry = byCulture.get(culture);
  if (!entry) {
    const translator = createTranslator({ culture, dictionaries: { [culture]: localizations } });
    byCulture.set(culture, (entry = { t: translateWith(translator, culture, deadlines), translator }));
  }
  return entry.t;
}

/**
 * `whole` holds every text of `part` unchanged and more (a culture's whole content after a start
 * page's part of it): the translators made over the part take the rest and are the ones of the
 * whole, so that the components that drew the part with them are not drawn again for the same texts.
 */
export function textsExtended(part: Record<string, string>, whole: Record<string, string>): void {
  const byDeadlines = made.get(part);
  if (!byDeadlines || made.has(whole)) return;
  for (const byCulture of byDeadlines.values()) for (const [culture, entry] of byCulture) entry.translator.extend(culture, whole);
  made.set(whole, byDeadlines);
}
