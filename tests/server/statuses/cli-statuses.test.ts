/**
 * `npm run admin -- status` and `import-statuses`: changes checked against the settlement's
 * statuses, kept as history and shown in the export; a file with any bad row refused whole with
 * each problem's line, else applied in one transaction; setting a claim deficient queues one
 * deficiency notice per change, in the claim's language, which the sender delivers once.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { runCli } from '../../../server/admin/cli.js';
import { createOutbox } from '../../../server/db/outbox.js';
import { createSubmissions } from '../../../server/db/submissions.js';
import { createSender } from '../../../server/mail/sender.js';
import { smtpMailer } from '../../../server/mail/transport.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { startMailSink, type MailSink } from '../../support/mail-sink.js';

const NOW = Date.UTC(2027, 0, 15, 20); // 12:00 on January 15 in Los Angeles, the sample's zone

const model = (dtoMapping: string, clientId: string, fields: Record<string, unknown>) => ({ id: null, clientId, metadata: { formType: 'Automotive', dtoMapping }, metadataHash: 'h', fields });
const payload = (n: number, email: string | null) => ({
  userPreferredCulture: 'en',
  claimantInfo: model('ClaimantInfo', `cla${String(n).padStart(7, '0')}abcdefgh`, { firstName: `Name ${n}`, lastName: 'Doe', emailAddress: email, confirmEmailAddress: email }),
});

function cli(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  const io = { env: { PUBLIC_URL: 'https://claims.example.com/', ...env }, cwd: process.cwd(), clock: () => NOW, stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) };
  return { out, run: (...args: string[]) => runCli(args, io) };
}

describe.each(DIALECTS)('claim statuses from the admin CLI over %s', (dialect) => {
  let t: TestDatabase;
  let sink: MailSink;
  const file = (name: string, text: string) => {
    const at = path.join(t.dataDir, name);
    writeFileSync(at, text);
    return at;
  };
  const changes = () => t.database.db.selectFrom('claim_status_changes').selectAll().orderBy('id').execute();
  const queued = () => t.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'deficiency-notice').orderBy('id').execute();

  async function file_claims(count: number, culture = (n: number) => (n % 2 ? 'en' : 'es')) {
    const submissions = createSubmissions(t.database, { clock: manualClock(NOW - 86_400_000).now });
    const codes: string[] = [];
    for (let n = 1; n <= count; n++) {
      const stored = await submissions.storeSubmission({ formType: 'Automotive', idempotencyKey: `key-${n}`, culture: culture(n), payload: payload(n, n % 7 === 0 ? null : `claimant${n}@example.com`), documents: [] });
      codes.push(stored.referenceCode);
    }
    return codes;
  }

  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(async () => sink.close());
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    sink.received.length = 0;
  });
  afterEach(async () => t.cleanup());

  it('sets a status, keeps each change as history, shows it in the export, and queues one notice per deficient change', async () => {
    const [code] = await file_claims(1);
    const { out, run } = cli(t.env);
    expect(await run('status', code!.toLowerCase(), 'deficient', '--deficiency', 'missingProofOfPurchase', '--deficiency', 'unsigned', '--cure-days', '14', '--note', 'invoice unreadable')).toBe(0);
    expect(out.stdout).toContain(`${code}: received → deficient, cure by 2027-01-29.`);
    expect(out.stdout).toContain('Queued 1 deficiency notice(s)');
    // The same again is another change and another notice; approving sends none.
    expect(await run('status', code!, 'deficient', '--deficiency', 'receiptMismatch', '--cure-by', '2027-02-01')).toBe(0);
    expect(await run('status', code!, 'approved')).toBe(0);

    const rows = await changes();
    expect(rows.map((r) => [r.from_status, r.to_status, JSON.parse(r.deficiencies), r.cure_by, r.note, r.changed_by])).toEqual([
      ['received', 'deficient', ['missingProofOfPurchase', 'unsigned'], '2027-01-29', 'invoice unreadable', 'admin status'],
      ['deficient', 'deficient', ['receiptMismatch'], '2027-02-01', null, 'admin status'],
      ['deficient', 'approved', [], null, null, 'admin status'],
    ]);
    // The end of the cure-by day in the settlement's time zone (Los Angeles, 8 hours behind UTC in winter).
    expect(Number(rows[0]!.cure_by_at)).toBe(Date.UTC(2027, 0, 30, 7, 59, 59, 999));

    const notices = await queued();
    expect(notices.map((n) => [n.recipient, n.dedupe_key])).toEqual([
      ['claimant1@example.com', `deficiency:${rows[0]!.id}`],
      ['claimant1@example.com', `deficiency:${rows[1]!.id}`],
    ]);
    expect(notices[0]!.subject).toBe(`Example Motors CVT Transmission Settlement: your claim ${code} needs more information`);
    expect(notices[0]!.text_body).toContain('Proof of purchase or payment is missing.');
    expect(notices[0]!.text_body).toContain('Send a document of this kind: Proof of payment.');
    expect(notices[0]!.text_body).toContain('Your claim is not signed.');
    expect(notices[0]!.text_body).toContain('Please provide what is missing by January 29, 2027.');
    expect(notices[0]!.text_body).toContain('https://claims.example.com/status');
    expect(notices[0]!.text_body).not.toContain('invoice unreadable');
    expect(notices[1]!.text_body).toContain('Answer these questions again: ');

    // Delivered once: a second run of the sender finds nothing to send.
    const sender = createSender({ outbox: createOutbox(t.database, { clock: () => NOW }), mailer: smtpMailer(sink.url), from: 'claims@settlement.example' });
    expect(await sender.runOnce()).toBe(2);
    expect(await sender.runOnce()).toBe(0);
    expect(sink.received.map((m) => [m.envelopeTo, m.subject])).toEqual([
      [['claimant1@example.com'], notices[0]!.subject],
      [['claimant1@example.com'], notices[1]!.subject],
    ]);

    const exported = cli(t.env);
    expect(await exported.run('export-submissions', '--format', 'jsonl')).toBe(0);
    const [line] = exported.out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { status: string; statusHistory: Array<{ from: string; to: string; changedBy: string }> });
    expect(line!.status).toBe('approved');
    expect(line!.statusHistory.map((c) => `${c.from}→${c.to}`)).toEqual(['received→deficient', 'deficient→deficient', 'deficient→approved']);
    expect(await exported.run('export-submissions', '--format', 'csv')).toBe(0);
    expect(exported.out.stdout).toContain('received → deficient (missingProofOfPurchase, unsigned; cure by 2027-01-29) by admin status: invoice unreadable');
  });

  it('writes the notice in the claim’s language with the date in the settlement’s time zone', async () => {
    const [, code] = await file_claims(2);
    const { run } = cli(t.env);
    expect(await run('status', code!, 'deficient', '--deficiency', 'unsigned', '--cure-by', '2027-03-05')).toBe(0);
    const [notice] = await queued();
    expect(notice!.culture).toBe('es');
    expect(notice!.subject).toContain(`su reclamación ${code} necesita más información`);
    expect(notice!.text_body).toContain('Envíe lo que falta antes del 5 de marzo de 2027.');
  });

  it('refuses what the settlement does not allow, writing nothing', async () => {
    const [code] = await file_claims(1);
    const { out, run } = cli(t.env);
    expect(await run('status', code!, 'aproved')).toBe(1);
    expect(out.stderr).toContain('"aproved" is not a status of this settlement (did you mean "approved"?');
    expect(await run('status', code!, 'deficient')).toBe(1);
    expect(out.stderr).toContain('a deficient claim needs at least one deficiency kind');
    expect(await run('status', code!, 'approved', '--deficiency', 'unsigned')).toBe(1);
    expect(out.stderr).toContain('deficiency kinds go with the status "deficient" only');
    expect(await run('status', code!, 'deficient', '--deficiency', 'unsigned', '--cure-by', '2027-01-14')).toBe(1);
    expect(out.stderr).toContain('cure-by 2027-01-14 is in the past (today is 2027-01-15 in America/Los_Angeles)');
    expect(await run('status', 'AUT-22222222X', 'approved')).toBe(1);
    expect(await run('status', code!, 'deficient', '--deficiency', 'unsigned', '--cure-by', '2027-02-01', '--cure-days', '3')).toBe(2);
    const noUrl = cli({ ...t.env, PUBLIC_URL: '' });
    expect(await noUrl.run('status', code!, 'deficient', '--deficiency', 'unsigned')).toBe(1);
    expect(noUrl.out.stderr).toContain('set PUBLIC_URL');
    expect(await changes()).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('refuses an import of 1,000 rows with one bad row, naming its line; the fixed file is applied in one transaction with one notice per newly deficient claim', async () => {
    const codes = await file_claims(1000, () => 'en');
    const row = (code: string, i: number) => (i % 10 === 0 ? `${code},deficient,missingProofOfPurchase;unsigned,2027-02-15,batch ${i}` : `${code},${i % 2 ? 'underReview' : 'approved'},,,`);
    const lines = ['reference,status,deficiencies,cure-by,note', ...codes.map(row)];
    const bad = [...lines];
    bad[500] = `${codes[499]},approvd,,,`; // line 501 of the file
    const { out, run } = cli(t.env);
    expect(await run('import-statuses', file('bad.csv', bad.join('\n')))).toBe(1);
    expect(out.stderr).toContain('No status changed: 1 problem(s) found, nothing was written.');
    expect(out.stderr).toContain('line 501: "approvd" is not a status of this settlement (did you mean "approved"?');
    expect(await changes()).toEqual([]);
    expect(await queued()).toEqual([]);

    expect(await run('import-statuses', file('statuses.csv', lines.join('\n')))).toBe(0);
    expect(out.stdout).toContain('Applied 1000 status change(s).');
    const rows = await changes();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.changed_by))).toEqual(new Set(['admin import-statuses statuses.csv']));
    const deficient = codes.filter((_, i) => i % 10 === 0);
    // Claims that gave no e-mail address (every 7th) get no notice, and are named.
    const withAddress = deficient.filter((_, j) => (j * 10 + 1) % 7 !== 0);
    expect(await queued()).toHaveLength(withAddress.length);
    expect(out.stdout).toContain(`Queued ${withAddress.length} deficiency notice(s)`);
    expect(out.stdout).toContain('No e-mail address to notify');
    if (dialect === 'postgres') {
      // One transaction wrote every change and notice.
      const xids = await sql<{ n: string }>`select count(distinct xmin::text) as n from (select xmin from claim_status_changes union all select xmin from outbox) as written`.execute(t.database.db);
      expect(Number(xids.rows[0]!.n)).toBe(1);
    }
  }, 120_000);

  it('refuses an import whose header or rows are wrong, every problem with its line', async () => {
    const [first, second] = await file_claims(2);
    const { out, run } = cli(t.env);
    expect(await run('import-statuses', file('header.csv', 'reference,state\nX,approved\n'))).toBe(1);
    expect(out.stderr).toContain('line 1: unknown column "state"');
    expect(out.stderr).toContain('line 1: missing column "status"');
    const text = ['reference,status,deficiencies,cure-by,note', `${first},deficient,unsigend,,`, `${second},deficient,unsigned,02/01/2027,`, `${first},approved,,,`, 'AUT-XXXX,approved,,,'].join('\n');
    expect(await run('import-statuses', file('rows.csv', text))).toBe(1);
    expect(out.stderr).toContain('line 2: "unsigend" is not a deficiency kind of this settlement (did you mean "unsigned"?');
    expect(out.stderr).toContain('line 3: cure-by "02/01/2027" is not a date (use YYYY-MM-DD)');
    expect(out.stderr).toContain(`line 4: the reference code ${first} is also on line 2`);
    expect(out.stderr).toContain('line 5: "AUT-XXXX" is not a reference code');
    expect(await changes()).toEqual([]);
  });
});
