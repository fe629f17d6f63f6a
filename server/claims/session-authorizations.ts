/**
 * What a session holds about its claimant's authorizations, typed: one `FormAuthorizations` per
 * form, read from the stored session data by a parser and written back by one function. Stored
 * sessions are JSON from the session store (the database or Redis) and may come from another
 * version of the server: whatever does not have the shape below is ignored, so a malformed session
 * is simply not authorized (401), never a failure.
 *
 * One authorization per browser tab. The tabs of one browser share the session cookie, so a tab
 * signing in as another claimant would otherwise take the form away from the tab signed in before.
 * Each tab sends a random handle of its own (`X-Claim-Tab`, kept in the tab's sessionStorage; it
 * names no one); the session keeps, per form, the authorizations of its `MAX_TAB_AUTHORIZATIONS`
 * most recent sign-ins by handle. A call with a handle the session knows acts as that tab's
 * claimant; any other call (no handle, an unknown or forgotten one) acts as the latest sign-in. A
 * handle only chooses among the session's own authorizations: it grants nothing the session did not
 * authorize. A forgotten tab whose answers name its own claimant is refused with TAB_SIGNED_OUT
 * (sign in again), not CREDENTIALS_CHANGED.
 *
 * Stored as: `authorized[formType]` (spec §4), `prepopulated[formType]` (the latest sign-in's),
 * `extra.authorization[formType]` (the latest sign-in) and `extra.tabAuthorizations[formType]`
 * (the tabs' sign-ins, oldest first).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRecord } from '../../runtime/core/guards.js';
import type { FieldValue, FlowFile, FormType } from '../../runtime/core/types.js';
import type { SessionData } from '../db/types.js';
import { httpError } from '../errors.js';
import type { AuthorizeScreening } from '../fraud/request.js';
import { REASON_CODES, type ReasonCode } from '../fraud/settings.js';
import type { Reason } from '../fraud/signals.js';
import { passedDeadline } from '../settlement/deadlines.js';

/**
 * Who a session is authorized as for one form, as the server established it: the submit's
 * credentials must name the same, its idempotency key is made from `id`, and its duplicate checks
 * use `vin` and `noticeId`. Kept in the session's data, so it moves with the session's rotation.
 */
export interface Authorization {
  /** Random, one per successful authorize: what only this authorization has. */
  id: string;
  /** Upper case; '' when the form signs in without a VIN. */
  vin: string;
  /** The class member's identifier (a Notice ID, a Claim ID), upper case; '' when authorized without one. */
  noticeId: string;
  /** What authorize saw of the client, for the submit's fraud screening (absent in sessions from before it). */
  screening?: AuthorizeScreening;
  /** The claim in progress this authorization continues, its draft key, when signed in with its resume code. */
  resumedDraft?: string;
}

/** What authorize prefilled for a sign-in, by key. */
export type Prepopulated = Record<string, FieldValue>;

/** One sign-in: who as, and what authorize prefilled (null: nothing). */
export interface SignedIn {
  authorization: Authorization;
  prepopulated: Prepopulated | null;
}

/** One tab's sign-in. */
export interface TabAuthorization extends SignedIn {
  tab: string;
}

/** What a session holds about its claimant's authorizations for one form. */
export interface FormAuthorizations {
  /** The latest sign-in, which calls without a tab the session keeps act as; null: not authorized. */
  latest: SignedIn | null;
  /** The sign-ins of the session's most recent tabs, oldest first, at most `MAX_TAB_AUTHORIZATIONS`. */
  tabs: TabAuthorization[];
}

/** The request header naming the tab (lower case, as Node gives headers). */
export const TAB_HEADER = 'x-claim-tab';
/** How many tabs' sign-ins a session keeps per form; the oldest is forgotten first. */
export const MAX_TAB_AUTHORIZATIONS = 8;
const HANDLE = /^[A-Za-z0-9_-]{16,64}$/;

/** The tab handle a request sends, or null (none, or not a handle). */
export function tabOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = request.headers[TAB_HEADER];
  return typeof value === 'string' && HANDLE.test(value) ? value : null;
}

const isFieldValue = (value: unknown): value is FieldValue => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isReasonCode = (value: unknown): value is ReasonCode => REASON_CODES.some((code) => code === value);

function parseReason(value: unknown): Reason | null {
  if (!isRecord(value) || !isReasonCode(value.code) || !isRecord(value.evidence)) return null;
  return { code: value.code, evidence: value.evidence };
}

