/**
 * A session's data as the stores hand it out. Stored sessions are JSON that another version of the
 * server (or a hand edit) may have written, so every store reads them through `parseSessionData`:
 * the rest of the server can rely on each member being there with its shape.
 */
import { randomText } from '../random-text.js';
import { isRecord } from '../../runtime/core/guards.js';
import { parseStoredAuthorizations } from '../claims/session-authorizations.js';
import type { SessionData } from './types.js';

/** A new secret for a session's CSRF token. */
export const newCsrfSecret = () => randomText(32);

/** What a new session holds. */
export function emptySessionData(): SessionData {
  return { csrfSecret: newCsrfSecret(), authorized: {}, captchaRaw: {}, prepopulated: {}, extra: {} };
}

/** The issued captcha values per form: the lists of strings (their other items dropped). */
function parseCaptchaRaw(value: unknown): SessionData['captchaRaw'] {
  const out: SessionData['captchaRaw'] = {};
  if (!isRecord(value)) return out;
  for (const [formType, issued] of Object.entries(value)) {
    if (Array.isArray(issued)) out[formType] = issued.filter((hash) => typeof hash === 'string');
  }
  return out;
}

/**
 * Stored session data: each member missing or malformed is its empty value (a missing CSRF
 * secret a new one, so tokens read before no longer match); the authorizations as
 * claims/session-authorizations reads them.
 */
export function parseSessionData(value: unknown): SessionData {
  const stored = isRecord(value) ? value : {};
  return {
    csrfSecret: typeof stored.csrfSecret === 'string' && stored.csrfSecret !== '' ? stored.csrfSecret : newCsrfSecret(),
    captchaRaw: parseCaptchaRaw(stored.captchaRaw),
    ...parseStoredAuthorizations(stored),
  };
}

/** Session data from its stored JSON text (unreadable text is an empty session's). */
export function sessionDataFromJson(text: string): SessionData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  return parseSessionData(value);
}
