/**
 * The persistence contract the HTTP layer codes against: the database handle, the stores for
 * sessions, rate-limit counters and single-use tokens, the class list and the submissions.
 * Every store is shared by all server instances (database, or Redis for sessions and counters),
 * never held only in one process's memory.
 *
 * Errors: any call may reject with `DatabaseUnavailableError` (./errors.ts) when the database is
 * busy, full or unreachable; the HTTP layer answers 503 and acknowledges nothing.
 */
import type { Kysely, OperationNodeSource, RawBuilder, Transaction } from 'kysely';
import type { FieldValue, FormType } from '../../runtime/core/types.js';
import type { Tables } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** Milliseconds since the epoch; every store takes an injectable clock returning this. */
export type Clock = () => number;

/** An open database transaction that a store call joins (its writes commit or roll back with it). */
export type Trx = Transaction<Tables>;

/** A row a part of a StatementBatch answered. */
export type BatchRow = Record<string, unknown>;

/**
 * A statement whose SQL text is compiled once per dialect and shape (statement-batch.ts
 * `statementTemplate`): `build` puts `value(i)` where the i-th value of each use goes, and
 * `name(i)` where it reads the i-th earlier part of its batch.
 */
export interface StatementTemplate {
  readonly id: number;
  readonly build: (value: (index: number) => RawBuilder<unknown>, name: (index: number) => RawBuilder<unknown>) => RawBuilder<unknown>;
}

/** One use of a template: its values, and the names of the earlier parts it reads. */
export interface TemplatePart {
  readonly template: StatementTemplate;
  readonly values: readonly unknown[];
  readonly names?: readonly string[];
}

/** What a batch's part is: a built query, or a template's use (no query building per request). */
export type BatchQuery = OperationNodeSource | RawBuilder<unknown> | TemplatePart;

export interface BatchPart {
  /** What a later part of the same batch calls this part's rows (PostgreSQL). */
  readonly name: string;
  /** The part's rows, once its statement ran. */
  readonly rows: Promise<BatchRow[]>;
}