/** What authorize saw of the client, or undefined when the stored value is not one. */
function parseScreening(value: unknown): AuthorizeScreening | undefined {
  if (!isRecord(value) || typeof value.at !== 'number' || !Array.isArray(value.markers)) return undefined;
  const markers = value.markers.map(parseReason).filter((reason) => reason !== null);
  return { at: value.at, ...(typeof value.captchaScore === 'number' ? { captchaScore: value.captchaScore } : {}), markers };
}

/**
 * What the parsers below answered, each by itself: a session's data is parsed when it is loaded
 * (session-data.ts), and the authorizations read from it on the same request (`requireAuthorization`)
 * are those answers, taken as they are rather than checked and copied a second time.
 */
const parsed = {
  authorizations: new WeakMap<object, Authorization>(),
  prepopulated: new WeakMap<object, Prepopulated>(),
  tabs: new WeakMap<object, TabAuthorization[]>(),
};
function remember<T extends object>(answers: WeakMap<object, T>, answer: T): T {
  answers.set(answer, answer);
  return answer;
}

/** A stored authorization, or null when it lacks what every authorization has. */
export function parseAuthorization(value: unknown): Authorization | null {
  if (!isRecord(value)) return null;
  const known = parsed.authorizations.get(value);
  if (known) return known;
  if (typeof value.id !== 'string' || typeof value.vin !== 'string' || typeof value.noticeId !== 'string') return null;
  const screening = parseScreening(value.screening);
  return remember(parsed.authorizations, {
    id: value.id,
    vin: value.vin,
    noticeId: value.noticeId,
    ...(screening ? { screening } : {}),
    ...(typeof value.resumedDraft === 'string' ? { resumedDraft: value.resumedDraft } : {}),
  });
}

/** Stored prefilled answers: the entries that are field values (null when there are none stored). */
function parsePrepopulated(value: unknown): Prepopulated | null {
  if (!isRecord(value)) return null;
  const known = parsed.prepopulated.get(value);
  if (known) return known;
  const out: Prepopulated = {};
  for (const [key, field] of Object.entries(value)) if (isFieldValue(field)) out[key] = field;
  return remember(parsed.prepopulated, out);
}

function parseTabAuthorization(value: unknown): TabAuthorization | null {
  if (!isRecord(value) || typeof value.tab !== 'string') return null;
  const authorization = parseAuthorization(value.authorization);
  return authorization ? { tab: value.tab, authorization, prepopulated: parsePrepopulated(value.prepopulated) } : null;
}

/** Each entry of a stored per-form map that `parse` accepts (none when the map is not one). */
function parsedByForm<T>(stored: unknown, parse: (value: unknown) => T | null): Record<string, T> {
  const out: Record<string, T> = {};
  if (isRecord(stored)) {
    for (const [formType, value] of Object.entries(stored)) {
      const parsed = parse(value);
      if (parsed !== null) out[formType] = parsed;
    }
  }
  return out;
}

function parseTabAuthorizations(value: unknown): TabAuthorization[] | null {
  if (!Array.isArray(value)) return null;
  return parsed.tabs.get(value) ?? remember(parsed.tabs, value.map(parseTabAuthorization).filter((entry) => entry !== null));
}

/**
 * The authorization members of a stored session's data (another version of the server's, a hand
 * edit's): per form, what has the shape this module reads; the rest dropped, a malformed member
 * empty. Members of `extra` that are not authorizations are kept as they are.
 */
export function parseStoredAuthorizations(stored: Record<string, unknown>): Pick<SessionData, 'authorized' | 'prepopulated' | 'extra'> {
  const authorized = parsedByForm(stored.authorized, (value) => (typeof value === 'boolean' ? value : null));
  const prepopulated = parsedByForm(stored.prepopulated, parsePrepopulated);
  if (stored.extra === undefined) return { authorized, prepopulated };
  const extra = { ...(isRecord(stored.extra) ? stored.extra : {}) };
  if ('authorization' in extra) extra.authorization = parsedByForm(extra.authorization, parseAuthorization);
  if ('tabAuthorizations' in extra) extra.tabAuthorizations = parsedByForm(extra.tabAuthorizations, parseTabAuthorizations);
  return { authorized, prepopulated, extra };
}

/** The stored per-form map `name` of the session's extra data ({} when there is none). */
function storedByForm(data: SessionData, name: 'authorization' | 'tabAuthorizations'): Record<string, unknown> {
  const stored = isRecord(data.extra) ? data.extra[name] : undefined;
  return isRecord(stored) ? stored : {};
}

