/** Localization key of the settlement's name: the last part of every page's browser title. */
export const SITE_TITLE_KEY = 'LocKey_Site_Title';

/** Between the parts of a browser title. */
export const TITLE_SEPARATOR = ' – ';

/**
 * The browser title of a page (WCAG 2.4.2), most specific first: the page, the form, the
 * settlement. Empty parts are left out, and a part that repeats an earlier one (a one-page form
 * named like its page: "VIN Lookup – VIN lookup") is said once.
 */
export function documentTitle(parts: ReadonlyArray<string | null | undefined>): string {
  const said = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    const folded = text.toLocaleLowerCase();
    if (said.has(folded)) continue;
    said.add(folded);
    kept.push(text);
  }
  return kept.join(TITLE_SEPARATOR);
}
