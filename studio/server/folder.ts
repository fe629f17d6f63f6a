/**
 * The files of a settlement folder the studio edits — its flows, its locales, its models.json
 * (as the settlement reader makes them: the repository's flows/ and locales/ when the folder has
 * none, the files of the folder it extends merged with its own), its other settlement files that
 * have a schema (settings.json, deadlines.json…) and its flow fixtures (fixtures/*.fixture.json,
 * which a rename edits) — and the checker run over them with the studio's unsaved changes applied.
 *
 * In a folder that extends another, a file is shown merged, with the files it was made from; a
 * save writes the folder's own file as the merge patch from the extended folder's to the new
 * content, so the folder keeps holding only what differs.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkFixture, FIXTURE_SUFFIX, FixtureError } from '../../tooling/fixtures/fixture';
import { checkFolder, locate, SETTLEMENT_FILES } from '../../tooling/flow/check-folder';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { FIXTURES_FOLDER, MODELS_FILE, SETTLEMENT_MANIFEST } from '../../settlement/files';
import { mergePatchBetween } from '../../settlement/merge-patch';
import { filesIn, readSettlementFolder, type SettlementFileEntry } from '../../settlement/read';
import { editJsonText } from './json-edit';

export type StudioFileKind = 'flow' | 'locale' | 'models' | 'settlement' | 'fixture';

/** One editable file. `id` names it in the studio's API: flows/automotive.json, locales/es.json, models.json, settings.json, fixtures/x.fixture.json. */
export interface StudioFile {
  id: string;
  kind: StudioFileKind;
  /** Where it is written on disk: the folder's own file (in a folder that extends another, possibly not there yet). */
  absolutePath: string;
  /** The files its content is made from, the extended folder's first (one file when it is the folder's own or the repository's). */
  from: string[];
  /** In a folder that extends another: its merged text, and the extended folder's JSON a save writes the patch from (undefined when that has no such file). */
  extended?: { text: string; base: unknown };
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
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The flows, locales, models.json, settlement files (those of SETTLEMENT_FILES it has) and flow fixtures of the folder, each with its studio id. */
export function studioFiles(folder: string): StudioFile[] {
  const read = readSettlementFolder(folder);
  const extending = read.extended.length > 0;
  const parent = extending && read.extended[0] !== undefined ? readSettlementFolder(read.extended[0]) : undefined;
  const fileOf = (kind: StudioFileKind, entry: SettlementFileEntry): StudioFile => ({
    id: entry.name,
    kind,
    absolutePath: extending ? path.join(folder, entry.name) : entry.path,
    from: entry.layers.map((l) => l.file),
    ...(extending ? { extended: { text: entry.text, base: parent?.files.get(entry.name)?.json } } : {}),
  });
  const models = read.files.get(MODELS_FILE);
  const fixturesDir = path.join(folder, FIXTURES_FOLDER);
  return [
    ...filesIn(read, 'flows').map((entry) => fileOf('flow', entry)),
    ...filesIn(read, 'locales').map((entry) => fileOf('locale', entry)),
    models ? fileOf('models', models) : { id: MODELS_FILE, kind: 'models' as const, absolutePath: path.join(folder, MODELS_FILE), from: [path.join(folder, MODELS_FILE)] },
    ...Object.keys(SETTLEMENT_FILES).flatMap((name) => {
      const entry = read.files.get(name);
      return entry ? [fileOf('settlement', entry)] : [];
    }),
    // A fixture that is not JSON is left to `npm run flows:test`, which names its problem; the studio edits the others.
    ...(existsSync(fixturesDir) ? jsonNames(fixturesDir).filter((name) => name.endsWith(FIXTURE_SUFFIX) && parsesAsObject(path.join(fixturesDir, name))) : []).map((name) => ({
      id: `fixtures/${name}`,
      kind: 'fixture' as const,
      absolutePath: path.join(fixturesDir, name),
      from: [path.join(fixturesDir, name)],
    })),
  ];
}

/** The current text of each editable file, by id (merged, in a folder that extends another). */
export function readTexts(files: readonly StudioFile[]): Record<string, string> {
  return Object.fromEntries(files.map((f) => [f.id, f.extended?.text ?? readFileSync(f.absolutePath, 'utf8')]));
}

/**
 * What a save writes for each changed file: its new text, or in a folder that extends another the
 * merge patch from the extended folder's file to the new content (null: the folder's own file is
 * removed, the extended folder's being the same).
 */
export function textsToWrite(files: readonly StudioFile[], next: Readonly<Record<string, string>>): Record<string, string | null> {
  const byId = new Map(files.map((f) => [f.id, f]));
  return Object.fromEntries(
    Object.entries(next).map(([id, text]) => {
      const extended = byId.get(id)?.extended;
      if (!extended) return [id, text];
      const value: unknown = JSON.parse(text);
      const patch = extended.base === undefined ? value : mergePatchBetween(extended.base, value);
      return [id, patch === undefined ? null : `${JSON.stringify(patch, null, 2)}\n`];
    }),
  );
}

/** Writes what textsToWrite gives: each file of the folder, or its removal. */
export function writeTexts(files: readonly StudioFile[], next: Readonly<Record<string, string>>): void {
  const byId = new Map(files.map((f) => [f.id, f]));
  for (const [id, text] of Object.entries(textsToWrite(files, next))) {
    const file = byId.get(id);
    if (!file) continue;
    if (text === null) rmSync(file.absolutePath, { force: true });
    else {
      mkdirSync(path.dirname(file.absolutePath), { recursive: true });
      writeFileSync(file.absolutePath, text);
    }
  }
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
    const text = texts[id];
    if (text === undefined) throw new StudioInputError(`${id} has no text to edit`);
    result[id] = editJsonText(text, value, { localeFile: file.kind === 'locale' });
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
  if (files.some((f) => f.extended)) return checkExtendingWith(folder, files, texts);
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
    const report = checkFolder({
      flowsDir: path.join(scratch, 'flows'),
      modelsFile: path.join(scratch, 'models.json'),
      localesDir: path.join(scratch, 'locales'),
      settlementDir,
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

/**
 * checkReportWith for a folder that extends another: the folder's own files copied to a scratch
 * folder extending the same folder, the changed files written there as the merge patches a save
 * would write, and the merged result checked. Problems name the folder's files, or the extended
 * folder's file a value came from.
 */
function checkExtendingWith(folder: string, files: readonly StudioFile[], texts: Readonly<Record<string, string>>): { issues: StudioIssue[]; warnings: StudioIssue[] } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-check-'));
  try {
    const skipped = new Set([FIXTURES_FOLDER, '.git'].map((name) => path.join(folder, name)));
    cpSync(folder, scratch, { recursive: true, filter: (source) => !skipped.has(source) });
    const extended = readSettlementFolder(folder).extended[0];
    if (extended !== undefined) writeFileSync(path.join(scratch, SETTLEMENT_MANIFEST), `${JSON.stringify({ extends: path.resolve(extended) })}\n`);
    const inScratch = files.map((f) => ({ ...f, absolutePath: path.join(scratch, path.relative(folder, f.absolutePath)) }));
    writeTexts(inScratch, Object.fromEntries(Object.entries(texts).filter(([id]) => !id.startsWith(`${FIXTURES_FOLDER}/`))));
    const report = checkFolder(readSettlementFolder(scratch));
    const shown = (issue: FlowIssue): StudioIssue => {
      const relative = path.relative(scratch, issue.file);
      return relative.startsWith('..') ? { ...issue, file: path.relative(process.cwd(), issue.file) } : { ...issue, file: relative, message: issue.message.split(`${scratch}${path.sep}`).join(''), hint: issue.hint.split(`${scratch}${path.sep}`).join('') };
    };
    return { issues: [...report.issues.map(shown), ...fixtureIssues(files, texts)], warnings: report.warnings.map(shown) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The changed fixtures' problems with the fixture schema (the checker does not read fixtures; `npm run flows:test` plays them). */
function fixtureIssues(files: readonly StudioFile[], texts: Readonly<Record<string, string>>): StudioIssue[] {
  return files.flatMap((f) => {
    const text = texts[f.id];
    if (f.kind !== 'fixture' || text === undefined) return [];
    try {
      checkFixture(JSON.parse(text), f.id, text);
      return [];
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      return error.problems.map((p) => ({ file: f.id, pointer: p.pointer, message: p.message, hint: 'Correct the fixture as docs/testing-flows.md describes it.', ...locate(text, p.pointer) }));
    }
  });
}
