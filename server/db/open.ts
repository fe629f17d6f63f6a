/**
 * openDatabase: SQLite (default, a file in the data folder) or PostgreSQL (`postgres://…`),
 * durable commits, migrations applied, and every driver error that means "busy, full or
 * unreachable" turned into DatabaseUnavailableError at the driver, so no caller can miss one.
 *
 * SQLite checkpoints its WAL into the database file off the request path: automatic checkpoints
 * (which run inside whichever commit crosses 1000 pages, on the event loop) are off, and a worker
 * thread with its own connection runs a PASSIVE checkpoint every second (readers and writers go
 * on meanwhile); close() runs a TRUNCATE checkpoint. Should the worker fail, automatic
 * checkpoints come back on. Commits stay synchronous=FULL.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
  type CompiledQuery,
} from 'kysely';
import { DatabaseUnavailableError, translateDatabaseError } from './errors.js';
import { migrationProvider } from './migrations.js';
import type { Tables } from './schema.js';
import type { Database, DialectName, OpenDatabaseOptions } from './types.js';

export const SQLITE_FILE_NAME = 'claims.sqlite';

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translateDatabaseError(error);
  }
}

class TranslatingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return translated(() => this.inner.executeQuery<R>(query));
  }
  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw translateDatabaseError(error);
    }
  }
}

const unwrap = (c: DatabaseConnection) => (c instanceof TranslatingConnection ? c.inner : c);

/** Wraps a driver so that busy/full/unreachable errors surface as DatabaseUnavailableError. */
class TranslatingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return translated(() => this.inner.init());
  }
  async acquireConnection() {
    return new TranslatingConnection(await translated(() => this.inner.acquireConnection()));
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    return translated(() => this.inner.beginTransaction(unwrap(c), s));
  }
  commitTransaction(c: DatabaseConnection) {
    return translated(() => this.inner.commitTransaction(unwrap(c)));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(unwrap(c));
    } catch (error) {
      // SQLite rolls back by itself on SQLITE_FULL and some I/O errors; the original error, not
      // this one, is what the caller must see.
      if (/no transaction is active/i.test((error as Error).message ?? '')) return;
      throw translateDatabaseError(error);
    }
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(c));
  }
  destroy() {
    return this.inner.destroy();
  }
}

function translatingDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new TranslatingDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

/** WAL file size kept after a checkpoint resets it (journal_size_limit). */
const WAL_SIZE_LIMIT = 16 * 1024 * 1024;

function openSqlite(dataDir: string, busyTimeoutMs: number): { dialect: Dialect; sqlite: BetterSqlite3.Database; file: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file, { timeout: busyTimeoutMs });
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    sqlite.pragma('journal_mode = WAL');
    // better-sqlite3 leaves WAL at NORMAL, which can lose an acknowledged commit on power loss.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot open the SQLite database ${file}: ${(error as Error).message}`, { cause: error });
  }
  return { dialect: new SqliteDialect({ database: sqlite }), sqlite, file };
}

/** The checkpointing thread (CommonJS, evaluated): its own connection, a PASSIVE checkpoint per tick. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
db.pragma('synchronous = FULL');
db.pragma('journal_size_limit = ' + workerData.walSizeLimit);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Busy or locked: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/**
 * Starts the checkpointing thread with automatic checkpoints off; returns stop(). If the thread
 * cannot start or dies, automatic checkpoints are turned back on, so the WAL never grows unbounded.
 */
function startCheckpointer(sqlite: BetterSqlite3.Database, file: string, busyTimeoutMs: number, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  const restoreAutomatic = () => {
    try {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    } catch {
      /* closed meanwhile */
    }
  };
  let worker: Worker;
  try {
    worker = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, busyTimeoutMs, intervalMs, walSizeLimit: WAL_SIZE_LIMIT },
    });
  } catch {
    return async () => {};
  }
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  worker.on('error', restoreAutomatic);
  worker.on('exit', () => {
    if (!stopping) restoreAutomatic();
  });
  worker.unref();
  return async () => {
    if (stopping) return;
    stopping = true;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timeout);
  };
}

function openPostgres(url: string, schema: string, busyTimeoutMs: number): Dialect {
  const options = [`-c search_path=${schema}`, '-c synchronous_commit=on', `-c lock_timeout=${Math.floor(busyTimeoutMs)}`];
  const pool = new pg.Pool({
    connectionString: url,
    options: options.join(' '),
    max: 10,
    connectionTimeoutMillis: Math.max(1000, busyTimeoutMs),
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}

/** Opens (creating if needed) the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const dialectName: DialectName = isPostgresUrl(options.databaseUrl) ? 'postgres' : 'sqlite';
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);

  const sqlite = dialectName === 'sqlite' ? openSqlite(options.dataDir, busyTimeoutMs) : null;
  const inner = sqlite ? sqlite.dialect : openPostgres(options.databaseUrl as string, schema, busyTimeoutMs);
  const db = new Kysely<Tables>({ dialect: translatingDialect(inner) });

  try {
    if (dialectName === 'postgres') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const migrator = new Migrator({
      db,
      provider: migrationProvider(dialectName),
      ...(dialectName === 'postgres' ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw translateDatabaseError(error);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }

  const stopCheckpointer = sqlite ? startCheckpointer(sqlite.sqlite, sqlite.file, busyTimeoutMs, options.checkpointIntervalMs ?? 1000) : async () => {};
  let closed: Promise<void> | null = null;
  return {
    dialect: dialectName,
    db,
    async checkHealth() {
      try {
        await sql`select 1 as ok`.execute(db);
      } catch (error) {
        throw error instanceof DatabaseUnavailableError
          ? error
          : new DatabaseUnavailableError('The database did not answer the health check.', { cause: error });
      }
    },
    close() {
      closed ??= (async () => {
        await stopCheckpointer();
        // Fold the WAL into the database file, after every query already queued.
        if (sqlite) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db).catch(() => {});
        await db.destroy();
      })();
      return closed;
    },
  };
}
