/**
 * `npm run admin -- drafts [--purge]`: the claims in progress per form (how many, the oldest, the
 * next to expire, how many expire within 7 days, how many await the purge), and the purge, which
 * takes the documents of the purged drafts with them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/admin/cli.js';
import { createHash } from 'node:crypto';
import { createDraftDocuments } from '../../../server/db/draft-documents.js';
import { createDrafts } from '../../../server/db/drafts.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const DAY = 24 * 60 * 60_000;

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

describe.each(DIALECTS)('admin drafts over %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
  });
  afterEach(async () => t.cleanup());

  it('reports the claims in progress per form, then purges the expired ones', async () => {
    const empty = io(t.env);
    expect(await runCli(['drafts'], empty.io)).toBe(0);
    expect(empty.out.stdout).toBe('No claims in progress.\n');

    // The CLI reads the real time: drafts saved ten days ago, one already expired, one expiring in three days.
    const started = Date.now() - 10 * DAY;
    const drafts = createDrafts(t.database, { clock: () => started });
    const base = { pageId: 'claimant-info', models: [], authorizationId: 'a' };
    await drafts.save({ ...base, formType: 'Automotive', claimantKey: 'k1', expiresAt: Date.now() - DAY });
    await drafts.save({ ...base, formType: 'Automotive', claimantKey: 'k2', expiresAt: Date.now() + 3 * DAY });
    await drafts.save({ ...base, formType: 'Automotive', claimantKey: 'k3', expiresAt: Date.now() + 20 * DAY });
    await drafts.save({ ...base, formType: 'Exclusion', claimantKey: 'k1', expiresAt: Date.now() + 20 * DAY });
    const documents = createDraftDocuments(t.database, { clock: () => started });
    const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    const invoice = { contextClientId: 'doc0000001aaaaaaaa', name: 'invoice.pdf', type: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), object: { store: 'database' as const, key: 'documents/invoice' } };
    for (const claimantKey of ['k1', 'k2']) expect((await documents.add({ formType: 'Automotive', claimantKey }, invoice, { maxTotalBytes: 1024 })).ok).toBe(true);

    const report = io(t.env);
    expect(await runCli(['drafts'], report.io)).toBe(0);
    const oldest = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
    expect(report.out.stdout).toContain(`Automotive: 3 in progress, the oldest started ${oldest} UTC`);
    expect(report.out.stdout).toContain('1 expire within 7 days, 1 expired awaiting the purge');
    expect(report.out.stdout).toContain('Exclusion: 1 in progress');

    const purge = io(t.env);
    expect(await runCli(['drafts', '--purge'], purge.io)).toBe(0);
    expect(purge.out.stdout).toBe('Deleted 1 expired claim(s) in progress.\n');
    expect(await documents.list({ formType: 'Automotive', claimantKey: 'k1' })).toEqual([]);
    expect((await documents.list({ formType: 'Automotive', claimantKey: 'k2' })).map((d) => d.name)).toEqual(['invoice.pdf']);
    const after = io(t.env);
    await runCli(['drafts'], after.io);
    expect(after.out.stdout).toContain('Automotive: 2 in progress');
    expect(after.out.stdout).toContain('0 expired awaiting the purge');

    const wrong = io(t.env);
    expect(await runCli(['drafts', 'now'], wrong.io)).toBe(2);
  });
});
