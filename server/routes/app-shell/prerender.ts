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
import { offeredCulture } from '../../../runtime/core/i18n/culture.js';
import { RESUME_LINK } from '../../../runtime/core/site/index.js';
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

/**
 * The address to draw on the server, or null: a form's start page (its flow's first page), one
 * of the fixed pages above or a resume link, with a query the page knows (an offered culture, a
 * known form, the signed-out notice) written in one order. An address spelt otherwise is drawn in
 * the browser, so the pages kept are a short, fixed list (computed once each).
 */
export function prerenderAddress(
  pathname: string,
  search: string,
  known: { startPaths: ReadonlySet<string>; formTypes: ReadonlySet<string>; cultures: ReadonlySet<string> },
): string | null {
  const pageParams = known.startPaths.has(pathname) || isResumeLink(pathname) ? [] : PAGE_PARAMS[pathname];
  if (!pageParams) return null;
  const params = new URLSearchParams(search);
  // A culture asked in another letter case or by a region of its language ('es-US') is drawn as the
  // culture it resolves to, as the app resolves it: one page kept per offered culture, whatever the
  // spellings asked.
  const culture = offeredCulture(params.get('culture') ?? '', [...known.cultures]);
  const valid: Record<string, (value: string) => boolean> = {
    culture: () => culture !== undefined,
    form: (value) => known.formTypes.has(value),
    signedOut: (value) => value === '1',
  };
  const names = ['culture', ...pageParams];
  for (const [name, value] of params) if (!names.includes(name) || params.getAll(name).length > 1 || !valid[name]?.(value)) return null;
  const query = (value: (name: string) => string) => names.flatMap((name) => (params.has(name) ? [`${name}=${encodeURIComponent(value(name))}`] : [])).join('&');
  if (query((name) => params.get(name) ?? '') !== search) return null;
  const drawn = query((name) => (name === 'culture' && culture !== undefined ? culture : (params.get(name) ?? '')));
  return drawn ? `${pathname}?${drawn}` : pathname;
}
