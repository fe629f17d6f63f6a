/**
 * The files of a settlement folder the studio edits — its flows, its locales, its models.json
 * (the repository's flows/ and locales/ when the folder has none, as the server and the checker
 * read them), its other settlement files that have a schema (settings.json, deadlines.json…) and
 * its flow fixtures (fixtures/*.fixture.json, which a rename edits) — and the checker run over
 * them with the studio's unsaved changes applied.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkFixture, FIXTURE_SUFFIX, FixtureError } from '../../tooling/fixtures/fixture';
import { checkFolder, locate, SETTLEMENT_FILES, settlementPaths } from '../../tooling/flow/check-folder';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { editJsonText } from './json-edit';

export type StudioFileKind = 'flow' | 'locale' | 'models' | 'settlement' | 'fixture';

/** One editable file. `id` names it in the studio's API: flows/automotive.json, locales/es.json, models.json, settings.json, fixtures/x.fixture.json. */
export interface StudioFile {
  id: string;
  kind: StudioFileKind;
  /** Where it is on disk. */
  absolutePath: string;
}

/** A checker problem, its file named by studio id (or by its path in the folder for the other settlement files). */
export type StudioIssue = FlowIssue;

export class StudioInputError extends Error {
  override name = 'StudioInputError';
}

const jsonNames = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();

function parsesAsObject(file: string): boolean {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The flows, locales, models.json, settlement files (those of SETTLEMENT_FILES it has) and flow fixtures of the folder, each with its studio id. */
export function studioFiles(folder: string): StudioFile[] {
  const paths = settlementPaths(folder);
  const fixturesDir = path.join(folder, 'fixtures');
  return [
    ...jsonNames(paths.flowsDir).map((name) => ({ id: `flows/${name}`, kind: 'flow' as const, absolutePath: path.join(paths.flowsDir, name) })),
    ...jsonNames(paths.localesDir).map((name) => ({ id: `locales/${name}`, kind: 'locale' as const, absolutePath: path.join(paths.localesDir, name) })),
    { id: 'models.json', kind: 'models' as const, absolutePath: paths.modelsFile },
    ...Object.keys(SETTLEMENT_FILES)
      .filter((name) => existsSync(path.join(folder, name)))
      .map((name) => ({ id: name, kind: 'settlement' as const, absolutePath: path.join(folder, name) })),
    // A fixture that is not JSON is left to `npm run flows:test`, which names its problem; the studio edits the others.
    ...(existsSync(fixturesDir) ? jsonNames(fixturesDir).filter((name) => name.endsWith(FIXTURE_SUFFIX) && parsesAsObject(path.join(fixturesDir, name))) : []).map((name) => ({
      id: `fixtures/${name}`,
      kind: 'fixture' as const,
      absolutePath: path.join(fixturesDir, name),
    })),
  ];
}

/** The current text of each editable file, by id. */
export function readTexts(files: readonly StudioFile[]): Record<string, string> {
  return Object.fromEntries(files.map((f) => [f.id, readFileSync(f.absolutePath, 'utf8')]));
}

/**
 * The new text of each changed file: its current text edited path by path into the new value.
 * An unknown id is the caller's mistake (a 400), never a write elsewhere.
 */
export function changedTexts(files: readonly StudioFile[], texts: Readonly<Record<string, string>>, changes: Readonly<Record<string, unknown>>): Record<string, string> {
  const byId = new Map(files.map((f) => [f.id, f]));
  const result: Record<string, string> = {};
  for (const [id, value] of Object.entries(changes)) {
    const file = byId.get(id);
    if (!file) throw new StudioInputError(`"${id}" is not a file of this settlement (flows/*.json, locales/*.json, models.json or one of ${Object.keys(SETTLEMENT_FILES).join(', ')} that the folder has, or fixtures/*.fixture.json)`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StudioInputError(`the new content of ${id} must be a JSON object`);
    result[id] = editJsonText(texts[id]!, value, { localeFile: file.kind === 'locale' });
  }
  return result;
}

/**
 * Runs the folder checker (`npm run flows:check <folder>`) on the editable files with `texts`
 * in place of theirs, in a scratch copy, so nothing in the folder changes. The folder's other
 * files (class lists, a logo) are checked where they are, unless a settlement file changes: then
 * the folder is checked in the scratch copy too.
 */
export function checkWith(folder: string, files: readonly StudioFile[], texts: Readonly<Record<string, string>>): StudioIssue[] {
  return checkReportWith(folder, files, texts).issues;
}

/** checkWith's problems, and what the checker warns of without refusing a save (texts still to write…). */
export function checkReportWith(folder: string, files: readonly StudioFile[], texts: Readonly<Record<string, string>>): { issues: StudioIssue[]; warnings: StudioIssue[] } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-check-'));
  try {
    const settlementChanged = files.some((f) => f.kind === 'settlement' && texts[f.id] !== undefined);
    const settlementDir = settlementChanged ? path.join(scratch, 'settlement') : folder;
    if (settlementChanged) {
      // The folder's own files beside them (class lists, a logo), without its flows, locales and history.
      const skipped = new Set(['flows', 'locales', '.git'].map((name) => path.join(folder, name)));
      cpSync(folder, settlementDir, { recursive: true, filter: (source) => !skipped.has(source) });
    }
    for (const file of files) {
      if (file.kind === 'fixture') continue;
      const target = file.kind === 'settlement' ? path.join(settlementDir, file.id) : path.join(scratch, file.id);
      if (file.kind !== 'settlement' || settlementChanged) cpSync(file.absolutePath, target);
      const text = texts[file.id];
      if (text !== undefined) writeFileSync(target, text);
    }
    const hasSettlementFiles = Object.keys(SETTLEMENT_FILES).some((name) => existsSync(path.join(folder, name)));
    const report = checkFolder({
      flowsDir: path.join(scratch, 'flows'),
      modelsFile: path.join(scratch, 'models.json'),
      localesDir: path.join(scratch, 'locales'),
      settlementDir,
      partialSettlement: !hasSettlementFiles,
    });
    // Problems name the studio's file ids, never the scratch copy (hints name files too).
    const unscratch = (text: string) => text.split(`${settlementDir}${path.sep}`).join('').split(`${scratch}${path.sep}`).join('');
    const shown = (issue: (typeof report.issues)[number]): StudioIssue => ({
      ...issue,
      file: issue.file.startsWith(settlementDir) ? path.relative(settlementDir, issue.file) : issue.file.startsWith(scratch) ? path.relative(scratch, issue.file) : path.relative(folder, issue.file),
      message: unscratch(issue.message),
      hint: unscratch(issue.hint),
    });
    return { issues: [...report.issues.map(shown), ...fixtureIssues(files, texts)], warnings: report.warnings.map(shown) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The changed fixtures' problems with the fixture schema (the checker does not read fixtures; `npm run flows:test` plays them). */
function fixtureIssues(files: readonly StudioFile[], texts: Readonly<Record<string, string>>): StudioIssue[] {
  return files
    .filter((f) => f.kind === 'fixture' && texts[f.id] !== undefined)
    .flatMap((f) => {
      const text = texts[f.id]!;
      try {
        checkFixture(JSON.parse(text), f.id, text);
        return [];
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error;
        return error.problems.map((p) => ({ file: f.id, pointer: p.pointer, message: p.message, hint: 'Correct the fixture as docs/testing-flows.md describes it.', ...locate(text, p.pointer) }));
      }
    });
}
