/**
 * An upgrade carries a settlement forward: a folder written for an earlier version of the product
 * (tests/old-shape/, never updated) passes the checker after locales:sync, with no edit by hand.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder } from '../../../tooling/flow/check-folder';
import { syncRuntimeTexts } from '../../../tooling/locales/sync';
import { readSettlementFolder } from '../../../settlement/read';
import { DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR } from '../../../settlement/files';
import { formatIssue } from '../../../runtime/core/flow/issues';
import { isRecord } from '../../../runtime/core/guards';

const OLD_SHAPES = new URL('../../old-shape/', import.meta.url).pathname;
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy to upgrade: the folder under tests/old-shape/ stays as it was written. */
function copyOf(name: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'old-shape-')), name);
  made.push(path.dirname(dir));
  cpSync(path.join(OLD_SHAPES, name), dir, { recursive: true });
  return dir;
}

/** What `npm run flows:check <folder>` reports: the folder as the reader makes it, with the product's flows and locales as defaults. */
const flowsCheck = (dir: string) => checkFolder(readSettlementFolder(dir, { flowsDir: DEFAULT_FLOWS_DIR, localesDir: DEFAULT_LOCALES_DIR }));

/** Every file of a folder and its text, by path inside the folder. */
function filesOf(dir: string): Map<string, string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(entries.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]));
}

/** A locale file's texts by key. */
function textsOf(json: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(json);
  return isRecord(parsed) ? parsed : {};
}

const oldShapes = readdirSync(OLD_SHAPES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('a settlement folder of an earlier version', () => {
  it('is kept under tests/old-shape/', () => {
    expect(oldShapes).toContain('data-breach-2026-11-26');
  });

  it.each(oldShapes)('%s: flows:check names the sync command; after locales:sync it finds no problem, and only locale texts were added', (name) => {
    const dir = copyOf(name);
    const before = filesOf(dir);

    const refused = flowsCheck(dir).issues;
    expect(refused.length).toBeGreaterThan(0);
    // Before the sync, every problem is a text the product shows that the folder's locales lack, and says how to add it.
    for (const issue of refused) {
      expect(issue.message, formatIssue(issue)).toMatch(/^LocKey_\w+ is missing: /);
      expect(issue.hint, formatIssue(issue)).toContain(`npm run locales:sync ${dir} adds every such text`);
    }

    const synced = syncRuntimeTexts(dir);
    expect(synced.map((s) => path.relative(dir, s.file)).sort()).toEqual(['locales/en.json', 'locales/es.json']);
    expect(synced.flatMap((s) => s.inEnglish)).toEqual([]);

    expect(flowsCheck(dir).issues.map(formatIssue)).toEqual([]);

    // The sync wrote nothing but the texts it added: every other file as it was, every locale text kept.
    const after = filesOf(dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, text] of before) {
      if (!file.startsWith('locales/')) {
        expect(after.get(file), file).toBe(text);
        continue;
      }
      const added = synced.find((s) => path.relative(dir, s.file) === file)?.added ?? [];
      const was = textsOf(text);
      const now = textsOf(after.get(file) ?? '');
      expect(Object.keys(now).filter((key) => !Object.hasOwn(was, key)).sort(), file).toEqual([...added].sort());
      expect(Object.fromEntries(Object.entries(now).filter(([key]) => Object.hasOwn(was, key))), file).toEqual(was);
    }
    expect(syncRuntimeTexts(dir)).toEqual([]);
  }, 30_000);
});
