/**
 * The languages a settlement offers when its site.json lists none (server and checker only; the
 * claimant pages receive the result in their settings).
 */
import { DEFAULT_LANGUAGES, type SiteLanguage } from './chrome';

/** The selector's label key of a culture the defaults do not name: LocKey_Language_fr, LocKey_Language_pt_BR. */
export function languageLabelKey(culture: string): string {
  return `LocKey_Language_${culture.replace('-', '_')}`;
}

/**
 * The languages offered when site.json lists none: every culture with a locale file (English and
 * Spanish first, as the defaults name them; any other by its languageLabelKey). Without the list
 * of cultures, the defaults.
 */
export function defaultLanguages(cultures?: readonly string[]): SiteLanguage[] {
  if (!cultures) return [...DEFAULT_LANGUAGES];
  const named = DEFAULT_LANGUAGES.filter((l) => cultures.includes(l.culture));
  const others = cultures.filter((c) => !DEFAULT_LANGUAGES.some((l) => l.culture === c)).sort();
  return [...named, ...others.map((culture) => ({ culture, labelKey: languageLabelKey(culture) }))];
}

