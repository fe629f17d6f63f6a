/**
 * Which localization keys a settlement uses: those its flows and model configs name, those the
 * runtime's code names (tooling/locales/runtime-keys, as `npm run locales:keys` lists them) and
 * those the server's messages name. A locale key used by none of them is unused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeLocaleKeys } from '../../tooling/locales/runtime-keys';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = /LocKey_[A-Za-z0-9_]+/g;
/** Keys made at run time from a deadline's name: used whenever the locale has them. */
const MADE_AT_RUN_TIME = /^LocKey_Deadline_/;

function keysInSources(dir: string, found: Set<string>): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) keysInSources(full, found);
    else if (/\.(ts|tsx)$/.test(name)) for (const match of readFileSync(full, 'utf8').matchAll(KEY)) found.add(match[0]);
  }
}

let codeKeys: Set<string> | undefined;

/** The keys the runtime and the server name in their code (read once). */
export function keysUsedByCode(): Set<string> {
  if (!codeKeys) {
    codeKeys = new Set(runtimeLocaleKeys(ROOT));
    keysInSources(path.join(ROOT, 'server'), codeKeys);
  }
  return codeKeys;
}

/** Every localization key a JSON value names in its strings. */
export function keysNamedIn(json: unknown, found = new Set<string>()): Set<string> {
  if (typeof json === 'string') {
    for (const match of json.matchAll(KEY)) found.add(match[0]);
  } else if (Array.isArray(json)) {
    for (const item of json) keysNamedIn(item, found);
  } else if (typeof json === 'object' && json !== null) {
    for (const value of Object.values(json)) keysNamedIn(value, found);
  }
  return found;
}

/** The keys of the locales that neither the configuration (flows, model configs) nor the code uses, sorted. */
export function unusedLocaleKeys(localeKeys: Iterable<string>, configuration: readonly unknown[]): string[] {
  const used = new Set(keysUsedByCode());
  for (const json of configuration) keysNamedIn(json, used);
  return [...new Set(localeKeys)].filter((key) => key !== '$schema' && !used.has(key) && !MADE_AT_RUN_TIME.test(key)).sort();
}
