import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, locate } from '../../../tooling/flow/check-folder';
import { formatIssue } from '../../../runtime/core/flow/issues';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];

/** A copy of the shipped flows, models and locales in a temporary folder. */
function copyConfig() {
  const dir = mkdtempSync(path.join(tmpdir(), 'flows-check-'));
  made.push(dir);
  cpSync(repo('flows'), path.join(dir, 'flows'), { recursive: true });
  cpSync(repo('locales'), path.join(dir, 'locales'), { recursive: true });
  cpSync(repo('server-fixtures/models.json'), path.join(dir, 'models.json'));
  const paths = { flowsDir: path.join(dir, 'flows'), modelsFile: path.join(dir, 'models.json'), localesDir: path.join(dir, 'locales') };
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(dir, file);
    writeFileSync(full, change(readFileSync(full, 'utf8')));
  };
  return { dir, paths, edit };
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('checkFolder', () => {
  it('finds no problem in the shipped flows, model configs and locales', () => {
    const report = checkFolder({ flowsDir: repo('flows'), modelsFile: repo('server-fixtures/models.json'), localesDir: repo('locales') });
    expect(report.issues.map(formatIssue)).toEqual([]);
    expect(report).toMatchObject({ flows: 3, models: 11, locales: 2 });
  });

  it('names file, line, column and pointer of a broken field reference', () => {
    const { paths, edit } = copyConfig();
    edit('flows/automotive.json', (t) => t.replace('"key": "lastName"', '"key": "surname"'));
    const [issue, ...rest] = checkFolder(paths).issues;
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ file: path.join(paths.flowsDir, 'automotive.json'), pointer: '/pages/1/blocks/2/fields/2/key' });
    const lines = readFileSync(path.join(paths.flowsDir, 'automotive.json'), 'utf8').split('\n');
    expect(lines[issue!.line! - 1]!.slice(issue!.column! - 1)).toBe('"key": "surname",');
    expect(formatIssue(issue!)).toMatch(/automotive\.json:\d+:\d+ \/pages\/1\/blocks\/2\/fields\/2\/key — field "surname" is not a field of the Automotive model ClaimantInfo \(use one of: "firstName"/);
  });

  it('reports a page id and a route used by two flows', () => {
    const { paths, edit } = copyConfig();
    edit('flows/exclusion.json', (t) => t.replace('"id": "exclusion-confirmation"', '"id": "confirmation"').replace('"/exclusion/"', '"/automotive/"'));
    const issues = checkFolder(paths).issues;
    expect(issues.map((i) => [path.basename(i.file), i.pointer, i.message])).toEqual([
      ['exclusion.json', '/pages/0/aliases/0', expect.stringMatching(/^route "\/automotive\/" is already used at .*automotive\.json \/pages\/0\/aliases\/1$/)],
      ['exclusion.json', '/pages/3/id', expect.stringMatching(/^page id "confirmation" is already used at .*automotive\.json \/pages\/8$/)],
    ]);
  });

  it('reports keys one locale file lacks and a flow key missing from every locale', () => {
    const { paths, edit } = copyConfig();
    edit('locales/es.json', (t) => t.replace(/\s*"LocKey_Lookup_Title": "[^"]*",/, ''));
    const issues = checkFolder(paths).issues;
    expect(issues.map((i) => [path.basename(i.file), i.message])).toEqual([
      ['es.json', expect.stringMatching(/^localization key "LocKey_Lookup_Title" \(in .*en\.json\) is missing$/)],
      ['lookup.json', expect.stringMatching(/^localization key "LocKey_Lookup_Title" is missing from .*es\.json$/)],
    ]);
    // Missing from es.json only: to be added there, not a misspelling of a nearby key.
    const hint = issues.find((i) => path.basename(i.file) === 'lookup.json')?.hint ?? '';
    expect(hint).toMatch(/^add "LocKey_Lookup_Title" to .*es\.json with its text in this culture \(.*en\.json has it\)$/);
    expect(hint).not.toContain('did you mean');
  });

  it('says that a flow its schema refuses is checked further once its problems are fixed (a route it shares is found then)', () => {
    const { paths, edit } = copyConfig();
    edit('flows/exclusion.json', (t) => t.replace('"/exclusion/"', '"/automotive/"').replace('"widget": "text"', '"widget": "txet"'));
    const first = checkFolder(paths);
    expect(first.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^"txet" is not allowed here/)]);
    expect(first.warnings).toEqual([expect.objectContaining({ file: expect.stringMatching(/exclusion\.json$/), pointer: '', message: expect.stringMatching(/run once the problems listed for this file are fixed$/) })]);
    edit('flows/exclusion.json', (t) => t.replace('"widget": "txet"', '"widget": "text"'));
    const second = checkFolder(paths);
    expect(second.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^route "\/automotive\/" is already used/)]);
    expect(second.warnings).toEqual([]);
  });

  it('reports invalid JSON with its line and column', () => {
    const { paths, edit } = copyConfig();
    edit('flows/lookup.json', (t) => t.replace('"version": 1,', '"version": 1,,'));
    const issues = checkFolder(paths).issues;
    expect(issues[0]).toMatchObject({ line: 3, column: 16, message: 'not valid JSON: PropertyNameExpected' });
  });

  it('checks the time-zone names of a deadlines file when given: an IANA name passes, an unknown one is named with the nearest', () => {
    const { dir, paths } = copyConfig();
    const deadlinesFile = path.join(dir, 'deadlines.legacy.json');
    const legacy = (zone: string) => `{\n  "deadlines": {\n    "globalDeadline": { "timeZone": "${zone}", "deadline": "12/31/2027" }\n  }\n}\n`;
    writeFileSync(deadlinesFile, legacy('America/New_York'));
    expect(checkFolder({ ...paths, deadlinesFile }).issues).toEqual([]);
    writeFileSync(deadlinesFile, legacy('Eastern Time'));
    expect(checkFolder({ ...paths, deadlinesFile }).issues).toEqual([
      {
        file: deadlinesFile,
        pointer: '/deadlines/globalDeadline/timeZone',
        message: 'Unknown time zone: Eastern Time',
        hint: expect.stringMatching(/^use one of spec §5's names \(Pacific, .*\) or an IANA zone name such as "America\/New_York"$/),
        line: 3,
        column: 25,
      },
    ]);
  });
});

describe('locate', () => {
  it('finds a pointer, or its nearest ancestor', () => {
    const text = '{\n  "a": [\n    { "b": 1 }\n  ]\n}';
    expect(locate(text, '/a/0/b')).toEqual({ line: 3, column: 7 });
    expect(locate(text, '/a/0/missing')).toEqual({ line: 3, column: 5 });
    expect(locate(text, '')).toEqual({ line: 1, column: 1 });
  });
});
