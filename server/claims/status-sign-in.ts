/**
 * A claimant asks for their claim's status with its reference code and the claim's own sign-in
 * credentials: those its form declares (forms.json `signIn`: a VIN, a Notice ID + PIN, a Claim ID
 * + ZIP…), compared as a page save compares them with the sign-in (`namesAuthorized`), the secret
 * verified against the class list. A wrong reference code and wrong credentials get the same
 * refusal, after the same work, so the answer never tells whether a claim exists.
 *
 * Attempts: each is counted on its reference code before anything is compared (`pinAttempts.max`
 * per window, so a burst tries no more than that), and each refusal on the client address
 * (`pinAttempts.maxPerIp`); the right credentials forget the reference code's count.
 *
 * The right credentials are kept in the session (the claim's id): that session, and no other, may
 * then send the claim's cure.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRecord } from '../../runtime/core/guards.js';
import { DEFICIENT } from '../../runtime/core/statuses/index.js';
import type { SignIn } from '../../runtime/core/forms/index.js';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { createClaimStatuses, type FiledClaim } from '../db/claim-statuses.js';
import { windowEnd } from '../db/rate-limit.js';
import { normalizeReferenceCode } from '../db/reference-code.js';
import { httpError, HttpError } from '../errors.js';
import { askedPages, filedPageAnswers, linkedRecords } from './cure-pages.js';
import { rememberStatusSignIn } from './cure.js';
import { cureInProgressOf, cureProgressAnswer, type CureProgressAnswer } from './cure-in-progress.js';
import { claimantStatus, type ClaimantStatus } from './statuses.js';
import { namesAuthorized } from './sign-in.js';

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** The credentials stored with a claim: the VIN and identifier as the server authorized them (the secret never). */
function storedCredentials(claim: FiledClaim | undefined): Record<string, unknown> {
  const credentials = isRecord(claim?.payload) ? claim.payload.credentials : undefined;
  return isRecord(credentials) && isRecord(credentials.fields) ? credentials.fields : {};
}

/**
 * Whether the typed credentials are the claim's own: the VIN and identifier it was filed under,
 * and the identifier's secret in the class list. The secret is checked whether or not the claim
 * exists (the same work either way). A form signed in without a VIN or an identifier proves
 * nobody: its claims' status cannot be asked for.
 */
async function provesClaim(app: FastifyInstance, signIn: SignIn, claim: FiledClaim | undefined, typed: Record<string, FieldValue>): Promise<boolean> {
  const stored = storedCredentials(claim);
  const filedAs = { vin: signIn.vin ? upper(stored[signIn.vin]) : '', noticeId: signIn.identifier ? upper(stored[signIn.identifier.field]) : '' };
  const named = namesAuthorized(typed, signIn, filedAs);
  let secretMatches = true;
  if (signIn.secret && signIn.identifier) {
    const identifier = upper(typed[signIn.identifier.field]);
    const secret = typeof typed[signIn.secret.field] === 'string' ? String(typed[signIn.secret.field]).trim() : '';
    // A claim filed without its optional identifier was signed in to by its VIN alone.
    if (identifier || filedAs.noticeId) {
      const member = identifier && secret ? await app.stores.classList.verifyPin(identifier, secret) : null;
      secretMatches = member !== null && member.noticeId.toUpperCase() === filedAs.noticeId;
    }
  }
  return claim !== undefined && (filedAs.vin !== '' || filedAs.noticeId !== '') && named && secretMatches;
}

/** The answer of POST /api/claims/status. */
export interface ClaimStatusAnswer extends ClaimantStatus {
  referenceCode: string;
  formType: string;
  /** The claim's answers to the pages its cure asks again: its cure in progress's when kept, else the filed ones. */
  cureAnswers?: FormModel[];
  /** The claim's filed records those pages link to and do not ask again (a document's repair, a receipt's expense), read-only, with their label fields: the link selects list them. */
  cureContext?: FormModel[];
  /** The cure in progress kept for its deficiency. */
  cureInProgress?: CureProgressAnswer;
}

