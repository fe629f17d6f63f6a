import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertKnownRules } from '../../../runtime/core/rules';
import type { ModelConfig } from '../../../runtime/core/types';

const file = JSON.parse(readFileSync(new URL('../../../server-fixtures/models.json', import.meta.url), 'utf8')) as ModelConfig[] | { models: ModelConfig[] };
const models = Array.isArray(file) ? file : file.models;

describe('the sample settlement', () => {
  it('declares only rules the engine knows, with sound parameters', () => {
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      for (const [field, config] of Object.entries(model.fields)) {
        expect(() => assertKnownRules(config.validations, `${model.metadata.dtoMapping}.${field}`)).not.toThrow();
      }
    }
  });
});
