/**
 * Errors of the persistence layer. The HTTP layer maps them by class (or `code`):
 * DatabaseUnavailableError → 503 (nothing acknowledged); the others are operator errors.
 */

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
  constructor(what: string, problems: ImportProblem[]) {
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
