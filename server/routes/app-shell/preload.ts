/**
 * Preload hints for the app page, from Vite's build manifest (dist/app/.vite/manifest.json): the
 * JS chunks a route renders first and the stylesheets of the page and the settlement's theme.
 *
 * Without them the browser learns of a page's chunk and the theme only once the entry chunk has
 * been downloaded and run — a round trip and the entry's download time before the first paint.
 * The page names them in <head>, so they download beside the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../../runtime/core/guards.js';

/** One manifest entry (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isOptional = <T>(value: unknown, guard: (value: unknown) => value is T): boolean => value === undefined || guard(value);

function isManifestChunk(value: unknown): value is ManifestChunk {
  return (
    isRecord(value) &&
    typeof value.file === 'string' &&
    isOptional(value.src, (src) => typeof src === 'string') &&
    isOptional(value.isEntry, (isEntry) => typeof isEntry === 'boolean') &&
    isOptional(value.imports, isStringList) &&
    isOptional(value.css, isStringList)
  );
}

/** Vite's manifest, its entries of the shape read here (the others left out). */
function parseManifest(value: unknown): Manifest | null {
  if (!isRecord(value)) return null;
  const manifest: Manifest = {};
  for (const [key, chunk] of Object.entries(value)) if (isManifestChunk(chunk)) manifest[key] = chunk;
  return manifest;
}

/** The manifest file under the built app (vite.config.ts build.manifest). */
export const MANIFEST_FILE = path.join('.vite', 'manifest.json');

/** What the page at an address renders first. */
export type PageKind = 'form' | 'notFound' | 'error' | 'deadline' | 'sessionExpired' | 'resume' | 'status';

/**
 * The lazy chunks (manifest keys, relative to vite's root) each kind of page needs before its
 * first paint: the page itself (the app's lazy imports). The layout around every page and a form's
 * host are in the entry's chunk (vite.config.ts), which the page loads already, with their
 * stylesheet. A key missing from the manifest is skipped; tests/e2e/shell.test.ts checks them
 * against a build.
 */
export const PAGE_CHUNKS: Record<PageKind, string[]> = {
  form: [],
  notFound: ['pages/NotFoundPage.tsx'],
  error: ['pages/ErrorPage.tsx'],
  deadline: ['pages/DeadlinePage.tsx'],
  sessionExpired: ['pages/SessionExpiredPage.tsx'],
  resume: ['pages/ResumePage.tsx'],
  status: ['pages/StatusPage.tsx'],
};

/** The shared widget stylesheet, then the theme's, in the order the app loads them. */
export const themeStylesheets = (theme: string): string[] => ['../../themes/base.css', `../../themes/${theme}/theme.css`];

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return parseManifest(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A stylesheet's text that can go into the page as it is: one whose addresses (`url(…)`) are
 * absolute or data: (vite writes asset addresses with its base), so they mean the same from the
 * page's own address. Anything that would end the <style> element is escaped.
 */
export function inlinableCss(css: string): string | null {
  // A quoted address is taken whole (a data: SVG may hold url(#id) of its own).
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))/g)) {
    const address = match[1] ?? match[2] ?? match[3] ?? '';
    if (!/^(data:|\/|#|https?:)/i.test(address)) return null;
  }
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * <link> tags for a page: modulepreload for each JS chunk of the page's lazy chunks and their
 * static imports (those the entry already preloads are left out), and the stylesheets of those
 * chunks and of the theme, in the order the app would insert them (page, base, theme; the
 * entry's own, the layout's, comes first in the page vite writes). `base` is vite's base
 * ('/app/dist/').
 *
 * With `readCss` (a built file's text, or null), each stylesheet it can read comes inline as a
 * <style> element, so the drawn page paints with the HTML instead of after a render-blocking
 * request per stylesheet; beside it a `disabled` <link> names the file, which the browser does
 * not fetch (a disabled stylesheet link is fetched only once enabled) and by which vite's loader
 * knows the stylesheet is in the page when the app's lazy chunk or the theme asks for it.
 */
export function preloadLinks(manifest: Manifest, kind: PageKind, theme: string, base: string, readCss?: (file: string) => string | null): string {
  const { styles, scripts } = pageAssets(manifest, kind, theme, base, readCss);
  return [styles, scripts].filter(Boolean).join('\n');
}

/**
 * preloadLinks in two parts: the stylesheets, for the head (the page paints with them), and the
 * modulepreloads, for after the drawn page (see the app shell: the scripts do not share the
 * bandwidth with the page's own markup).
 */
export function pageAssets(manifest: Manifest, kind: PageKind, theme: string, base: string, readCss?: (file: string) => string | null): { styles: string; scripts: string } {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const skip = new Set<string>();
  const walkEntry = (key: string) => {
    if (skip.has(key)) return;
    skip.add(key);
    for (const dep of manifest[key]?.imports ?? []) walkEntry(dep);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) walkEntry(entryKey);

  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    // The entry and its static imports are in the page already (vite writes their tags).
    if (!chunk || skip.has(key)) return;
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const dep of chunk.imports ?? []) visit(dep);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
  };
  for (const key of PAGE_CHUNKS[kind]) visit(key);
  for (const key of themeStylesheets(theme)) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.css') && !styles.includes(file)) styles.push(file);
  }
  const stylesheet = (file: string) => {
    const href = escapeAttr(base + file);
    const text = readCss?.(file);
    const css = typeof text === 'string' ? inlinableCss(text) : null;
    return css === null ? `<link rel="stylesheet" href="${href}">` : `<style>${css}</style>\n<link rel="stylesheet" href="${href}" disabled>`;
  };
  return { styles: styles.map(stylesheet).join('\n'), scripts: scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttr(base + file)}">`).join('\n') };
}
