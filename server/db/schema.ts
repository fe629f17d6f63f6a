/**
 * Table shapes for Kysely, identical in SQLite and PostgreSQL (migrations.ts creates them).
 * Times are epoch milliseconds in BIGINT columns (PostgreSQL returns them as strings: read them
 * through Number()), except submissions.created_at, an ISO 8601 UTC string that sorts and filters
 * the same way in both dialects.
 */
import type { ColumnType, Generated } from 'kysely';

/** BIGINT: written as number, read as number (SQLite) or string (PostgreSQL). */
export type Int8 = ColumnType<number | string, number, number>;

export interface SessionsTable {
  /** SHA-256 hex of the session id; the id itself is only in the client's cookie. */
  id_hash: string;
  data: string;
  expires_at: Int8;
  created_at: Int8;
}

export interface RateLimitsTable {
  key: string;
  window_start: Int8;
  count: ColumnType<number | string, number, number>;
  expires_at: Int8;
}

export interface OneTimeTokensTable {
  hash: string;
  /** 'issued' (consumable once) or 'used' (seen once). */
  state: string;
  expires_at: Int8;
  /** What consumed it (a submission's key), so that the same use may repeat it; null otherwise. */
  used_by: string | null;
}

export interface ClassVehiclesTable {
  vin: string;
}

/** One row (id 1) whose version every class-list import increments. */
export interface ClassListVersionTable {
  id: number;
  version: Int8;
}

export interface ClassMembersTable {
  notice_id: string;
  /** hmac-sha256$keyId$saltB64$macB64 (keyed by PIN_SECRET), or a former scrypt$N$r$p$saltB64$hashB64 */
  pin_hash: string;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  mailing_street_line1: string | null;
  mailing_street_line2: string | null;
  mailing_city: string | null;
  mailing_sub_division: string | null;
  mailing_postal_code: string | null;
  mailing_sub_division_non_us: string | null;
  mailing_postal_code_non_us: string | null;
  mailing_country: string;
  email_address: string | null;
  phone_number: string | null;
  vin: string;
  /** JSON of every column of the row but the secret (0011_declared_sign_in); null for rows imported before. */
  row_values?: string | null;
}

export interface SubmissionsTable {
  id: Generated<number>;
  reference_code: string;
  form_type: string;
  idempotency_key: string;
  culture: string;
  /** The answers as JSON text, stored verbatim. */
  payload: string;
  created_at: string;
  /** SHA-256 hex of `payload`: a retry under the same key must carry the same answers. Null before 0004. */
  answers_sha256: string | null;
  /** JSON list of DuplicateMark (types.ts) when the duplicate policy marked this submission; else null. */
  duplicate_of: string | null;
}

/**
 * One row per identifier (notice ID, VIN) that a submission named: the row every submission naming
 * it locks, and what was filed under it, as JSON `{ [formType]: { count, first } }`.
 */
export interface FiledIdentifiersTable {
  kind: string;
  value: string;
  filings: string;
}

/** Fraud screening of one claim (server/fraud). Epoch ms; client_ip, network, user_agent, fill_ms are null after the retention period. */
export interface ClaimSignalsTable {
  submission_id: number;
  created_at: Int8;
  client_ip: string | null;
  network: string | null;
  user_agent: string | null;
  fill_ms: Int8 | null;
  score: number;
  /** accepted | flagged | held */
  disposition: string;
  /** JSON list of { code, evidence }. */
  reasons: string;
}

/** One value a claim is compared on (its kind, and the SHA-256 of its normal form). */
export interface SignalValuesTable {
  kind: string;
  digest: string;
  submission_id: number;
  created_at: Int8;
}

export interface DocumentsTable {
  id: Generated<number>;
  submission_id: number;
  position: number;
  context_client_id: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** Empty when the bytes are an object of a document store (`store`, `store_key`). */
  bytes: Buffer;
  store: string | null;
  store_key: string | null;
  /** 1: accepted while the malware scanner could not be reached (settings uploads.scanUnavailable), so never scanned. */
  unscanned: Generated<number>;
}

/** The database document store's objects (server/documents/database-store.ts). Epoch ms. */
export interface DocumentObjectsTable {
  key: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  created_at: Int8;
}

/** A claim in progress (drafts.ts). Epoch ms. */
export interface DraftsTable {
  form_type: string;
  /** Keyed digest of whom the session was authorized as (Notice ID, else VIN). */
  claimant_key: string;
  page_id: string;
  /** The saved answers (a list of form models) as JSON text. */
  models: string;
  /** The authorization that last wrote it. */
  authorization_id: string;
  created_at: Int8;
  updated_at: Int8;
  expires_at: Int8;
  /** 1 when the claimant saved for later on page_id before finishing it (resuming opens that page). */
  page_unfinished: Generated<number>;
  /** The records being typed on page_id, not saved yet (a list of form models as JSON text); null: none. */
  open_records: string | null;
}

/** A resume code of a claim in progress (resume-codes.ts): never the code itself, its keyed digest. */
export interface ResumeCodesTable {
  code_hash: string;
  form_type: string;
  claimant_key: string;
  created_at: Int8;
}

