/**
 * Schema migrations, in code so that the server, the CLI and the tests apply the same ones with no
 * file lookup. Append new entries; never edit an applied one. Names sort in application order.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { propertyOf } from '../../runtime/core/guards.js';
import type { DialectName } from './types.js';

function initial(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('one_time_tokens_expires_at').on('one_time_tokens').column('expires_at').execute();

      await db.schema.createTable('class_vehicles').addColumn('vin', 'text', (c) => c.primaryKey()).execute();

      await db.schema
        .createTable('class_members')
        .addColumn('notice_id', 'text', (c) => c.primaryKey())
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('middle_initial', 'text')
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('mailing_street_line1', 'text')
        .addColumn('mailing_street_line2', 'text')
        .addColumn('mailing_city', 'text')
        .addColumn('mailing_sub_division', 'text')
        .addColumn('mailing_postal_code', 'text')
        .addColumn('mailing_sub_division_non_us', 'text')
        .addColumn('mailing_postal_code_non_us', 'text')
        .addColumn('mailing_country', 'text', (c) => c.notNull())
        .addColumn('email_address', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('vin', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('class_members_vin').on('class_members').column('vin').execute();

      await db.schema
        .createTable('submissions')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('reference_code', 'text', (c) => c.notNull().unique())
        .addColumn('form_type', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('culture', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('submissions_idempotency', ['form_type', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('submissions_created_at').on('submissions').column('created_at').execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('context_client_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addUniqueConstraint('documents_submission_position', ['submission_id', 'position'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['documents', 'submissions', 'class_members', 'class_vehicles', 'one_time_tokens', 'rate_limits', 'sessions']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * A counter the class-list imports bump in their transaction, so that every server instance can
 * tell with one single-row read whether the class vehicles it holds in memory are current.
 */
const classListVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('class_list_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db.withTables<{ class_list_version: { id: number; version: number } }>().insertInto('class_list_version').values({ id: 1, version: 1 }).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('class_list_version').ifExists().execute();
  },
};

/**
 * Who consumed a single-use value: the submission that used a captcha value may repeat that use
 * (a retry), on any instance, with no session write in the submission's transaction.
 */
const oneTimeTokenUsedBy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('one_time_tokens').addColumn('used_by', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('one_time_tokens').dropColumn('used_by').execute();
  },
};

/** What a stored payload says about who it is for (the backfill of 0004 reads it). */
function identifiersOfPayload(payload: string): Array<{ kind: 'noticeId' | 'vin'; value: string }> {
  let fields: unknown;
  try {
    fields = propertyOf(propertyOf(JSON.parse(payload), 'credentials'), 'fields');
  } catch {
    return [];
  }
  const out: Array<{ kind: 'noticeId' | 'vin'; value: string }> = [];
  for (const kind of ['noticeId', 'vin'] as const) {
    const value = propertyOf(fields, kind);
    if (typeof value === 'string' && value.trim()) out.push({ kind, value: value.trim().toUpperCase() });
  }
  return out;
}

/**
 * The duplicate policy (settings.json `duplicates`): the identifiers each submission named, one
 * locked row per identifier, filled from the submissions already stored; a retry must repeat the
 * answers it was stored with; the marks a submission was stored with.
 */
const duplicatePolicy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('answers_sha256', 'text').execute();
    await db.schema.alterTable('submissions').addColumn('duplicate_of', 'text').execute();
    await db.schema
      .createTable('filed_identifiers')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('filings', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('filed_identifiers_pk', ['kind', 'value'])
      .execute();

    // Submissions stored before: their credentials name the identifiers (as the client sent them).
    type Row = { id: number; form_type: string; reference_code: string; payload: string };
    const typed = db.withTables<{ submissions: Row; filed_identifiers: { kind: string; value: string; filings: string } }>();
    const filed = new Map<string, { kind: string; value: string; filings: Record<string, { count: number; first: string }> }>();
    for (let after = 0; ; ) {
      const rows = await typed.selectFrom('submissions').select(['id', 'form_type', 'reference_code', 'payload']).where('id', '>', after).orderBy('id').limit(500).execute();
      const last = rows.at(-1);
      if (last === undefined) break;
      for (const row of rows) {
        for (const { kind, value } of identifiersOfPayload(row.payload)) {
          const entry = filed.get(`${kind}\n${value}`) ?? { kind, value, filings: {} };
          const earlier = entry.filings[row.form_type];
          entry.filings[row.form_type] = { count: (earlier?.count ?? 0) + 1, first: earlier?.first ?? row.reference_code };
          filed.set(`${kind}\n${value}`, entry);
        }
      }
      after = Number(last.id);
    }
    const values = [...filed.values()].map((e) => ({ kind: e.kind, value: e.value, filings: JSON.stringify(e.filings) }));
    for (let i = 0; i < values.length; i += 200) await typed.insertInto('filed_identifiers').values(values.slice(i, i + 200)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('filed_identifiers').ifExists().execute();
    await db.schema.alterTable('submissions').dropColumn('duplicate_of').execute();
    await db.schema.alterTable('submissions').dropColumn('answers_sha256').execute();
  },
};

