/**
 * POST /api/forms/{lookup,automotive,exclusion}/authorize (SETTLEMENT.md "Authorization"): one
 * route per flow of the settlement, at the flow's `authorize.endpoint`, guarded by the flow's
 * `deadlineKeys`. What a form signs in with is declared (forms.json `signIn`, else the spec's:
 * a VIN, and optionally a Notice ID + PIN).
 *
 * Order: deadline → captcha (fresh provider token, siteverify) → credentials checked by the rule
 * engine → class vehicle (a VIN credential) → identifier + secret (a Notice ID + PIN, a Claim ID +
 * ZIP: rate-limited per client IP and per identifier) → the
 * resume code when one is sent (resume-codes.ts: known, unexpired, saved with these credentials;
 * attempts counted) → session
 * authorized for the form type (who as: `Authorization`), rotated, with a single-use captcha value
 * for the submit.
 *
 * Writes: on success the provider token's single-use record, the captcha value and the rotated
 * session go in ONE database transaction (sessions in Redis: the database transaction, then one
 * MULTI). Every other answer after siteverify first records the token as used, so that one token
 * gets one answer.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UNSTORABLE_TEXT, unstorableTextPaths } from '../../../../runtime/core/payload/index.js';
import { checkFieldTypes, hasValidVinCheckDigit, validateModelFields } from '../../../../runtime/core/rules/index.js';
import type { FieldValue, FormType } from '../../../../runtime/core/types.js';
import type { ClassMember, SessionData, Trx } from '../../../db/types.js';
import { windowEnd } from '../../../db/rate-limit.js';
import { groupedWrites } from '../../../db/grouped-transactions.js';
import { errorText, httpError } from '../../../errors.js';
import { passedDeadline } from '../../../settlement/deadlines.js';
import { settlementFormOf } from '../../../settlement/load.js';
import { VIN_PATTERN } from '../../../db/class-list.js';
import type { SignIn } from '../../../../runtime/core/forms/index.js';
import { screeningAtAuthorize, sessionTag, type AuthorizeScreening } from '../../../fraud/request.js';
import type { AuthorizeRoute } from '../../../../schemas/generated/api/authorize.js';
import { routeSchema, type Replies } from '../../contract.js';
import { routePath } from './paths.js';
import { resumedDraftOf } from './resume-codes.js';
import { setTabAuthorization, tabAuthorizationOf, tabOf, tabSignedOut } from './tab-authorizations.js';

/** The prepopulatedData of a class member: the declared columns (forms.json `prefill`) it fills in, by key. */
function prepopulated(member: ClassMember, prefill: Record<string, string>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
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
export function namesAuthorized(fields: Record<string, FieldValue> | undefined, signIn: SignIn, authorization: Authorization): boolean {
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

/**
 * The session's authorization for a form type, or null: the sign-in of the tab `tab` when the
 * session keeps it (tab-authorizations.ts), else the session's latest sign-in for the form.
 */
export function authorizationOf(data: SessionData, formType: FormType, tab: string | null = null): Authorization | null {
  const own = tabAuthorizationOf(data, formType, tab);
  if (own) return own.authorization;
  if (data.authorized[formType] !== true) return null;
  const record = (data.extra?.authorization as Partial<Record<FormType, Authorization>> | undefined)?.[formType];
  return record && typeof record.id === 'string' && typeof record.vin === 'string' && typeof record.noticeId === 'string' ? record : null;
}

/** What authorize prefilled for the same sign-in `authorizationOf` finds, or null. */
export function prepopulatedOf(data: SessionData, formType: FormType, tab: string | null = null): Record<string, FieldValue> | null {
  const own = tabAuthorizationOf(data, formType, tab);
  return own ? own.prepopulated : (data.prepopulated[formType] ?? null);
}

function setAuthorization(data: SessionData, formType: FormType, authorization: Authorization | null): void {
  const extra = (data.extra ??= {});
  const all = { ...((extra.authorization as Partial<Record<FormType, Authorization>> | undefined) ?? {}) };
  if (authorization) all[formType] = authorization;
  else delete all[formType];
  extra.authorization = all;
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

const authorize: FastifyPluginAsync = async (app) => {
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

  /**
   * Wrong PINs lock the notice ID (`max`, from any address), not the address: many claimants share
   * one (carriers, libraries, clinics). An address is locked only past `maxPerIp` wrong PINs, or
   * from new notice IDs once it got `maxNoticeIdsPerIp` distinct ones wrong (one guess sprayed
   * over many notice IDs).
   */
  async function checkPin(request: FastifyRequest, noticeId: string, pin: string, vin: string | null, wording: Wording): Promise<{ member: ClassMember; forgetAttempts: (trx?: Trx) => Promise<void> }> {
    const now = app.clock();
    const notice = noticeId.toUpperCase();
    const noticeKey = `pin:notice:${notice}`;
    const ipKey = `pin:ip:${request.ip}`;
    const ipNoticesKey = `pin:ip-notices:${request.ip}`;
    // The address's wrong PINs and its distinct notice IDs, in one read.
    const { count: ipFailures, ...ipNotices } = await limiter.peekDistinct(ipNoticesKey, notice, windowMs(), now, ipKey);
    const refuse = () => {
      request.log.info('authorize refused: too many wrong PINs');
      return tooManyPinAttempts(now, wording);
    };
    if (ipFailures >= limits.maxPerIp || (ipNotices.distinct >= limits.maxNoticeIdsPerIp && !ipNotices.counted)) throw refuse();
    // The attempt is counted on its notice ID BEFORE the PIN is compared: of guesses sent at the
    // same moment, only the first `max` of the window are compared at all, so a burst cannot try
    // more PINs than the limit allows (a count read first and written after would let it).
    const attempts = await writes.statement((trx) => limiter.hit(noticeKey, windowMs(), now, trx));
    if (attempts > limits.max) throw refuse();
    const member = await app.stores.classList.verifyPin(noticeId, pin);
    if (!member || (vin !== null && member.vin.toUpperCase() !== vin)) {
      await Promise.all([limiter.hit(ipKey, windowMs(), now), limiter.hitDistinct(ipNoticesKey, notice, windowMs(), now)]);
      request.log.info('authorize refused: identifier and secret do not match');
      throw httpError(wording.notMatched);
    }
    // The right PIN forgets the notice ID's attempts, its own included: the caller does so with
    // its own writes (one commit fewer), or alone when it refuses the sign-in for another reason.
    return { member, forgetAttempts: (trx) => limiter.reset(noticeKey, windowMs(), now, trx) };
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

  /** `work` in one database transaction, committed with the other authorizations' that arrive meanwhile (one disk flush for them all on SQLite). */
  async function inTransaction(work: (trx: Trx) => Promise<void>): Promise<void> {
    await writes.transaction(work);
  }

  for (const { flow } of app.settlement.flows) {
    const { formType, deadlineKeys } = flow;
    const { signIn, kind } = settlementFormOf(app.settlement, formType);
    const wording = wordingOf(signIn);
    app.post<{ Body: AuthorizeRoute['body']; Reply: Replies<AuthorizeRoute> }>(
      routePath(flow.authorize.endpoint),
      {
        config: { bodyType: 'json', errorShape: 'authorize' },
        schema: routeSchema('authorize', flow),
      },
      async (request, reply) => {
        if (passedDeadline(app.deadlineInstants, deadlineKeys, app.clock())) throw httpError('DEADLINE_PASSED');
        const session = request.session!;
        const use = await app.captcha.check(request.body.reCaptchaResponse, request);
        /** Set once the right PIN is known, until the notice ID's wrong-PIN count is forgotten. */
        let forgetAttempts: ((trx?: Trx) => Promise<void>) | null = null;
        try {
          // A new attempt starts unauthorized (spec §4): this tab's sign-in, and the latest one that
          // calls without a tab handle use. Other tabs keep theirs.
          const tab = tabOf(request);
          session.data.authorized[formType] = false;
          delete session.data.prepopulated[formType];
          setAuthorization(session.data, formType, null);
          setTabAuthorization(session.data, formType, tab, null);

          const credentials = request.body.credentials;
          const config = app.settlement.models.find((m) => m.metadata.formType === formType && m.metadata.dtoMapping === 'Credentials');
          const fields = { ...credentials.fields };
          if (signIn.vin && typeof fields[signIn.vin] === 'string') fields[signIn.vin] = (fields[signIn.vin] as string).trim().toUpperCase();
          // Types before rules (a number is no notice ID), and only text a database can store:
          // the identifier keys the wrong-secret counters.
          const unreadable = [
            ...Object.entries(config ? checkFieldTypes(fields, config.fields) : {}).map(([field, problem]) => `${field}: ${problem}`),
            ...unstorableTextPaths(fields, 'credentials').map((path) => `${path}: ${UNSTORABLE_TEXT}`),
          ];
          if (unreadable.length) throw httpError('BAD_REQUEST', { details: unreadable });
          // A VIN typed wrong is told as such before any rule or list is read (forms.json `checkDigit`).
          if (signIn.vin && signIn.vinCheckDigit) {
            const typed = text(fields[signIn.vin]);
            if (VIN_PATTERN.test(typed) && !hasValidVinCheckDigit(typed)) throw httpError('VIN_CHECK_DIGIT');
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
            if (details.length) throw httpError(wording.invalid, { details });
          }

          /** The refusal of a sign-in that is not in the class list (answered 200, as the spec's lookup is), after the captcha token is spent. */
          const notInClassList = async (code: 'NOT_CLASS_VEHICLE' | 'NOT_CLASS_MEMBER') => {
            if (app.sessions.joinTransactions) {
              await inTransaction(async (trx) => {
                if (use) await app.captcha.markUsed(use, request, trx);
                await app.sessions.save(request, trx);
              });
            } else {
              if (use) await app.captcha.markUsed(use, request);
              await app.sessions.save(request);
            }
            const error = errorText(code, request.culture, (k, c) => app.locales.text(k, c));
            // The code tells the page which field to mark, as the error answers' codes do.
            return { authorized: false, error, captcha: null, prepopulatedData: null, code };
          };

          let vin = '';
          if (signIn.vin) {
            vin = text(fields[signIn.vin]);
            if (!VIN_PATTERN.test(vin)) throw httpError('INVALID_CREDENTIALS');
            if (!(await app.stores.classList.isClassVehicle(vin))) return await notInClassList('NOT_CLASS_VEHICLE');
          }

          let prepopulatedData: Record<string, FieldValue> | null = null;
          let member: ClassMember | null = null;
          const identifierDeclared = signIn.identifier;
          const noticeId = identifierDeclared ? text(fields[identifierDeclared.field]) : '';
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
              const pin = text(fields[signIn.secret.field]);
              if (!pin) throw httpError(wording.notMatched);
              ({ member, forgetAttempts } = await checkPin(request, noticeId, pin, signIn.vin ? vin : null, wording));
            } else {
              member = await findIdentified(request, noticeId, wording);
            }
            prepopulatedData = prepopulated(member, signIn.prefill);
            session.data.prepopulated[formType] = prepopulatedData;
          }

          const identity = { vin, noticeId: member?.noticeId.toUpperCase() ?? '' };
          // Signing in with a resume code continues that claim, once these credentials are its own.
          const resumeCode = flow.submit ? request.body.resumeCode?.trim() : undefined;
          const resumedDraft = resumeCode ? await resumedDraftOf(app, request, formType, resumeCode, identity) : undefined;

          session.data.authorized[formType] = true;
          const authorization: Authorization = {
            id: randomBytes(16).toString('base64url'),
            ...identity,
            screening: screeningAtAuthorize(request, app.clock(), use?.score),
            ...(resumedDraft ? { resumedDraft } : {}),
          };
          setAuthorization(session.data, formType, authorization);
          setTabAuthorization(session.data, formType, tab, { authorization, prepopulated: prepopulatedData });
          sessionTag(session.data);
          // The token's record first: a reused token rolls the rest back.
          let captcha: string | null = null;
          const databaseWrites = async (trx: Trx) => {
            if (use) await app.captcha.markUsed(use, request, trx);
            if (kind !== 'lookup') captcha = await app.captcha.issueRaw(request, formType, trx);
            await forgetAttempts?.(trx);
          };
          if (app.sessions.joinTransactions) {
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
          // A right PIN refused afterwards (a resume code not its own, a reused token) is still not a wrong one.
          if (forgetAttempts) await forgetAttempts().catch((failure: unknown) => request.log.warn({ err: failure }, 'wrong-PIN count not forgotten'));
          return app.captcha.spendOnRefusal(use, request, error);
        }
      },
    );
  }
};
export default authorize;