/** Statements of one transaction sent together (statement-batch.ts). */
export interface StatementBatch {
  /** Whether parts wait for `run()` (PostgreSQL); else each runs when added. */
  readonly deferred: boolean;
  /** The database's, for a part whose template is written per dialect (statement-batch.ts `jsonRecords`). */
  readonly dialect: DialectName;
  /** A SELECT, or a write with RETURNING. */
  add(query: BatchQuery): BatchPart;
  /** The part added last: a store's write given the batch adds its part before it awaits, so the caller can name it in a later part. */
  readonly last: BatchPart | undefined;
  run(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; absent or empty selects SQLite. */
  databaseUrl?: string;
  /** Folder of the SQLite file `<dataDir>/claims.sqlite` (created on first start). */
  dataDir: string;
  /** PostgreSQL only: schema to use (created if missing, first on the search_path). Default public. */
  schema?: string;
  /** SQLite busy_timeout and PostgreSQL statement timeout, ms. Default 5000. */
  busyTimeoutMs?: number;
  /**
   * Called with the SQL of each statement sent to the database, transaction control included (one
   * call per round trip on PostgreSQL): for counting what a request costs.
   */
  onStatement?: (sql: string) => void;
}

/** An open database with its migrations applied. */
export interface Database {
  readonly dialect: DialectName;
  readonly db: Kysely<Tables>;
  /** Resolves when a trivial query succeeds; rejects with DatabaseUnavailableError otherwise (/readyz). */
  checkHealth(): Promise<void>;
  /** Waits for in-flight queries and closes the connection(s) (SIGTERM). Idempotent. */
  close(): Promise<void>;
}

/* ------------------------------------------------------------------------------------------------
 * Sessions
 * ----------------------------------------------------------------------------------------------*/

/** What a server-side session holds. Plain JSON. */
export interface SessionData {
  /** Secret the CSRF token is derived from / compared with; bound to this session. */
  csrfSecret: string;
  /** Authorization per form type (spec §4), set by a successful authorize. */
  authorized: Partial<Record<FormType, boolean>>;
  /**
   * Single-use captcha raw values issued by authorize, per form type (store a hash, not the
   * value); submit removes the one it consumes.
   */
  captchaRaw: Partial<Record<FormType, string[]>>;
  /** prepopulatedData returned by authorize, per form type. */
  prepopulated: Partial<Record<FormType, Record<string, FieldValue>>>;
  /** Anything else the HTTP layer needs to keep; JSON values only. */
  extra?: Record<string, unknown>;
}

export interface Session {
  /** The opaque id to put in the signed cookie. Only its SHA-256 is stored. */
  id: string;
  data: SessionData;
  /** Epoch ms after which the session is gone unless touched. */
  expiresAt: number;
}

/** Server-side sessions with idle expiry (each get/save/touch extends it by the idle timeout). */
export interface SessionStore {
  /** New session with a fresh random id. */
  create(data: SessionData): Promise<Session>;
  /** The session, or null when unknown or idle-expired. Does not extend it. */
  get(id: string): Promise<Session | null>;
  /**
   * The session as a part of `batch` (read with the caller's other reads, one statement on
   * PostgreSQL); null when unknown or expired (an expired row is left to the purge). The
   * database's store only.
   */
  getIn?(id: string, batch: StatementBatch): Promise<Session | null>;
  /**
   * Whether save/rotate can join a database transaction (`trx`): true for the database store,
   * false for Redis (which throws when given one).
   */
  readonly joinsTransactions: boolean;
  /** Replace the data and extend the expiry. Returns false when the session no longer exists. */
  save(id: string, data: SessionData, trx?: Trx): Promise<boolean>;
  /** Extend the expiry (in `trx` when given). Returns false when the session no longer exists. */
  touch(id: string, trx?: Trx): Promise<boolean>;
  /** End it (POST /api/session-timeout). Unknown ids are ignored. */
  destroy(id: string): Promise<void>;
  /**
   * New id, same data (optionally replaced), old id destroyed; null when the old one is gone or
   * expired. Given a batch, also null unless each part of `after` (earlier parts of it) answered a
   * row: on PostgreSQL the same statement decides them all, so nothing is rotated by half a batch.
   */
  rotate(id: string, data?: SessionData, trx?: Trx | StatementBatch, after?: readonly BatchPart[]): Promise<Session | null>;
  /** Delete expired sessions; returns how many. Safe to call from any instance at any time. */
  purgeExpired(): Promise<number>;
}

export interface SessionStoreOptions {
  /** Idle expiry in ms (the settlement's minimum session duration). */
  idleTimeoutMs: number;
  clock?: Clock;
}

/* ------------------------------------------------------------------------------------------------
 * Rate-limit counters (fixed windows)
 * ----------------------------------------------------------------------------------------------*/

export interface RateLimiter {
  /**
   * Count one event for `key` in the window containing `now`; returns the count so far (>= 1). In
   * the database, within `trx` when given, or as a part of a PostgreSQL `batch`.
   */
  hit(key: string, windowMs: number, now?: number, trx?: Trx | StatementBatch): Promise<number>;
  /** The count so far in the window containing `now`, without counting; a part of `batch` when given (the database's counters only). */
  peek(key: string, windowMs: number, now?: number, batch?: StatementBatch): Promise<number>;
  /**
   * Forget the key's current window (e.g. after a successful PIN). In the database, within `trx`
   * when given (one commit with the caller's other writes); Redis forgets it at once.
   */
  reset(key: string, windowMs: number, now?: number, trx?: Trx | StatementBatch): Promise<void>;
  /**
   * Count `member` once for `key` in the window containing `now` (a set, not a counter); returns
   * how many distinct members the key holds in that window. Two racing calls for a new member
   * count it once. The key's namespace is its own: `hit`/`peek` of the same key are another count.
   * As parts of a PostgreSQL `batch` when given (the database's counters only).
   */
  hitDistinct(key: string, member: string, windowMs: number, now?: number, batch?: StatementBatch): Promise<number>;
  /**
   * The distinct members of `key` in the window containing `now`, and whether `member` is one of
   * them, without counting; with `counterKey`, also that key's count (`peek`), in the same read
   * (one round trip); else `count` is 0. A part of `batch` when given (the database's counters only).
   */
  peekDistinct(
    key: string,
    member: string,
    windowMs: number,
    now?: number,
    counterKey?: string,
    batch?: StatementBatch,
  ): Promise<{ distinct: number; counted: boolean; count: number }>;
  /**
   * A right secret's attempt, judged against `limit` at once with the key's row locked: under the
   * limit the key's count is forgotten and this answers true; at it the attempt is counted and this
   * answers false. Of attempts judged at the same moment, only those that find the count under the
   * limit pass, so a burst sent together cannot try more secrets than the limit allows. In `trx`
   * when given; given a PostgreSQL batch, its `last` part answers a row only when the attempt
   * passed (for a later part to depend on). The database's counters only (Redis counts an attempt
   * before its secret is compared).
   */
  resetIfUnder?(key: string, limit: number, windowMs: number, now: number, trx?: Trx | StatementBatch): Promise<boolean>;
}

/* ------------------------------------------------------------------------------------------------
 * Single-use tokens (captcha tokens and raw values)
 * ----------------------------------------------------------------------------------------------*/

/**
 * A registry of hashes usable once, shared by all instances. Callers pass a hash (never the raw
 * token) and should prefix it with a namespace ('captcha:' …).
 */
export interface OneTimeTokens {
  /** Record an issued value; `consume` succeeds once for it until `expiresAt`. */
  issue(hash: string, expiresAt: number, trx?: Trx | StatementBatch): Promise<void>;
  /**
   * true once for an issued, unexpired hash; false otherwise (unknown, used, expired). A use named
   * `by` (a submission's key) may consume it again while it is unexpired: a retry of that use.
   */
  consume(hash: string, trx?: Trx | StatementBatch, by?: string): Promise<boolean>;
  /** true the first time a hash is seen (e.g. a provider token), false on every later call. */
  markUsed(hash: string, expiresAt: number, trx?: Trx | StatementBatch): Promise<boolean>;
  purgeExpired(): Promise<number>;
}

/* ------------------------------------------------------------------------------------------------
 * Class list
 * ----------------------------------------------------------------------------------------------*/

/** A class member as imported (the PIN is never returned). Column names of the CSV. */
export interface ClassMember {
  noticeId: string;
  firstName: string;
  middleInitial: string | null;
  lastName: string;
  mailingStreetLine1: string | null;
  mailingStreetLine2: string | null;
  mailingCity: string | null;
  mailingSubDivision: string | null;
  mailingPostalCode: string | null;
  mailingSubDivisionNonUS: string | null;
  mailingPostalCodeNonUS: string | null;
  /** Two-letter country code; 'US' by default. */
  mailingCountry: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  /** '' when the settlement signs in without a VIN. */
  vin: string;
  /** Every column of the member's class-list row but the secret, as imported (prefill reads these). */
  columns: Record<string, string>;
}

export type ImportMode = 'replace' | 'upsert';

export interface ImportResult {
  /** Rows read from the file. */
  rows: number;
  inserted: number;
  updated: number;
  /** Rows removed because the mode was 'replace' and they were not in the file. */
  removed: number;
}

export interface ClassList {
  isClassVehicle(vin: string): Promise<boolean>;
  findMember(noticeId: string): Promise<ClassMember | null>;
  /**
   * The member when the PIN matches, else null. Takes the same time whether the notice ID is
   * unknown or the PIN wrong (a keyed comparison always runs). The caller checks member.vin.
   * A matching PIN whose hash predates keyed hashing is re-hashed with the key. Given a batch, the
   * row is read as a part of it (compared once the batch ran).
   */
  verifyPin(noticeId: string, pin: string, batch?: StatementBatch): Promise<ClassMember | null>;
  /** Import members from CSV text in one transaction; rejects with ClassListImportError (nothing written). */
  importMembers(csv: string, mode?: ImportMode): Promise<ImportResult>;
  /** Import class vehicles (a `vin` column) from CSV text, same rules. */
  importVehicles(csv: string, mode?: ImportMode): Promise<ImportResult>;
  counts(): Promise<{ members: number; vehicles: number }>;
}

/* ------------------------------------------------------------------------------------------------
 * Submissions
 * ----------------------------------------------------------------------------------------------*/

/** The document stores (server/documents): the database itself, or S3-compatible object storage. */
export type DocumentStoreName = 'database' | 's3';

/** Where a document's bytes are: an object of a document store, by its key. */
export interface DocumentObject {
  store: DocumentStoreName;
  key: string;
}

interface NewDocumentMeta {
  /** clientId of the DocumentContexts model the file belongs to. */
  contextClientId: string;
  name: string;
  /** Content type as detected from the bytes. */
  type: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes; checked before storing when they are given. */
  sha256: string;
  /** Accepted while the malware scanner could not be reached (default false: scanned, or scanning is off). */
  unscanned?: boolean;
}

/**
 * Where a new document row's bytes are: its object, written to a document store before the row
 * commits (the server's way), or in the row itself (as documents were stored before the document
 * stores, and are still read).
 */
export type DocumentContent = { object: DocumentObject; bytes?: never } | { bytes: Uint8Array; object?: never };

/** A document to store with its submission. */
export type NewDocument = NewDocumentMeta & DocumentContent;

/** An object of the database's document store (a row of `document_objects`), with its bytes. */
export interface NewDocumentObject {
  key: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  bytes: Uint8Array;
}

export interface NewSubmission {
  formType: FormType;
  /** The form's reference-code prefix (forms.json); default the spec's prefix of `formType`. */
  referencePrefix?: string;
  /**
   * Derived by the caller from what only one authorization has: one submission per key. The same
   * key with the same answers is a retry (its reference code again); with other answers it is
   * refused (SubmissionConflictError).
   */
  idempotencyKey: string;
  culture: string;
  /** The answers (JSON-serialisable; no captcha tokens, no file bytes). Stored verbatim as JSON text. */
  payload: unknown;
  /** `JSON.stringify(payload)`, when the caller has made it already (it serialises the answers once for the receipt too). */
  payloadJson?: string;
  documents: NewDocument[];
  /**
   * Objects of the database's document store that its documents name, written in its transaction
   * with its rows (one commit for both), and only when the submission is new: a retry or a refusal
   * writes none of them.
   */
  objects?: NewDocumentObject[];
  /**
   * Who the submission is for, as the server authorized it (normalised: trimmed, upper case).
   * Earlier submissions naming the same identifier are handed to `judgeDuplicates`.
   */
  identifiers?: ClaimantIdentifier[];
}

/** What names a class member or a vehicle across submissions. */
export type IdentifierKind = 'noticeId' | 'vin';

export interface ClaimantIdentifier {
  kind: IdentifierKind;
  value: string;
}

/** Earlier submissions naming one identifier, per form type: how many, and the first one's reference code. */
export interface EarlierFilings {
  identifier: ClaimantIdentifier;
  filings: Partial<Record<FormType, { count: number; first: string }>>;
}

/** A submission stored although earlier ones name the same identifier: which, for the administrator. */
export interface DuplicateMark {
  identifier: IdentifierKind;
  /** The form type of the earlier submissions. */
  formType: FormType;
  /** How many earlier submissions of that form type name the identifier. */
  count: number;
  /** The reference code of the first of them. */
  first: string;
}

export interface StoreResult {
  referenceCode: string;
  /** false when the idempotency key was already stored: nothing new was written. */
  created: boolean;
  submissionId: number;
}

export interface DocumentMeta {
  id: number;
  contextClientId: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** Accepted while the malware scanner could not be reached, so never scanned. */
  unscanned: boolean;
}

export interface StoredDocument extends DocumentMeta {
  /** The bytes when the database holds them (in the row, or the database store's object); null when an object store does. */
  bytes: Buffer | null;
  /** The document's object; null for a document whose bytes are in its own row. */
  object: DocumentObject | null;
}

export interface SubmissionRecord {
  id: number;
  referenceCode: string;
  formType: FormType;
  culture: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  payload: unknown;
  documents: DocumentMeta[];
  /** Earlier submissions this one repeats, when the duplicate policy marks it (empty otherwise). */
  duplicateOf: DuplicateMark[];
}

export interface SubmissionFilter {
  formType?: FormType;
  /** Inclusive lower bound on createdAt. */
  from?: Date;
  /** Exclusive upper bound on createdAt. */
  to?: Date;
}

export interface Submissions {
  /**
   * Submission + documents in ONE transaction; idempotent on (formType, idempotencyKey).
   * `before` runs first in that transaction (and again if it is retried): the caller's own writes
   * commit with the submission, and a throw rolls everything back and rejects with that error.
   * `judgeDuplicates` runs in it too, with each identifier's earlier submissions read under a lock
   * on that identifier (two submissions naming it are judged one after the other, on every
   * instance): it returns the marks to store with the submission, or throws to refuse it (nothing
   * is written; the error is the rejection). A retry of a stored submission is not judged again.
   * `after` runs last in that transaction, for a new submission only (not for a retry), with its
   * id: writes that belong with the submission (its fraud screening).
   */
  storeSubmission(
    input: NewSubmission,
    options?: {
      /**
       * Before the submission's rows: parts added to `batch` (statement-batch.ts) before the
       * function's first await go in one statement with them; a refusal rolls it all back.
       */
      before?: (trx: Trx, batch: StatementBatch) => Promise<void>;
      judgeDuplicates?: (earlier: EarlierFilings[]) => DuplicateMark[];
      /** Last in the transaction, with `batch` as `before` has it (one statement with the duplicate policy's writes). */
      after?: (trx: Trx, stored: { referenceCode: string; submissionId: number }, batch: StatementBatch) => Promise<void>;
      /** How the transaction runs (grouped-transactions.ts); by default one of its own. */
      inTransaction?: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;
    },
  ): Promise<StoreResult>;
  listSubmissions(filter?: SubmissionFilter): Promise<SubmissionRecord[]>;
  getByReferenceCode(referenceCode: string): Promise<SubmissionRecord | null>;
  /** The reference code stored under (formType, idempotencyKey), or null. */
  referenceCodeOf(formType: FormType, idempotencyKey: string): Promise<string | null>;
  /**
   * What was filed under each identifier so far (read without a lock: what a sign-in is told; a
   * submission is judged again under the lock in storeSubmission). Given a batch, one part of it.
   */
  filingsOf(identifiers: readonly ClaimantIdentifier[], batch?: StatementBatch): Promise<EarlierFilings[]>;
  getDocuments(submissionId: number): Promise<StoredDocument[]>;
}

/* ------------------------------------------------------------------------------------------------
 * Claims in progress
 * ----------------------------------------------------------------------------------------------*/

export interface DraftKey {
  formType: FormType;
  /** A keyed digest of whom the claimant authorized as (never the VIN or Notice ID itself). */
  claimantKey: string;
}

export interface NewDraft extends DraftKey {
  pageId: string;
  /** The saved answers (JSON-serialisable). Stored verbatim as JSON text. */
  models: unknown[];
  authorizationId: string;
  /** Epoch ms after which the draft is gone (the caller's min of deadline and retention). */
  expiresAt: number;
  /** Saved for later on `pageId` before that page was finished: resuming opens it (default false: `pageId` was finished). */
  pageUnfinished?: boolean;
  /** The records being typed on `pageId`, not saved yet (JSON-serialisable form models; default none). */
  openRecords?: unknown[];
  /**
   * The idempotency key of the authorization's submission (of this form type): when that claim is
   * filed, the save writes nothing and fails with ClaimFiledError. Checked in the save's own
   * statement, so a page save makes no round trip of its own for it.
   */
  unlessFiled?: string;
  /**
   * The session (in the `sessions` table) this save is activity of: extended to `expiresAt` by the
   * save, which writes nothing when that session has expired or is gone (SessionGoneError), nor
   * when the claim is filed. On PostgreSQL, one statement with the save's own (no transaction).
   */
  touchSession?: { idHash: string; expiresAt: number };
}

export interface DraftRecord extends Omit<NewDraft, 'unlessFiled' | 'touchSession'> {
  pageUnfinished: boolean;
  openRecords: unknown[];
  createdAt: number;
  updatedAt: number;
}

/** Per form type: how many drafts, the oldest one's creation, the soonest expiry, how many expire within `soonMs`. */
export interface DraftSummary {
  formType: FormType;
  count: number;
  oldestCreatedAt: number;
  nextExpiresAt: number;
  expiringSoon: number;
  /** Past their expiry, not purged yet. */
  expired: number;
}

export interface Drafts {
  /** Creates or replaces the claimant's draft of the form (its createdAt kept), in `trx` when given; returns what was stored. */
  save(draft: NewDraft, trx?: Trx): Promise<DraftRecord>;
  /** The unexpired draft, or null. */
  get(key: DraftKey): Promise<DraftRecord | null>;
  /** Removes it (in `trx` when given: a submission's transaction, or its batch); true when there was one. */
  remove(key: DraftKey, trx?: Trx | StatementBatch): Promise<boolean>;
  /** Deletes the drafts past their expiry; returns how many. Safe from any instance at any time. */
  purgeExpired(): Promise<number>;
  summary(soonMs: number): Promise<DraftSummary[]>;
}

/** A resume code's draft: what the code opens, and until when. */
export interface ResumeCodeTarget extends DraftKey {
  /** The draft's expiry: the code works until then (each save moves it, never past the deadline). */
  expiresAt: number;
}

/** Resume codes of claims in progress, by their keyed digest (resume-codes.ts). */
export interface ResumeCodes {
  /** Binds the code's digest to the draft, replacing the draft's earlier code, in `trx` when given. */
  issue(key: DraftKey, codeHash: string, trx?: Trx): Promise<void>;
  /** The draft a code's digest opens (check `expiresAt`: an expired one not purged yet is found), or null (unknown code, draft submitted or purged). */
  find(codeHash: string): Promise<ResumeCodeTarget | null>;
  /** Deletes the codes whose draft is gone or expired; returns how many. */
  purgeExpired(): Promise<number>;
}

/* ------------------------------------------------------------------------------------------------
 * Documents of claims in progress
 * ----------------------------------------------------------------------------------------------*/

/** A document stored with a claim in progress, without its bytes. */
export interface DraftDocumentMeta {
  id: number;
  /** clientId of the DocumentContexts model the file belongs to. */
  contextClientId: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** Accepted while the malware scanner could not be reached, so never scanned. */
  unscanned: boolean;
}

/** Where a draft document's bytes are: its object, or (stored before the document stores) its own row. */
export interface DraftDocument extends DraftDocumentMeta {
  object: DocumentObject | null;
  /** The row's own bytes; null when the document is an object. */
  bytes: Buffer | null;
}

export type NewDraftDocument = Omit<DraftDocumentMeta, 'id' | 'unscanned'> & { object: DocumentObject; unscanned?: boolean };

/** Why a document was not added: no unexpired draft, another document has its name, or the draft's documents would exceed the total. */
export type DraftDocumentRefusal = 'no-draft' | 'name-taken' | 'total-too-large';

export interface DraftDocuments {
  /**
   * Adds the document to the unexpired draft of `key`, replacing the one of the same document
   * context, in one transaction that holds the draft's row: refused when another document of the
   * draft has its name, or when the draft's documents would then weigh more than `maxTotalBytes`.
   */
  add(key: DraftKey, document: NewDraftDocument, limits: { maxTotalBytes: number }): Promise<{ ok: true; document: DraftDocumentMeta } | { ok: false; refusal: DraftDocumentRefusal }>;
  /** The documents of the draft (any draft: the caller reads the draft first), oldest first. */
  list(key: DraftKey): Promise<DraftDocumentMeta[]>;
  /** The documents with where their bytes are, in `trx` when given. */
  located(key: DraftKey, trx?: Trx): Promise<DraftDocument[]>;
  /** Removes one document of the draft; true when there was one. */
  remove(key: DraftKey, id: number): Promise<boolean>;
}