/** One e-mail of the outbox (outbox.ts). Epoch ms. */
export interface OutboxTable {
  id: Generated<number>;
  /** The template it was made from: 'receipt', … */
  kind: string;
  /** At most one message per key ('receipt:<submission id>'); null when any number may be queued. */
  dedupe_key: string | null;
  recipient: string;
  culture: string;
  subject: string;
  text_body: string;
  html_body: string;
  submission_id: number | null;
  /** queued | sent | failed */
  status: string;
  /** Deliveries started (a lease taken), successful or not. */
  attempts: number;
  next_attempt_at: Int8;
  /** Which sender holds the row, until when; null when none does. */
  lease_owner: string | null;
  lease_until: Int8 | null;
  last_error: string | null;
  created_at: Int8;
  sent_at: Int8 | null;
  /** When the message was given up (status failed); null otherwise. */
  failed_at: Int8 | null;
  /** When its body, subject, recipient and last error were emptied (mail.retentionDays after sent or failed). */
  purged_at: Int8 | null;
  /** What a message rendered at send is made from (JSON; a receipt's data); null when queued rendered. */
  render_data: string | null;
}

/** A document of a claim in progress (draft-documents.ts), keyed like its draft. Epoch ms. */
export interface DraftDocumentsTable {
  id: Generated<number>;
  form_type: string;
  claimant_key: string;
  /** clientId of the DocumentContexts model the file belongs to. */
  context_client_id: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** Empty when the bytes are an object of a document store (`store`, `store_key`). */
  bytes: Buffer;
  store: string | null;
  store_key: string | null;
  created_at: Int8;
  /** 1: accepted while the malware scanner could not be reached, so never scanned. */
  unscanned: Generated<number>;
}

/** One change of a claim's status after Submit (claim-statuses.ts): its history; the latest row is the current status. Epoch ms. */
export interface ClaimStatusChangesTable {
  id: Generated<number>;
  submission_id: number;
  /** The status before the change ('received' for the first change). */
  from_status: string;
  to_status: string;
  /** JSON list of deficiency kinds ('[]' unless deficient). */
  deficiencies: string;
  /** YYYY-MM-DD, the last day to cure (a deficient claim only). */
  cure_by: string | null;
  /** The end of that day in the settlement's time zone. */
  cure_by_at: Int8 | null;
  note: string | null;
  /** What made the change ('admin status', 'admin import-statuses <file>'). */
  changed_by: string;
  changed_at: Int8;
}

/** A cure of a deficient claim sent from the status page (claim-cures.ts), linked to the change it answers. Epoch ms. */
export interface ClaimCuresTable {
  id: Generated<number>;
  submission_id: number;
  /** The deficient status change the cure answers. */
  status_change_id: number;
  /** The name signed with, when the cure asked for a signature. */
  signature_name: string | null;
  culture: string;
  received_at: Int8;
  /** The models of the pages answered again (JSON), when the cure asked for a page; null otherwise. */
  answers: string | null;
}

/** A document of a cure, an object of the document store. */
export interface ClaimCureDocumentsTable {
  id: Generated<number>;
  cure_id: number;
  /** The deficiency kind it cures, and the document type that kind asks for (a page's record's own type for a document given on a page). */
  deficiency: string;
  document_type: string;
  /** The client id of the record of a page asked again it is the file of; '' for a document of a missing kind (migration 0025). */
  client_id: Generated<string>;
  name: string;
  type: string;
  size: Int8;
  sha256: string;
  store: string;
  store_key: string;
  /** 1: accepted while the malware scanner could not be reached, so never scanned. */
  unscanned: Generated<number>;
}

/** A cure in progress (cures-in-progress.ts), one per claim, for the deficient change it answers. Epoch ms. */
export interface CuresInProgressTable {
  submission_id: number;
  status_change_id: number;
  /** The models of the pages asked again as last given (JSON); null: none given. */
  answers: string | null;
  signature_name: string | null;
  updated_at: Int8;
  /** The end of the cure-by day; null when the change set no cure-by date. */
  expires_at: ColumnType<number | string | null, number | null, number | null>;
}

/** A document uploaded to a cure in progress, an object of the document store. */
export interface CureInProgressDocumentsTable {
  id: Generated<number>;
  submission_id: number;
  /** The deficiency kind it cures. */
  deficiency: string;
  /** The client id of the record of a page asked again it is the file of; '' for a document of a missing kind (migration 0025). */
  client_id: Generated<string>;
  name: string;
  type: string;
  size: Int8;
  sha256: string;
  store: string;
  store_key: string;
  unscanned: Generated<number>;
  created_at: Int8;
}

export interface Tables {
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  one_time_tokens: OneTimeTokensTable;
  class_vehicles: ClassVehiclesTable;
  class_members: ClassMembersTable;
  class_list_version: ClassListVersionTable;
  submissions: SubmissionsTable;
  documents: DocumentsTable;
  filed_identifiers: FiledIdentifiersTable;
  claim_signals: ClaimSignalsTable;
  signal_values: SignalValuesTable;
  drafts: DraftsTable;
  outbox: OutboxTable;
  resume_codes: ResumeCodesTable;
  draft_documents: DraftDocumentsTable;
  document_objects: DocumentObjectsTable;
  claim_status_changes: ClaimStatusChangesTable;
  claim_cures: ClaimCuresTable;
  claim_cure_documents: ClaimCureDocumentsTable;
  cures_in_progress: CuresInProgressTable;
  cure_in_progress_documents: CureInProgressDocumentsTable;
}
