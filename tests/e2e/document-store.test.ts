/**
 * Documents in S3-compatible object storage, end to end: in real Chromium against the real server
 * with DOCUMENT_STORE_URL and the AWS_* settings pointing at a real S3-compatible server in the
 * process (s3rver, tests/support/s3.ts), on SQLite and PostgreSQL, María files an Automotive claim
 * with an invoice chosen in the browser; the invoice is an object of the bucket, byte for byte the
 * file she chose, no row of the database holds any of its bytes, and the admin CLI fetches it from
 * the bucket byte for byte.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli';
import { startObjectStorage, type ObjectStorage } from '../support/s3';
import { authorizeAutomotive, finishAutomotiveClaim, next, samplePdf } from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

const DIALECTS = ['sqlite', 'postgres'] as const;
const bucketOf = (dialect: string) => `claims-e2e-${dialect}`;
const KEY = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let storage: ObjectStorage | undefined;

beforeAll(async () => {
  storage = await startObjectStorage(DIALECTS.map(bucketOf));
});

afterAll(async () => {
  await storage?.close();
});

function started(): ObjectStorage {
  if (!storage) throw new Error('The object storage is not started yet: read it inside a test.');
  return storage;
}

describe.each(DIALECTS)('documents in object storage, filed in the browser (%s)', (dialect) => {
  const bucket = bucketOf(dialect);
  const e2e = withServerAndBrowser({ dialect, documentStore: () => ({ url: `s3://${bucket}/claims`, env: started().env }) });

  it('an invoice chosen in the browser is an object of the bucket, byte for byte the file, the database holds none of its bytes, and the admin CLI fetches it', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await authorizeAutomotive(page);
    await next(page, /\/automotive\/eligibility$/);
    // The invoice finishAutomotiveClaim chooses is samplePdf(), named invoice.pdf.
    const referenceCode = await finishAutomotiveClaim(page);
    expect(referenceCode).toMatch(/^AUT-/);
    expect(errors).toEqual([]);
    await context.close();

    const { db } = e2e.server.database;
    const rows = await db
      .selectFrom('documents')
      .innerJoin('submissions', 'submissions.id', 'documents.submission_id')
      .select(['documents.name', 'documents.store', 'documents.store_key', 'documents.bytes', 'documents.size', 'documents.sha256'])
      .where('submissions.reference_code', '=', referenceCode)
      .execute();
    const uploaded = samplePdf();
    expect(rows.map((r) => ({ name: r.name, store: r.store, size: Number(r.size), sha256: r.sha256, bytesInRow: r.bytes.length }))).toEqual([
      { name: 'invoice.pdf', store: 's3', size: uploaded.length, sha256: sha256(uploaded), bytesInRow: 0 },
    ]);
    const key = rows[0]?.store_key ?? '';
    expect(key).toMatch(KEY);

    // The bucket holds that one object, and it is the file as chosen.
    expect(await started().keys(bucket)).toEqual([`claims/${key}`]);
    expect(Buffer.compare(await started().bytes(bucket, `claims/${key}`), uploaded)).toBe(0);

    // No other row holds the bytes: not the claim's (its answers name the document), not the database store's objects, not the claim in progress's documents.
    const claim = await db.selectFrom('submissions').selectAll().where('reference_code', '=', referenceCode).executeTakeFirstOrThrow();
    const claimRow = JSON.stringify(claim);
    expect(claimRow).toContain('invoice.pdf');
    for (const encoded of [uploaded.toString('base64'), uploaded.toString('hex'), '%PDF-']) expect(claimRow).not.toContain(encoded);
    expect(await db.selectFrom('document_objects').select('key').execute()).toEqual([]);
    const draftBytes = await db.selectFrom('draft_documents').select('bytes').execute();
    expect(draftBytes.map((r) => r.bytes.length).filter((n) => n > 0)).toEqual([]);

    // The admin CLI, with the server's settings, lists the document in the bucket and writes it byte for byte.
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-documents-'));
    try {
      const out = { stdout: '', stderr: '' };
      const io = { env: e2e.server.adminEnv, cwd: process.cwd(), stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
      expect(await runCli(['documents', referenceCode, '--out', dir], io), out.stderr).toBe(0);
      expect(out.stdout).toContain(`${referenceCode}: 1 document(s)`);
      expect(out.stdout).toContain(`invoice.pdf  application/pdf  ${uploaded.length} bytes  sha256 ${sha256(uploaded)}  s3 ${key}`);
      expect(Buffer.compare(readFileSync(path.join(dir, 'invoice.pdf')), uploaded)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
