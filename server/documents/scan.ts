/**
 * The malware scan every document passes before it is accepted (docs/decisions/028): on its way
 * into the claim in progress (claims/draft-documents.ts) and when it is sent with the submit
 * (claims/submission.ts), after its type and structure checks.
 *
 * - clamd found something: 400 DOCUMENT_INFECTED naming the file for the claimant; the log has the
 *   signature, never the file name (the claimant's words, which may hold personal data).
 * - clamd could not scan it (unreachable, too slow, an error): 503 DOCUMENT_CHECK_UNAVAILABLE with
 *   Retry-After, so nothing is stored (fail closed), unless the settlement's settings.json says
 *   `uploads.scanUnavailable: "acceptUnscanned"`: then it is accepted and stored marked unscanned.
 * - No scanner configured (CLAMD_URL unset): nothing is scanned; the server says so at start.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { shownName } from '../claims/documents.js';
import { httpError } from '../errors.js';
import { scanWithClamd, ScannerUnavailableError, type ClamdOptions } from './clamd.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clamd documents are scanned with (CLAMD_URL); null: they are not scanned. */
    documentScanner: ClamdOptions | null;
  }
}

/** When a claimant may try again after the scanner was unavailable, seconds (Retry-After). */
export const SCANNER_RETRY_AFTER_SECONDS = 60;

/** How a document that may be stored was scanned: `unscanned` when the scanner was unavailable and the settings accept it so. */
export interface ScanOutcome {
  unscanned: boolean;
}

/**
 * Scans the document `name` before it is accepted; refuses it (HttpError) when it may not be stored.
 * `read` gives its bytes and is called only when there is a scanner: a stream opened for nothing
 * would hold its file open (and a removed temp file's space) until the process ends.
 */
export async function scanBeforeAccepting(app: FastifyInstance, read: () => Buffer | AsyncIterable<Buffer>, name: string, log: FastifyBaseLogger): Promise<ScanOutcome> {
  const scanner = app.documentScanner;
  if (!scanner) return { unscanned: false };
  let verdict;
  try {
    verdict = await scanWithClamd(scanner, read());
  } catch (error) {
    if (!(error instanceof ScannerUnavailableError)) throw error;
    const why = { failure: error.failure, reason: error.message };
    if (app.settlement.settings.uploads.scanUnavailable === 'acceptUnscanned') {
      log.warn(why, 'document accepted unscanned: the malware scanner is unavailable');
      return { unscanned: true };
    }
    log.error(why, 'document refused: the malware scanner is unavailable');
    throw httpError('DOCUMENT_CHECK_UNAVAILABLE', { args: [shownName(name)], retryAfterSeconds: SCANNER_RETRY_AFTER_SECONDS, cause: error });
  }
  if (verdict.infected) {
    log.warn({ signature: verdict.signature }, 'document refused: the malware scanner found a signature');
    throw httpError('DOCUMENT_INFECTED', { args: [shownName(name)] });
  }
  return { unscanned: false };
}