/**
 * Fraud screening: per claim what the request showed (client address, network, user agent, fill
 * time: cleared after the settlement's retention period), its reasons, risk score and disposition;
 * and the values claims are compared on, as digests, one row per claim and value.
 */
const claimSignals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('claim_signals')
      .addColumn('submission_id', 'integer', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('client_ip', 'text')
      .addColumn('network', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('fill_ms', 'bigint')
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('disposition', 'text', (c) => c.notNull())
      .addColumn('reasons', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('claim_signals_created_at').on('claim_signals').column('created_at').execute();
    await db.schema
      .createTable('signal_values')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('digest', 'text', (c) => c.notNull())
      .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('signal_values_pk', ['kind', 'digest', 'submission_id'])
      .execute();
    await db.schema.createIndex('signal_values_kind_digest_created').on('signal_values').columns(['kind', 'digest', 'created_at']).execute();
    await db.schema.createIndex('signal_values_created_at').on('signal_values').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('signal_values').ifExists().execute();
    await db.schema.dropTable('claim_signals').ifExists().execute();
  },
};

/**
 * Claims in progress: one row per form and claimant (a keyed digest of who authorized, never the
 * VIN or Notice ID itself), the answers as JSON text like a submission's payload, and the instant
 * after which the purge removes it.
 */
const drafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('drafts')
      .addColumn('form_type', 'text', (c) => c.notNull())
      .addColumn('claimant_key', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('models', 'text', (c) => c.notNull())
      .addColumn('authorization_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('drafts_pk', ['form_type', 'claimant_key'])
      .execute();
    await db.schema.createIndex('drafts_expires_at').on('drafts').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('drafts').ifExists().execute();
  },
};

/**
 * The outbox: e-mail written in the transaction of what it tells about (a claim's receipt), sent
 * later by server/mail/sender.ts. A sender leases a row before sending it (lease_owner,
 * lease_until), so that no two instances send one message at once; `dedupe_key` keeps a message
 * from being queued twice for the same event.
 */
function outbox(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('culture', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('outbox_status_next').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_submission').on('outbox').column('submission_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').ifExists().execute();
    },
  };
}

/**
 * The documents of a claim in progress, stored as they are added: keyed like their draft (form and
 * claimant key), one per document context (clientId), their names unique within the draft. The
 * submit moves them into `documents` and deletes them with the draft, in its transaction.
 */
function draftDocuments(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('draft_documents')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('form_type', 'text', (c) => c.notNull())
        .addColumn('claimant_key', 'text', (c) => c.notNull())
        .addColumn('context_client_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('draft_documents_context', ['form_type', 'claimant_key', 'context_client_id'])
        .addUniqueConstraint('draft_documents_name', ['form_type', 'claimant_key', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('draft_documents').ifExists().execute();
    },
  };
}

/**
 * Save and finish later: a resume code per claim in progress, stored only as a keyed digest, bound
 * to the draft's key (a new code replaces the old one); it works as long as its draft does. A
 * draft saved with its current page unfinished says so, so that resuming opens that page.
 */
const resumeCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('resume_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('form_type', 'text', (c) => c.notNull())
      .addColumn('claimant_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('resume_codes_draft', ['form_type', 'claimant_key'])
      .execute();
    await db.schema.alterTable('drafts').addColumn('page_unfinished', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('drafts').dropColumn('page_unfinished').execute();
    await db.schema.dropTable('resume_codes').ifExists().execute();
  },
};

/**
 * Sign-in is declared by the settlement (forms.json): a class-list row keeps every column of its
 * CSV row (but the secret, which stays a keyed hash in pin_hash), so a settlement whose class list
 * has other columns than the sample's can prefill from them.
 */
const declaredSignIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('class_members').addColumn('row_values', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('class_members').dropColumn('row_values').execute();
  },
};

/**
 * Indexes of the hot paths. The claim's screening counts the earlier claims sharing each of its
 * values; within the window (address, network, session) that count read each row for its
 * submission: with the submission in the index it reads the index alone (a third of the time at
 * the 1,000 rows it counts at most). The index it replaces is a prefix of it.
 */
const hotPathIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('signal_values_kind_digest_created_submission').on('signal_values').columns(['kind', 'digest', 'created_at', 'submission_id']).execute();
    await db.schema.dropIndex('signal_values_kind_digest_created').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('signal_values_kind_digest_created').on('signal_values').columns(['kind', 'digest', 'created_at']).execute();
    await db.schema.dropIndex('signal_values_kind_digest_created_submission').execute();
  },
};

