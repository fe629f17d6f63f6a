/**
 * The start pages drawn on the server (docs/decisions/026): the build's prerenderer
 * (dist/server/prerender.js, `vite build --ssr`, see runtime/core/site/prerender.ts) is loaded by
 * file path, so that the server imports no React and no app code; without it (no build, npm run
 * dev) the pages are the plain shell, drawn in the browser.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../../../runtime/core/guards.js';
import { defaultCulture, offeredCulture } from '../../../runtime/core/i18n/culture.js';
import { RESUME_LINK, UNDER_RESUME } from '../../../runtime/core/site/index.js';
import { PRERENDER_EXPORT, PRERENDER_FILE, type PrerenderedPage, type PrerenderPage } from '../../../runtime/core/site/prerender.js';

const isFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function';
const isPrerenderedPage = (value: unknown): value is PrerenderedPage =>
  isRecord(value) && typeof value.html === 'string' && (value.title === null || typeof value.title === 'string');

/**
 * The prerenderer built beside the app (`<dist>/server/prerender.js` for the app in `<dist>/app`),
 * or null when there is none or it cannot be loaded (`onFailure` is told why): the pages are then
 * the plain shell, and the server runs on.
 */
export async function loadPrerenderer(distDir: string, onFailure: (error: unknown) => void): Promise<PrerenderPage | null> {
  const file = path.join(path.dirname(distDir), 'server', PRERENDER_FILE);
  if (!existsSync(file)) return null;
  try {
    const module: unknown = await import(pathToFileURL(file).href);
    const prerender = isRecord(module) ? module[PRERENDER_EXPORT] : undefined;
    // Its answer is checked: a build older or newer than the server may draw pages of another shape.
    if (isFunction(prerender)) {
      return async (input) => {
        const page: unknown = await prerender(input);
        if (page === null || isPrerenderedPage(page)) return page;
        throw new Error(`${file} answered a page of another shape than this server reads: build the app and the server together (npm run build)`);
      };
    }
    onFailure(new Error(`${file} does not export ${PRERENDER_EXPORT}`));
  } catch (error) {
    onFailure(error);
  }
  return null;
}

/** What the pages drawn on the server read from their query besides the culture; any other query is drawn in the browser. */
const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/resume': ['signedOut'],
  '/session-expired': ['form'],
  '/page-not-found': [],
  '/status': [],
  '/deadline': [],
  '/error': [],
};

/**
 * Whether the address is a resume link (/resume/<code>): drawn with its code in the field, so per
 * request and never kept or stored by a cache (docs/decisions/026); the other drawn pages are the
 * same for everyone.
 */
export const isResumeLink = (pathname: string): boolean => RESUME_LINK.test(pathname);

/** An address the server draws, and how long it keeps the drawing. */
export interface DrawnAddress {
  /** The path and the query the drawing is made for: the asked query in its order, its culture as it resolves. */
  address: string;
  /**
   * True for the pages kept for everyone, a short fixed list: a form's start page or a fixed page
   * with at most the query it reads. False for one drawn as asked — a query the page does not
   * read beside (a notice e-mail's tracking tags), or a path no page has (a mistyped link) — kept
   * among the latest few, each drawn within a rate (see index.ts).
   */
  fixed: boolean;
}

/**
 * The address to draw on the server, or null: a form's start page (its flow's first page), one of
 * the fixed pages above, a resume link, or — with `notFound` — a path no page has (the not-found
 * page at its own address). The culture is drawn as the app resolves it (an offered one in any
 * spelling, else the default), in its place in the query: the language link the drawing holds is
 * the current address with another culture, as the app makes it. Null when the query repeats a
 * name, names a form that does not exist, or holds anything but a culture on a resume link (whose
 * page is drawn per request), and for a path under /resume/ no page has: the browser draws those.
 */
export function prerenderAddress(
  pathname: string,
  search: string,
  known: { startPaths: ReadonlySet<string>; formTypes: ReadonlySet<string>; cultures: readonly string[] },
  notFound = false,
): DrawnAddress | null {
  // A path under /resume/ no page has may hold a resume code mistyped (a character too many): it
  // is kept out of drawings, caches and logs as a code is (server/app.ts redacts it too).
  if (notFound && UNDER_RESUME.test(pathname)) return null;
  const resumeLink = isResumeLink(pathname);
  const pageParams = notFound || known.startPaths.has(pathname) || resumeLink ? [] : PAGE_PARAMS[pathname];
  if (!pageParams) return null;
  const params = new URLSearchParams(search);
  const valid: Record<string, (value: string) => boolean> = {
    form: (value) => known.formTypes.has(value),
    signedOut: (value) => value === '1',
  };
  let fixed = !notFound;
  for (const [name, value] of params) {
    if (params.getAll(name).length > 1) return null;
    if (name === 'culture') continue;
    if (pageParams.includes(name)) {
      if (!valid[name]?.(value)) return null;
    } else if (resumeLink) return null;
    else fixed = false;
  }
  if (params.has('culture')) params.set('culture', offeredCulture(params.get('culture') ?? '', known.cultures) ?? defaultCulture(known.cultures));
  const query = params.toString();
  return { address: query ? `${pathname}?${query}` : pathname, fixed };
}
