/**
 * The checker's cross-references of site.json (its schema is checked before): each form link
 * names a form of the settlement, each label, alt and banner key is in every locale, each
 * language offered has a locale file. The logo file is checked by the folder checker (it reads
 * the folder).
 */
import type { FlowIssue } from '../flow/issues';
import { pointer } from '../flow/issues';
import { didYouMean, nearestName } from '../flow/nearest';
import { isFormLink, type SiteFile } from './chrome';

export interface SiteCheckContext {
  /** The form types of the settlement's flows. */
  forms: readonly string[];
  /** Locale file → its texts. */
  locales: Record<string, Record<string, string>>;
  /** The cultures that have a locale file ('en', 'es'). */
  cultures: readonly string[];
}

const LINK_LISTS = ['header', 'contentHeader', 'wouldLikeTo'] as const;

/** Every localization key site.json names, with where. */
function siteKeys(site: SiteFile): Array<{ key: string; pointer: string }> {
  const keys: Array<{ key: string; pointer: string }> = [];
  if (site.logo) keys.push({ key: site.logo.altKey, pointer: pointer('logo', 'altKey') });
  for (const list of LINK_LISTS) {
    site[list]?.forEach((link, i) => {
      keys.push({ key: link.labelKey, pointer: pointer(list, i, 'labelKey') });
      if (link.altKey) keys.push({ key: link.altKey, pointer: pointer(list, i, 'altKey') });
    });
  }
  site.languages?.forEach((language, i) => keys.push({ key: language.labelKey, pointer: pointer('languages', i, 'labelKey') }));
  if (site.banner) for (const name of ['headerKey', 'line1Key', 'line2Key'] as const) keys.push({ key: site.banner[name], pointer: pointer('banner', name) });
  return keys;
}

export function siteIssues(site: SiteFile, file: string, context: SiteCheckContext): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const add = (at: string, message: string, hint: string) => issues.push({ file, pointer: at, message, hint });

  for (const list of LINK_LISTS) {
    site[list]?.forEach((link, i) => {
      if (isFormLink(link) && !context.forms.includes(link.form)) {
        add(pointer(list, i, 'form'), `the settlement has no form "${link.form}"`, `${didYouMean(link.form, context.forms)}, or remove the link`);
      }
    });
  }

  site.languages?.forEach((language, i) => {
    if (!context.cultures.includes(language.culture)) {
      add(pointer('languages', i, 'culture'), `no locale file ${language.culture}.json for the language "${language.culture}"`, `add locales/${language.culture}.json or offer one of: ${context.cultures.join(', ')}`);
    }
  });

  for (const [localeFile, texts] of Object.entries(context.locales)) {
    const reported = new Set<string>();
    for (const { key, pointer: at } of siteKeys(site)) {
      if (Object.hasOwn(texts, key) || reported.has(key)) continue;
      reported.add(key);
      const near = nearestName(key, Object.keys(texts));
      const addEverywhere = `add "${key}" to every locale file (npm run locales:add)`;
      add(at, `localization key "${key}" is missing from ${localeFile}`, near ? `did you mean "${near}"? Else ${addEverywhere}` : addEverywhere);
    }
  }
  return issues;
}
