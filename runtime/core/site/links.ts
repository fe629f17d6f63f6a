/**
 * Links into this app that must lead somewhere: an `<a href="/…">` in localized copy and a plain
 * internal `url` of site.json (`"/vinlookup"`) must name a page the settlement has — a page path
 * or alias of one of its flows, or a fixed route of the app. Links elsewhere (`https://…`,
 * `mailto:`, the project site's `{0}/faq`) are not followed.
 */
import type { FlowIssue } from '../flow/issues';
import { pointer } from '../flow/issues';
import { didYouMean } from '../flow/nearest';
import { isFormLink, type SiteFile } from './chrome';
import { isSitePath } from '../i18n/culture';

/** The app's routes that no flow declares (spec §2), and the resume links /resume/<code>. */
export const FIXED_APP_PATHS: readonly string[] = ['/', '/page-not-found', '/error', '/deadline', '/session-expired', '/resume', '/status'];
export const RESUME_LINK = /^\/resume\/[A-Za-z0-9-]{1,64}$/;
/** Any path under /resume/, a resume link or one mistyped: it may hold a code, kept out of logs and of pages drawn as asked. */
export const UNDER_RESUME = /^\/resume\//i;

/** The path of an address of this app ('/exclusion?culture=es#top' → '/exclusion'); null for any other address. */
export function appPathOf(href: string): string | null {
  if (!isSitePath(href)) return null;
  return href.split(/[?#]/)[0] ?? '/';
}

/** The href of every <a> element in a text of localized copy. */
export function anchorHrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => m[1] ?? m[2] ?? '');
}

/** Every page of the app: the fixed routes and each flow page's path and aliases. */
export function appPaths(flows: ReadonlyArray<{ flow: { pages: ReadonlyArray<{ path: string; aliases?: readonly string[] }> } }>): string[] {
  return [...new Set([...FIXED_APP_PATHS, ...flows.flatMap(({ flow }) => flow.pages.flatMap((page) => [page.path, ...(page.aliases ?? [])]))])];
}

const leadsNowhere = (path: string, paths: readonly string[]) => !paths.includes(path) && !RESUME_LINK.test(path);

/** Links of localized copy to a page the settlement does not have: one issue per text and address. */
export function copyLinkIssues(locales: Record<string, Record<string, string>>, paths: readonly string[]): FlowIssue[] {
  const issues: FlowIssue[] = [];
  for (const [file, texts] of Object.entries(locales)) {
    for (const [key, text] of Object.entries(texts)) {
      for (const href of new Set(anchorHrefs(text))) {
        const path = appPathOf(href);
        if (path === null || !leadsNowhere(path, paths)) continue;
        issues.push({
          file,
          pointer: pointer(key),
          message: `the link "${href}" in ${key} leads to no page of this settlement`,
          hint: `${didYouMean(path, paths)}; or link to the project site with a full address`,
        });
      }
    }
  }
  return issues;
}

/** site.json's plain internal addresses ("/vinlookup") that lead to no page of the settlement. */
export function siteLinkIssues(site: SiteFile, file: string, paths: readonly string[]): FlowIssue[] {
  const issues: FlowIssue[] = [];
  for (const list of ['header', 'contentHeader', 'wouldLikeTo'] as const) {
    site[list]?.forEach((link, i) => {
      if (isFormLink(link)) return;
      const path = appPathOf(link.url);
      if (path === null || !leadsNowhere(path, paths)) return;
      issues.push({
        file,
        pointer: pointer(list, i, 'url'),
        message: `"${link.url}" leads to no page of this settlement`,
        hint: `${didYouMean(path, paths)}; link to a form with { "form": "<formType>" }, or to the project site with "{0}/…"`,
      });
    });
  }
  return issues;
}
