/**
 * The one reader of a settlement folder. It lists the folder's files — models.json, flows/*.json,
 * locales/*.json, the other settlement files (settings.json, deadlines.json…), the class lists and
 * any other file such as a logo — and fills in what the folder lacks:
 *
 * - a folder whose settlement.json `extends` another folder takes that folder's files: each JSON
 *   file it has is applied to the other's file of the same name as a JSON Merge Patch (RFC 7386,
 *   named items patched by name: merge-patch.ts; a file holding only `null` removes the other's),
 *   any other file replaces the other's, and the files it lacks are the other's, through as many
 *   folders as extend each other;
 * - a folder that extends none and has no flows/ (or locales/) takes the repository's.
 *
 * Each file keeps the files it was made from, so a problem found in a merged value can name the
 * file that wrote it (`originOf`). The reader parses and merges only: the schemas and the
 * cross-checks are the checker's (tooling/flow/check-folder), the defaults of each setting the
 * server's (server/settlement/load).
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FlowIssue } from '../runtime/core/flow/issues.js';
import { pointerSegments } from '../runtime/core/flow/issues.js';
import { DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR, FLOWS_FOLDER, isSettlementFileName, LOCALES_FOLDER, MODELS_FILE, SETTLEMENT_MANIFEST } from './files.js';
import { locate, parseJsonText } from './json-text.js';
import type { UnknownItem } from './merge-patch.js';
import { applyMergePatch, isJsonObject, pathInOriginal, pathInPatch, pointerOf } from './merge-patch.js';

/** One file a settlement file was made from. */
export interface SettlementFileLayer {
  /** The file on disk. */
  file: string;
  text: string;
  /** Its JSON (for a JSON file that parsed). */
  json?: unknown;
}

/** One file of a settlement folder, as the folder and the folders it extends make it. */
export interface SettlementFileEntry {
  /** Its name inside the folder: 'models.json', 'flows/automotive.json', 'class-members.csv'. */
  name: string;
  /**
   * How problems name it: the file on disk when one file gives it whole (the folder's own, the
   * extended folder's, the repository's flows/ or locales/), else `<folder>/<name>`.
   */
  path: string;
  /** The file on disk holding its content (of a merged file: the last patch). */
  source: string;
  /** Its text: the file's own, or the merged JSON written out. */
  text: string;
  /** JSON files: whether every layer parsed, and the merged value. */
  parsed: boolean;
  json?: unknown;
  /** The syntax errors of its files, each at its file, line and column. */
  errors: FlowIssue[];
  /** The files it was made from, the extended folder's first; more than one for a merged file. */
  layers: SettlementFileLayer[];
}

export interface SettlementFolder {
  dir: string;
  /** The folders it extends, nearest first. */
  extended: string[];
  /** Every file by name. */
  files: ReadonlyMap<string, SettlementFileEntry>;
  /** Where problems say the flows, the locales and models.json are (of a folder that extends another: its own flows/, else the nearest of the folders it extends, else the defaults). */
  flowsDir: string;
  localesDir: string;
  modelsFile: string;
  /** Whether the folder (or a folder it extends) has its own flows/ and locales/, rather than the repository's. */
  ownFlows: boolean;
  ownLocales: boolean;
  /** What stops the folder being read: a settlement.json that is wrong, a folder extended that is not there, a cycle. */
  problems: FlowIssue[];
}

export interface ReadSettlementOptions {
  /** Flows of a folder without flows/ (default: the repository's flows/). */
  flowsDir?: string;
  /** Locales of a folder without locales/ (default: the repository's locales/). */
  localesDir?: string;
}

const isDir = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

