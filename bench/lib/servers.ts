/**
 * Starting the processes under test: the captcha emulator, the real server (buildApp) and the
 * floor, each in its own child, on a temp data folder or a PostgreSQL schema of its own that is
 * dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH } from './paths.js';
import { startChild, type Child } from './procs.js';

export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Storage {
  dialect: Dialect;
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** Whether PostgreSQL answers at PG_URL. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** A fresh data folder (SQLite) or a fresh schema (PostgreSQL). */
export function storage(dialect: Dialect, label: string): Storage {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${label}-`));
  const schema = `bench_${label.replace(/[^a-z0-9]/g, '_')}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const base = { dialect, dataDir };
  if (dialect === 'sqlite') {
    return { ...base, env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  return {
    ...base,
    databaseUrl: PG_URL,
    schema,
    env: { DATA_DIR: dataDir, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
    async cleanup() {
      await dropSchema(schema).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startEmulator(port = 0): Promise<Child> {
  return startChild(path.join(BENCH, 'servers', 'emulator.ts'), { env: { BENCH_EMULATOR_PORT: String(port) } });
}

export interface ServerUnderTest {
  child: Child;
  url: string;
}

export async function startAppServer(
  store: Storage,
  emulatorOrigin: string,
  options: { logger?: 'production' | 'off'; nodeArgs?: string[]; appDistDir?: string; smtpUrl?: string; documentStoreUrl?: string; env?: Record<string, string> } = {},
): Promise<ServerUnderTest> {
  const child = await startChild(path.join(BENCH, 'servers', 'app.ts'), {
    nodeArgs: options.nodeArgs ?? [],
    env: {
      ...options.env,
      BENCH_CONFIG: JSON.stringify({
        dataDir: store.dataDir,
        ...(store.databaseUrl ? { databaseUrl: store.databaseUrl, schema: store.schema } : {}),
        emulatorOrigin,
        logger: options.logger ?? 'production',
        ...(options.appDistDir ? { appDistDir: options.appDistDir } : {}),
        ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
        ...(options.documentStoreUrl ? { documentStoreUrl: options.documentStoreUrl } : {}),
      }),
    },
  });
  return { child, url: String(child.ready.url) };
}

export async function startFloorServer(store: Storage, emulatorOrigin: string): Promise<ServerUnderTest> {
  const child = await startChild(path.join(BENCH, 'servers', 'floor.ts'), {
    env: {
      BENCH_CONFIG: JSON.stringify({
        dataDir: store.dataDir,
        ...(store.databaseUrl ? { databaseUrl: store.databaseUrl, schema: store.schema } : {}),
        emulatorOrigin,
      }),
    },
  });
  return { child, url: String(child.ready.url) };
}
