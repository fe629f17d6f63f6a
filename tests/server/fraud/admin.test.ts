/**
 * Threat: a flood of scripted claims that no one notices until payments go out. The administrator
 * sees each claim's risk score, disposition and reason codes in the export (never the client's
 * address or browser, which only the fraud view shows), the clusters of claims sharing a value and
 * the counts per reason in `npm run admin -- fraud`, and the filing period in one offline report
 * page. Over SQLite and PostgreSQL, on claims filed over real HTTP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/admin/cli.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { DIALECTS, OPEN_NOW, overHttp, testApp, testDatabase, type TestDatabase } from '../helper.js';
import { fileClaim, person, type Filing } from './claims.js';

function io(env: Record<string, string>) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) } };
}

describe.each(DIALECTS)('the administrator\'s fraud view, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  const codes: { people: string[]; bots: string[] } = { people: [], bots: [] };

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    const clock = { now: OPEN_NOW };
    app = await testApp(await db.open(), emulator, { trustProxy: 1, clock: () => clock.now, shedFastSubmits: true });
    const env: Filing = { app, emulator, http: await overHttp(app), clock };
    // Two people at their own pace, then four scripted claims sharing one phone and one invoice.
    for (let i = 0; i < 2; i++) {
      const res = await fileClaim(env, person(i), { from: `192.0.2.${10 + i}` });
      codes.people.push(res.json().referenceCodeForm);
    }
    const shared = person(50);
    for (let i = 0; i < 4; i++) {
      const res = await fileClaim(env, { ...person(60 + i), phone: shared.phone, invoice: shared.invoice }, { from: '198.18.0.9', headers: { 'user-agent': 'python-requests/2.32.3' }, fillSeconds: 2 });
      expect(res.statusCode, res.body).toBe(200);
      codes.bots.push(res.json().referenceCodeForm);
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  it('the export carries each claim\'s score, disposition and reason codes, and no client address or browser', async () => {
    const csv = io(db.env);
    expect(await runCli(['export-submissions', '--format', 'csv'], csv.io)).toBe(0);
    const rows = parse(csv.out.stdout, { columns: true }) as Array<Record<string, string>>;
    const row = (code: string) => rows.find((r) => r.referenceCode === code)!;
    expect(row(codes.people[0]!)).toMatchObject({ riskScore: '0', disposition: 'accepted', reasons: '' });
    expect(row(codes.bots[3]!)).toMatchObject({ disposition: 'flagged', reasons: 'fast_fill headless_agent missing_browser_headers velocity_address duplicate_phone duplicate_document' });
    expect(Number(row(codes.bots[3]!).riskScore)).toBe(40 + 40 + 20 + 30 + 25 + 35);
    const jsonl = io(db.env);
    expect(await runCli(['export-submissions', '--format', 'jsonl'], jsonl.io)).toBe(0);
    const lines = jsonl.out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.find((l) => l.referenceCode === codes.bots[0])!.screening).toMatchObject({ disposition: 'flagged', reasons: expect.arrayContaining([{ code: 'fast_fill', evidence: { seconds: 2, minimumSeconds: 90 } }]) });
    for (const text of [csv.out.stdout, jsonl.out.stdout]) {
      // The reason's evidence names the marker it found, not the user agent.
      expect(text).not.toMatch(/198\.18\.0\.9|192\.0\.2\.1\d|python-requests\/2|Mozilla/);
    }
  });

  it('`fraud` prints the counts per reason, the clusters largest first, and the flagged claims with their client', async () => {
    const { out, io: cliIo } = io(db.env);
    expect(await runCli(['fraud'], cliIo)).toBe(0);
    const text = out.stdout;
    expect(text).toContain('Screened claims: 6 (accepted 2, flagged 4, held 0)');
    expect(text).toMatch(/^\s+4 {2}fast_fill$/m);
    expect(text).toMatch(/^\s+3 {2}duplicate_phone$/m);
    // The four scripted claims share an address, a network, a phone and an invoice.
    const clusters = text.slice(text.indexOf('Clusters'), text.indexOf('Flagged and held'));
    const sizes = [...clusters.matchAll(/^\s+(\d+) {2}same/gm)].map((m) => Number(m[1]));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBe(4);
    expect(clusters).toMatch(new RegExp(`4 {2}same phone number \\[[0-9a-f]{12}\\]: ${codes.bots.join(' ')}`));
    expect(text).toContain(`${codes.bots[3]}  Automotive`);
    expect(text).toContain('198.18.0.9, filled in 2 s, "python-requests/2.32.3"');
    expect(text).not.toContain(codes.people[0]! + '  Automotive');
  });

  it('`report` writes one page with the data, its tables and Chart.js inlined, loading nothing', async () => {
    const file = path.join(db.dataDir, 'report.html');
    const { out, io: cliIo } = io(db.env);
    expect(await runCli(['report', '--out', file], cliIo), out.stderr).toBe(0);
    expect(out.stdout).toContain('Wrote the report of 6 claim(s)');
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).not.toMatch(/<(?:script|link|img|iframe)[^>]+(?:src|href)=/i);
    expect(html).toContain('Chart.js v4');
    expect(html).toContain('<caption>Claims per hour</caption>');
    expect(html).toMatch(/<th scope="row">fast_fill<\/th><td>4<\/td>/);
    expect(html).toContain('Automotive deadline');
    expect(html).not.toMatch(/198\.18\.0\.9|python-requests\/2/);
  });
});