/**
 * Sent e-mail forgets what it said: after the settlement's `mail.retentionDays`, the body, subject,
 * recipient and last error of a sent or given-up message are emptied and `purged_at` says when;
 * the row stays (its dedupe key and Message-ID keep a retried event from mailing again).
 * `failed_at` dates a message given up, which the retention counts from; the rows already failed
 * are dated by their last attempt's next date (at most an hour after it).
 */
const outboxPurge: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').addColumn('failed_at', 'bigint').execute();
    await db.schema.alterTable('outbox').addColumn('purged_at', 'bigint').execute();
    await sql`UPDATE outbox SET failed_at = next_attempt_at WHERE status = 'failed'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').dropColumn('purged_at').execute();
    await db.schema.alterTable('outbox').dropColumn('failed_at').execute();
  },
};

/**
 * The hourly purge and `admin outbox` look only for messages not yet emptied: a partial index keeps
 * them from reading every message ever sent as the outbox grows.
 */
const outboxUnpurged: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('outbox_unpurged')
      .on('outbox')
      .column('status')
      .where(sql.ref('purged_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_unpurged').ifExists().execute();
  },
};

/**
 * A document accepted while the malware scanner could not be reached (settings.json
 * uploads.scanUnavailable "acceptUnscanned") is marked, so that the export shows which were never
 * scanned. 0/1 in both databases.
 */
const documentsUnscanned: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['documents', 'draft_documents']) {
      await db.schema.alterTable(table).addColumn('unscanned', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['documents', 'draft_documents']) await db.schema.alterTable(table).dropColumn('unscanned').execute();
  },
};

/**
 * Documents in a document store (server/documents): a document row names its object by store
 * (`database` or `s3`) and key, and its own `bytes` stay empty; rows stored before keep their bytes
 * and no key. The database store's objects are rows of `document_objects`. The keys are indexed
 * for the housekeeping sweep, which asks which objects no row names.
 */
function documentStore(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_objects')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_objects_created_at').on('document_objects').column('created_at').execute();
      for (const table of ['documents', 'draft_documents']) {
        await db.schema.alterTable(table).addColumn('store', 'text').execute();
        await db.schema.alterTable(table).addColumn('store_key', 'text').execute();
        await db.schema.createIndex(`${table}_store_key`).on(table).column('store_key').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['documents', 'draft_documents']) {
        await db.schema.dropIndex(`${table}_store_key`).ifExists().execute();
        await db.schema.alterTable(table).dropColumn('store_key').execute();
        await db.schema.alterTable(table).dropColumn('store').execute();
      }
      await db.schema.dropTable('document_objects').ifExists().execute();
    },
  };
}

/**
 * The status history of claims after Submit (claim-statuses.ts): one row per change, never
 * updated; a claim's current status is its latest row (none: received).
 */
function claimStatusChanges(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('claim_status_changes')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
        .addColumn('from_status', 'text', (c) => c.notNull())
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('deficiencies', 'text', (c) => c.notNull())
        .addColumn('cure_by', 'text')
        .addColumn('cure_by_at', 'bigint')
        .addColumn('note', 'text')
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('claim_status_changes_submission').on('claim_status_changes').columns(['submission_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('claim_status_changes').execute();
    },
  };
}

/**
 * Cures of deficient claims (claim-cures.ts): what a claimant sent from the status page, linked to
 * the claim and to the deficient status change it answers, never touching the claim's answers; its
 * documents are objects of the document store, as a submission's are.
 */
function claimCures(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('claim_cures')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
        .addColumn('status_change_id', 'integer', (c) => c.notNull().references('claim_status_changes.id').onDelete('cascade'))
        .addColumn('signature_name', 'text')
        .addColumn('culture', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      // One cure per deficiency notice: a second submit of the same cure is refused by the database too.
      await db.schema.createIndex('claim_cures_status_change').on('claim_cures').column('status_change_id').unique().execute();
      await db.schema.createIndex('claim_cures_submission').on('claim_cures').column('submission_id').execute();
      await db.schema
        .createTable('claim_cure_documents')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('cure_id', 'integer', (c) => c.notNull().references('claim_cures.id').onDelete('cascade'))
        .addColumn('deficiency', 'text', (c) => c.notNull())
        .addColumn('document_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('store_key', 'text', (c) => c.notNull())
        .addColumn('unscanned', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('claim_cure_documents_cure').on('claim_cure_documents').column('cure_id').execute();
      await db.schema.createIndex('claim_cure_documents_store_key').on('claim_cure_documents').column('store_key').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('claim_cure_documents').execute();
      await db.schema.dropTable('claim_cures').execute();
    },
  };
}

/**
 * A receipt is queued with the data it is made from and rendered by the sender just before it is
 * sent, not in the submit's request: `render_data` holds that data until then (emptied with the
 * rest of the message's content after the retention period).
 */
/** A cure's answers to a page of the claim asked again (JSON: the page's models), kept beside the claim's own. */
const claimCureAnswers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('claim_cures').addColumn('answers', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('claim_cures').dropColumn('answers').execute();
  },
};

const outboxRenderData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').addColumn('render_data', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').dropColumn('render_data').execute();
  },
};

/**
 * The record a claimant is typing on the page saved last, not saved yet (a list of form models as
 * JSON text; null: none), so that a reload or a resume opens its form again as it was typed.
 */
const draftOpenRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('drafts').addColumn('open_records', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('drafts').dropColumn('open_records').execute();
  },
};

/**
 * A claim's values are written on every submit (a dozen rows) and read only by their kind and
 * digest, in the order of their time and claim (the screening's count and first reference codes,
 * the clusters), or by their time (the retention's purge). The primary key (kind, digest,
 * submission) served no read, only uniqueness, which the index of the reads gives as well (a
 * claim's values share its time): the key is now (kind, digest, created_at, submission_id) and that
 * index is gone. On SQLite the table is stored in its key's order (WITHOUT ROWID), so a row is
 * written into two trees (the table and the time index) rather than four.
 */
function signalValuesKeyedByRead(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      if (pg) {
        await sql`alter table signal_values drop constraint signal_values_pk`.execute(db);
        await sql`alter table signal_values add constraint signal_values_pk primary key (kind, digest, created_at, submission_id)`.execute(db);
        await sql`drop index signal_values_kind_digest_created_submission`.execute(db);
        return;
      }
      await sql`create table signal_values_keyed (kind text not null, digest text not null, created_at bigint not null, submission_id integer not null references submissions (id) on delete cascade, primary key (kind, digest, created_at, submission_id)) without rowid`.execute(db);
      await sql`insert into signal_values_keyed (kind, digest, created_at, submission_id) select kind, digest, created_at, submission_id from signal_values`.execute(db);
      await sql`drop table signal_values`.execute(db);
      await sql`alter table signal_values_keyed rename to signal_values`.execute(db);
      await sql`create index signal_values_created_at on signal_values (created_at)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (pg) {
        await sql`create index signal_values_kind_digest_created_submission on signal_values (kind, digest, created_at, submission_id)`.execute(db);
        await sql`alter table signal_values drop constraint signal_values_pk`.execute(db);
        await sql`alter table signal_values add constraint signal_values_pk primary key (kind, digest, submission_id)`.execute(db);
        return;
      }
      await sql`create table signal_values_rowid (kind text not null, digest text not null, submission_id integer not null references submissions (id) on delete cascade, created_at bigint not null, constraint signal_values_pk primary key (kind, digest, submission_id))`.execute(db);
      await sql`insert into signal_values_rowid (kind, digest, submission_id, created_at) select kind, digest, submission_id, created_at from signal_values`.execute(db);
      await sql`drop table signal_values`.execute(db);
      await sql`alter table signal_values_rowid rename to signal_values`.execute(db);
      await sql`create index signal_values_kind_digest_created_submission on signal_values (kind, digest, created_at, submission_id)`.execute(db);
      await sql`create index signal_values_created_at on signal_values (created_at)`.execute(db);
    },
  };
}

