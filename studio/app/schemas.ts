/** The repository's JSON Schemas as the generated forms take them. */
import type { RJSFSchema } from '@rjsf/utils';
import { isRecord, recordOr } from '../json';

/** Any JSON object is a schema to rjsf, which judges its keywords (the schemas are checked by their own tests). */
export const isSchema = (value: unknown): value is RJSFSchema => isRecord(value);

/** A schema file's definitions by name. */
export function definitionsOf(schemaFile: { definitions?: unknown }): Record<string, RJSFSchema> {
  return Object.fromEntries(Object.entries(recordOr(schemaFile.definitions)).filter((entry): entry is [string, RJSFSchema] => isSchema(entry[1])));
}

/** The definition `name`, or an error naming it. */
export function definitionOf(definitions: Readonly<Record<string, RJSFSchema>>, name: string): RJSFSchema {
  const definition = definitions[name];
  if (definition === undefined) throw new Error(`The schema has no definition "${name}"`);
  return definition;
}
