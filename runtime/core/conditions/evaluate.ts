import type { Condition, ConditionSchema, FieldValue } from '../types';

/**
 * Where a condition reads its values: the fields of the current model or record, and the
 * single-instance models of the form by camel-cased dtoMapping ('claimDetails').
 */
export interface ConditionScope {
  own?: Record<string, FieldValue>;
  models: Record<string, Record<string, FieldValue> | undefined>;
}

/** Reads 'field' from the own model, or 'model.field' from a single-instance model. */
export function readScope(scope: ConditionScope, path: string): FieldValue {
  const dot = path.indexOf('.');
  if (dot < 0) return scope.own?.[path] ?? null;
  const model = scope.models[path.slice(0, dot)];
  return model?.[path.slice(dot + 1)] ?? null;
}

/** Evaluates a skip rule or dependency: a field pointer plus a JSON Schema subset (no code). */
export function evaluateCondition(condition: Condition, scope: ConditionScope): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, scope));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, scope));
  if ('not' in condition) return !evaluateCondition(condition.not, scope);
  return matchesSchema(readScope(scope, condition.scope), condition.schema);
}

function typeOf(value: FieldValue): 'string' | 'number' | 'boolean' | 'null' {
  return value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
}

/** The keywords supported here are the ones listed on ConditionSchema; the flow checker rejects others. */
export function matchesSchema(value: FieldValue, schema: ConditionSchema): boolean {
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum !== undefined && !schema.enum.includes(value)) return false;
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!allowed.includes(typeOf(value))) return false;
  }
  if (typeof value === 'string') {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return false;
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
  }
  if (schema.not !== undefined && matchesSchema(value, schema.not)) return false;
  if (schema.allOf !== undefined && !schema.allOf.every((s) => matchesSchema(value, s))) return false;
  if (schema.anyOf !== undefined && !schema.anyOf.some((s) => matchesSchema(value, s))) return false;
  return true;
}

export const SUPPORTED_CONDITION_KEYWORDS = ['const', 'enum', 'not', 'pattern', 'minLength', 'maxLength', 'type', 'anyOf', 'allOf'] as const;
