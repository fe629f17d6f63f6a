/**
 * Where one-off stalls of a SQLite-backed server come from: better-sqlite3 runs every statement on
 * the event loop, so any slow commit stalls every request in flight. This script times, without
 * HTTP, commits of one submission row + one 100 KiB BLOB (WAL, synchronous=FULL):
 *
 *   A. SQLite's default automatic checkpoint (every 1000 WAL pages, in the committing call);
 *   B. no automatic checkpoint (wal_autocheckpoint=0): commits only append to the WAL and fsync it;
 *   C. B plus a PASSIVE checkpoint run between commits, timed on its own;
 *   D. the disk itself: 4 KiB write + fdatasync, the floor of any durable commit.
 *
 * If the slowest commits of A coincide with checkpoints (and B has none of them), the stalls are the
 * checkpoints (copying WAL pages into the database file and fsyncing it), not GC or the network.
 *
 *   tsx bench/sqlite-stalls.ts [--smoke]
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { summarize, type Summary } from './lib/stats.js';

const BLOB = Buffer.alloc(100 * 1024, 0x41);

interface Series {
  commits: Summary;
  /** Commits during which the WAL was reset (a checkpoint completed and the writer restarted it). */
  checkpointCommits: Summary | null;
  otherCommits: Summary | null;
  checkpoints: Summary | null;
}

function series(dir: string, name: string, n: number, mode: 'auto' | 'off' | 'manual'): Series {
  const file = path.join(dir, `${name}.sqlite`);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  if (mode !== 'auto') db.pragma('wal_autocheckpoint = 0');
  db.exec('create table submissions (id integer primary key, payload text not null)');
  db.exec('create table documents (id integer primary key, submission_id integer not null, bytes blob not null)');
  const s = db.prepare('insert into submissions (payload) values (?)');
  const d = db.prepare('insert into documents (submission_id, bytes) values (?, ?)');
  const store = db.transaction((payload: string) => {
    const id = s.run(payload).lastInsertRowid;
    d.run(id, BLOB);
  });
  const payload = JSON.stringify({ answers: 'x'.repeat(3000) });
  const all: number[] = [];
  const ckptCommits: number[] = [];
  const other: number[] = [];
  const checkpoints: number[] = [];
  // The WAL header's checkpoint sequence number (bytes 12-15) changes each time the WAL restarts,
  // which a writer does only after a checkpoint copied all of it back: a commit that sees it change
  // ran (or completed) a checkpoint.
  const walFile = `${file}-wal`;
  const header = Buffer.alloc(16);
  const sequence = () => {
    try {
      const fd = openSync(walFile, 'r');
      readSync(fd, header, 0, 16, 0);
      closeSync(fd);
      return header.readUInt32BE(12);
    } catch {
      return -1;
    }
  };
  let lastSeq = sequence();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    store(payload);
    const ms = performance.now() - t0;
    all.push(ms);
    const seq = sequence();
    (mode === 'auto' && seq !== lastSeq ? ckptCommits : other).push(ms);
    lastSeq = seq;
    if (mode === 'manual' && i % 40 === 39) {
      const c0 = performance.now();
      db.pragma('wal_checkpoint(PASSIVE)');
      checkpoints.push(performance.now() - c0);
    }
  }
  db.close();
  return {
    commits: summarize(all),
    checkpointCommits: ckptCommits.length ? summarize(ckptCommits) : null,
    otherCommits: other.length ? summarize(other) : null,
    checkpoints: checkpoints.length ? summarize(checkpoints) : null,
  };
}

function fsyncSeries(dir: string, n: number): Summary {
  const fd = openSync(path.join(dir, 'fsync.bin'), 'w');
  const block = Buffer.alloc(4096, 1);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    writeSync(fd, block, 0, block.length, (i % 256) * 4096);
    fdatasyncSync(fd);
    times.push(performance.now() - t0);
  }
  closeSync(fd);
  return summarize(times);
}

const fmt = (s: Summary | null) => (s ? `n ${s.n}, p50 ${round(s.p50, 2)}, p99 ${round(s.p99, 1)}, max ${round(s.max, 1)} ms` : '—');

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const n = ctx.smoke ? 200 : 3000;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sqlite-stalls-'));
  try {
    ctx.log(`sqlite-stalls: ${n} commits per series …`);
    const auto = series(dir, 'auto', n, 'auto');
    const off = series(dir, 'off', n, 'off');
    const manual = series(dir, 'manual', n, 'manual');
    const disk = fsyncSeries(dir, ctx.smoke ? 100 : 1000);
    const markdown = [
      '#### SQLite commit times (one row + one 100 KiB BLOB, WAL, synchronous=FULL, no HTTP)',
      '',
      '| series | all commits | commits during which a checkpoint ran | other commits | separate checkpoints |',
      '|---|---|---|---|---|',
      `| A. automatic checkpoint (default, every 1000 pages) | ${fmt(auto.commits)} | ${fmt(auto.checkpointCommits)} | ${fmt(auto.otherCommits)} | — |`,
      `| B. wal_autocheckpoint=0 | ${fmt(off.commits)} | — | — | — |`,
      `| C. B + PASSIVE checkpoint every 40 commits | ${fmt(manual.commits)} | — | — | ${fmt(manual.checkpoints)} |`,
      `| D. disk: 4 KiB write + fdatasync | ${fmt(disk)} | | | |`,
    ].join('\n');
    return [
      {
        name: 'sqlite.commit-max.autocheckpoint',
        value: round(auto.commits.max, 1),
        unit: 'ms',
        budget: null,
        holds: null,
        notes: `default automatic checkpoint: ${fmt(auto.commits)}; the commits that ran a checkpoint: ${fmt(auto.checkpointCommits)}`,
        detail: { auto, off, manual, disk },
        markdown,
      },
      { name: 'sqlite.commit-max.no-autocheckpoint', value: round(off.commits.max, 1), unit: 'ms', budget: null, holds: null, notes: `wal_autocheckpoint=0: ${fmt(off.commits)}` },
      { name: 'sqlite.checkpoint-max', value: manual.checkpoints ? round(manual.checkpoints.max, 1) : null, unit: 'ms', budget: null, holds: null, notes: `a PASSIVE checkpoint of ~40 commits, timed alone: ${fmt(manual.checkpoints)}` },
      { name: 'disk.fdatasync-max', value: round(disk.max, 1), unit: 'ms', budget: null, holds: null, notes: `4 KiB write + fdatasync: ${fmt(disk)}` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) await standalone(run);
