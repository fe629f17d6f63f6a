import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSettlement, isEmptyFolder } from '../../studio/server/new-settlement';
import { ROOT } from './settlement-copy';

const made: string[] = [];
const emptyFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-empty-'));
  made.push(dir);
  return path.join(dir, 'my-settlement');
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a new settlement from an empty folder', () => {
  it('writes the forms picked, their models, en and es locales, the settlement files and class-list headers, which flows:check accepts', () => {
    const folder = emptyFolder();
    expect(isEmptyFolder(folder)).toBe(true);
    const result = createSettlement(folder, ['Exclusion']);
    expect(result).toEqual({ ok: true, created: expect.arrayContaining(['flows/exclusion.json', 'models.json', 'locales/en.json', 'locales/es.json', 'settings.json', 'class-members.csv']) });
    expect(readdirSync(path.join(folder, 'flows'))).toEqual(['exclusion.json']);
    const models = JSON.parse(readFileSync(path.join(folder, 'models.json'), 'utf8')) as { $schema: string; models: Array<{ metadata: { formType: string } }> };
    expect(new Set(models.models.map((m) => m.metadata.formType))).toEqual(new Set(['Exclusion']));
    // Editors still find the schema from the new folder.
    expect(path.resolve(folder, models.$schema)).toBe(path.join(ROOT, 'schemas/model-config.schema.json'));
    expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n')).toHaveLength(2);
    expect(isEmptyFolder(folder)).toBe(false);
    // The command a configurer runs: exit 0, else execFileSync throws with its output.
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/flows-check.ts', folder], { cwd: ROOT, encoding: 'utf8' });
  }, 120_000);

  it('never writes into a folder that holds something', () => {
    const folder = emptyFolder();
    createSettlement(folder, ['Lookup']);
    writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    expect(isEmptyFolder(folder)).toBe(false);
  });
});
