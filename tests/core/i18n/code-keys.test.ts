import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every localization key written in the runtime's code exists in every shipped locale. */
const ROOT = join(__dirname, '../../..');
// Keys made at run time (deadline dates) or named only as an example in a message.
const GENERATED = /^LocKey_(Deadline_|Area_Name$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('localization keys used by the code', () => {
  const used = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'runtime'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/LocKey_[A-Za-z0-9_]+/g)) {
      if (!GENERATED.test(match[0])) used.add(match[0]);
    }
  }

  it.each(['en', 'es'])('are all defined in locales/%s.json', (culture) => {
    const locale = JSON.parse(readFileSync(join(ROOT, 'locales', `${culture}.json`), 'utf8')) as Record<string, string>;
    const missing = [...used].filter((key) => !(key in locale)).sort();
    expect(missing, `keys used in runtime/ but missing from locales/${culture}.json`).toEqual([]);
  });
});
