/**
 * openDatabase: SQLite (default, a file in the data folder) or PostgreSQL (`postgres://…`),
 * durable commits, migrations applied, and every driver error that means "busy, full or
 * unreachable" turned into DatabaseUnavailableError at the driver, so no caller can miss one.
 *
 * SQLite keeps its automatic WAL checkpoints (inside the commit that crosses 1000 pages): measured
 * against a checkpointing thread, they cost a few ms per checkpoint and keep the WAL at ~4 MB,
 * while the thread's PASSIVE checkpoints never caught up with a steady stream of commits, so the
 * WAL never restarted and grew to hundreds of MB, slowing every read (bench/findings.md).
 * close() runs a TRUNCATE checkpoint. Commits are synchronous=FULL.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
  type CompiledQuery,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type SqliteDatabase,
  type TableMetadata,
} from 'kysely';
import { messageOf } from '../../runtime/core/guards.js';
import { DatabaseUnavailableError, translateDatabaseError } from './errors.js';
import { migrationProvider } from './migrations.js';
import { keepStatements, PREPARED, type KeptStatementRunner } from './prepared.js';
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

type StatementListener = (sql: string) => void;

class TranslatingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly onStatement?: StatementListener,
  ) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.onStatement?.(query.sql);
    return translated(() => this.inner.executeQuery<R>(query));
  }
  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.onStatement?.(query.sql);
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
  constructor(
    private readonly inner: Driver,
    private readonly onStatement?: StatementListener,
  ) {}
  init() {
    return translated(() => this.inner.init());
  }
  async acquireConnection() {
    return new TranslatingConnection(await translated(() => this.inner.acquireConnection()), this.onStatement);
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    this.onStatement?.('begin');
    return translated(() => this.inner.beginTransaction(unwrap(c), s));
  }
  commitTransaction(c: DatabaseConnection) {
    this.onStatement?.('commit');
    return translated(() => this.inner.commitTransaction(unwrap(c)));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    this.onStatement?.('rollback');
    try {
      await this.inner.rollbackTransaction(unwrap(c));
    } catch (error) {
      // SQLite rolls back by itself on SQLITE_FULL and some I/O errors; the original error, not
      // this one, is what the caller must see.
      if (/no transaction is active/i.test(messageOf(error))) return;
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

function translatingDialect(inner: Dialect, onStatement?: StatementListener, kept?: KeptStatementRunner): Dialect {
  return {
    createAdapter: () => {
      const adapter = inner.createAdapter();
      if (kept) keepStatements(adapter, kept);
      return adapter;
    },
    createDriver: () => new TranslatingDriver(inner.createDriver(), onStatement),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

/** WAL file size kept after a checkpoint resets it (journal_size_limit). */
const WAL_SIZE_LIMIT = 16 * 1024 * 1024;

function openSqlite(dataDir: string, busyTimeoutMs: number, onStatement?: StatementListener): { dialect: Dialect; sqlite: BetterSqlite3.Database; kept: KeptStatementRunner } {
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
    throw new DatabaseUnavailableError(`Cannot open the SQLite database ${file}: ${messageOf(error)}`, { cause: error });
  }
  const database = withStatementCache(sqlite);
  /** A statement on the kept prepared statements, as Kysely's SQLite connection runs it (prepared.ts `keptStatementsOf`). */
  const kept: KeptStatementRunner = (text, parameters) => {
    onStatement?.(text);
    try {
      const statement = database.prepare(text);
      if (statement.reader) return statement.all(parameters);
      statement.run(parameters);
      return [];
    } catch (error) {
      throw translateDatabaseError(error);
    }
  };
  return { dialect: new SqliteDialect({ database }), sqlite, kept };
}

/** Prepared statements kept per SQL text (up to this many; the oldest goes first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with its statements kept: Kysely prepares
 * every query anew, a parse and plan per statement. A statement still iterating a stream is not
 * handed out twice.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = cache.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
      if (!kept) {
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Prepared statements per connection at most: more marked texts than this run unnamed (a mark on a text that varies must not fill the server's memory). */
const MAX_PREPARED = 64;

