import { DEFAULT_CULTURE, type Culture } from '../types';

export type QueryInput = string | URLSearchParams | Record<string, string | string[] | null | undefined> | null | undefined;

function cultureFromQuery(query: QueryInput): string | undefined {
  if (query === null || query === undefined) return undefined;
  let value: string | string[] | null | undefined;
  if (typeof query === 'string') value = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get('culture');
  else if (query instanceof URLSearchParams) value = query.get('culture');
  else value = query.culture;
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

function cultureFromAddress(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  const at = address.indexOf('?');
  if (at < 0) return undefined;
  const hash = address.indexOf('#', at);
  return cultureFromQuery(address.slice(at + 1, hash < 0 ? undefined : hash));
}

/**
 * The offered culture a requested one names: the same culture in any letter case, else its
 * language when that is offered ('es-US' → 'es'); undefined when neither is. One rule for the
 * browser and the server, so that a page is drawn, labelled (lang) and run in the same culture.
 */
export function offeredCulture(requested: string, offered: readonly Culture[]): Culture | undefined {
  const lower = requested.trim().toLowerCase();
  if (!lower) return undefined;
  const exact = offered.find((c) => c.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const language = lower.split('-')[0];
  return offered.find((c) => c.toLowerCase() === language);
}

/** A path within this site: "/…", not "//host/…" nor "/\\host/…" (another site, which browsers read both as). */
export const isSitePath = (href: string): boolean => /^\/(?![/\\])/.test(href);

/**
 * A path within the site carrying the culture in its query, so that the page it opens — drawn by
 * the server, or the app started afresh — is in the culture in use: none added for en (what an
 * address naming no culture resolves to), nor to a path naming one already; a fragment kept last.
 */
export function withCulture(path: string, culture: Culture | null | undefined): string {
  if (!culture || culture === DEFAULT_CULTURE || /[?&]culture=/.test(path)) return path;
  const at = path.search(/#|$/);
  const base = path.slice(0, at);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') ? '' : '&';
  return `${base}${joiner}culture=${encodeURIComponent(culture)}${path.slice(at)}`;
}

/** The culture a page is in when its address names none the settlement offers: en, else the first offered. */
export function defaultCulture(offered: readonly Culture[]): Culture {
  return offered.includes(DEFAULT_CULTURE) ? DEFAULT_CULTURE : (offered[0] ?? DEFAULT_CULTURE);
}

export interface CultureResolution {
  culture: Culture;
  /** true when the culture in use must change (content reloads). */
  changed: boolean;
}

/**
 * Route guard step 1 (spec §2): the culture comes from the route's query, else from the page
 * address (its ?culture= parameter), else 'en'. Once a culture is in use it changes only when the
 * query supplies a different value. `supported`, when given, takes a culture it offers in any
 * letter case or by its language (offeredCulture), ignores any other (an unknown culture), and
 * when it lacks 'en' its first culture is the default.
 */
export function resolveCulture(input: {
  query?: QueryInput;
  /** The page address (path with query, or a full URL). */
  path?: string | null;
  /** The culture in use; null or undefined until one is chosen. */
  current?: Culture | null;
  supported?: readonly Culture[];
}): CultureResolution {
  const { supported } = input;
  const accept = (c: string | undefined) => (c === undefined || !supported ? c : offeredCulture(c, supported));
  // A settlement that does not offer en falls back to the first culture it offers.
  const fallback = defaultCulture(input.supported ?? []);
  const fromQuery = accept(cultureFromQuery(input.query));
  const current = input.current ?? null;
  if (fromQuery !== undefined && fromQuery !== current) return { culture: fromQuery, changed: true };
  if (current) return { culture: current, changed: false };
  return { culture: accept(cultureFromAddress(input.path)) ?? fallback, changed: true };
}
