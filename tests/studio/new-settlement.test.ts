import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
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

  it('is offered by the API only in an empty folder: a folder holding something, or a form the product does not have, is refused with what to do and nothing written', async () => {
    const folder = emptyFolder();
    const appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
    made.push(appDir);
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
    const app = await buildStudioServer({ folder, appDir, debounceMs: 10 });
    try {
      const before = (await app.inject({ method: 'GET', url: '/api/folder' })).json<{ empty?: boolean; newSettlementForms?: string[] }>();
      expect(before).toMatchObject({ empty: true, newSettlementForms: ['Automotive', 'Lookup', 'Exclusion'] });
      const unknown = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Rebate'] } });
      expect(unknown.statusCode).toBe(400);
      expect(readdirSync(folder)).toEqual([]);
      writeFileSync(path.join(folder, 'notes.txt'), 'mine');
      const taken = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Lookup'] } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<{ message: string }>().message).toBe(`${folder} is not empty: a new settlement is made only in an empty folder (nothing was written).`);
      expect(readdirSync(folder)).toEqual(['notes.txt']);
    } finally {
      await app.close();
    }
  });
});
