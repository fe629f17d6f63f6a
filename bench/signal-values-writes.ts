/**
 * The fraud screening's writes alone: a submit's dozen values (`signal_values`) inserted into
 * SQLite in a transaction of their own, 20,000 claims, with the table and indexes before migration
 * 0021 (a rowid table, its (kind, digest, submission_id) key, the reads' index and the time index)
 * and after it (WITHOUT ROWID, keyed in the reads' order, and the time index). CPU per claim's
 * values and the database's pages after them:
 *
 *   npx tsx bench/signal-values-writes.ts
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
const schemas = {
  before: [`create table signal_values (kind text not null, digest text not null, submission_id integer not null, created_at bigint not null, constraint signal_values_pk primary key (kind, digest, submission_id))`, `create index a on signal_values (kind, digest, created_at, submission_id)`, `create index b on signal_values (created_at)`],
  after: [`create table signal_values (kind text not null, digest text not null, created_at bigint not null, submission_id integer not null, primary key (kind, digest, created_at, submission_id)) without rowid`, `create index b on signal_values (created_at)`],
};
const kinds = ['address', 'network', 'session', 'noticeId', 'vin', 'email', 'phone', 'mailingAddress', 'paymentAccount', 'answers', 'document', 'document'];
const digest = (s: string) => createHash('sha256').update(s).digest('hex');
const SUBMITS = Number(process.env.SUBMITS ?? 20000);
for (let round = 0; round < 3; round++) for (const [name, ddl] of Object.entries(schemas)) {
  const db = new Database(path.join(mkdtempSync(path.join(tmpdir(), 'sv-')), 'db.sqlite'));
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
  for (const s of ddl) db.exec(s);
  const insert = db.prepare(`insert into signal_values (kind, digest, submission_id, created_at) values ${kinds.map(() => '(?, ?, ?, ?)').join(', ')}`);
  const rows = Array.from({ length: SUBMITS }, (_, i) => kinds.flatMap((k, j) => [k, digest(`${k}${j}${i % (j < 3 ? 50 : 100000)}`), i + 1, 1_700_000_000_000 + i * 1000]));
  const tx = db.transaction((params: unknown[]) => insert.run(...params));
  const c0 = process.cpuUsage();
  for (const p of rows) tx(p);
  const c = process.cpuUsage(c0);
  const pages = Number(db.pragma('page_count', { simple: true }));
  console.log(`round ${round} ${name.padEnd(6)} ${((c.user + c.system) / SUBMITS).toFixed(1)} µs CPU per submit's 12 values (each in its own transaction), ${pages} pages`);
  db.close();
}