const COMMANDS = new Set<string>(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE', 'COMMIT', 'ROLLBACK'] satisfies Array<PostgresQueryResult<unknown>['command']>);
const isCommand = (command: string): command is PostgresQueryResult<unknown>['command'] => COMMANDS.has(command);

/** A pool client that runs the statements marked PREPARED as named statements (prepared once per connection). */
class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: Map<string, string>,
  ) {}
  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(statement: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor: streamQuery refuses before it reaches the client.
    if (typeof statement !== 'string') throw new Error('Streaming queries are not configured on PostgreSQL.');
    return this.run<R>(statement, [...parameters]);
  }
  private async run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = text.startsWith(PREPARED) ? this.nameOf(text) : undefined;
    const result = await this.client.query<R & pg.QueryResultRow>(name === undefined ? { text, values } : { name, text, values });
    // Kysely reads the command only to tell the rows a write affected: any other (BEGIN…) is told as a SELECT.
    return { command: isCommand(result.command) ? result.command : 'SELECT', rowCount: result.rowCount ?? 0, rows: result.rows };
  }
  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_PREPARED) return known;
    const name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }
  release(destroy?: boolean) {
    this.client.release(destroy);
  }
}

/** The pool as Kysely's dialect takes it, its clients running the marked statements prepared. */
function preparingPool(pool: pg.Pool): PostgresPool {
  // The names are the same on every connection (a digest of the text); each connection prepares a statement the first time it runs it.
  const names = new Map<string, string>();
  return {
    connect: async () => new PreparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}

/** A column of a table of our schema, as the catalog holds it. */
interface CatalogColumn {
  table: string;
  kind: string;
  column: string | null;
  type: string | null;
  type_schema: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  auto_incrementing: boolean | null;
}

/**
 * The tables of our schema only. Kysely's PostgreSQL introspector lists the columns of every schema
 * on the server and resolves each table by its name (pg_get_serial_sequence): a schema another
 * client drops meanwhile (instances and test runs share one server) fails that listing, and the
 * Migrator asks it whether its own tables exist. This one reads the catalog rows of our schema's
 * tables, by their ids: no other schema is read and no name is resolved.
 */
function schemaIntrospector(inner: DatabaseIntrospector, db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  const getTables = async (options?: DatabaseMetadataOptions): Promise<TableMetadata[]> => {
    const internal = options?.withInternalKyselyTables === true;
    const { rows } = await sql<CatalogColumn>`
      select c.relname as "table", c.relkind as kind, a.attname as "column", t.typname as type, tns.nspname as type_schema,
             a.attnotnull as not_null, a.atthasdef as has_default,
             (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(db);
    const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: TableMetadata['columns'] }>();
    for (const row of rows) {
      if (!internal && (row.table === DEFAULT_MIGRATION_TABLE || row.table === DEFAULT_MIGRATION_LOCK_TABLE)) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, isView: row.kind === 'v', schema, columns: [] }));
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        ...(row.type_schema !== null ? { dataTypeSchema: row.type_schema } : {}),
        isAutoIncrementing: row.auto_incrementing === true,
        isNullable: row.not_null !== true,
        hasDefaultValue: row.has_default === true,
      });
    }
    return [...tables.values()];
  };
  return {
    getSchemas: () => inner.getSchemas(),
    getTables,
    getMetadata: async (options) => ({ tables: await getTables(options) }),
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
  const dialect = new PostgresDialect({ pool: preparingPool(pool) });
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => schemaIntrospector(dialect.createIntrospector(db), db, schema),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** Opens (creating if needed) the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const postgresUrl = isPostgresUrl(options.databaseUrl) ? options.databaseUrl : undefined;
  const dialectName: DialectName = postgresUrl === undefined ? 'sqlite' : 'postgres';
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);

  const { dialect: inner, sqlite, kept } = postgresUrl === undefined ? openSqlite(options.dataDir, busyTimeoutMs, options.onStatement) : { dialect: openPostgres(postgresUrl, schema, busyTimeoutMs), sqlite: null, kept: undefined };
  const db = new Kysely<Tables>({ dialect: translatingDialect(inner, options.onStatement, kept) });

  try {
    if (dialectName === 'postgres') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const migrator = new Migrator({
      db,
      provider: migrationProvider(dialectName),
      ...(dialectName === 'postgres' ? { migrationTableSchema: schema } : {}),
    });
    // On PostgreSQL the Migrator looks for its tables in our schema alone (schemaIntrospector).
    const { error } = await migrator.migrateToLatest().catch((thrown: unknown) => ({ error: thrown }));
    if (error) throw translateDatabaseError(error);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }

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
        // Fold the WAL into the database file, after every query already queued.
        if (sqlite) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db).catch(() => {});
        await db.destroy();
      })();
      return closed;
    },
  };
}
