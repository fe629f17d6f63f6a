import { resolveCulture, type CultureResolution } from '../core/i18n';
import { resolveDeadlineRedirect, type DeadlineRedirect } from '../core/deadlines';
import type { Culture, DeadlineKey, DeadlineSettings, FormType } from '../core/types';
import { DEADLINE_PATH, SESSION_EXPIRED_PATH, type AppRoute } from './routes';

/** The core decisions the guards run, injected so tests and the app share one implementation. */
export interface GuardDeps {
  /** Step 1: query culture, else the page address, else en; changes only when the query supplies a different value. */
  resolveCulture(input: { query: string; path: string; current: Culture | null; supported?: readonly Culture[] }): CultureResolution;
  /** Step 2: the first passed deadline of the keys in order decides the target. */
  resolveDeadlineRedirect(keys: readonly DeadlineKey[], settings: DeadlineSettings, now: Date, culture: Culture): DeadlineRedirect;
}

/** The core's decisions; the cultures accepted are those the settlement offers (settings.site.languages, passed in). */
export const CORE_GUARDS: GuardDeps = { resolveCulture, resolveDeadlineRedirect };

export interface GuardInput {
  route: AppRoute;
  pathname: string;
  search: string;
  culture: Culture | null;
  /** The cultures the settlement offers (settings.site.languages); another one in the query is ignored. */
  cultures: readonly Culture[];
  deadlines: DeadlineSettings;
  now: Date;
  isAuthorized(formType: FormType): boolean;
}

export type GuardOutcome =
  | { kind: 'render'; culture: Culture }
  | { kind: 'redirect'; culture: Culture; to: string }
  | { kind: 'external'; culture: Culture; url: string };

/** Runs the guard steps of spec §2 in order before a route renders. */
export function runGuards(input: GuardInput, deps: GuardDeps): GuardOutcome {
  const { culture } = deps.resolveCulture({ query: input.search, path: `${input.pathname}?${input.search}`, current: input.culture, supported: input.cultures });
  const { route } = input;
  if (route.kind !== 'form') return { kind: 'render', culture };

  const deadline = deps.resolveDeadlineRedirect(route.deadlineKeys, input.deadlines, input.now, culture);
  if (deadline.kind === 'inApp') {
    // Nothing happens if already there.
    if (input.pathname === DEADLINE_PATH) return { kind: 'render', culture };
    return { kind: 'redirect', culture, to: deadline.to };
  }
  if (deadline.kind === 'external') {
    // A target that is this app's own deadline page (e.g. '/deadline?culture=es') stays in the app.
    const local = inAppDeadlineTarget(deadline.url);
    if (local !== null) return input.pathname === DEADLINE_PATH ? { kind: 'render', culture } : { kind: 'redirect', culture, to: local };
    return { kind: 'external', culture, url: deadline.url };
  }

  if (route.requiresAuthorization && !input.isAuthorized(route.formType)) {
    const query = new URLSearchParams({ form: route.formType, culture });
    return { kind: 'redirect', culture, to: `${SESSION_EXPIRED_PATH}?${query.toString()}` };
  }
  return { kind: 'render', culture };
}

function inAppDeadlineTarget(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const path = url.split(/[?#]/)[0];
  return path === DEADLINE_PATH ? url : null;
}
