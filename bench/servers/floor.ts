/**
 * Child: the floor — what any server must do for the same requests, and nothing more.
 *
 *   POST /submit     bare Fastify 5 + @fastify/multipart: every part read (files to a Buffer),
 *                    then one transaction inserting the JSON text and each file as a BLOB/bytea.
 *   POST /authorize  JSON body, one siteverify call to the captcha emulator over HTTP, one indexed
 *                    SELECT of the VIN, one session row written.
 *   PUT /draft       JSON body (a page's answers), the session row read by its id (x-session
 *                    header), one transaction upserting the draft row and moving the session's expiry.
 *
 * SQLite: better-sqlite3, WAL, synchronous=FULL (as server/db/open.ts). PostgreSQL: pg Pool of 10,
 * synchronous_commit=on, its own schema.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { recordStall, startMonitor } from '../lib/monitor.js';
import { ROOT } from '../lib/paths.js';

interface FloorConfig {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  emulatorOrigin: string;
}

interface Store {
  storeSubmission(text: Record<string, string>, files: Array<{ name: string; field: string; bytes: Buffer }>): Promise<number>;
  isClassVehicle(vin: string): Promise<boolean>;
  createSession(idHash: string, data: string): Promise<void>;
  saveDraft(sessionHash: string, pageId: string, answers: string): Promise<void>;
}

const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as FloorConfig;
const vins = readFileSync(path.join(ROOT, 'server-fixtures', 'class-vehicles.csv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((l) => l.trim())
  .filter(Boolean);

const DDL = (blob: string, serial: string) => [
  `create table if not exists submissions (id ${serial} primary key, payload text not null, created_at text not null)`,
  `create table if not exists documents (id ${serial} primary key, submission_id integer not null references submissions(id), name text not null, field text not null, size integer not null, bytes ${blob} not null)`,
  'create table if not exists class_vehicles (vin text primary key)',
  'create table if not exists sessions (id_hash text primary key, data text not null, expires_at bigint not null)',
  'create table if not exists drafts (claimant_key text primary key, page_id text not null, answers text not null, saved_at text not null)',
];

function sqliteStore(): Store {
  mkdirSync(config.dataDir, { recursive: true });
  const db = new BetterSqlite3(path.join(config.dataDir, 'floor.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  for (const ddl of DDL('blob', 'integer')) db.exec(ddl);
  const insertVin = db.prepare('insert or ignore into class_vehicles (vin) values (?)');
  db.transaction(() => vins.forEach((v) => insertVin.run(v)))();
  const insertSubmission = db.prepare('insert into submissions (payload, created_at) values (?, ?)');
  const insertDocument = db.prepare('insert into documents (submission_id, name, field, size, bytes) values (?, ?, ?, ?, ?)');
  const store = db.transaction((payload: string, files: Array<{ name: string; field: string; bytes: Buffer }>) => {
    const id = Number(insertSubmission.run(payload, new Date().toISOString()).lastInsertRowid);
    for (const f of files) insertDocument.run(id, f.name, f.field, f.bytes.length, f.bytes);
    return id;
  });
  const selectVin = db.prepare('select 1 from class_vehicles where vin = ?');
  const insertSession = db.prepare('insert into sessions (id_hash, data, expires_at) values (?, ?, ?)');
  const selectSession = db.prepare('select data from sessions where id_hash = ?');
  const upsertDraft = db.prepare(
    'insert into drafts (claimant_key, page_id, answers, saved_at) values (?, ?, ?, ?) on conflict (claimant_key) do update set page_id = excluded.page_id, answers = excluded.answers, saved_at = excluded.saved_at',
  );
  const extendSession = db.prepare('update sessions set expires_at = ? where id_hash = ?');
  const saveDraft = db.transaction((sessionHash: string, pageId: string, answers: string) => {
    selectSession.get(sessionHash);
    upsertDraft.run(sessionHash, pageId, answers, new Date().toISOString());
    extendSession.run(Date.now() + 1_800_000, sessionHash);
  });
  return {
    storeSubmission: async (text, files) => {
      const t0 = performance.now();
      const id = store(JSON.stringify(text), files);
      const ms = performance.now() - t0;
      if (ms >= 50) recordStall('sqlite', ms, 'submission transaction');
      return id;
    },
    isClassVehicle: async (vin) => selectVin.get(vin) !== undefined,
    createSession: async (idHash, data) => void insertSession.run(idHash, data, Date.now() + 1_800_000),
    saveDraft: async (sessionHash, pageId, answers) => void saveDraft(sessionHash, pageId, answers),
  };
}

async function postgresStore(): Promise<Store> {
  const schema = config.schema ?? 'public';
  const admin = new pg.Client({ connectionString: config.databaseUrl });
  await admin.connect();
  await admin.query(`create schema if not exists "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: config.databaseUrl, options: `-c search_path=${schema} -c synchronous_commit=on`, max: 10 });
  pool.on('error', () => {});
  for (const ddl of DDL('bytea', 'serial')) await pool.query(ddl);
  for (let i = 0; i < vins.length; i += 500) {
    const chunk = vins.slice(i, i + 500);
    await pool.query(`insert into class_vehicles (vin) values ${chunk.map((_, j) => `($${j + 1})`).join(',')} on conflict do nothing`, chunk);
  }
  return {
    async storeSubmission(text, files) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ id: number }>('insert into submissions (payload, created_at) values ($1, $2) returning id', [JSON.stringify(text), new Date().toISOString()]);
        const id = rows[0]!.id;
        for (const f of files) await client.query('insert into documents (submission_id, name, field, size, bytes) values ($1, $2, $3, $4, $5)', [id, f.name, f.field, f.bytes.length, f.bytes]);
        await client.query('commit');
        return id;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    isClassVehicle: async (vin) => ((await pool.query('select 1 from class_vehicles where vin = $1', [vin])).rowCount ?? 0) > 0,
    createSession: async (idHash, data) => void (await pool.query('insert into sessions (id_hash, data, expires_at) values ($1, $2, $3)', [idHash, data, Date.now() + 1_800_000])),
    async saveDraft(sessionHash, pageId, answers) {
      await pool.query('select data from sessions where id_hash = $1', [sessionHash]);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          'insert into drafts (claimant_key, page_id, answers, saved_at) values ($1, $2, $3, $4) on conflict (claimant_key) do update set page_id = excluded.page_id, answers = excluded.answers, saved_at = excluded.saved_at',
          [sessionHash, pageId, answers, new Date().toISOString()],
        );
        await client.query('update sessions set expires_at = $1 where id_hash = $2', [Date.now() + 1_800_000, sessionHash]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const store = config.databaseUrl ? await postgresStore() : sqliteStore();
const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20, fields: 20, fieldSize: 512 * 1024, parts: 40 } });

app.post('/submit', async (request) => {
  const text: Record<string, string> = {};
  const files: Array<{ name: string; field: string; bytes: Buffer }> = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') files.push({ name: part.filename, field: part.fieldname, bytes: await part.toBuffer() });
    else text[part.fieldname] = String(part.value);
  }
  const id = await store.storeSubmission(text, files);
  return { submitted: true, error: null, referenceCodeForm: `FLR-${id}` };
});

app.post<{ Body: { credentials?: { fields?: { vin?: string } }; reCaptchaResponse?: string } }>('/authorize', async (request, reply) => {
  const res = await fetch(`${config.emulatorOrigin}/siteverify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: 'emulator-secret', response: request.body.reCaptchaResponse ?? '', remoteip: request.ip }),
  });
  const verdict = (await res.json()) as { success?: boolean };
  if (verdict.success !== true) return reply.code(400).send({ authorized: false, error: 'captcha' });
  const authorized = await store.isClassVehicle(String(request.body.credentials?.fields?.vin ?? ''));
  await store.createSession(createHash('sha256').update(randomBytes(32)).digest('hex'), JSON.stringify({ authorized }));
  return { authorized, error: null, captcha: null, prepopulatedData: null };
});

app.put<{ Body: { pageId?: string; models?: unknown[] } }>('/draft', async (request, reply) => {
  const { pageId, models } = request.body;
  if (typeof pageId !== 'string' || !Array.isArray(models)) return reply.code(400).send({ error: 'pageId and models' });
  const sessionHash = createHash('sha256').update(String(request.headers['x-session'] ?? '')).digest('hex');
  await store.saveDraft(sessionHash, pageId, JSON.stringify(models));
  return { savedAt: new Date().toISOString() };
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
startMonitor(config.databaseUrl ? null : path.join(config.dataDir, 'floor.sqlite-wal'));
process.send?.({ url: url.replace('localhost', '127.0.0.1'), pid: process.pid });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
