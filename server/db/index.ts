/** The persistence layer's public surface. See README.md and types.ts. */
export * from './types.js';
export { DatabaseUnavailableError, ClassListImportError, InvalidSubmissionError, SubmissionConflictError, isUnavailable, isUniqueViolation, type ImportProblem } from './errors.js';
export { openDatabase, isPostgresUrl, SQLITE_FILE_NAME } from './open.js';
export { createSessionStore, createRedisSessionStore } from './sessions.js';
export { createRateLimiter, createRedisRateLimiter } from './rate-limit.js';
export { createOneTimeTokens } from './one-time-tokens.js';
export { createSharedStores, type SharedStores, type SharedStoresOptions } from './shared-stores.js';
export { createClassList, VIN_PATTERN, type ClassListOptions } from './class-list.js';
export { createSubmissions } from './submissions.js';
export { createDrafts } from './drafts.js';
export { createOutbox, DEFAULT_RETRY_POLICY, retryDelayMs, type FailedMail, type LeasedMail, type MailStatus, type NewMail, type Outbox, type RetryPolicy } from './outbox.js';
export { createResumeCodes } from './resume-codes.js';
export { createDraftDocuments } from './draft-documents.js';
export { generateReferenceCode, isValidReferenceCode, normalizeReferenceCode, REFERENCE_ALPHABET, REFERENCE_PREFIX } from './reference-code.js';
export { createPinHasher, hashPinScrypt, verifyScryptHash, type PinHasher } from './pin-hash.js';
export { seedSampleData, CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE, type SeedResult } from './seed.js';
export type { Tables } from './schema.js';
export { startHousekeeping } from './housekeeping.js';
