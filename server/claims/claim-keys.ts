/**
 * The keys a claim is found by: its claim in progress (the draft's key: the form and a keyed digest
 * of whom the claimant authorized as, so that no table names anyone) and its submission (one per
 * authorization and form).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FormType } from '../../runtime/core/types.js';
import type { ClaimantIdentifier, DraftKey } from '../db/types.js';
import { remembered } from '../remembered.js';
import type { Authorization } from './session-authorizations.js';

/**
 * A keyed digest (the session secret's HMAC) of whom the claimant authorized as — the Notice ID
 * when given with its PIN, else the VIN — so that no table names anyone.
 */
export function identityKeyOf(app: Pick<FastifyInstance, 'sessions'>, authorization: Pick<Authorization, 'vin' | 'noticeId'>): string {
  const identity = authorization.noticeId ? `noticeId:${authorization.noticeId}` : `vin:${authorization.vin}`;
  return app.sessions.sign('draft', identity);
}

/** Sign-ins whose keys are remembered at most (per server): past it the memory is emptied and the keys computed again. */
const MAX_REMEMBERED = 10_000;
/** The identity's keyed digest by authorization id, per server (its secret). */
const identityKeys = new WeakMap<object, Map<string, { vin: string; noticeId: string; key: string }>>();
/** The submission keys by form and authorization id. */
const submissionKeyOf = remembered(MAX_REMEMBERED, (input) => createHash('sha256').update(input).digest('hex'));

/**
 * The draft's key: the form and whom the claimant authorized as. A Notice ID and its PIN are the
 * class member's own, so signing in with them again finds the claim. A VIN alone is not a secret
 * (anyone may type it): such a claim is this authorization's, and found again only through its
 * resume code (`resumedDraft`, set by authorize after checking the code against the VIN).
 */
export function draftKeyOf(
  app: Pick<FastifyInstance, 'sessions'>,
  formType: FormType,
  authorization: Pick<Authorization, 'id' | 'vin' | 'noticeId' | 'resumedDraft'>,
): DraftKey {
  if (authorization.resumedDraft) return { formType, claimantKey: authorization.resumedDraft };
  // The same for every save of one sign-in: its HMAC computed once (an authorization's id is new
  // at each sign-in; the identity is compared too, so a key is never another identity's).
  const memo = identityKeys.get(app.sessions) ?? new Map<string, { vin: string; noticeId: string; key: string }>();
  identityKeys.set(app.sessions, memo);
  const known = memo.get(authorization.id);
  const identity = known && known.vin === authorization.vin && known.noticeId === authorization.noticeId ? known.key : identityKeyOf(app, authorization);
  if (!known) {
    if (memo.size >= MAX_REMEMBERED) memo.clear();
    memo.set(authorization.id, { vin: authorization.vin, noticeId: authorization.noticeId, key: identity });
  }
  return { formType, claimantKey: authorization.noticeId ? identity : `${identity}.${authorization.id}` };
}

/** Whether a draft key belongs to this identity (the Notice ID's own key, or one of the VIN's claims). */
export function isDraftOf(app: Pick<FastifyInstance, 'sessions'>, claimantKey: string, authorization: Pick<Authorization, 'vin' | 'noticeId'>): boolean {
  const identity = identityKeyOf(app, authorization);
  return authorization.noticeId ? claimantKey === identity : claimantKey.startsWith(`${identity}.`);
}

/**
 * Idempotency key: one submission per authorization and form. Its `id` is random and known only to
 * the server and that session, so no one else's submission can ever answer with this one's
 * reference code.
 */
export function submissionKey(formType: FormType, authorization: Pick<Authorization, 'id'>): string {
  // Computed once per sign-in and form, not on each of its saves.
  return submissionKeyOf(`${formType}\n${authorization.id}`);
}

/** The identifiers the duplicate policy looks at: what the server authorized, never what a payload says. */
export function identifiersOf(authorization: Pick<Authorization, 'vin' | 'noticeId'>): ClaimantIdentifier[] {
  return [
    ...(authorization.vin ? [{ kind: 'vin' as const, value: authorization.vin }] : []),
    ...(authorization.noticeId ? [{ kind: 'noticeId' as const, value: authorization.noticeId }] : []),
  ];
}