/**
 * A cure in progress (cures-in-progress.ts): what the claimant of a deficient claim has given of its
 * cure so far (the answers to the pages asked again, the name typed to sign, and the documents
 * uploaded, objects of the document store), one per claim, for the deficient change it answers;
 * deleted when the cure is sent and purged after the end of the cure-by day (`expires_at`).
 */
function curesInProgress(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cures_in_progress')
        .addColumn('submission_id', 'integer', (c) => c.primaryKey().references('submissions.id').onDelete('cascade'))
        .addColumn('status_change_id', 'integer', (c) => c.notNull().references('claim_status_changes.id').onDelete('cascade'))
        .addColumn('answers', 'text')
        .addColumn('signature_name', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('cures_in_progress_expires_at').on('cures_in_progress').column('expires_at').execute();
      await db.schema
        .createTable('cure_in_progress_documents')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('submission_id', 'integer', (c) => c.notNull().references('cures_in_progress.submission_id').onDelete('cascade'))
        .addColumn('deficiency', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('store_key', 'text', (c) => c.notNull())
        .addColumn('unscanned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One document per missing kind: a new upload for the kind replaces the one it had.
      await db.schema.createIndex('cure_in_progress_documents_kind').on('cure_in_progress_documents').columns(['submission_id', 'deficiency']).unique().execute();
      await db.schema.createIndex('cure_in_progress_documents_store_key').on('cure_in_progress_documents').column('store_key').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cure_in_progress_documents').execute();
      await db.schema.dropTable('cures_in_progress').execute();
    },
  };
}

/**
 * A cure's documents given on a page asked again (the records of a page with files): each keeps the
 * client id of the page's record it is the file of (`client_id`; '' for a document of a missing
 * kind). A cure in progress keeps one document per missing kind, and one per record of a page.
 */
const curePageDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('cure_in_progress_documents').addColumn('client_id', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('claim_cure_documents').addColumn('client_id', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.dropIndex('cure_in_progress_documents_kind').execute();
    await db.schema.createIndex('cure_in_progress_documents_kind').on('cure_in_progress_documents').columns(['submission_id', 'deficiency', 'client_id']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('cure_in_progress_documents_kind').execute();
    // A page's records' documents have no place in the earlier shape (one per kind).
    await sql`DELETE FROM cure_in_progress_documents WHERE client_id <> ''`.execute(db);
    await db.schema.createIndex('cure_in_progress_documents_kind').on('cure_in_progress_documents').columns(['submission_id', 'deficiency']).unique().execute();
    await db.schema.alterTable('cure_in_progress_documents').dropColumn('client_id').execute();
    await db.schema.alterTable('claim_cure_documents').dropColumn('client_id').execute();
  },
};

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial(dialect),
        '0002_class_list_version': classListVersion,
        '0003_one_time_token_used_by': oneTimeTokenUsedBy,
        '0004_duplicate_policy': duplicatePolicy,
        '0005_claim_signals': claimSignals,
        '0006_drafts': drafts,
        '0007_outbox': outbox(dialect),
        '0008_draft_documents': draftDocuments(dialect),
        '0009_resume_codes': resumeCodes,
        '0011_declared_sign_in': declaredSignIn,
        '0013_hot_path_indexes': hotPathIndexes,
        '0014_outbox_purge': outboxPurge,
        '0015_outbox_unpurged': outboxUnpurged,
        '0016_documents_unscanned': documentsUnscanned,
        '0017_document_store': documentStore(dialect),
        '0018_claim_status_changes': claimStatusChanges(dialect),
        '0019_claim_cures': claimCures(dialect),
        '0020_outbox_render_data': outboxRenderData,
        '0021_signal_values_keyed_by_read': signalValuesKeyedByRead(dialect),
        '0022_claim_cure_answers': claimCureAnswers,
        '0023_draft_open_records': draftOpenRecords,
        '0024_cures_in_progress': curesInProgress(dialect),
        '0025_cure_page_documents': curePageDocuments,
      };
    },
  };
}
