/**
 * The keys a claim is found by: its claim in progress (the draft's key: the form and a keyed digest
 * of whom the claimant authorized as, so that no table names anyone) and its submission (one per
 * authorization and form).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FormType } from '../../runtime/core/types.js';
import type { ClaimantIdentifier, DraftKey } from '../db/types.js';
import type { Authorization } from './session-authorizations.js';

/**
 * A keyed digest (the session secret's HMAC) of whom the claimant authorized as — the Notice ID
 * when given with its PIN, else the VIN — so that no table names anyone.
 */
export function identityKeyOf(app: Pick<FastifyInstance, 'sessions'>, authorization: Pick<Authorization, 'vin' | 'noticeId'>): string {
  const identity = authorization.noticeId ? `noticeId:${authorization.noticeId}` : `vin:${authorization.vin}`;
  return app.sessions.sign('draft', identity);
}

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
  const identity = identityKeyOf(app, authorization);
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
  return createHash('sha256').update(`${formType}\n${authorization.id}`).digest('hex');
}

/** The identifiers the duplicate policy looks at: what the server authorized, never what a payload says. */
export function identifiersOf(authorization: Pick<Authorization, 'vin' | 'noticeId'>): ClaimantIdentifier[] {
  return [
    ...(authorization.vin ? [{ kind: 'vin' as const, value: authorization.vin }] : []),
    ...(authorization.noticeId ? [{ kind: 'noticeId' as const, value: authorization.noticeId }] : []),
  ];
}
