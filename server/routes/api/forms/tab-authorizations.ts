/**
 * One authorization per browser tab. The tabs of one browser share the session cookie, so a tab
 * signing in as another claimant would otherwise take the form away from the tab signed in before.
 * Each tab sends a random handle of its own (`X-Claim-Tab`, kept in the tab's sessionStorage; it
 * names no one); the session keeps, per form, the authorizations of its `MAX_TAB_AUTHORIZATIONS`
 * most recent sign-ins by handle. A call with a handle the session knows acts as that tab's
 * claimant; any other call (no handle, an unknown or forgotten one) acts as the latest sign-in, as
 * before. A handle only chooses among the session's own authorizations: it grants nothing the
 * session did not authorize. A forgotten tab whose answers name its own claimant is refused with
 * TAB_SIGNED_OUT (sign in again), not CREDENTIALS_CHANGED.
 */
import type { FastifyRequest } from 'fastify';
import type { FieldValue, FormType } from '../../../../runtime/core/types.js';
import type { SessionData } from '../../../db/types.js';
import type { Authorization } from './authorize.js';

/** The request header naming the tab (lower case, as Node gives headers). */
export const TAB_HEADER = 'x-claim-tab';
/** How many tabs' sign-ins a session keeps per form; the oldest is forgotten first. */
export const MAX_TAB_AUTHORIZATIONS = 8;
const HANDLE = /^[A-Za-z0-9_-]{16,64}$/;

/** One tab's sign-in: who as, and what authorize prefilled. */
export interface TabAuthorization {
  tab: string;
  authorization: Authorization;
  prepopulated: Record<string, FieldValue> | null;
}

/** The tab handle a request sends, or null (none, or not a handle). */
export function tabOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = request.headers[TAB_HEADER];
  return typeof value === 'string' && HANDLE.test(value) ? value : null;
}

function tabsOf(data: SessionData, formType: FormType): TabAuthorization[] {
  const all = data.extra?.tabAuthorizations as Partial<Record<FormType, TabAuthorization[]>> | undefined;
  const list = all?.[formType];
  return Array.isArray(list) ? list : [];
}

/** The sign-in of the tab `tab` for the form, when the session keeps one. */
export function tabAuthorizationOf(data: SessionData, formType: FormType, tab: string | null): TabAuthorization | null {
  if (!tab) return null;
  const entry = tabsOf(data, formType).find((e) => e.tab === tab);
  const a = entry?.authorization;
  return entry && a && typeof a.id === 'string' && typeof a.vin === 'string' && typeof a.noticeId === 'string' ? entry : null;
}

/**
 * Whether `tab` signed in to the form once and the session no longer keeps its sign-in (more
 * recent tabs pushed it out, or its own sign-in failed later). Such a tab acts as the latest
 * sign-in, so its claimant's answers are refused as another claimant's: it is told to sign in again.
 */
export function tabSignedOut(data: SessionData, formType: FormType, tab: string | null): boolean {
  return tab !== null && tabAuthorizationOf(data, formType, tab) === null;
}

/**
 * Sets (or with null forgets) the tab's sign-in for the form; the most recent last, at most
 * `MAX_TAB_AUTHORIZATIONS` kept.
 */
export function setTabAuthorization(data: SessionData, formType: FormType, tab: string | null, entry: Omit<TabAuthorization, 'tab'> | null): void {
  if (!tab) return;
  const extra = (data.extra ??= {});
  const all = { ...((extra.tabAuthorizations as Partial<Record<FormType, TabAuthorization[]>> | undefined) ?? {}) };
  const kept = tabsOf(data, formType).filter((e) => e.tab !== tab);
  if (entry) kept.push({ tab, ...entry });
  all[formType] = kept.slice(-MAX_TAB_AUTHORIZATIONS);
  extra.tabAuthorizations = all;
}
