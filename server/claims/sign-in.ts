/**
 * Authorization (SETTLEMENT.md "Authorization"): signing in to a form with what it declares
 * (forms.json `signIn`, else the spec's: a VIN, and optionally a Notice ID + PIN), and what a page
 * save or submit must say about whom the session is authorized as.
 *
 * Order of a sign-in: a body the schema refused or a passed deadline, told after the CSRF token →
 * session and its CSRF token (read by this handler, `sessionReadByHandler`: on PostgreSQL with the
 * PIN's counts, the member's row and what was filed under the credentials, one read-only
 * statement) → captcha (fresh provider token, siteverify) → credentials checked by the rule engine
 * → class vehicle (a VIN credential) → identifier + secret (a Notice ID + PIN, a Claim ID + ZIP:
 * rate-limited per client IP and per identifier) → what was filed under the VIN and the
 * identifier, when the settlement's duplicate policy would refuse this form's submission (told
 * now, before any page is filled: ALREADY_FILED) → the resume code when one is sent
 * (resume-codes.ts: known, unexpired, saved with these credentials; attempts counted) → session
 * authorized for the form type (who as: `Authorization`), rotated, with a single-use captcha value
 * for the submit.
 *
 * Writes: on success the provider token's single-use record, the captcha value, the right PIN's
 * attempts forgotten and the rotated session go in ONE database transaction (on PostgreSQL one
 * statement, atomic by itself: no BEGIN and COMMIT to wait for; the right PIN's attempt judged in
 * it, the session rotated only when the token's record is new and the attempt passed; sessions in
 * Redis: the database transaction, then one MULTI). Every other answer after siteverify first
 * records the token as used, so that one token gets one answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomText } from '../random-text.js';
import type { SignIn } from '../../runtime/core/forms/index.js';
import { UNSTORABLE_TEXT, unstorableTextPaths } from '../../runtime/core/payload/index.js';
import { checkFieldTypes, hasValidVinCheckDigit, validateModelFields } from '../../runtime/core/rules/index.js';
import { ALREADY_FILED } from '../../runtime/core/view/refusal.js';
import type { FieldValue, FlowFile, FormModel, FormType } from '../../runtime/core/types.js';
import { VIN_PATTERN } from '../db/class-list.js';
import { groupedWrites } from '../db/grouped-transactions.js';
import { windowEnd } from '../db/rate-limit.js';
import { isStatementBatch, statementBatch } from '../db/statement-batch.js';
import type { BatchPart, ClassMember, SessionData, StatementBatch, Trx } from '../db/types.js';
import { errorText, httpError, type HttpError, type ServerErrorCode } from '../errors.js';
import { screeningAtAuthorize, sessionTag } from '../fraud/request.js';
import { passedDeadline } from '../settlement/deadlines.js';
import { duplicateRefusal, type DuplicateRefusal, type DuplicateRefusalCode } from '../settlement/duplicates.js';
import { settlementFormOf } from '../settlement/load.js';
import { identifiersOf } from './claim-keys.js';
import { resumedDraftOf } from './resume-codes.js';
import { replaceSignIn, tabOf, tabSignedOut, type Authorization, type Prepopulated } from './session-authorizations.js';

/**
 * Forgets the wrong-PIN count of a notice ID whose right PIN was given (in `trx` when given): true,
 * or false when the attempt is judged past the limit (PostgreSQL: PINs sent together). Given a
 * PostgreSQL batch, its `last` part then answers a row only when the attempt passed.
 */
type ForgetAttempts = (trx?: Trx | StatementBatch) => Promise<boolean>;

/** A PIN sign-in's reads made with its session (PostgreSQL: one statement): the counts it is judged by, and the member's row with the PIN compared. */
interface PinReads {
  now: number;
  ipNotices: Promise<{ distinct: number; counted: boolean; count: number }>;
  attempts: Promise<number>;
  member: Promise<ClassMember | null>;
}

