/**
 * What the calls a start page makes (client.ts) and the later ones (later-calls.ts) share: the
 * addresses, and the reading of an answer into a result.
 */
import { API_URLS } from '../../../schemas/generated/api/routes';
import { isRecord } from '../../../schemas/generated/api/guards/record';
import { USER_MESSAGES } from '../errors';
import type { ApiFailure } from './client';

/**
 * Paths of the calls of spec §7 that do not depend on the form type, as the API contract declares
 * them (schemas/api/, whose route table the server registers its routes from).
 */
export const API_PATHS = {
  csrf: API_URLS['csrf'],
  sessionTimeout: API_URLS['session-timeout'],
  keepAlive: API_URLS['keep-alive'],
  deadlines: API_URLS['deadlines'],
  charactersWhitelist: API_URLS['characters-whitelist'],
  captcha: API_URLS['captcha'],
  formsConfig: API_URLS['forms-config'],
  signatureDate: API_URLS['signature-date'],
  cultureContent: API_URLS['culture-content'],
  resume: API_URLS['resume'],
  claimStatus: API_URLS['claim-status'],
  claimCure: API_URLS['claim-cure'],
  cureDocuments: API_URLS['cure-document-add'],
  cureProgress: API_URLS['cure-progress'],
} as const;

/** A form's claim in progress is kept at its submit endpoint + this. */
export const DRAFT_SUFFIX = '/draft';

/** Documents of the claim in progress are added at its draft address + this (POST; DELETE …/:id). */
export const DRAFT_DOCUMENTS_SUFFIX = '/draft/documents';

/** The server's code for an unsafe call whose CSRF token is not the session's (server/errors.ts). */
export const CSRF_INVALID = 'CSRF_INVALID';

/** A user-facing message: its localization key and English text (errors.ts USER_MESSAGES). */
export type Message = { key: string; en: string };

export function fail<A = never>(message: Message, status: number | null, detail?: string): ApiFailure<A> {
  return { ok: false, error: message.en, errorKey: message.key, status, ...(detail ? { detail } : {}) };
}

/**
 * A document upload refused (a claim's or a cure's, uploaded on add): the server's own text when it
 * gave one with a 4xx (it names the document and says what to do) or a 503 (the document could not
 * be checked just now: try again later), with its code; anything else is a failed upload.
 */
export function uploadRefusal(status: number, body: unknown): ApiFailure {
  const answer = isRecord(body) ? body : {};
  const error = status < 500 || status === 503 ? textOrNull(answer.error) : null;
  if (error === null) return fail(USER_MESSAGES.uploadFailed, status);
  const code = textOrNull(answer.code);
  return { ok: false, error, errorKey: null, status, ...(code !== null ? { code } : {}) };
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The checks of the answers a start page does not ask for (claim-checks.ts, a chunk of its own),
 * loaded while the call is under way; null when it cannot be loaded (offline): the answer is then
 * not taken, as one that does not pass them.
 */
export function loadClaimChecks() {
  return import('./claim-checks').catch(() => null);
}
