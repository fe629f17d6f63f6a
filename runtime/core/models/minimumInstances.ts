import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { devError } from '../errors';
import type { FormModel, MinimumInstances } from '../types';

/** A localized message: a key, its {0}-style arguments, and the text used when the key is missing. */
export interface MessageRef {
  key: string;
  args: Array<string | number>;
  fallback: string;
}

/** Default message keys of the minimum-instances rule (table and collection variants, spec §5). */
export const MINIMUM_INSTANCES_KEYS = {
  table: 'LocKey_Records_MinimumTable',
  collection: 'LocKey_Records_Minimum',
} as const;
export const MINIMUM_INSTANCES_FALLBACK = 'At least {0} record(s) must be added.';

export const REQUIRED_MANAGER_KEY = 'LocKey_Records_Required';
export const REQUIRED_MANAGER_FALLBACK = 'this is required';

/** Minimum-instances rule (spec §3): a number, or a function of the dependency record. */
export interface MinimumInstancesRule {
  minimum: number | ((dependency: FormModel | null) => number);
  /** Names the dependency record's model, for messages; the caller selects the matching models. */
  dependencyMetadata?: { dtoMapping: string; [key: string]: unknown };
  /** Localization key of the message; defaults by variant. */
  messageKey?: string;
  /** Custom message text; wins over the key. */
  message?: string;
  variant?: 'table' | 'collection';
}

export interface MinimumInstancesResult {
  valid: boolean;
  minimum: number;
  /** Null when valid. A custom message has `key` '' and the text as fallback. */
  message: MessageRef | null;
}

/**
 * Saved records must number at least the minimum (default 0). `dependencyModels` are the models
 * matching the rule's dependency metadata: more than one is SEVERAL_DEPENDENCY_MODELS.
 */
export function checkMinimumInstances(
  savedCount: number,
  rule: MinimumInstancesRule | null | undefined,
  dependencyModels: FormModel[] = [],
): MinimumInstancesResult {
  if (!rule) return { valid: true, minimum: 0, message: null };
  if (dependencyModels.length > 1) {
    throw devError('SEVERAL_DEPENDENCY_MODELS', rule.dependencyMetadata?.dtoMapping ?? dependencyModels[0]?.metadata.dtoMapping ?? 'the dependency');
  }
  const minimum = typeof rule.minimum === 'function' ? rule.minimum(dependencyModels[0] ?? null) : rule.minimum;
  const safeMinimum = Number.isFinite(minimum) && minimum > 0 ? minimum : 0;
  if (savedCount >= safeMinimum) return { valid: true, minimum: safeMinimum, message: null };
  const message: MessageRef =
    rule.message !== undefined
      ? { key: '', args: [safeMinimum], fallback: rule.message.replace(/\{0\}/g, String(safeMinimum)) }
      : { key: rule.messageKey ?? MINIMUM_INSTANCES_KEYS[rule.variant ?? 'collection'], args: [safeMinimum], fallback: MINIMUM_INSTANCES_FALLBACK.replace('{0}', String(safeMinimum)) };
  return { valid: false, minimum: safeMinimum, message };
}

/**
 * The rule of a flow records block: 0 while `when` does not hold; else the count of the first of
 * `cases` that holds, or `count`. With a `dependency`, the minimum is a function of the dependency
 * record (its fields are the conditions' own scope) and names it for checkMinimumInstances.
 */
export function minimumFromFlow(config: MinimumInstances | undefined, scope: ConditionScope): MinimumInstancesRule | null {
  if (!config) return null;
  const countFor = (own: ConditionScope['own']): number => {
    const at: ConditionScope = { ...scope, own };
    if (config.when !== undefined && !evaluateCondition(config.when, at)) return 0;
    return config.cases?.find((c) => evaluateCondition(c.when, at))?.count ?? config.count;
  };
  const dependency = config.dependency;
  const rule: MinimumInstancesRule = dependency
    ? { minimum: (record) => countFor(record?.fields ?? {}), dependencyMetadata: { dtoMapping: dependency.model, ...dependency.fixedValues } }
    : { minimum: countFor(scope.own) };
  if (config.messageKey) rule.messageKey = config.messageKey;
  return rule;
}

export interface RequiredManagerResult {
  valid: boolean;
  /** Whether to show the message now: only when invalid and once the form is dirty. */
  show: boolean;
  message: MessageRef | null;
}

/** Required record manager: saved records must not be empty; the message shows only once the form is dirty. */
export function checkRequiredManager(
  savedCount: number,
  formDirty: boolean,
  required: boolean | { messageKey?: string; message?: string } | undefined,
): RequiredManagerResult {
  if (!required || savedCount > 0) return { valid: true, show: false, message: null };
  const custom = typeof required === 'object' ? required : {};
  const message: MessageRef =
    custom.message !== undefined
      ? { key: '', args: [], fallback: custom.message }
      : { key: custom.messageKey ?? REQUIRED_MANAGER_KEY, args: [], fallback: REQUIRED_MANAGER_FALLBACK };
  return { valid: false, show: formDirty, message };
}