/** The files of one directory on disk (not recursive), sorted. */
function filesOf(dir: string): string[] {
  if (!isDir(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

/** The files whose content is JSON the reader merges: models.json, the settlement files, flows and locales. */
function isMergedJson(name: string): boolean {
  if (name === MODELS_FILE || isSettlementFileName(name)) return true;
  const [folder, file, more] = name.split('/');
  return more === undefined && (folder === FLOWS_FOLDER || folder === LOCALES_FOLDER) && file !== undefined && file.endsWith('.json');
}

const SYNTAX_HINT = 'fix the JSON syntax (settlement files allow no comments or trailing commas)';

/** One file on disk as a one-layer entry. */
function entryOf(name: string, file: string): SettlementFileEntry {
  const text = readFileSync(file, 'utf8');
  if (!isMergedJson(name)) return { name, path: file, source: file, text, parsed: true, errors: [], layers: [{ file, text }] };
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const errors = parsed.errors.map((e) => ({ file, pointer: '', hint: SYNTAX_HINT, ...e }));
    return { name, path: file, source: file, text, parsed: false, errors, layers: [{ file, text }] };
  }
  return { name, path: file, source: file, text, parsed: true, json: parsed.json, errors: [], layers: [{ file, text, json: parsed.json }] };
}

/** The files a folder holds itself, by name: its root's (settlement.json aside), flows/*.json and locales/*.json. */
function ownFiles(dir: string): Map<string, string> {
  const own = new Map<string, string>();
  for (const name of filesOf(dir)) if (name !== SETTLEMENT_MANIFEST) own.set(name, path.join(dir, name));
  for (const folder of [FLOWS_FOLDER, LOCALES_FOLDER]) {
    for (const name of filesOf(path.join(dir, folder))) if (name.endsWith('.json')) own.set(`${folder}/${name}`, path.join(dir, folder, name));
  }
  return own;
}

/** The folder a settlement.json extends (resolved against the folder), or a problem of the file. */
function extendedFolder(dir: string, problems: FlowIssue[]): string | undefined {
  const file = path.join(dir, SETTLEMENT_MANIFEST);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    problems.push(...parsed.errors.map((e) => ({ file, pointer: '', hint: SYNTAX_HINT, ...e })));
    return undefined;
  }
  if (!isJsonObject(parsed.json)) {
    problems.push({ file, pointer: '', message: 'settlement.json must be an object', hint: 'write { "extends": "<folder>" }', ...locate(text, '') });
    return undefined;
  }
  const named = parsed.json.extends;
  if (named === undefined) return undefined;
  if (typeof named !== 'string' || named === '') {
    problems.push({ file, pointer: '/extends', message: `${JSON.stringify(named)} is not a folder`, hint: 'give the folder this one extends, relative to this folder (e.g. "../server-fixtures")', ...locate(text, '/extends') });
    return undefined;
  }
  return path.isAbsolute(named) ? named : path.join(dir, named);
}

/** A patch naming an item the extended file does not have: the patch's mistake, at its pointer. */
function unknownItemProblem(file: string, text: string, unknown: UnknownItem): FlowIssue {
  const pointer = pointerOf(unknown.path);
  return unknown.removing
    ? { file, pointer, message: `removes "${unknown.name}", which the extended folder's file does not have`, hint: 'name an item it has (a page, block or form by its id, a model by formType/dtoMapping, a field by its key), or drop the line', ...locate(text, pointer) }
    : { file, pointer, message: `patches "${unknown.name}", which the extended folder's file does not have`, hint: `name an item it has (a page, block or form by its id, a model by formType/dtoMapping, a field by its key), or add a new item written whole, its own name ("${unknown.name}") included`, ...locate(text, pointer) };
}

interface Chain {
  files: Map<string, SettlementFileEntry>;
  extended: string[];
  ownFlows: boolean;
  ownLocales: boolean;
  /** The nearest flows/ and locales/ folders of the chain that are there (the defaults at its root). */
  flowsDir: string;
  localesDir: string;
}

function readChain(dir: string, options: ReadSettlementOptions, problems: FlowIssue[], visiting: string[]): Chain {
  const manifest = path.join(dir, SETTLEMENT_MANIFEST);
  const parentDir = extendedFolder(dir, problems);
  const own = ownFiles(dir);
  const ownFlows = isDir(path.join(dir, FLOWS_FOLDER));
  const ownLocales = isDir(path.join(dir, LOCALES_FOLDER));

  let base: Chain | undefined;
  if (parentDir !== undefined) {
    const resolved = path.resolve(parentDir);
    const at = visiting.indexOf(resolved);
    if (at >= 0) {
      const cycle = [...visiting.slice(at), resolved].map((d) => path.join(path.relative(process.cwd(), d) || '.', SETTLEMENT_MANIFEST));
      problems.push({ file: manifest, pointer: '/extends', message: `the folders extend each other in a cycle: ${cycle.join(' → ')}`, hint: 'make one of them extend none of the others', ...locate(readFileSync(manifest, 'utf8'), '/extends') });
    } else if (!isDir(parentDir)) {
      problems.push({ file: manifest, pointer: '/extends', message: `the folder it extends, ${parentDir}, is not there`, hint: 'give a settlement folder, relative to this one', ...locate(readFileSync(manifest, 'utf8'), '/extends') });
    } else {
      base = readChain(parentDir, options, problems, [...visiting, resolved]);
    }
  }

  if (!base) {
    // A folder extending none: what it lacks of flows/ and locales/ is the repository's.
    const files = new Map<string, SettlementFileEntry>();
    const defaults = [
      { folder: FLOWS_FOLDER, own: ownFlows, dir: options.flowsDir ?? DEFAULT_FLOWS_DIR },
      { folder: LOCALES_FOLDER, own: ownLocales, dir: options.localesDir ?? DEFAULT_LOCALES_DIR },
    ];
    for (const d of defaults) {
      if (d.own) continue;
      for (const name of filesOf(d.dir)) if (name.endsWith('.json')) files.set(`${d.folder}/${name}`, entryOf(`${d.folder}/${name}`, path.join(d.dir, name)));
    }
    for (const [name, file] of own) files.set(name, entryOf(name, file));
    return {
      files,
      extended: [],
      ownFlows,
      ownLocales,
      flowsDir: ownFlows ? path.join(dir, FLOWS_FOLDER) : (options.flowsDir ?? DEFAULT_FLOWS_DIR),
      localesDir: ownLocales ? path.join(dir, LOCALES_FOLDER) : (options.localesDir ?? DEFAULT_LOCALES_DIR),
    };
  }

  const files = new Map(base.files);
  for (const [name, file] of own) {
    const child = entryOf(name, file);
    const parent = files.get(name);
    if (!parent || !isMergedJson(name)) {
      files.set(name, child);
      continue;
    }
    if (!child.parsed || !parent.parsed) {
      files.set(name, { ...child, parsed: false, errors: [...parent.errors, ...child.errors], layers: [...parent.layers, ...child.layers] });
      continue;
    }
    const merged = applyMergePatch(parent.json, child.json, (unknown) => problems.push(unknownItemProblem(file, child.text, unknown)));
    // A file holding only null removes the extended folder's.
    if (merged === null) {
      files.delete(name);
      continue;
    }
    files.set(name, {
      name,
      path: path.join(dir, name),
      source: file,
      text: `${JSON.stringify(merged, null, 2)}\n`,
      parsed: true,
      json: merged,
      errors: [],
      layers: [...parent.layers, ...child.layers],
    });
  }
  return {
    files,
    extended: [parentDir ?? '', ...base.extended].filter(Boolean),
    ownFlows: ownFlows || base.ownFlows,
    ownLocales: ownLocales || base.ownLocales,
    flowsDir: ownFlows ? path.join(dir, FLOWS_FOLDER) : base.flowsDir,
    localesDir: ownLocales ? path.join(dir, LOCALES_FOLDER) : base.localesDir,
  };
}

/** Reads a settlement folder, the folders it extends and the defaults (see the top of this file). */
export function readSettlementFolder(dir: string, options: ReadSettlementOptions = {}): SettlementFolder {
  const problems: FlowIssue[] = [];
  if (!isDir(dir)) {
    return { dir, extended: [], files: new Map(), flowsDir: path.join(dir, FLOWS_FOLDER), localesDir: path.join(dir, LOCALES_FOLDER), modelsFile: path.join(dir, MODELS_FILE), ownFlows: false, ownLocales: false, problems: [{ file: dir, pointer: '', message: 'folder not found', hint: 'check the path' }] };
  }
  const chain = readChain(dir, options, problems, [path.resolve(dir)]);
  return {
    dir,
    extended: chain.extended,
    files: chain.files,
    flowsDir: chain.flowsDir,
    localesDir: chain.localesDir,
    modelsFile: chain.files.get(MODELS_FILE)?.path ?? path.join(dir, MODELS_FILE),
    ownFlows: chain.ownFlows,
    ownLocales: chain.ownLocales,
    problems,
  };
}

/**
 * The files at given places, read as they are (no settlement.json, no defaults): a folder of flow
 * files checked against some model configs and locales, or a scratch copy being checked.
 */
export function readFilesAt(paths: { flowsDir: string; modelsFile: string; localesDir: string; settlementDir?: string }): SettlementFolder {
  const files = new Map<string, SettlementFileEntry>();
  const problems: FlowIssue[] = [];
  if (paths.settlementDir !== undefined) for (const name of filesOf(paths.settlementDir)) if (name !== SETTLEMENT_MANIFEST) files.set(name, entryOf(name, path.join(paths.settlementDir, name)));
  for (const [folder, dir] of [[FLOWS_FOLDER, paths.flowsDir], [LOCALES_FOLDER, paths.localesDir]] as const) {
    if (!isDir(dir)) problems.push({ file: dir, pointer: '', message: 'folder not found', hint: 'check the path' });
    for (const name of filesOf(dir)) if (name.endsWith('.json')) files.set(`${folder}/${name}`, entryOf(`${folder}/${name}`, path.join(dir, name)));
  }
  if (existsSync(paths.modelsFile)) files.set(MODELS_FILE, entryOf(MODELS_FILE, paths.modelsFile));
  else files.delete(MODELS_FILE);
  return { dir: paths.settlementDir ?? path.dirname(paths.modelsFile), extended: [], files, flowsDir: paths.flowsDir, localesDir: paths.localesDir, modelsFile: paths.modelsFile, ownFlows: true, ownLocales: true, problems };
}

/** The JSON files of flows/ or locales/, in name order. */
export function filesIn(folder: SettlementFolder, sub: typeof FLOWS_FOLDER | typeof LOCALES_FOLDER): SettlementFileEntry[] {
  return [...folder.files.values()].filter((f) => f.name.startsWith(`${sub}/`)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The file that wrote the value at `pointer` of a file (the last whose patch wrote it or an
 * ancestor), with its text and where the value is in it (an item of a named array by its name).
 */
export function originOf(entry: SettlementFileEntry, pointer: string): SettlementFileLayer & { pointer: string } {
  const segments = pointerSegments(pointer);
  for (let i = entry.layers.length - 1; i > 0; i--) {
    const layer = entry.layers[i];
    const written = layer && pathInPatch(layer.json, segments, entry.json);
    if (layer && written) return { ...layer, pointer: pointerOf(written) };
  }
  const first = entry.layers[0] ?? { file: entry.path, text: entry.text };
  return { ...first, pointer: pointerOf(pathInOriginal(first.json, segments, entry.json)) };
}

/**
 * A problem found in a merged file named at the file that wrote the value (its line and column
 * there); other problems unchanged.
 */
export function atOrigin(folder: SettlementFolder, issue: FlowIssue): FlowIssue {
  // The reader's own problems (a patch naming an item that is not there) are at their file already.
  if (folder.problems.includes(issue)) return issue;
  const entry = [...folder.files.values()].find((f) => f.path === issue.file);
  if (!entry || entry.layers.length < 2) return issue;
  const origin = originOf(entry, issue.pointer);
  const inherited = path.relative(path.resolve(folder.dir), path.resolve(origin.file)).startsWith('..');
  return {
    ...issue,
    file: origin.file,
    ...locate(origin.text, origin.pointer),
    ...(inherited ? { hint: `${issue.hint}; the value is inherited by ${path.join(folder.dir, entry.name)} from this file` } : {}),
  };
}

/** The bytes of a file of the folder named relative to it (a logo), wherever the folder's chain has it; undefined when it has none. */
export function fileBytes(folder: SettlementFolder, relative: string): Buffer | undefined {
  const name = path.posix.normalize(relative.split(path.sep).join('/'));
  const entry = folder.files.get(name);
  const file = entry?.source ?? path.join(folder.dir, name);
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A settlement folder has its models.json, its own flows/, or a settlement.json. */
export const isSettlementFolder = (dir: string) => [MODELS_FILE, FLOWS_FOLDER, SETTLEMENT_MANIFEST].some((name) => existsSync(path.join(dir, name)));

/**
 * Writes a settlement folder as one folder that extends none (its files as the reader makes
 * them), with the folder's own other contents (fixtures…): a standalone copy to change freely.
 */
export function copySettlementFolder(from: string, to: string): void {
  const folder = readSettlementFolder(from);
  if (folder.problems.length > 0) throw new Error(`${from} cannot be read: ${folder.problems.map((p) => `${p.file} ${p.pointer || '/'} — ${p.message}`).join('; ')}`);
  cpSync(from, to, { recursive: true });
  rmSync(path.join(to, SETTLEMENT_MANIFEST), { force: true });
  for (const entry of folder.files.values()) {
    const [sub] = entry.name.split('/');
    // The repository's flows/ and locales/ stay the defaults of a folder that has none of its own.
    if ((sub === FLOWS_FOLDER && !folder.ownFlows) || (sub === LOCALES_FOLDER && !folder.ownLocales)) continue;
    const target = path.join(to, entry.name);
    mkdirSync(path.dirname(target), { recursive: true });
    if (entry.layers.length > 1) writeFileSync(target, entry.text);
    else copyFileSync(entry.source, target);
  }
  // The files a JSON null removes are not in the copy either.
  for (const sub of ['', `${FLOWS_FOLDER}/`, `${LOCALES_FOLDER}/`]) {
    for (const name of filesOf(path.join(to, sub))) {
      const named = `${sub}${name}`;
      if (isMergedJson(named) && !folder.files.has(named)) rmSync(path.join(to, named));
    }
  }
}
