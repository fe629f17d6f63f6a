/**
 * Adds one localization key to every locale file of a folder at once, each with its culture's
 * text, leaving the rest of each file as it was: key order, indentation, line ends (jsonc-parser
 * edits, not a rewrite). The new key takes its sorted place in a sorted file, else it goes after
 * the last key of its area (LocKey_<Area>_…), else at the end.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';

export interface AddKeyResult {
  /** Files the key was added to. */
  added: string[];
  /** Files that already held the key (left as they were). */
  present: string[];
}

export class AddKeyError extends Error {
  override name = 'AddKeyError';
}

const KEY = /^LocKey_[A-Za-z0-9_]+$/;

/** `<folder>/locales/*.json` when the folder has locales/, else the folder's own *.json. */
export function localeFiles(folder: string): string[] {
  const dir = readdirSync(folder).includes('locales') ? path.join(folder, 'locales') : folder;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The indentation and line ends of a JSON text, as jsonc-parser's formatting options. */
export function indentOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * Where a new key goes among a file's keys: in its sorted place when the file is sorted, else after
 * the last key of its area (LocKey_<Area>_), else at the end.
 */
export function insertionIndex(keys: readonly string[], key: string): number {
  const named = keys.filter((k) => k !== '$schema');
  const sorted = named.every((k, i) => {
    const previous = named[i - 1];
    return previous === undefined || previous <= k;
  });
  if (sorted) {
    const next = keys.findIndex((k) => k !== '$schema' && k > key);
    return next < 0 ? keys.length : next;
  }
  const area = `${key.split('_').slice(0, 2).join('_')}_`;
  const last = keys.reduce((found, k, i) => (k.startsWith(area) ? i : found), -1);
  return last < 0 ? keys.length : last + 1;
}

/**
 * Adds `key` with `texts[culture]` to each locale file (culture = file name: en.json → en). Every
 * file lacking the key needs its text; nothing is written unless every file can be.
 */
export function addLocaleKey(folder: string, key: string, texts: Readonly<Record<string, string>>): AddKeyResult {
  if (!KEY.test(key)) throw new AddKeyError(`"${key}" is not a localization key (LocKey_<Area>_<Name>: letters, digits and _)`);
  const files = localeFiles(folder);
  if (files.length === 0) throw new AddKeyError(`no locale files (*.json) in ${folder}`);
  const result: AddKeyResult = { added: [], present: [] };
  const writes: Array<{ file: string; text: string }> = [];
  const missingTexts: string[] = [];
  for (const file of files) {
    const culture = path.basename(file, '.json');
    const text = readFileSync(file, 'utf8');
    const json: unknown = parse(text);
    const keys = typeof json === 'object' && json !== null ? Object.keys(json) : [];
    if (keys.includes(key)) {
      result.present.push(file);
      continue;
    }
    const value = texts[culture];
    if (value === undefined) {
      missingTexts.push(culture);
      continue;
    }
    const edits = modify(text, [key], value, { formattingOptions: indentOf(text), getInsertionIndex: (properties) => insertionIndex(properties, key) });
    writes.push({ file, text: applyEdits(text, edits) });
    result.added.push(file);
  }
  if (missingTexts.length > 0) throw new AddKeyError(`give the text of ${key} for ${missingTexts.map((c) => `--${c}`).join(', ')} (its culture's locale file lacks the key)`);
  for (const { file, text } of writes) writeFileSync(file, text);
  return result;
}
