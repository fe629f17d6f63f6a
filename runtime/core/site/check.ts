/**
 * The checker's cross-references of site.json (its schema is checked before): each form link
 * names a form of the settlement, each label, alt and banner key is in every locale, each
 * language offered has a locale file. The logo file is checked by the folder checker (it reads
 * the folder).
 */
import type { FlowIssue } from '../flow/issues';
import { pointer } from '../flow/issues';
import { didYouMean, nearestName } from '../flow/nearest';
import { DEFAULT_CONTENT_HEADER, DEFAULT_HEADER, DEFAULT_WOULD_LIKE_TO, isFormLink, type SiteFile, type SiteLink } from './chrome';

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

const DEFAULT_LISTS: Record<(typeof LINK_LISTS)[number], readonly SiteLink[]> = { header: DEFAULT_HEADER, contentHeader: DEFAULT_CONTENT_HEADER, wouldLikeTo: DEFAULT_WOULD_LIKE_TO };

/** The label keys of the default chrome's links to forms (the VIN lookup, the exclusion): asked of a settlement only when it has that form. */
export const DEFAULT_FORM_LINK_KEYS: readonly string[] = [...new Set(Object.values(DEFAULT_LISTS).flatMap((links) => links.filter(isFormLink).map((l) => l.labelKey)))];

/**
 * The default links to forms the app draws for a settlement: those of every list site.json leaves
 * out (or all, without site.json) whose form the settlement has. Each label must be in every locale,
 * reported at the locale file.
 */
export function defaultFormLinkIssues(site: SiteFile | undefined, context: SiteCheckContext): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const drawn = LINK_LISTS.filter((list) => !site?.[list]).flatMap((list) => DEFAULT_LISTS[list].filter(isFormLink).filter((link) => context.forms.includes(link.form)));
  for (const [localeFile, texts] of Object.entries(context.locales)) {
    const reported = new Set<string>();
    for (const link of drawn) {
      if (Object.hasOwn(texts, link.labelKey) || reported.has(link.labelKey)) continue;
      reported.add(link.labelKey);
      issues.push({
        file: localeFile,
        pointer: '',
        message: `${link.labelKey} is missing: the header links to the ${link.form} form under this label (the default header, as site.json names no other)`,
        hint: `npm run locales:add <folder> ${link.labelKey} --en "…" --es "…", or list the header's links in site.json`,
      });
    }
  }
  return issues;
}
