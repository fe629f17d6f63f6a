import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { DatabaseUnavailableError, isUnavailable, translateDatabaseError } from '../../../server/db/errors.js';
import { createSubmissions } from '../../../server/db/submissions.js';
import { SQLITE_FILE_NAME } from '../../../server/db/open.js';
import { DIALECTS, POSTGRES_URL, openTestDatabase, type TestDatabase } from './helpers.js';

const TABLES = ['claim_cure_documents', 'claim_cures', 'claim_signals', 'claim_status_changes', 'class_list_version', 'class_members', 'class_vehicles', 'cure_in_progress_documents', 'cures_in_progress', 'document_objects', 'documents', 'draft_documents', 'drafts', 'filed_identifiers', 'one_time_tokens', 'outbox', 'rate_limits', 'resume_codes', 'sessions', 'signal_values', 'submissions'];

function submission(key: string, bytes = Buffer.from('x')) {
  return {
    formType: 'Automotive' as const,
    idempotencyKey: key,
    culture: 'en',
    payload: { a: 1 },
    documents: [{ contextClientId: 'doc0000001abcdefgh', name: 'a.bin', type: 'application/octet-stream', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes }],
  };
}

describe.each(DIALECTS)('openDatabase over %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  it('applies the migrations on first open and again is a no-op', async () => {
    t = await openTestDatabase(dialect);
    const tables = (await t.database.db.introspection.getTables()).filter((x) => !t.schema || x.schema === t.schema).map((x) => x.name);
    expect(tables.sort()).toEqual(TABLES);
    const second = await t.reopen();
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['0001_initial', '0002_class_list_version', '0003_one_time_token_used_by', '0004_duplicate_policy', '0005_claim_signals', '0006_drafts', '0007_outbox', '0008_draft_documents', '0009_resume_codes', '0011_declared_sign_in', '0013_hot_path_indexes', '0014_outbox_purge', '0015_outbox_unpurged', '0016_documents_unscanned', '0017_document_store', '0018_claim_status_changes', '0019_claim_cures', '0020_outbox_render_data', '0021_signal_values_keyed_by_read', '0022_claim_cure_answers', '0023_draft_open_records', '0024_cures_in_progress', '0025_cure_page_documents']);
  });

  it('answers the health check, and fails it with DatabaseUnavailableError once closed', async () => {
    t = await openTestDatabase(dialect);
    await expect(t.database.checkHealth()).resolves.toBeUndefined();
    await t.database.close();
    await expect(t.database.checkHealth()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await t.database.close(); // idempotent
  });

  it('a query after the database was closed (the server shutting down) is unavailable, not a fault: 503, never 500', async () => {
    t = await openTestDatabase(dialect);
    await t.database.close();
    const error = await sql`select 1 as ok`.execute(t.database.db).then(() => null, (e: unknown) => e);
    expect(isUnavailable(error)).toBe(true);
    expect(translateDatabaseError(error)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('turns a database busy with another writer into DatabaseUnavailableError and writes nothing', async () => {
    t = await openTestDatabase(dialect, { busyTimeoutMs: dialect === 'sqlite' ? 1 : 100 });
    const submissions = createSubmissions(t.database);
    if (dialect === 'sqlite') {
      const other = new BetterSqlite3(path.join(t.dataDir, SQLITE_FILE_NAME));
      other.prepare('begin immediate').run();
      await expect(submissions.storeSubmission(submission('busy'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
      other.prepare('rollback').run();
      other.close();
    } else {
      const other = new pg.Client({ connectionString: POSTGRES_URL });
      await other.connect();
      await other.query(`begin; lock table "${t.schema}".submissions in access exclusive mode`);
      await expect(submissions.storeSubmission(submission('busy'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await other.query('rollback');
      await other.end();
    }
    expect(await submissions.listSubmissions()).toEqual([]);
  });
});

describe('openDatabase over sqlite', () => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  it('runs in WAL mode with synchronous=FULL and foreign keys on', async () => {
    t = await openTestDatabase('sqlite');
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(t.database.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2); // FULL
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('turns a full database into DatabaseUnavailableError and writes nothing', async () => {
    t = await openTestDatabase('sqlite');
    const pages = Object.values((await sql.raw('pragma page_count').execute(t.database.db)).rows[0] as object)[0] as number;
    await sql.raw(`pragma max_page_count = ${pages + 2}`).execute(t.database.db);
    const submissions = createSubmissions(t.database);
    await expect(submissions.storeSubmission(submission('full', Buffer.alloc(256 * 1024, 7)))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await submissions.listSubmissions()).toEqual([]);
  });
});

describe('openDatabase over postgres', () => {
  let t: TestDatabase;
  afterEach(async () => t?.cleanup());

  it('commits synchronously', async () => {
    t = await openTestDatabase('postgres');
    const r = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(t.database.db);
    expect(r.rows[0]?.synchronous_commit).toBe('on');
  });

  it('opens while other clients create and drop schemas of their own (instances and test runs share one server)', async () => {
    const churn = new pg.Client({ connectionString: POSTGRES_URL });
    await churn.connect();
    let running = true;
    const dropping = (async () => {
      for (let i = 0; running && i < 400; i++) {
        const name = `churn_${process.pid}_${i}`;
        await churn.query(`create schema "${name}"; create table "${name}".t (x int)`);
        await churn.query(`drop schema "${name}" cascade`);
      }
    })();
    try {
      const opened: TestDatabase[] = [];
      for (let i = 0; i < 8; i++) opened.push(await openTestDatabase('postgres'));
      await Promise.all(opened.map((o) => o.cleanup()));
    } finally {
      running = false;
      await dropping;
      await churn.end();
    }
  });
});
