import type { Condition, FieldConfig, ModelConfig } from '../types';
import { fieldRules } from './field-state';

/** A 'model.field' path (conditions' scopes, rules' other properties): the model is read. */
const OTHER_MODEL_PATH = /^([A-Za-z_$][\w$]*)\.[A-Za-z_$][\w$]*$/;

/** Adds the models a condition reads through 'model.field' paths. */
export function conditionReads(condition: Condition, out: Set<string>): void {
  if ('all' in condition) condition.all.forEach((c) => conditionReads(c, out));
  else if ('any' in condition) condition.any.forEach((c) => conditionReads(c, out));
  else if ('not' in condition) conditionReads(condition.not, out);
  else pathReads(condition.scope, out);
}

function pathReads(path: string, out: Set<string>): void {
  const match = OTHER_MODEL_PATH.exec(path);
  if (match?.[1]) out.add(match[1]);
}

/**
 * Every string of a rule's parameters that reads as a 'model.field' path. Rules name what they read
 * in parameters of several shapes (otherProperty, conditions' property, properties); reading every
 * string errs on the side of more reads (a redraw too many), never fewer.
 */
function ruleReads(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') pathReads(value, out);
  else if (Array.isArray(value)) value.forEach((item) => ruleReads(item, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => ruleReads(item, out));
}

const readsOf = new WeakMap<readonly FieldConfig[], WeakMap<ModelConfig, ReadonlySet<string>>>();
const readsWithoutConfig = new WeakMap<readonly FieldConfig[], ReadonlySet<string>>();

/**
 * The other single-instance models (camel-cased dtoMappings, as conditions name them) whose answers
 * can change what a group of one model's fields shows: those their dependencies read and those
 * their rules (the model config's and the flow's) read. A change to any other model leaves every
 * field of the group as it was, so its widgets need not be computed again. Made once per fields
 * list and config (both loaded once and never changed in place).
 */
export function fieldGroupReads(fields: readonly FieldConfig[], config: ModelConfig | null): ReadonlySet<string> {
  const byConfig = config ? readsOf.get(fields) : undefined;
  const kept = config ? byConfig?.get(config) : readsWithoutConfig.get(fields);
  if (kept) return kept;
  const out = new Set<string>();
  for (const field of fields) {
    for (const dependency of field.dependencies ?? []) conditionReads(dependency.when, out);
    ruleReads(fieldRules(field, config), out);
  }
  if (!config) readsWithoutConfig.set(fields, out);
  else if (byConfig) byConfig.set(config, out);
  else readsOf.set(fields, new WeakMap([[config, out]]));
  return out;
}
