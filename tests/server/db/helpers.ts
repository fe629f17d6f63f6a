/**
 * Test databases: a fresh SQLite file in a temp folder, or a fresh PostgreSQL schema `t_<random>`
 * on the local server (dropped afterwards), so parallel test files never see each other's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../server/db/open.js';
import type { Database, DialectName, OpenDatabaseOptions } from '../../../server/db/types.js';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  database: Database;
  dialect: DialectName;
  dataDir: string;
  /** PostgreSQL schema (undefined for SQLite). */
  schema: string | undefined;
  /** Environment for a CLI or server process pointed at the same database. */
  env: Record<string, string>;
  /** Opens a second handle on the same database (another "instance"). */
  reopen(extra?: Partial<OpenDatabaseOptions>): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function openTestDatabase(dialect: DialectName, extra: Partial<OpenDatabaseOptions> = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-db-'));
  const schema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const options: OpenDatabaseOptions = dialect === 'postgres' ? { databaseUrl: POSTGRES_URL, dataDir, schema: schema as string } : { dataDir };
  const database = await openDatabase({ ...options, ...extra });
  const handles: Database[] = [database];
  return {
    database,
    dialect,
    dataDir,
    schema,
    env: dialect === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema as string, DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: '' },
    async reopen(more = {}) {
      const handle = await openDatabase({ ...options, ...more });
      handles.push(handle);
      return handle;
    },
    async cleanup() {
      await Promise.all(handles.map((h) => h.close()));
      if (schema) {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A controllable clock for stores that take one. */
export function manualClock(start = Date.UTC(2027, 0, 15, 12)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
