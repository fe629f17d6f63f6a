/**
 * Carries a settlement's locale files forward to a newer product: every text the runtime itself
 * shows (runtimeLocaleKeys) that a locale of the folder lacks is added to the folder's own locale
 * file with the product's default text in that culture (locales/<culture>.json), or the English
 * default where the product has no text in that culture — listed, to be translated. Each file
 * keeps its key order and formatting (jsonc-parser edits, as locales:add makes them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { formatIssue } from '../../runtime/core/flow/issues';
import { isRecord } from '../../runtime/core/guards';
import { DEFAULT_LOCALES_DIR } from '../../settlement/files';
import { filesIn, readSettlementFolder } from '../../settlement/read';
import { indentOf, insertionIndex } from './add-key';
import { runtimeLocaleKeys } from './runtime-keys';

export interface SyncedLocale {
  /** The locale file written. */
  file: string;
  /** The keys added, with the product's text in the file's culture. */
  added: string[];
  /** Of those, the keys given the English text: the product has no text in this culture. */
  inEnglish: string[];
}

/** The product's default texts of a culture (locales/<culture>.json), or none. */
function productTexts(culture: string): Record<string, unknown> {
  const file = path.join(DEFAULT_LOCALES_DIR, `${culture}.json`);
  if (!existsSync(file)) return {};
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return isRecord(json) ? json : {};
}

/** The text files of a locale to write to: the folder's own (created holding `{}` when the folder inherits the locale whole). */
function ownLocaleFile(folder: string, name: string, source: string): string {
  const own = path.resolve(folder, name);
  if (path.resolve(source) === own) return own;
  // The locale comes whole from a folder it extends: its own file holds what it adds.
  if (!existsSync(own)) {
    mkdirSync(path.dirname(own), { recursive: true });
    writeFileSync(own, '{}\n');
  }
  return own;
}

export class SyncError extends Error {
  override name = 'SyncError';
}

/**
 * Adds the runtime's texts the folder's locales lack; returns what each file gained (files that
 * lacked nothing are not listed). A folder that cannot be read whole (a folder it extends is not
 * there) is refused with its problems: its locales would look as if they lacked everything.
 */
export function syncRuntimeTexts(folder: string, keys: readonly string[] = runtimeLocaleKeys()): SyncedLocale[] {
  const settlement = readSettlementFolder(folder);
  if (settlement.problems.length > 0) throw new SyncError(`${folder} cannot be read, nothing was written:\n${settlement.problems.map(formatIssue).join('\n')}`);
  if (!settlement.ownLocales) return []; // the product's own locales: nothing of the folder's to carry forward
  const english = productTexts('en');
  const synced: SyncedLocale[] = [];
  for (const entry of filesIn(settlement, 'locales')) {
    if (!entry.name.endsWith('.json') || !isRecord(entry.json)) continue;
    const texts = entry.json;
    const missing = keys.filter((key) => !Object.hasOwn(texts, key));
    if (missing.length === 0) continue;
    const culture = path.basename(entry.name, '.json');
    const defaults = productTexts(culture);
    const file = ownLocaleFile(folder, entry.name, entry.source);
    let text = readFileSync(file, 'utf8');
    const added: string[] = [];
    const inEnglish: string[] = [];
    for (const key of missing) {
      const own = defaults[key];
      const fallback = english[key];
      const value = typeof own === 'string' ? own : typeof fallback === 'string' ? fallback : undefined;
      if (value === undefined) continue; // a key the product's locales do not hold either: the checker names it
      if (typeof own !== 'string') inEnglish.push(key);
      const edits = modify(text, [key], value, { formattingOptions: indentOf(text), getInsertionIndex: (properties) => insertionIndex(properties, key) });
      text = applyEdits(text, edits);
      added.push(key);
    }
    if (added.length === 0) continue;
    writeFileSync(file, text);
    synced.push({ file, added, inEnglish });
  }
  return synced;
}
