/**
 * Schema migrations, in code so that the server, the CLI and the tests apply the same ones with no
 * file lookup. Append new entries; never edit an applied one. Names sort in application order.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
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
    await (db as Kysely<{ class_list_version: { id: number; version: number } }>).insertInto('class_list_version').values({ id: 1, version: 1 }).execute();
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

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return { '0001_initial': initial(dialect), '0002_class_list_version': classListVersion, '0003_one_time_token_used_by': oneTimeTokenUsedBy };
    },
  };
}
