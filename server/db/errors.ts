/**
 * Errors of the persistence layer. The HTTP layer maps them by class (or `code`):
 * DatabaseUnavailableError → 503 (nothing acknowledged); the others are operator errors.
 */
import { propertyOf } from '../../runtime/core/guards.js';

/** The database is busy, full, read-only or unreachable. Retryable; answer 503. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';
  readonly statusCode = 503;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** One bad row (or header) of a CSV import. `line` is 1-based, the header being line 1. */
export interface ImportProblem {
  line: number;
  message: string;
}

/** A CSV import was refused as a whole; nothing was written. */
export class ClassListImportError extends Error {
  readonly code = 'CLASS_LIST_IMPORT_INVALID';
  readonly problems: ImportProblem[];
  constructor(what: string, unsorted: ImportProblem[]) {
    const problems = [...unsorted].sort((a, b) => a.line - b.line);
    const shown = problems.slice(0, 50).map((p) => `  line ${p.line}: ${p.message}`);
    const more = problems.length > shown.length ? [`  … and ${problems.length - shown.length} more`] : [];
    super(`${what} not imported: ${problems.length} problem(s) found, nothing was written.\n${[...shown, ...more].join('\n')}`);
    this.name = 'ClassListImportError';
    this.problems = problems;
  }
}

/** A caller broke the contract (e.g. a document's sha256 does not match its bytes). Nothing was written. */
export class InvalidSubmissionError extends Error {
  readonly code = 'SUBMISSION_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSubmissionError';
  }
}

/**
 * The idempotency key is already stored with other answers: the authorization that holds the key
 * has filed its submission, under `referenceCode`, and this one is not stored.
 */
export class SubmissionConflictError extends Error {
  readonly code = 'SUBMISSION_CONFLICT';
  constructor(readonly referenceCode: string) {
    super(`A submission with other answers is already stored under this key (${referenceCode}); nothing was written.`);
    this.name = 'SubmissionConflictError';
  }
}

/** The claim a draft was saved for is filed (its submission's key is stored): the draft was not written. */
export class ClaimFiledError extends Error {
  readonly code = 'CLAIM_FILED';
  constructor(readonly referenceCode: string) {
    super(`The claim is already filed (${referenceCode}); the draft was not saved.`);
    this.name = 'ClaimFiledError';
  }
}

/** The session a write was activity of has expired or is gone: nothing was written. */
export class SessionGoneError extends Error {
  readonly code = 'SESSION_GONE';
  constructor() {
    super('The session has expired or is gone; nothing was written.');
    this.name = 'SessionGoneError';
  }
}

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|NOMEM|PROTOCOL|NOLFS)/;
const NODE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENOSPC', 'EROFS']);
// PostgreSQL SQLSTATEs that mean "not now", not "your query is wrong".
const PG_UNAVAILABLE_CLASSES = ['08', '53', '57P', '58'];
const PG_UNAVAILABLE_CODES = new Set(['55P03', '57014', '40001', '40P01', '25006']);

// Redis (sessions and counters with REDIS_URL) out of memory, unable to persist to its disk,
// read-only, loading or unreachable: ioredis reports these by error name or by the reply's prefix.
const REDIS_UNAVAILABLE_REPLIES = /^(OOM|MISCONF|READONLY|LOADING|BUSY|MASTERDOWN|NOREPLICAS|CLUSTERDOWN|TRYAGAIN)\b/;

/** True when `error` means the database (or Redis) is busy, full, read-only or unreachable. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const name = propertyOf(error, 'name');
  if (name === 'MaxRetriesPerRequestError') return true;
  if (name === 'ReplyError' && REDIS_UNAVAILABLE_REPLIES.test(String(propertyOf(error, 'message')))) return true;
  const code = propertyOf(error, 'code');
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || NODE_NET_CODES.has(code) || PG_UNAVAILABLE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_UNAVAILABLE_CLASSES.some((c) => code.startsWith(c))) return true;
  }
  const message = propertyOf(error, 'message');
  // node-postgres reports lost connections and pool timeouts without a code; Kysely a query after
  // the database was closed (the server shutting down) as its destroyed driver.
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|pool (is|has been) (ended|destroyed)|database connection is not open|^Connection is closed|Stream isn't writeable|driver has already been destroyed/i.test(message);
}

/** `error` as a DatabaseUnavailableError when it is one of those; otherwise unchanged. */
export function translateDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) return error;
  const code = propertyOf(error, 'code');
  return new DatabaseUnavailableError(`The database is unavailable${typeof code === 'string' ? ` (${code})` : ''}; nothing was written.`, { cause: error });
}

/** True for a unique or primary-key violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = propertyOf(error, 'code');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
