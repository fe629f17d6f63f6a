/**
 * A settlement folder as the checker sees it: its own flows/ and locales/ when present, else the
 * repository's; and `npm run flows:check [folder]` on such a folder.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR, settlementPaths } from '../../../tooling/flow/check-folder';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];

/** The sample settlement copied to a temporary folder, optionally with its own flows/ and locales/. */
function settlement(own: { flows?: boolean; locales?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'settlement-check-'));
  made.push(dir);
  cpSync(repo('server-fixtures'), dir, { recursive: true });
  if (own.flows) cpSync(repo('flows'), path.join(dir, 'flows'), { recursive: true });
  if (own.locales) cpSync(repo('locales'), path.join(dir, 'locales'), { recursive: true });
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(dir, file);
    writeFileSync(full, change(readFileSync(full, 'utf8')));
  };
  return { dir, edit };
}

/** Runs the flows:check script; its output and exit status. */
function flowsCheck(...args: string[]): { status: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', repo('scripts/flows-check.ts'), ...args], { cwd: repo(''), encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { status: e.status, out: e.stdout + e.stderr };
  }
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('settlementPaths', () => {
  it('falls back to the repository flows/ and locales/', () => {
    const { dir } = settlement();
    expect(settlementPaths(dir)).toEqual({
      flowsDir: DEFAULT_FLOWS_DIR,
      modelsFile: path.join(dir, 'models.json'),
      localesDir: DEFAULT_LOCALES_DIR,
      ownFlows: false,
      ownLocales: false,
    });
    expect(DEFAULT_FLOWS_DIR).toBe(repo('flows/'));
    expect(DEFAULT_LOCALES_DIR).toBe(repo('locales/'));
  });

  it('takes the folder\'s own flows/ and locales/, each on its own', () => {
    const { dir } = settlement({ flows: true });
    expect(settlementPaths(dir)).toMatchObject({ flowsDir: path.join(dir, 'flows'), localesDir: DEFAULT_LOCALES_DIR, ownFlows: true, ownLocales: false });
    mkdirSync(path.join(dir, 'locales'));
    expect(settlementPaths(dir, { localesDir: '/elsewhere' })).toMatchObject({ localesDir: path.join(dir, 'locales'), ownLocales: true });
    expect(settlementPaths(settlement().dir, { flowsDir: '/other/flows' }).flowsDir).toBe('/other/flows');
  });

  it('checkFolder returns what it loaded', () => {
    const report = checkFolder(settlementPaths(settlement({ flows: true, locales: true }).dir));
    expect(report.issues).toEqual([]);
    expect(report.loaded.flows.map((f) => f.flow.formType)).toEqual(['Automotive', 'Exclusion', 'Lookup']);
    expect(report.loaded.models).toHaveLength(11);
    expect(Object.keys(report.loaded.locales).map((f) => path.basename(f))).toEqual(['en.json', 'es.json']);
  });
});

// Each test starts the command as its own process (tsx compiles the checker first): seconds, not milliseconds.
describe('npm run flows:check [folder]', { timeout: 60_000 }, () => {
  it('checks the sample settlement without an argument, and a settlement folder with its own flows', () => {
    expect(flowsCheck()).toEqual({ status: 0, out: 'flows:check: 3 flows, 14 pages, 11 model configs, 2 locales — no problems\n' });
    const { dir } = settlement({ flows: true, locales: true });
    expect(flowsCheck(dir)).toMatchObject({ status: 0, out: expect.stringContaining('3 flows, 14 pages, 11 model configs, 2 locales — no problems') });
  });

  it('reports a broken flow of the folder with file, line, column and pointer, and a key its own locales lack', () => {
    const { dir, edit } = settlement({ flows: true, locales: true });
    edit('flows/lookup.json', (t) => t.replace('"titleKey": "LocKey_Lookup_Title"', '"titleKey": "LocKey_Lookup_Heading"'));
    const { status, out } = flowsCheck(dir);
    expect(status).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines.at(-1)).toBe('flows:check: 2 problem(s) found');
    const rel = path.relative(repo(''), path.join(dir, 'flows', 'lookup.json'));
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(new RegExp(`^${rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+ /pages/0/titleKey — localization key "LocKey_Lookup_Heading" is missing from .*locales/(en|es)\\.json`));
    }
  });

  it('checks a settlement folder without flows/ against the repository flows, with its own models.json', () => {
    const { dir, edit } = settlement();
    edit('models.json', (t) => t.replace('"lastName"', '"familyName"'));
    const { status, out } = flowsCheck(dir);
    expect(status).toBe(1);
    expect(out).toMatch(/^flows\/automotive\.json:\d+:\d+ \/pages\/1\/blocks\/2\/fields\/2\/key — field "lastName" is not a field of the Automotive model ClaimantInfo/m);
  });
});
