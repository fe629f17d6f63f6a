import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The schema each shipped folder's JSON files name, by file name. */
const EXPECTED: Record<string, (file: string) => string> = {
  flows: () => 'schemas/flow.schema.json',
  locales: () => 'schemas/locale.schema.json',
  'server-fixtures': (file) => (file === 'models.json' ? 'schemas/model-config.schema.json' : `schemas/settlement/${file.replace(/\.json$/, '.schema.json')}`),
};

describe('every shipped JSON file names its JSON Schema', () => {
  for (const [folder, schemaOf] of Object.entries(EXPECTED)) {
    it(`${folder}/*.json point at their schema with $schema`, () => {
      const problems: string[] = [];
      for (const file of readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.json'))) {
        const json = JSON.parse(readFileSync(path.join(ROOT, folder, file), 'utf8')) as { $schema?: unknown };
        const expected = schemaOf(file);
        if (typeof json.$schema !== 'string') {
          problems.push(`${folder}/${file}: add "$schema": "${path.posix.relative(folder, expected)}"`);
          continue;
        }
        const target = path.relative(ROOT, path.resolve(ROOT, folder, json.$schema)).split(path.sep).join('/');
        if (target !== expected || !existsSync(path.join(ROOT, target))) {
          problems.push(`${folder}/${file}: "$schema" is "${json.$schema}"; use "${path.posix.relative(folder, expected)}"`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
