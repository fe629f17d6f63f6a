import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../../server/admin/cli.js';
import { createSubmissions } from '../../../server/db/submissions.js';
import type { NewDocument, StoreResult } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function doc(name: string, bytes: Buffer, type = 'application/pdf'): NewDocument & { bytes: Buffer } {
  return { contextClientId: `doc${randomBytes(8).toString('hex')}`, name, type, size: bytes.length, sha256: sha256(bytes), bytes };
}

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${entry}/`) : [`${prefix}${entry}`];
  });
}

type ManifestRow = Record<'referenceCode' | 'name' | 'type' | 'size' | 'sha256' | 'path', string>;
const readManifest = (dir: string) => parse(readFileSync(path.join(dir, 'manifest.csv'), 'utf8'), { columns: true }) as ManifestRow[];

describe.each(DIALECTS)('export-documents --all over %s', (dialect) => {
  let t: TestDatabase;
  let stored: StoreResult[];
  /** The documents of each stored submission, in order. */
  let documents: Array<Array<NewDocument & { bytes: Buffer }>>;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    const clock = manualClock(Date.UTC(2027, 0, 1, 8));
    const submissions = createSubmissions(t.database, { clock: clock.now });
    documents = [
      [doc('receipt.pdf', randomBytes(90_000)), doc('Receipt.PDF', randomBytes(10)), doc('../../etc/passwd', Buffer.from('root:x:0:0\n')), doc('empty.pdf', Buffer.alloc(0))],
      [doc('receipt.pdf', randomBytes(5_000)), doc('=cmd|calc.jpg', randomBytes(300), 'image/jpeg')],
      [],
      [doc('exclusion letter.pdf', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n', 'latin1'))],
      [doc('photo.png', randomBytes(2_048), 'image/png')],
    ];
    stored = [];
    for (const [i, docs] of documents.entries()) {
      const formType = i === 3 ? 'Exclusion' : 'Automotive';
      stored.push(await submissions.storeSubmission({ formType, idempotencyKey: `key-${i}`, culture: 'en', payload: { userPreferredCulture: 'en' }, documents: docs }));
      clock.advance(86_400_000);
    }
  });
  afterEach(async () => t.cleanup());

  it('writes every document byte-identical under its reference code, with a manifest that reconciles with export-submissions', async () => {
    const dir = path.join(t.dataDir, 'all');
    const { out, io: cliIo } = io(t.env);
    expect(await runCli(['export-documents', '--all', '--out', dir], cliIo), out.stderr).toBe(0);

    const allDocs = documents.flat();
    const bytes = allDocs.reduce((n, d) => n + d.size, 0);
    expect(out.stdout.trim().split('\n')).toEqual([`Exported 5 submission(s), ${allDocs.length} document(s), ${bytes} byte(s) to ${dir}; manifest ${path.join(dir, 'manifest.csv')}.`]);

    const manifest = readManifest(dir);
    expect(manifest).toHaveLength(allDocs.length);
    // Every file on disk is in the manifest, and nothing else is there.
    expect(filesUnder(dir).sort()).toEqual(['manifest.csv', ...manifest.map((r) => r.path)].sort());
    for (const row of manifest) {
      const file = readFileSync(path.join(dir, ...row.path.split('/')));
      expect(sha256(file), row.path).toBe(row.sha256);
      expect(String(file.length)).toBe(row.size);
      expect(row.path.startsWith(`${row.referenceCode}/`)).toBe(true);
    }
    // Each stored document is there, byte-identical, in its own submission's folder.
    stored.forEach((s, i) => {
      const rows = manifest.filter((r) => r.referenceCode === s.referenceCode);
      expect(rows.map((r) => r.name)).toEqual(documents[i]!.map((d) => d.name.replace(/^=/, "'=")));
      rows.forEach((row, j) => {
        const d = documents[i]![j]!;
        expect(row).toMatchObject({ type: d.type, size: String(d.size), sha256: d.sha256 });
        expect(Buffer.compare(readFileSync(path.join(dir, ...row.path.split('/'))), d.bytes)).toBe(0);
      });
    });
    expect(manifest.filter((r) => r.referenceCode === stored[0]!.referenceCode).map((r) => r.path)).toEqual([
      `${stored[0]!.referenceCode}/receipt.pdf`,
      `${stored[0]!.referenceCode}/Receipt (2).PDF`,
      `${stored[0]!.referenceCode}/passwd`,
      `${stored[0]!.referenceCode}/empty.pdf`,
    ]);
    // A submission without documents still gets its (empty) folder.
    expect(readdirSync(path.join(dir, stored[2]!.referenceCode))).toEqual([]);

    // Reconcile with export-submissions: the same submissions and documents, in the same order.
    const listed = io(t.env);
    expect(await runCli(['export-submissions', '--format', 'jsonl'], listed.io)).toBe(0);
    const lines = listed.out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string; documents: Array<{ name: string; type: string; size: number; sha256: string }> });
    const fromSubmissions = lines.flatMap((l) => l.documents.map((d) => [l.referenceCode, d.type, String(d.size), d.sha256].join(' ')));
    expect(manifest.map((r) => [r.referenceCode, r.type, r.size, r.sha256].join(' '))).toEqual(fromSubmissions);
    expect(readdirSync(dir).filter((e) => e !== 'manifest.csv').sort()).toEqual(lines.map((l) => l.referenceCode).sort());
  });

  it('takes the filters of export-submissions', async () => {
    const byType = path.join(t.dataDir, 'exclusion');
    const a = io(t.env);
    expect(await runCli(['export-documents', '--all', '--form-type', 'exclusion', '--out', byType], a.io)).toBe(0);
    expect(readdirSync(byType).sort()).toEqual(['manifest.csv', stored[3]!.referenceCode].sort());
    expect(readManifest(byType).map((r) => r.path)).toEqual([`${stored[3]!.referenceCode}/exclusion letter.pdf`]);
    expect(a.out.stdout).toContain(`Exported 1 submission(s), 1 document(s), ${documents[3]![0]!.size} byte(s)`);

    const byDate = path.join(t.dataDir, 'dates');
    const b = io(t.env);
    expect(await runCli(['export-documents', '--all', '--out', byDate, '--form-type=Automotive', '--from', '2027-01-02', '--to', '2027-01-04'], b.io)).toBe(0);
    expect(readdirSync(byDate).sort()).toEqual(['manifest.csv', stored[1]!.referenceCode, stored[2]!.referenceCode].sort());
    expect(readManifest(byDate).map((r) => r.referenceCode)).toEqual([stored[1]!.referenceCode, stored[1]!.referenceCode]);
    expect(b.out.stdout).toMatch(/^Exported 2 submission\(s\), 2 document\(s\), 5300 byte\(s\)/);

    const none = path.join(t.dataDir, 'none');
    const c = io(t.env);
    expect(await runCli(['export-documents', '--all', '--out', none, '--from', '2030-01-01'], c.io)).toBe(0);
    expect(readdirSync(none)).toEqual(['manifest.csv']);
    expect(readFileSync(path.join(none, 'manifest.csv'), 'utf8')).toBe('referenceCode,name,type,size,sha256,path\r\n');
    expect(c.out.stdout).toMatch(/^Exported 0 submission\(s\), 0 document\(s\), 0 byte\(s\)/);
  });

  it('refuses bad usage, a non-empty folder, and stops naming the submission whose document does not match', async () => {
    const dir = path.join(t.dataDir, 'out');
    const cases: Array<[string[], number, RegExp]> = [
      [['export-documents', '--all', stored[0]!.referenceCode, '--out', dir], 2, /takes a reference code or --all, not both/],
      [['export-documents', stored[0]!.referenceCode, '--all', '--out', dir], 2, /takes a reference code or --all, not both/],
      [['export-documents', '--all'], 2, /--all needs --out DIR/],
      [['export-documents', '--all', '--out', dir, '--form-type', 'Boat'], 2, /--form-type must be one of/],
      [['export-documents', '--all', '--out', dir, '--to', '2027-13-01'], 2, /is not a date/],
      [['export-documents', stored[0]!.referenceCode, '--out', dir, '--from', '2027-01-01'], 2, /only with --all/],
      [['export-documents', '--out', dir], 2, /exactly one reference code, or --all/],
    ];
    for (const [argv, code, message] of cases) {
      const c = io(t.env);
      expect(await runCli(argv, c.io), argv.join(' ')).toBe(code);
      expect(c.out.stderr).toMatch(message);
    }
    expect(existsSync(dir)).toBe(false);

    mkdirSync(dir);
    writeFileSync(path.join(dir, 'old.pdf'), 'x');
    const busy = io(t.env);
    expect(await runCli(['export-documents', '--all', '--out', dir], busy.io)).toBe(1);
    expect(busy.out.stderr).toMatch(/is not an empty folder/);
    expect(readdirSync(dir)).toEqual(['old.pdf']);

    // A stored document whose bytes no longer match its sha256.
    const [second] = await t.database.db.selectFrom('documents').select('id').where('submission_id', '=', stored[1]!.submissionId).orderBy('position').execute();
    await t.database.db.updateTable('documents').set({ bytes: randomBytes(5_000) }).where('id', '=', second!.id).execute();
    const fresh = path.join(t.dataDir, 'fresh');
    const failed = io(t.env);
    expect(await runCli(['export-documents', '--all', '--out', fresh], failed.io)).toBe(1);
    expect(failed.out.stderr).toContain(`Export stopped at ${stored[1]!.referenceCode}: Document receipt.pdf of ${stored[1]!.referenceCode} does not match its stored sha256`);
    expect(failed.out.stderr).toMatch(/1 of 5 submission\(s\) were written before it; manifest\.csv was not written\./);
    expect(failed.out.stdout).toBe('');
    expect(existsSync(path.join(fresh, 'manifest.csv'))).toBe(false);
    expect(existsSync(path.join(fresh, stored[1]!.referenceCode, 'receipt.pdf'))).toBe(false);
  });

  it('runs as a real process', async () => {
    const env = { ...process.env, ...t.env };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const dir = path.join(t.dataDir, 'process');
    const done = await run(tsx, ['server/admin/cli.ts', 'export-documents', '--all', '--out', dir], { env });
    expect(done.stdout).toMatch(/^Exported 5 submission\(s\), 8 document\(s\), /);
    expect(readManifest(dir)).toHaveLength(8);
    const failed = await run(tsx, ['server/admin/cli.ts', 'export-documents', '--all', stored[0]!.referenceCode, '--out', dir], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringMatching(/not both/) });
  });
});
