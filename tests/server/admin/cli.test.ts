import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../../server/admin/cli.js';
import { csvCell, flattenAnswers } from '../../../server/admin/export.js';
import { createClassList } from '../../../server/db/class-list.js';
import { createSubmissions } from '../../../server/db/submissions.js';
import type { NewDocument, StoreResult } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const run = promisify(execFile);

function doc(name: string, bytes: Buffer, contextClientId: string): NewDocument {
  return { contextClientId, name, type: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

const model = (dtoMapping: string, clientId: string, fields: Record<string, unknown>) => ({ id: null, clientId, metadata: { formType: 'Automotive', dtoMapping }, metadataHash: 'h', fields });

function payload(n: number) {
  return {
    reCaptchaResponse: 'secret-token',
    captchaRawValue: 'secret-raw',
    userPreferredCulture: 'en',
    claimantInfo: model('claimantInfo', `cla000000${n}abcdefgh`, { firstName: `Name ${n}`, lastName: '=HYPERLINK("x")', emailAddress: `a${n}@example.com`, phoneNumber: '+1 (510) 555-0142' }),
    claimTransactions: [model('claimTransactions', `ctx000000${n}abcdefgh`, { claimTransactionType: 'repair', amountPaid: '1,234.50', repairDescription: 'line one\nline "two", three' })],
    documentContexts: [],
  };
}

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

describe.each(DIALECTS)('admin CLI over %s', (dialect) => {
  let t: TestDatabase;
  let stored: StoreResult[];
  let files: Buffer[];
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    const clock = manualClock(Date.UTC(2027, 0, 1, 8));
    const submissions = createSubmissions(t.database, { clock: clock.now });
    files = [randomBytes(70_000), Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n', 'latin1'), Buffer.alloc(0)];
    stored = [];
    for (let n = 1; n <= 4; n++) {
      const documents = n === 1 ? [doc('receipt.pdf', files[0]!, 'doc0000001aaaaaaaa'), doc('../../etc/passwd', files[1]!, 'doc0000002bbbbbbbb'), doc('empty.pdf', files[2]!, 'doc0000003cccccccc')] : [];
      stored.push(await submissions.storeSubmission({ formType: n === 4 ? 'Exclusion' : 'Automotive', idempotencyKey: `key-${n}`, culture: n === 2 ? 'es' : 'en', payload: payload(n), documents }));
      clock.advance(86_400_000);
    }
  });
  afterEach(async () => t.cleanup());

  it('exports every submission as JSON Lines with answers and document metadata, never the tokens', async () => {
    const { out, io: cliIo } = io(t.env);
    expect(await runCli(['export-submissions', '--format', 'jsonl'], cliIo)).toBe(0);
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.referenceCode)).toEqual(stored.map((s) => s.referenceCode));
    expect(lines[0]).toMatchObject({ formType: 'Automotive', createdAt: '2027-01-01T08:00:00.000Z', culture: 'en' });
    expect(lines[0].documents).toEqual([
      { contextClientId: 'doc0000001aaaaaaaa', name: 'receipt.pdf', type: 'application/pdf', size: 70_000, sha256: createHash('sha256').update(files[0]!).digest('hex'), unscanned: false },
      expect.objectContaining({ name: '../../etc/passwd' }),
      expect.objectContaining({ name: 'empty.pdf', size: 0 }),
    ]);
    expect(lines[1].answers.claimantInfo.fields.firstName).toBe('Name 2');
    expect(out.stdout).not.toContain('secret-');
    expect(out.stderr).toMatch(/Exported 4 submission/);
  });

  it('exports CSV with flattened answers, filters by form type and date, and writes --out', async () => {
    const outFile = path.join(t.dataDir, 'export.csv');
    const { io: cliIo } = io(t.env);
    expect(await runCli(['export-submissions', '--format', 'csv', '--out', outFile], cliIo)).toBe(0);
    const rows = parse(readFileSync(outFile, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.referenceCode)).toEqual(stored.map((s) => s.referenceCode));
    expect(rows[0]).toMatchObject({
      formType: 'Automotive',
      culture: 'en',
      'claimantInfo.firstName': 'Name 1',
      'claimantInfo.lastName': `'=HYPERLINK("x")`,
      'claimantInfo.phoneNumber': '+1 (510) 555-0142',
      'claimTransactions[0].repairDescription': 'line one\nline "two", three',
      documentCount: '3',
      'document1.name': 'receipt.pdf',
      'document1.size': '70000',
    });
    expect(Object.keys(rows[0]!).some((k) => /captcha|reCaptcha/i.test(k))).toBe(false);

    const filtered = io(t.env);
    expect(await runCli(['export-submissions', '--format=csv', '--form-type', 'automotive', '--from', '2027-01-02', '--to', '2027-01-03'], filtered.io)).toBe(0);
    const some = parse(filtered.out.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(some.map((r) => r.referenceCode)).toEqual([stored[1]!.referenceCode, stored[2]!.referenceCode]);
  });

  it('writes a submission’s documents byte-identical, with safe file names', async () => {
    const dir = path.join(t.dataDir, 'docs');
    const { out, io: cliIo } = io(t.env);
    expect(await runCli(['export-documents', stored[0]!.referenceCode.toLowerCase(), '--out', dir], cliIo)).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['empty.pdf', 'passwd', 'receipt.pdf']);
    expect(Buffer.compare(readFileSync(path.join(dir, 'receipt.pdf')), files[0]!)).toBe(0);
    expect(Buffer.compare(readFileSync(path.join(dir, 'passwd')), files[1]!)).toBe(0);
    expect(readFileSync(path.join(dir, 'empty.pdf')).length).toBe(0);
    expect(out.stderr).toMatch(/Wrote 3 document/);
  });

  it('imports class lists and reports bad input with a non-zero exit', async () => {
    const good = path.join(t.dataDir, 'members.csv');
    writeFileSync(good, 'noticeId,pin,firstName,lastName,vin\nEXM-9,4321,Ann,Lee,5EXMA1B20HC000101\n');
    const ok = io(t.env);
    expect(await runCli(['import-class-list', good], ok.io)).toBe(0);
    expect(ok.out.stdout).toMatch(/Imported 1 class member row\(s\): 1 new/);
    // Outside production the PIN secret is generated into DATA_DIR, where the server reads it too.
    const pinSecret = readFileSync(path.join(t.dataDir, 'pin-secret'), 'utf8').trim();
    expect(await createClassList(t.database, { pinSecret }).verifyPin('EXM-9', '4321')).not.toBeNull();
    // With NODE_ENV=production the secret must be given.
    const production = io({ ...t.env, NODE_ENV: 'production' });
    expect(await runCli(['import-class-list', good], production.io)).toBe(1);
    expect(production.out.stderr).toMatch(/PIN_SECRET is required/);
    const given = io({ ...t.env, NODE_ENV: 'production', PIN_SECRET: 'cli-test-pin-secret-0123456789abcdef' });
    expect(await runCli(['import-class-list', good], given.io)).toBe(0);
    expect(await createClassList(t.database, { pinSecret: 'cli-test-pin-secret-0123456789abcdef' }).verifyPin('EXM-9', '4321')).not.toBeNull();

    // A spreadsheet that saves "CSV" with semicolons (or tabs) in the administrator's language: read by its header's separator.
    const semicolons = path.join(t.dataDir, 'members-semicolons.csv');
    writeFileSync(semicolons, '\uFEFFnoticeId;pin;firstName;lastName;mailingStreetLine1;vin\r\nEXM-10;5678;Zoë;Núñez;"12 Rue Blanche; Apt 3";5EXMA1B20HC000101\r\n');
    const tabs = path.join(t.dataDir, 'members-tabs.csv');
    writeFileSync(tabs, 'noticeId\tpin\tfirstName\tlastName\tvin\nEXM-11\t8765\tBo\tLi\t5EXMA1B20HC000101\n');
    for (const file of [semicolons, tabs]) {
      const read = io(t.env);
      expect(await runCli(['import-class-list', file], read.io), file).toBe(0);
      expect(read.out.stdout).toMatch(/Imported 1 class member row\(s\): 1 new/);
    }
    expect(await createClassList(t.database, { pinSecret }).verifyPin('EXM-10', '5678')).toMatchObject({ firstName: 'Zoë', mailingStreetLine1: '12 Rue Blanche; Apt 3' });

    const bad = path.join(t.dataDir, 'vehicles.csv');
    writeFileSync(bad, 'vin\n5EXMA1B20HC000101\nBAD\n');
    const refused = io(t.env);
    expect(await runCli(['import-class-vehicles', bad], refused.io)).toBe(1);
    expect(refused.out.stderr).toMatch(/line 3: vin "BAD" is not a well-formed VIN/);
    expect((await createClassList(t.database).counts()).vehicles).toBe(0);

    const cases: Array<[string[], number, RegExp]> = [
      [['export-documents', 'AUT-23456789A', '--out', t.dataDir], 1, /No submission has the reference code/],
      [['import-class-list', path.join(t.dataDir, 'missing.csv')], 1, /no such file/],
      [['export-submissions', '--format', 'xml'], 2, /--format must be csv or jsonl/],
      [['export-submissions', '--format', 'csv', '--from', '2027-02-30'], 2, /is not a date/],
      [['export-submissions', '--format', 'csv', '--form-type', 'Boat'], 2, /--form-type must be one of/],
      [['frobnicate'], 2, /unknown command frobnicate/],
      [['seed', '--force'], 2, /unknown option --force/],
    ];
    for (const [argv, code, message] of cases) {
      const c = io(t.env);
      expect(await runCli(argv, c.io), argv.join(' ')).toBe(code);
      expect(c.out.stderr).toMatch(message);
    }
  });

  it('imports the class list with the columns the settlement declares (SETTLEMENT_DIR\'s forms.json), its secret hashed, and filters by its forms', async () => {
    const members = path.join(t.dataDir, 'breach-members.csv');
    writeFileSync(members, 'claimId,zip,firstName,lastName\nDBR-900001,12345,Ann,Lee\n');
    const breach = { ...t.env, SETTLEMENT_DIR: 'tests/settlements/data-breach' };
    const ok = io(breach);
    expect(await runCli(['import-class-list', members], ok.io)).toBe(0);
    expect(ok.out.stdout).toMatch(/Imported 1 class member row\(s\): 1 new/);
    const pinSecret = readFileSync(path.join(t.dataDir, 'pin-secret'), 'utf8').trim();
    expect(await createClassList(t.database, { pinSecret }).verifyPin('DBR-900001', '12345')).toMatchObject({ noticeId: 'DBR-900001', columns: { firstName: 'Ann', lastName: 'Lee' } });
    // The sample's header does not know these columns.
    const sample = io({ ...t.env, SETTLEMENT_DIR: 'server-fixtures' });
    expect(await runCli(['import-class-list', members], sample.io)).toBe(1);
    expect(sample.out.stderr).toMatch(/unknown column "claimId"/);
    // --form-type names the settlement's forms.
    const claims = io(breach);
    expect(await runCli(['export-submissions', '--format', 'jsonl', '--form-type', 'claim'], claims.io)).toBe(0);
    const vehicles = io(breach);
    expect(await runCli(['export-submissions', '--format', 'jsonl', '--form-type', 'Automotive'], vehicles.io)).toBe(2);
    expect(vehicles.out.stderr).toMatch(/--form-type must be one of Claim/);
  });

  it('runs as a real process: seed, then export', async () => {
    const env = { ...process.env, ...t.env, SETTLEMENT_DIR: 'server-fixtures' };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const seeded = await run(tsx, ['server/admin/cli.ts', 'seed'], { env });
    expect(seeded.stdout).toMatch(/Class vehicles: 1203 imported\. Class members: 3 imported\./);
    const exported = await run(tsx, ['server/admin/cli.ts', 'export-submissions', '--format', 'jsonl'], { env, maxBuffer: 16 * 1024 * 1024 });
    expect(exported.stdout.trim().split('\n')).toHaveLength(4);
    const failed = await run(tsx, ['server/admin/cli.ts', 'export-documents', 'AUT-23456789A', '--out', t.dataDir], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/No submission has the reference code/) });
  });
});

describe('export helpers', () => {
  it('guard spreadsheet formulas but keep numbers and phone numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+1 (510) 555-0142')).toBe('+1 (510) 555-0142');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });

  it('flatten form models to their fields and lists to indexes', () => {
    const flat = flattenAnswers({ signature: model('signature', 'sig0000001abcdefgh', { signature: 'Ann' }), list: [1, null], captchaRawValue: 'x' });
    expect(Object.fromEntries(flat)).toEqual({ 'signature.clientId': 'sig0000001abcdefgh', 'signature.signature': 'Ann', 'list[0]': '1', 'list[1]': '' });
  });
});
