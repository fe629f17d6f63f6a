/**
 * Resume codes (save and finish later). A code is 12 characters of Crockford's base32 (60 random
 * bits), shown in groups of four (`K7QX-2M9P-R4TD`), read case-insensitively with O as 0 and I, L
 * as 1, hyphens and spaces ignored. The server keeps only its keyed digest, bound to the draft.
 *
 * `resumeCodeTarget` tells which form a code's claim belongs to and until when it is kept; the
 * claim itself opens only through that form's authorize, with the same credentials as when it was
 * saved and the code (`resumedDraftOf`).
 *
 * Attempts: every wrong code (unknown, expired, another claimant's) counts against the client
 * address like a wrong PIN (`pinAttempts.maxPerIp` per `windowMinutes`), and every use of a known
 * code with the wrong credentials against the code itself (`pinAttempts.max`).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withCulture } from '../../runtime/core/i18n/culture.js';
import { credentialLabelKeys, signInDetails } from '../../runtime/core/i18n/signInDetails.js';
import { camelCase } from '../../runtime/core/models/index.js';
import type { FormModel, FormType, ModelConfig } from '../../runtime/core/types.js';
import { windowEnd } from '../db/rate-limit.js';
import { httpError } from '../errors.js';
import { passedDeadline } from '../settlement/deadlines.js';
import { isDraftOf } from './claim-keys.js';
import type { Authorization } from './session-authorizations.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

/** A new resume code: as shown, grouped for reading aloud and typing, and in its stored spelling. */
export function newResumeCode(): { code: string; normalized: string } {
  const normalized = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return { code: normalized.replace(/(.{4})(?=.)/g, '$1-'), normalized };
}

/** The code as typed, in its one stored spelling; null when it cannot be a resume code. */
export function normalizeResumeCode(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return chars.length === LENGTH && [...chars].every((c) => ALPHABET.includes(c)) ? chars : null;
}

/** The keyed digest the table holds (a database copy alone cannot tell any code). */
export const resumeCodeHash = (app: Pick<FastifyInstance, 'sessions'>, normalized: string) => app.sessions.sign('resume-code', normalized);

/** The resume link of a code: /resume/<code> at the address the claimant used, in the claimant's culture (the page it opens is in it, as the e-mail is). */
export function resumeLink(request: Pick<FastifyRequest, 'protocol' | 'host' | 'culture'>, code: string): string {
  return `${request.protocol}://${request.host}${withCulture(`/resume/${encodeURIComponent(code)}`, request.culture)}`;
}

/** Fields of a model config whose rules check an e-mail address. */
const isEmailField = (config: ModelConfig['fields'][string]) => (config.validations ?? []).some((rule) => 'messageKey' in rule && rule.messageKey === 'LocKey_Validation_InvalidEmail');

/**
 * The claimant's e-mail address in the saved answers: the claimant information's e-mail field
 * (found by its rules in the model config), or null when the claimant has not given one.
 */
export function emailAddressOf(models: readonly FormModel[], configs: readonly ModelConfig[]): string | null {
  const info = models.find((m) => camelCase(m.metadata.dtoMapping) === 'claimantInfo');
  const config = info && configs.find((c) => c.metadata.formType === info.metadata.formType && camelCase(c.metadata.dtoMapping) === 'claimantInfo');
  if (!info || !config) return null;
  for (const [field, fieldConfig] of Object.entries(config.fields)) {
    const value = info.fields[field];
    if (isEmailField(fieldConfig) && !field.toLowerCase().startsWith('confirm') && typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The attempt counters of resume codes, on the PIN lockout's limits. */
function attempts(app: FastifyInstance) {
  const { max, maxPerIp, windowMinutes } = app.settlement.settings.pinAttempts;
  const windowMs = windowMinutes * 60_000;
  const limiter = app.stores.rateLimiter;
  const ipKey = (request: FastifyRequest) => `resume:ip:${request.ip}`;
  const tooMany = (now: number) => {
    const waitMs = windowEnd(now, windowMs) - now;
    return httpError('TOO_MANY_RESUME_ATTEMPTS', { args: [String(Math.ceil(waitMs / 60_000))], retryAfterSeconds: Math.ceil(waitMs / 1000) });
  };
  return {
    /** Refuses an address past its wrong codes before anything is looked up. */
    async guard(request: FastifyRequest) {
      const now = app.clock();
      if ((await limiter.peek(ipKey(request), windowMs, now)) >= maxPerIp) throw tooMany(now);
    },
    /** Counts a wrong code for the address. */
    async wrong(request: FastifyRequest) {
      await limiter.hit(ipKey(request), windowMs, app.clock());
    },
    /** Counts a use of a known code; past `max` in the window the code is locked. */
    async use(codeHash: string) {
      const now = app.clock();
      if ((await limiter.hit(`resume:code:${codeHash}`, windowMs, now)) > max) throw tooMany(now);
    },
    async forget(codeHash: string) {
      await limiter.reset(`resume:code:${codeHash}`, windowMs, app.clock());
    },
  };
}

/**
 * The draft a typed code opens for `formType` (any form with null), known and unexpired; a refusal
 * otherwise (counted). After the form's deadline the deadline's own refusal.
 */
async function lookUp(app: FastifyInstance, request: FastifyRequest, typed: string, formType: FormType | null) {
  const counters = attempts(app);
  await counters.guard(request);
  const normalized = normalizeResumeCode(typed);
  const target = normalized ? await app.stores.resumeCodes.find(resumeCodeHash(app, normalized)) : null;
  if (!normalized || !target || (formType !== null && target.formType !== formType)) {
    await counters.wrong(request);
    throw httpError('RESUME_CODE_UNKNOWN');
  }
  const flow = app.settlement.flows.find((f) => f.flow.formType === target.formType)?.flow;
  if (flow && passedDeadline(app.deadlineInstants, flow.deadlineKeys, app.clock())) throw httpError('DEADLINE_PASSED');
  if (target.expiresAt <= app.clock()) {
    await counters.wrong(request);
    throw httpError('RESUME_CODE_EXPIRED');
  }
  return { target, codeHash: resumeCodeHash(app, normalized), counters };
}

/** Which form a typed code's claim belongs to and until when it is kept (epoch ms); a refusal otherwise (counted). */
export async function resumeCodeTarget(app: FastifyInstance, request: FastifyRequest, typed: string): Promise<{ formType: FormType; expiresAt: number }> {
  const { target } = await lookUp(app, request, typed, null);
  return { formType: target.formType, expiresAt: target.expiresAt };
}

/**
 * authorize with a resume code: the draft key the new authorization continues, once the
 * credentials (already checked) are those the claim was saved with.
 */
export async function resumedDraftOf(
  app: FastifyInstance,
  request: FastifyRequest,
  formType: FormType,
  typed: string,
  authorization: Pick<Authorization, 'vin' | 'noticeId'>,
): Promise<string> {
  const { target, codeHash, counters } = await lookUp(app, request, typed, formType);
  await counters.use(codeHash);
  if (!isDraftOf(app, target.claimantKey, authorization)) {
    await counters.wrong(request);
    // The refusal names the form's own credentials (a settlement's text may say "({0})").
    const flow = app.settlement.flows.find((f) => f.flow.formType === formType)?.flow;
    const t = (key: string) => app.locales.text(key, request.culture) ?? key;
    throw httpError('RESUME_CODE_MISMATCH', { args: [signInDetails(flow ? credentialLabelKeys(flow) : [], t, request.culture)] });
  }
  await counters.forget(codeHash);
  return target.claimantKey;
}