/** The prepopulatedData of a class member: the declared columns (forms.json `prefill`) it fills in, by key. */
function prepopulated(member: ClassMember, prefill: Record<string, string>): Prepopulated {
  const out: Prepopulated = {};
  for (const [column, key] of Object.entries(prefill)) {
    const value = member.columns[column];
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

const text = (value: FieldValue | undefined): string => (typeof value === 'string' ? value.trim() : '');
const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/**
 * Whether the credentials a page save or a submit sends name whom the server authorized: the VIN
 * and the identifier (none when authorized without one). The secret proved the claimant at
 * authorize and is not compared. A form signed in without credentials names anyone.
 */
export function namesAuthorized(fields: Record<string, FieldValue> | undefined, signIn: SignIn, authorization: Pick<Authorization, 'vin' | 'noticeId'>): boolean {
  if (!signIn.vin && !signIn.identifier) return true;
  if (!fields) return false;
  if (signIn.vin && upper(fields[signIn.vin]) !== authorization.vin) return false;
  return !signIn.identifier || upper(fields[signIn.identifier.field]) === authorization.noticeId;
}

/** The credentials as stored: the VIN and identifier as the server authorized them, the secret never. */
export function authorizedCredentials(fields: Record<string, FieldValue>, signIn: SignIn, authorization: Authorization): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = { ...fields };
  if (signIn.vin) out[signIn.vin] = authorization.vin;
  if (signIn.identifier && Object.hasOwn(out, signIn.identifier.field)) out[signIn.identifier.field] = authorization.noticeId || null;
  if (signIn.secret && Object.hasOwn(out, signIn.secret.field)) out[signIn.secret.field] = null;
  return out;
}

/** The refusals of a form's sign-in: the spec's VIN + Notice ID + PIN wording, or the general one (a settlement's locales may reword it). */
export interface Wording {
  invalid: 'INVALID_CREDENTIALS' | 'INVALID_SIGN_IN';
  /** A page save or submit naming another claimant than the one signed in. */
  changed: 'CREDENTIALS_CHANGED' | 'SIGN_IN_CHANGED';
  notMatched: 'WRONG_PIN' | 'SIGN_IN_NOT_MATCHED';
  tooMany: 'TOO_MANY_PIN_ATTEMPTS' | 'TOO_MANY_SIGN_IN_ATTEMPTS';
}

export function wordingOf(signIn: SignIn): Wording {
  const spec = !!signIn.vin && (!signIn.secret || signIn.secret.column === 'pin');
  return spec
    ? { invalid: 'INVALID_CREDENTIALS', changed: 'CREDENTIALS_CHANGED', notMatched: 'WRONG_PIN', tooMany: 'TOO_MANY_PIN_ATTEMPTS' }
    : { invalid: 'INVALID_SIGN_IN', changed: 'SIGN_IN_CHANGED', notMatched: 'SIGN_IN_NOT_MATCHED', tooMany: 'TOO_MANY_SIGN_IN_ATTEMPTS' };
}

/**
 * The refusal of a page save or submit whose answers name another claimant than the sign-in it acts
 * as: a tab whose own sign-in the session no longer keeps is told to sign in again, not that its
 * credentials changed (they did not).
 */
export function otherClaimantRefusal(data: SessionData, formType: FormType, tab: string | null, signIn: SignIn): Wording['changed'] | 'TAB_SIGNED_OUT' {
  return tabSignedOut(data, formType, tab) ? 'TAB_SIGNED_OUT' : wordingOf(signIn).changed;
}

/** What a sign-in sends. */
export interface SignInBody {
  credentials: FormModel;
  reCaptchaResponse?: string | null;
  /** Continue the claim saved for later with this code (the credentials must be those it was saved with). */
  resumeCode?: string | null;
}

/**
 * The answer of a sign-in (spec §7); `code` names the refusal of a credential not in the class list,
 * or of a form already filed (with its `referenceCode` when told to the claimant who filed it).
 */
export interface SignInAnswer {
  authorized: boolean;
  error: string | null;
  captcha: string | null;
  prepopulatedData: Prepopulated | null;
  code?: 'NOT_CLASS_VEHICLE' | 'NOT_CLASS_MEMBER' | typeof ALREADY_FILED;
  referenceCode?: string;
}

/** The policy's refusals as told to the claimant who filed: the same, with the reference code. */
const TOLD_TO_FILER: Record<DuplicateRefusalCode, ServerErrorCode> = {
  DUPLICATE_CLAIM: 'ALREADY_FILED_CLAIM',
  DUPLICATE_EXCLUSION: 'ALREADY_FILED_EXCLUSION',
  CLAIM_AFTER_EXCLUSION: 'CLAIM_AFTER_OWN_EXCLUSION',
  EXCLUSION_AFTER_CLAIM: 'EXCLUSION_AFTER_OWN_CLAIM',
};

/**
 * The reference code a sign-in refused by the duplicate policy may be told, else null. Claims are
 * keyed (claim-keys.ts) by the Notice ID when it is proved by its PIN — the class member's own
 * credentials: signing in with them again finds the claim in progress — and otherwise by the one
 * authorization alone (a VIN, or an identifier without a secret, is typed by anyone). So "the same
 * claimant" is a sign-in that proved the identifier with its secret, told of a filing under that
 * identifier made through a form whose sign-in also asks for the secret. Anyone else is told the
 * policy's refusal without a reference code, which would be another person's.
 */
export function filerReferenceCode(refusal: DuplicateRefusal, provedBySecret: boolean, earlierSignIn: SignIn): string | null {
  if (!provedBySecret || !earlierSignIn.secret) return null;
  return refusal.firstBy.noticeId ?? null;
}

/**
 * The sign-ins of a settlement's forms, sharing the attempt counters and the grouped commits of
 * their writes: `forFlow(flow)` is the sign-in of one form.
 */
export function createSignIns(app: FastifyInstance) {
  // Read on each use: live preview (npm run dev) may change settings.json while the server runs.
  const limits = app.settlement.settings.pinAttempts;
  const limiter = app.stores.rateLimiter;
  const writes = groupedWrites(app.database);
  const windowMs = () => limits.windowMinutes * 60_000;

  /** The refusal of a locked identifier or address: the wait until the window ends, in whole minutes and in Retry-After. */
  function tooManyPinAttempts(now: number, wording: Wording) {
    const waitMs = windowEnd(now, windowMs()) - now;
    return httpError(wording.tooMany, { args: [String(Math.ceil(waitMs / 60_000))], retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }

  /** The counters of a PIN sign-in: the notice ID's attempts, the address's wrong PINs and the distinct notice IDs it got wrong. */
  const pinKeys = (request: FastifyRequest, noticeId: string) => {
    const notice = noticeId.toUpperCase();
    return { notice, noticeKey: `pin:notice:${notice}`, ipKey: `pin:ip:${request.ip}`, ipNoticesKey: `pin:ip-notices:${request.ip}` };
  };

  /**
   * A PIN sign-in's reads as parts of `batch` (PostgreSQL, sent with the session's read): the
   * address's counts, the notice ID's attempts, the member's row (its PIN compared when it comes).
   * Nothing is counted: `checkPin` judges the attempt with its writes.
   */
  function readPin(request: FastifyRequest, noticeId: string, pin: string, batch: StatementBatch): PinReads {
    const now = app.clock();
    const { notice, noticeKey, ipKey, ipNoticesKey } = pinKeys(request, noticeId);
    const read: PinReads = {
      now,
      ipNotices: limiter.peekDistinct(ipNoticesKey, notice, windowMs(), now, ipKey, batch),
      attempts: limiter.peek(noticeKey, windowMs(), now, batch),
      member: app.stores.classList.verifyPin(noticeId, pin, batch),
    };
    // Awaited by checkPin unless the sign-in is refused before (the batch's failure is thrown by its runner).
    for (const pending of [read.ipNotices, read.attempts, read.member]) pending.catch(() => {});
    return read;
  }

  /**
   * Wrong PINs lock the notice ID (`max`, from any address), not the address: many claimants share
   * one (carriers, libraries, clinics). An address is locked only past `maxPerIp` wrong PINs, or
   * from new notice IDs once it got `maxNoticeIdsPerIp` distinct ones wrong (one guess sprayed
   * over many notice IDs).
   *
   * Of guesses sent at the same moment only the first `max` of the window are judged: with `read`
   * (PostgreSQL) a right PIN passes only if its notice ID's count, locked by the sign-in's write,
   * is still under `max` then (`forgetAttempts` answers false past it), and a wrong one is counted
   * before it is told; otherwise the attempt is counted BEFORE the PIN is compared (a count read
   * first and written after would let a burst through).
   */
  async function checkPin(
    request: FastifyRequest,
    noticeId: string,
    pin: string,
    vin: string | null,
    wording: Wording,
    read?: PinReads,
    spendToken?: (batch: StatementBatch) => Promise<void>,
  ): Promise<{ member: ClassMember; forgetAttempts: ForgetAttempts }> {
    const now = read?.now ?? app.clock();
    const { notice, noticeKey, ipKey, ipNoticesKey } = pinKeys(request, noticeId);
    const refuse = () => {
      request.log.info('authorize refused: too many wrong PINs');
      return tooManyPinAttempts(now, wording);
    };
    const locks = (ipFailures: number, ipNotices: { distinct: number; counted: boolean }) =>
      ipFailures >= limits.maxPerIp || (ipNotices.distinct >= limits.maxNoticeIdsPerIp && !ipNotices.counted);
    const resetIfUnder = limiter.resetIfUnder;
    let member: ClassMember | null;
    let forgetAttempts: ForgetAttempts;
    /** Whether a wrong PIN's attempt is still to be counted (PostgreSQL: read, not counted, before the comparison). */
    let countedAfter = false;
    if (read && resetIfUnder) {
      countedAfter = true;
      const [{ count: ipFailures, ...ipNotices }, attempts, verified] = await Promise.all([read.ipNotices, read.attempts, read.member]);
      if (locks(ipFailures, ipNotices) || attempts >= limits.max) throw refuse();
      member = verified;
      forgetAttempts = (trx) => resetIfUnder(noticeKey, limits.max, windowMs(), now, trx);
    } else {
      // The address's wrong PINs and its distinct notice IDs, in one read.
      const { count: ipFailures, ...ipNotices } = await limiter.peekDistinct(ipNoticesKey, notice, windowMs(), now, ipKey);
      if (locks(ipFailures, ipNotices)) throw refuse();
      const attempts = await writes.statement((trx) => limiter.hit(noticeKey, windowMs(), now, trx));
      if (attempts > limits.max) throw refuse();
      member = await app.stores.classList.verifyPin(noticeId, pin);
      forgetAttempts = async (trx) => {
        if (trx && isStatementBatch(trx) && trx.deferred) throw new Error('An attempt counted before its PIN was compared is forgotten in a transaction, not judged in a statement.');
        await limiter.reset(noticeKey, windowMs(), now, trx);
        return true;
      };
    }
    if (!member || (vin !== null && member.vin.toUpperCase() !== vin)) {
      // Counted after the comparison (PostgreSQL): the notice ID's, the address's and its distinct
      // notice IDs' counts in one statement, atomic by itself, with the captcha token spent.
      const batch = countedAfter ? statementBatch(app.database.db, 'postgres', { prepared: true }) : undefined;
      const spent = batch && spendToken ? spendToken(batch) : undefined;
      // Awaited after the counts: a reused token is told as such, as a refusal's spent token is.
      spent?.catch(() => {});
      const [attempts] = await Promise.all([
        batch ? limiter.hit(noticeKey, windowMs(), now, batch) : null,
        limiter.hit(ipKey, windowMs(), now, batch),
        limiter.hitDistinct(ipNoticesKey, notice, windowMs(), now, batch),
        batch?.run(),
      ]);
      await spent;
      // Counted after the comparison (PostgreSQL): past the limit, a guess sent with others is not told.
      if (attempts !== null && attempts > limits.max) throw refuse();
      request.log.info('authorize refused: identifier and secret do not match');
      throw httpError(wording.notMatched);
    }
    // The right PIN forgets the notice ID's attempts, its own included: the caller does so with
    // its own writes (one commit fewer), or alone when it refuses the sign-in for another reason.
    return { member, forgetAttempts };
  }

  /**
   * An identifier signed in without a secret: the row it names. Every unknown identifier counts
   * against the address as a wrong secret does, so the class list cannot be read by guessing.
   */
  async function findIdentified(request: FastifyRequest, identifier: string, wording: Wording): Promise<ClassMember> {
    const now = app.clock();
    const ipKey = `pin:ip:${request.ip}`;
    if ((await limiter.peek(ipKey, windowMs(), now)) >= limits.maxPerIp) throw tooManyPinAttempts(now, wording);
    const member = await app.stores.classList.findMember(identifier);
    if (!member) {
      await limiter.hit(ipKey, windowMs(), now);
      throw httpError(wording.notMatched);
    }
    return member;
  }

  /**
   * A sign-in's writes in one statement (PostgreSQL, sessions in the database): the provider
   * token's record, the captcha value for the submit, the right PIN's attempt judged (its count
   * forgotten while under the limit), and the session rotated only when the token's record is new
   * and the attempt passed, so a reused token or a PIN past the limit authorizes nothing. Answers
   * the captcha value (null for a lookup), or `passed: false` for a PIN past the limit (the token
   * is then spent).
   */
  async function writeInOneStatement(
    request: FastifyRequest,
    reply: FastifyReply,
    markUsed: ((batch: StatementBatch) => Promise<void>) | null,
    rawFor: FormType | null,
    forgetAttempts: ForgetAttempts | null,
  ): Promise<{ captcha: string | null; passed: boolean }> {
    // Prepared: a sign-in's statements are of a few shapes, planned once per connection.
    const batch = statementBatch(app.database.db, 'postgres', { prepared: true });
    // Each write adds its parts before it awaits: `batch.last` is the token's record, then the
    // part that answers a row only when the PIN's attempt passed.
    const marked = markUsed?.(batch);
    const tokenRecord = markUsed ? batch.last : undefined;
    const issued = rawFor ? app.captcha.issueRaw(request, rawFor, batch) : null;
    const judged = forgetAttempts?.(batch);
    const passedPart = judged ? batch.last : undefined;
    const after = [tokenRecord, passedPart].filter((part): part is BatchPart => part !== undefined);
    const rotated = app.sessions.rotate(request, reply, batch, after);
    // Every outcome awaited (none left unhandled); the first failure in this order is the answer:
    // the statement's own, then a reused token, then a PIN past the limit, then a session gone.
    const [ran, markedOutcome, issuedOutcome, judgedOutcome, rotatedOutcome] = await Promise.allSettled([batch.run(), marked, issued, judged, rotated]);
    for (const outcome of [ran, markedOutcome, issuedOutcome, judgedOutcome]) if (outcome.status === 'rejected') throw outcome.reason;
    if (judgedOutcome.status === 'fulfilled' && judgedOutcome.value === false) return { captcha: null, passed: false };
    if (rotatedOutcome.status === 'rejected') throw rotatedOutcome.reason;
    return { captcha: issued ? await issued : null, passed: true };
  }

  /** `work` in one database transaction, committed with the other authorizations' that arrive meanwhile (one disk flush for them all on SQLite). */
  async function inTransaction(work: (trx: Trx) => Promise<void>): Promise<void> {
    await writes.transaction(work);
  }

  /** The sign-in of the flow's form, guarded by the flow's `deadlineKeys`. */
  function forFlow(flow: Pick<FlowFile, 'formType' | 'deadlineKeys' | 'submit'>) {
    const { formType, deadlineKeys } = flow;
    const { signIn, kind } = settlementFormOf(app.settlement, formType);
    const wording = wordingOf(signIn);
    // Settlement lookups made once per form, not per sign-in.
    const config = app.settlement.models.find((m) => m.metadata.formType === formType && m.metadata.dtoMapping === 'Credentials');
    const kindOf = (id: FormType) => settlementFormOf(app.settlement, id).kind;

    /**
     * The credentials sent, the VIN upper-cased, and the first problem with them: unreadable types
     * or text, a VIN typed wrong (forms.json `checkDigit`), the form's rules. Told after the
     * session and the captcha are checked (a token spent on any answer), not before.
     */
    function credentialsOf(request: FastifyRequest<{ Body: SignInBody }>): { fields: Record<string, FieldValue>; problem: HttpError | null } {
      const fields = { ...request.body.credentials.fields };
      const typedVin = signIn.vin ? fields[signIn.vin] : undefined;
      if (signIn.vin && typeof typedVin === 'string') fields[signIn.vin] = typedVin.trim().toUpperCase();
      // Types before rules (a number is no notice ID), and only text a database can store:
      // the identifier keys the wrong-secret counters.
      const unreadable = [
        ...Object.entries(config ? checkFieldTypes(fields, config.fields) : {}).map(([field, problem]) => `${field}: ${problem}`),
        ...unstorableTextPaths(fields, 'credentials').map((path) => `${path}: ${UNSTORABLE_TEXT}`),
      ];
      if (unreadable.length) return { fields, problem: httpError('BAD_REQUEST', { details: unreadable }) };
      // A VIN typed wrong is told as such before any rule or list is read.
      if (signIn.vin && signIn.vinCheckDigit) {
        const typed = text(fields[signIn.vin]);
        if (VIN_PATTERN.test(typed) && !hasValidVinCheckDigit(typed)) return { fields, problem: httpError('VIN_CHECK_DIGIT') };
      }
      if (config) {
        const problems = validateModelFields(fields, config.fields, {
          scope: { models: {} },
          whitelist: null,
          now: new Date(app.clock()),
          side: 'server',
          t: (key) => app.locales.text(key, request.culture),
        });
        const details = Object.entries(problems).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
        if (details.length) return { fields, problem: httpError(wording.invalid, { details }) };
      }
      return { fields, problem: null };
    }

    /**
     * The sign-in of its route (`sessionReadByHandler`, `attachValidation`): the CSRF token is
     * checked as soon as the session is read, before a body the schema refused or a passed
     * deadline is told, as on every other route.
     */
    return async function signInTo(request: FastifyRequest<{ Body: SignInBody }>, reply: FastifyReply): Promise<SignInAnswer> {
      const refusedFirst = request.validationError ?? (passedDeadline(app.deadlineInstants, deadlineKeys, app.clock()) ? httpError('DEADLINE_PASSED') : null);
      if (refusedFirst) {
        await app.sessions.read(request);
        throw refusedFirst;
      }
      const { fields, problem } = credentialsOf(request);
      const identifierDeclared = signIn.identifier;
      const noticeId = identifierDeclared ? text(fields[identifierDeclared.field]) : '';
      const pin = signIn.secret ? text(fields[signIn.secret.field]) : '';
      const vin = signIn.vin ? text(fields[signIn.vin]) : '';
      // On PostgreSQL (counters in the database) the session, what a PIN's attempt is judged by,
      // the member's row and what was filed under these credentials are read in one statement,
      // and the sign-in's writes are the other one. It changes nothing (a PIN proved right against
      // a hash from before PINs were keyed is re-keyed, class-list.ts): the session's CSRF token is
      // checked on its answer, before anything is counted or spent.
      const reads =
        kind !== 'lookup' && !problem && noticeId && pin && signIn.secret && (!signIn.vin || VIN_PATTERN.test(vin)) && app.database.dialect === 'postgres' && limiter.resetIfUnder
          ? statementBatch(app.database.db, 'postgres', { prepared: true })
          : undefined;
      const pinRead = reads ? readPin(request, noticeId, pin, reads) : undefined;
      /** What was filed under the credentials, read with the session (PostgreSQL). */
      const filedRead = reads && flow.submit ? { noticeId: noticeId.toUpperCase(), filings: app.stores.submissions.filingsOf(identifiersOf({ vin, noticeId: noticeId.toUpperCase() }), reads) } : null;
      // Awaited below unless the sign-in is refused first (then its failure is the statement's, already thrown).
      filedRead?.filings.catch(() => {});
      // Every state-changing call carries a session (its CSRF token is bound to one).
      const session = await app.sessions.read(request, reads);
      const use = await app.captcha.check(request.body.reCaptchaResponse, request);
      /** Set once the right PIN is known, until the notice ID's wrong-PIN count is forgotten. */
      let forgetAttempts: ForgetAttempts | null = null;
      /** Set once the token's record is written with the sign-in's own writes: not spent again on a refusal. */
      let tokenSpent = false;
      try {
        // A new attempt starts unauthorized (spec §4): this tab's sign-in, and the latest one that
        // calls without a tab handle use. Other tabs keep theirs.
        const tab = tabOf(request);
        replaceSignIn(session.data, formType, tab, null);
        if (problem) throw problem;

        /**
         * A refusal answered 200, as the spec's lookup is (not in the class list, already filed),
         * after the captcha token is spent. A right PIN's attempt is judged first: past the limit
         * (PINs sent together), the refusal would tell that the PIN was right.
         */
        const refusedAnswer = async (code: NonNullable<SignInAnswer['code']>, error: string, referenceCode: string | null = null): Promise<SignInAnswer> => {
          const forget = forgetAttempts;
          forgetAttempts = null;
          if (forget && !(await forget())) throw tooManyPinAttempts(app.clock(), wording);
          const markUsed = async (trx: Trx) => {
            if (use) await app.captcha.markUsed(use, request, trx);
          };
          if (app.sessions.joinTransactions) {
            await inTransaction(async (trx) => {
              await markUsed(trx);
              await app.sessions.save(request, trx);
            });
          } else {
            await inTransaction(markUsed);
            await app.sessions.save(request);
          }
          // The code tells the page which field to mark (or that this is a notice), as the error answers' codes do.
          return { authorized: false, error, captcha: null, prepopulatedData: null, code, ...(referenceCode ? { referenceCode } : {}) };
        };
        const localized = (code: ServerErrorCode, args: string[] = []) => errorText(code, request.culture, (k, c) => app.locales.text(k, c), args);
        const notInClassList = (code: 'NOT_CLASS_VEHICLE' | 'NOT_CLASS_MEMBER') => refusedAnswer(code, localized(code));

        if (signIn.vin) {
          if (!VIN_PATTERN.test(vin)) throw httpError('INVALID_CREDENTIALS');
          if (!(await app.stores.classList.isClassVehicle(vin))) return await notInClassList('NOT_CLASS_VEHICLE');
        }

        let prepopulatedData: Prepopulated | null = null;
        let member: ClassMember | null = null;
        if (kind === 'lookup') {
          // A lookup asks whether its credential is in the class list: the VIN (above), or the identifier.
          if (identifierDeclared && !signIn.vin) {
            if (!noticeId) return await notInClassList('NOT_CLASS_MEMBER');
            // Unknown identifiers count against the address, as at a sign-in without a secret, so the class list cannot be read by guessing.
            const now = app.clock();
            const ipKey = `pin:ip:${request.ip}`;
            if ((await limiter.peek(ipKey, windowMs(), now)) >= limits.maxPerIp) throw tooManyPinAttempts(now, wording);
            if (!(await app.stores.classList.findMember(noticeId))) {
              await limiter.hit(ipKey, windowMs(), now);
              return await notInClassList('NOT_CLASS_MEMBER');
            }
          }
        } else if (identifierDeclared && !noticeId && !identifierDeclared.optional) {
          throw httpError(wording.invalid);
        } else if (identifierDeclared && noticeId) {
          if (signIn.secret) {
            if (!pin) throw httpError(wording.notMatched);
            // A wrong PIN's counts and the token's record are one statement (PostgreSQL): not spent again on the refusal.
            const spendToken = use
              ? async (batch: StatementBatch) => {
                  await app.captcha.markUsed(use, request, batch);
                  tokenSpent = true;
                }
              : undefined;
            ({ member, forgetAttempts } = await checkPin(request, noticeId, pin, signIn.vin ? vin : null, wording, pinRead, spendToken));
          } else {
            member = await findIdentified(request, noticeId, wording);
          }
          prepopulatedData = prepopulated(member, signIn.prefill);
        }

        const identity = { vin, noticeId: member?.noticeId.toUpperCase() ?? '' };
        // What this sign-in would file was filed already and the policy refuses another: told now,
        // not after every page is filled (the submit judges again, under its lock).
        if (kind !== 'lookup' && flow.submit) {
          const filings = await (filedRead?.noticeId === identity.noticeId ? filedRead.filings : app.stores.submissions.filingsOf(identifiersOf(identity)));
          const refusal = duplicateRefusal(app.settlement.settings.duplicates, formType, filings, kindOf);
          if (refusal) {
            const provedBySecret = member !== null && signIn.secret !== undefined;
            const referenceCode = filerReferenceCode(refusal, provedBySecret, settlementFormOf(app.settlement, refusal.earlier).signIn);
            request.log.info({ refusal: refusal.code, told: referenceCode !== null }, 'authorize refused: already filed');
            const error = referenceCode ? localized(TOLD_TO_FILER[refusal.code], [referenceCode]) : localized(refusal.code);
            return await refusedAnswer(ALREADY_FILED, error, referenceCode);
          }
        }
        // Signing in with a resume code continues that claim, once these credentials are its own.
        const resumeCode = flow.submit ? request.body.resumeCode?.trim() : undefined;
        const resumedDraft = resumeCode ? await resumedDraftOf(app, request, formType, resumeCode, identity) : undefined;

        const authorization: Authorization = {
          id: randomText(16),
          ...identity,
          screening: screeningAtAuthorize(request, app.clock(), use?.score),
          ...(resumedDraft ? { resumedDraft } : {}),
        };
        replaceSignIn(session.data, formType, tab, { authorization, prepopulated: prepopulatedData });
        sessionTag(session.data);
        // The token's record first: a reused token rolls the rest back.
        let captcha: string | null = null;
        const databaseWrites = async (trx: Trx) => {
          if (use) await app.captcha.markUsed(use, request, trx);
          if (kind !== 'lookup') captcha = await app.captcha.issueRaw(request, formType, trx);
          await forgetAttempts?.(trx);
        };
        if (app.sessions.joinTransactions && app.database.dialect === 'postgres') {
          const markUsed = use ? (batch: StatementBatch) => app.captcha.markUsed(use, request, batch) : null;
          const forget = forgetAttempts;
          forgetAttempts = null;
          const written = await writeInOneStatement(request, reply, markUsed, kind === 'lookup' ? null : formType, forget);
          if (!written.passed) {
            tokenSpent = true;
            throw tooManyPinAttempts(app.clock(), wording);
          }
          captcha = written.captcha;
        } else if (app.sessions.joinTransactions) {
          await inTransaction(async (trx) => {
            await databaseWrites(trx);
            await app.sessions.rotate(request, reply, trx);
          });
          forgetAttempts = null;
        } else {
          await inTransaction(databaseWrites);
          forgetAttempts = null;
          await app.sessions.rotate(request, reply);
        }
        return { authorized: true, error: null, captcha, prepopulatedData };
      } catch (error) {
        // A right PIN refused afterwards (a resume code not its own) is still not a wrong one; past
        // the limit (PINs sent together, judged now) it is told as too many, not as what followed.
        let answer = error;
        if (forgetAttempts) {
          const passed = await forgetAttempts().catch((failure: unknown) => {
            request.log.warn({ err: failure }, 'wrong-PIN count not forgotten');
            return true;
          });
          if (!passed) answer = tooManyPinAttempts(app.clock(), wording);
        }
        return app.captcha.spendOnRefusal(tokenSpent ? null : use, request, answer);
      }
    };
  }

  return { forFlow };
}
