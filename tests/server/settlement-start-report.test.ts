/**
 * A server start on a broken settlement folder prints the checker's report — file, line:col,
 * pointer, message and hint, one line per mistake — and exits, never with a stack trace (a class
 * list with a misspelt header used to crash the start in the import).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { copySettlementFolder } from '../../settlement/read.js';
import { ROOT } from './helper.js';

const run = promisify(execFile);

/** A copy of a shipped settlement folder (the second settlement: every page of it is stored). */
function copyOf(folder: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-settlement-'));
  copySettlementFolder(path.join(ROOT, folder), dir);
  return dir;
}

/** A copy of a settlement with a misspelt class-members column and a 31st of June. */
function brokenSettlement(): string {
  const dir = copyOf('tests/settlements/second');
  const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));
  edit('class-members.csv', (t) => t.replace('noticeId,pin,firstName,', 'noticeId,pin,firstNmae,'));
  edit('deadlines.json', (t) => t.replace('"deadlineDateTime": "2027-10-31T23:59:59"', '"deadlineDateTime": "2027-06-31T23:59:59"'));
  return dir;
}

const REPORT = [
  /^ {2}class-members\.csv:1:14 \/0\/2 — unknown column "firstNmae" \(did you mean "firstName"\? Known: "noticeId", /m,
  /^ {2}deadlines\.json:\d+:7 \/deadlines\/claimFilingDeadline\/deadlineDateTime — "2027-06-31T23:59:59" is not a date that exists \(June 2027 has 30 days; write a real date as YYYY-MM-DDTHH:mm:ss\)$/m,
];

describe('starting on a broken settlement folder', () => {
  it('loadSettlement reports each mistake with file, line:col, pointer, message and hint', () => {
    const dir = brokenSettlement();
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettlementError);
    expect((error as SettlementError).problems).toEqual([
      { file: 'class-members.csv', pointer: '/0/2', line: 1, column: 14, message: expect.stringMatching(/^unknown column "firstNmae" \(did you mean "firstName"\?/) },
      { file: 'deadlines.json', pointer: '/deadlines/claimFilingDeadline/deadlineDateTime', line: expect.any(Number), column: 7, message: expect.stringContaining('is not a date that exists') },
    ]);
    for (const line of REPORT) expect((error as Error).message).toMatch(line);
  });

  it('the server process prints the report and exits 1, without a stack trace', async () => {
    const dir = brokenSettlement();
    const outcome = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: { ...process.env, SETTLEMENT_DIR: dir, NODE_ENV: 'test' },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/^The settlement folder .* is not valid \(2 problem\(s\)\):$/m);
    for (const line of REPORT) expect(outcome.stderr).toMatch(line);
    expect(outcome.stderr).not.toMatch(/^\s+at /m);
  }, 90_000);
});

describe('a page whose answers the server would not store', () => {
  it('cannot pass the checker: the start refuses it, naming the page and the model', () => {
    const dir = copyOf('tests/settlements/second');
    const file = path.join(dir, 'flows', 'automotive.json');
    const flow = JSON.parse(readFileSync(file, 'utf8')) as { models: string[] };
    flow.models = flow.models.filter((m) => m !== 'ClaimDetails');
    writeFileSync(file, JSON.stringify(flow, null, 2));
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettlementError);
    expect((error as SettlementError).problems).toEqual([
      {
        file: 'flows/automotive.json',
        pointer: expect.stringMatching(/^\/pages\/\d+\/blocks\/\d+\/model$/),
        line: expect.any(Number),
        column: expect.any(Number),
        message: expect.stringMatching(/asks for ClaimDetails answers, but the flow does not list ClaimDetails in "models": the server would drop them at submit \(add "ClaimDetails" to the flow's "models"\)$/),
      },
    ]);
  });
});
