/**
 * What authorize and submit see of the client, for the screening: kept with the session's
 * authorization at authorize (when, the captcha score, the automation markers), and combined with
 * the submit's at submit.
 */
import type { FastifyRequest } from 'fastify';
import { randomText } from '../random-text.js';
import type { SessionData } from '../db/types.js';
import { automationReasons, type Reason, type RequestFacts } from './signals.js';

/** Kept with an authorization: what authorize saw. */
export interface AuthorizeScreening {
  /** Epoch ms of the authorize: the fill time is counted from it. */
  at: number;
  captchaScore?: number;
  /** Automation markers of the authorize request. */
  markers: Reason[];
}

/** The request's client address (as TRUST_PROXY makes the server see it), user agent and header names. */
export function requestFacts(request: FastifyRequest, captchaScores: number[] = []): RequestFacts {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || 'client-gone', userAgent: typeof agent === 'string' ? agent : null, headers: Object.keys(request.headers), captchaScores };
}

/** What authorize keeps for the screening of the submit. */
export function screeningAtAuthorize(request: FastifyRequest, now: number, captchaScore: number | undefined): AuthorizeScreening {
  return { at: now, ...(captchaScore === undefined ? {} : { captchaScore }), markers: automationReasons(requestFacts(request)) };
}

/**
 * A random tag of the browser session, kept in its data (so it survives the rotation at each
 * authorize): claims per session are counted on it.
 */
export function sessionTag(data: SessionData): string {
  const extra = (data.extra ??= {});
  if (typeof extra.screeningTag === 'string') return extra.screeningTag;
  const tag = randomText(12);
  extra.screeningTag = tag;
  return tag;
}

/** Reasons of both requests, each code once (the submit's evidence first). */
export function mergeReasons(...lists: Reason[][]): Reason[] {
  const out = new Map<string, Reason>();
  for (const list of lists) for (const r of list) if (!out.has(r.code)) out.set(r.code, r);
  return [...out.values()];
}