/** What the session holds about its claimant's authorizations for the form (nothing, when what it holds is malformed). */
export function formAuthorizationsOf(data: SessionData, formType: FormType): FormAuthorizations {
  const tabs = parseTabAuthorizations(storedByForm(data, 'tabAuthorizations')[formType]) ?? [];
  const authorized: unknown = isRecord(data.authorized) ? data.authorized[formType] : undefined;
  const authorization = authorized === true ? parseAuthorization(storedByForm(data, 'authorization')[formType]) : null;
  const prepopulated: unknown = isRecord(data.prepopulated) ? data.prepopulated[formType] : undefined;
  return { latest: authorization ? { authorization, prepopulated: parsePrepopulated(prepopulated) } : null, tabs };
}

/** Writes what the session holds about its claimant's authorizations for the form; the other forms' are kept. */
export function storeFormAuthorizations(data: SessionData, formType: FormType, value: FormAuthorizations): void {
  const { latest } = value;
  data.authorized = { ...(isRecord(data.authorized) ? data.authorized : {}), [formType]: latest !== null };
  const prepopulated = { ...(isRecord(data.prepopulated) ? data.prepopulated : {}) };
  if (latest?.prepopulated) prepopulated[formType] = latest.prepopulated;
  else delete prepopulated[formType];
  data.prepopulated = prepopulated;
  const authorizations = { ...storedByForm(data, 'authorization') };
  if (latest) authorizations[formType] = latest.authorization;
  else delete authorizations[formType];
  const tabs = { ...storedByForm(data, 'tabAuthorizations'), [formType]: value.tabs.slice(-MAX_TAB_AUTHORIZATIONS) };
  data.extra = { ...(isRecord(data.extra) ? data.extra : {}), authorization: authorizations, tabAuthorizations: tabs };
}

/** The sign-in of the tab `tab` for the form, when the session keeps one. */
export function tabAuthorizationOf(authorizations: FormAuthorizations, tab: string | null): TabAuthorization | null {
  return tab === null ? null : (authorizations.tabs.find((entry) => entry.tab === tab) ?? null);
}

/** The sign-in a call from tab `tab` acts as: that tab's when the session keeps it, else the latest; null: not authorized. */
export function signInOf(data: SessionData, formType: FormType, tab: string | null): SignedIn | null {
  const authorizations = formAuthorizationsOf(data, formType);
  return tabAuthorizationOf(authorizations, tab) ?? authorizations.latest;
}

/** The session's authorization for the form a call from tab `tab` acts as, or null. */
export function authorizationOf(data: SessionData, formType: FormType, tab: string | null = null): Authorization | null {
  return signInOf(data, formType, tab)?.authorization ?? null;
}

/** What authorize prefilled for the same sign-in `authorizationOf` finds, or null. */
export function prepopulatedOf(data: SessionData, formType: FormType, tab: string | null = null): Prepopulated | null {
  return signInOf(data, formType, tab)?.prepopulated ?? null;
}

/**
 * Whether `tab` signed in to the form once and the session no longer keeps its sign-in (more
 * recent tabs pushed it out, or its own sign-in failed later). Such a tab acts as the latest
 * sign-in, so its claimant's answers are refused as another claimant's: it is told to sign in again.
 */
export function tabSignedOut(data: SessionData, formType: FormType, tab: string | null): boolean {
  return tab !== null && tabAuthorizationOf(formAuthorizationsOf(data, formType), tab) === null;
}

/**
 * A new sign-in attempt for the form from tab `tab` (spec §4: it starts unauthorized): the latest
 * sign-in and this tab's are forgotten, the other tabs keep theirs. With `signedIn`, the attempt
 * succeeded: it becomes the latest sign-in and this tab's (the most recent tab).
 */
export function replaceSignIn(data: SessionData, formType: FormType, tab: string | null, signedIn: SignedIn | null): void {
  const { tabs } = formAuthorizationsOf(data, formType);
  const others = tab === null ? tabs : tabs.filter((entry) => entry.tab !== tab);
  storeFormAuthorizations(data, formType, {
    latest: signedIn,
    tabs: signedIn && tab !== null ? [...others, { tab, ...signedIn }] : others,
  });
}

/**
 * The session's authorization for the flow's form, for a call from the request's tab, before the
 * form's deadline; else DEADLINE_PASSED or NOT_AUTHORIZED.
 */
export function requireAuthorization(
  app: Pick<FastifyInstance, 'deadlineInstants' | 'clock'>,
  flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>,
  request: Pick<FastifyRequest, 'session' | 'headers'>,
): Authorization {
  if (passedDeadline(app.deadlineInstants, flow.deadlineKeys, app.clock())) throw httpError('DEADLINE_PASSED');
  const authorization = request.session ? authorizationOf(request.session.data, flow.formType, tabOf(request)) : null;
  if (!authorization) throw httpError('NOT_AUTHORIZED');
  return authorization;
}
