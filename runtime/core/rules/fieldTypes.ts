import type { FieldDataType, ModelFieldConfig } from '../types';

/** The JSON types a field of each data type may hold on the wire (null: not answered). */
export type FieldJsonType = 'string' | 'number' | 'boolean' | 'null';

/**
 * What each data type accepts. A number field also takes text: its masked input ('1,250.50') is
 * kept as typed and the range rule reads both. A file field holds the file's name.
 */
export const FIELD_VALUE_TYPES: Readonly<Record<FieldDataType, readonly FieldJsonType[]>> = {
  string: ['string', 'null'],
  dateTime: ['string', 'null'],
  number: ['number', 'string', 'null'],
  boolean: ['boolean', 'null'],
  file: ['string', 'null'],
};

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'non-finite number';
  return typeof value;
}

/** Why `value` cannot be a value of a `dataType` field, or null when it can. */
export function fieldTypeProblem(value: unknown, dataType: FieldDataType): string | null {
  const accepted = FIELD_VALUE_TYPES[dataType] ?? FIELD_VALUE_TYPES.string;
  const actual = jsonType(value);
  for (const type of accepted) if (type === actual) return null;
  const wanted = accepted.filter((t) => t !== 'null').map((t) => (t === 'string' ? 'text' : `a ${t}`));
  return `must be ${wanted.join(' or ')} or empty, not ${actual === 'object' ? 'an object' : actual === 'list' ? 'a list' : `a ${actual}`}.`;
}

/**
 * The fields of one model whose values do not fit their data type, field → problem. Run before
 * the rules, which read values as text, numbers or booleans only.
 */
export function checkFieldTypes(fields: Record<string, unknown>, fieldConfigs: Record<string, ModelFieldConfig>): Record<string, string> {
  const problems: Record<string, string> = {};
  // A loop over the keys (no list of entries made): every model of every save is checked.
  for (const field in fields) {
    if (!Object.hasOwn(fields, field)) continue;
    const config = Object.hasOwn(fieldConfigs, field) ? fieldConfigs[field] : undefined;
    if (!config) continue;
    const problem = fieldTypeProblem(fields[field], config.dataType);
    if (problem) problems[field] = problem;
  }
  return problems;
}