export async function claimStatusFor(app: FastifyInstance, request: FastifyRequest, body: { referenceCode: string; credentials: Record<string, string> }): Promise<ClaimStatusAnswer> {
  const { max, maxPerIp, windowMinutes } = app.settlement.settings.pinAttempts;
  const windowMs = windowMinutes * 60_000;
  const limiter = app.stores.rateLimiter;
  const now = app.clock();
  const tooMany = () => {
    const waitMs = windowEnd(now, windowMs) - now;
    return httpError('TOO_MANY_CLAIM_STATUS_ATTEMPTS', { args: [String(Math.ceil(waitMs / 60_000))], retryAfterSeconds: Math.ceil(waitMs / 1000) });
  };
  const code = normalizeReferenceCode(body.referenceCode).slice(0, 32);
  const ipKey = `status:ip:${request.ip}`;
  const codeKey = `status:code:${code}`;
  if ((await limiter.peek(ipKey, windowMs, now)) >= maxPerIp) throw tooMany();
  if ((await limiter.hit(codeKey, windowMs, now)) > max) throw tooMany();

  const statuses = createClaimStatuses(app.database, { clock: app.clock });
  // The form a reference code is of: its prefix (public, on every code of the form).
  const form = app.settlement.forms.find((f) => code.startsWith(`${f.referencePrefix}-`));
  const found = form ? (await statuses.claimsByReference([code])).get(code) : undefined;
  const claim = found && found.formType === form?.id ? found : undefined;
  const proved = form !== undefined && (await provesClaim(app, form.signIn, claim, body.credentials));
  if (!claim || !proved) {
    await limiter.hit(ipKey, windowMs, now);
    request.log.info('claim status refused: reference code and credentials do not match');
    throw httpError('CLAIM_STATUS_NOT_MATCHED');
  }
  await limiter.reset(codeKey, windowMs, now);
  // The session may now send this claim's cure (cure.ts), and only this session.
  if (request.session) {
    rememberStatusSignIn(request.session.data, claim.submissionId);
    await app.sessions.save(request);
  }
  const [latest, screenedOut] = await Promise.all([statuses.latest([claim.submissionId]).then((m) => m.get(claim.submissionId)), statuses.screenedOut(claim.submissionId)]);
  const status = claimantStatus(app.settlement.statuses, claim, latest, screenedOut);
  // The cure in progress kept for this deficiency, as it was left (cure-in-progress.ts).
  const progress = latest && status.status === DEFICIENT ? await cureInProgressOf(app, claim.submissionId, latest) : null;
  const started = cureStart(app, claim, status);
  const cureAnswers = progress?.answers && started.cureAnswers ? { ...started, cureAnswers: progress.answers } : started;
  return { referenceCode: claim.referenceCode, formType: claim.formType, ...status, ...cureAnswers, ...(progress ? { cureInProgress: cureProgressAnswer(progress) } : {}) };
}

/** The claim's filed answers to the pages its cure asks again (the cure starts from them), and the filed records they link to; none when no page is asked or one cannot be. */
function cureStart(app: FastifyInstance, claim: FiledClaim, status: ClaimantStatus): { cureAnswers?: FormModel[]; cureContext?: FormModel[] } {
  const pageIds = status.deficiencies.flatMap((d) => (d.cure.kind === 'page' ? [d.cure.page] : []));
  if (!pageIds.length) return {};
  try {
    const asked = askedPages(app, claim, pageIds);
    const context = linkedRecords(asked);
    // Always the filed claim's, never the cure in progress's: the cure does not change them.
    return { cureAnswers: filedPageAnswers(asked), ...(context.length ? { cureContext: context } : {}) };
  } catch (error) {
    // A page that cannot be asked again is refused when the cure is sent, with what to do.
    if (error instanceof HttpError) return {};
    throw error;
  }
}
