/**
 * The texts a start page carries in its startup answers: not the culture's whole content, only the
 * keys that the start page may show — every key the app's built code names, and every key named by
 * the settings the page embeds, the other startup answers and the first page of each flow. A key
 * that only a later page of a flow names (its headings, labels, help, messages), or that nothing in
 * the app names (the e-mails' texts), stays out; the app fetches the culture's whole content in idle
 * time once it runs, and shows no other page before it has it (the app's culture loader, completeCulture).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FlowFile } from '../../../runtime/core/types.js';

/** How a localization key is spelt (locales/*.json); a key spelt otherwise is always carried. */
const KEY = /\bLocKey_[A-Za-z0-9_]+/g;

/** The localization keys a text names. */
export function keysNamedIn(text: string): Set<string> {
  return new Set(text.match(KEY) ?? []);
}

/**
 * The keys the built app's code names (every script under the build's assets/, the start page's
 * and the later pages' alike: a text the code shows on the start page may live in a chunk loaded on
 * demand), or null when there is no build to read.
 */
export function keysNamedByCode(distDir: string): Set<string> | null {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return null;
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  if (files.length === 0) return null;
  const keys = new Set<string>();
  for (const file of files) for (const key of keysNamedIn(readFileSync(path.join(assets, file), 'utf8'))) keys.add(key);
  return keys;
}

/** The flows with each flow's first page only: what a start page shows of them. */
export const firstPagesOnly = (flows: ReadonlyArray<Pick<FlowFile, 'pages'>>): unknown[] => flows.map((flow) => ({ ...flow, pages: flow.pages.slice(0, 1) }));

/**
 * The culture's entries a start page carries: those whose key is named (`named`), and any whose key
 * is not spelt as a localization key. Whether any was left out is told by the length.
 */
export function startPageTexts<T extends { key: string }>(entries: readonly T[], named: ReadonlySet<string>): T[] {
  return entries.filter(({ key }) => named.has(key) || !/^LocKey_[A-Za-z0-9_]+$/.test(key));
}
