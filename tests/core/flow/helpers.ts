import { readFileSync } from 'node:fs';
import type { FlowFile, ModelConfig } from '../../../runtime/core/types';

const root = new URL('../../../', import.meta.url);
export const readJson = <T>(relative: string): T => JSON.parse(readFileSync(new URL(relative, root), 'utf8')) as T;

export const shippedModels = (): ModelConfig[] => readJson<{ models: ModelConfig[] }>('server-fixtures/models.json').models;
export const shippedFlow = (name: 'automotive' | 'lookup' | 'exclusion'): FlowFile => readJson<FlowFile>(`flows/${name}.json`);
export const shippedLocales = (): Record<string, Record<string, string>> => ({
  'locales/en.json': readJson<Record<string, string>>('locales/en.json'),
  'locales/es.json': readJson<Record<string, string>>('locales/es.json'),
});
/** A JSON copy to break. */
export const copy = <T>(value: T): T => structuredClone(value);
