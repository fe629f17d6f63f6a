import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { devError } from '../errors';
import { dateBounds, isRequired, ruleMessages, type FieldMessageContext, type RuleContext, type RuleMessage } from '../rules';
import type { FieldConfig, FieldValue, FormModel, ModelConfig, RuleConfig } from '../types';
import type { FieldState, ValidationEnv } from './types';

/** The rule engine's translator: undefined for a missing key, so the engine falls back to its text. */
export function ruleTranslator(t: ValidationEnv['t']): RuleContext['t'] {
  return (key, ...args) => {
    const text = t(key, ...args);
    return text === key ? undefined : text;
  };
}

/** One rule translator per page translator: a page's fields share it rather than each making its own. */
const translators = new WeakMap<ValidationEnv['t'], RuleContext['t']>();

export function ruleContext(env: ValidationEnv, models: ConditionScope['models'], own: Record<string, FieldValue>): RuleContext {
  let t = translators.get(env.t);
  if (!t) {
    t = ruleTranslator(env.t);
    translators.set(env.t, t);
  }
  return { scope: { own, models }, whitelist: env.whitelist, now: env.now, t, ...(env.adapters ? { adapters: env.adapters } : {}) };
}

/** Whether a field's rules run (computeFieldState's errors): shown, enabled, and not a hidden widget. */
export function rulesApply(field: FieldConfig, state: Pick<FieldState, 'visible' | 'disabled'>): boolean {
  return state.visible && !state.disabled && field.widget !== 'hidden';
}

/** fieldRules' lists by field and model config (both loaded once per settlement and never changed in place). */
const fieldRulesCache = new WeakMap<FieldConfig, WeakMap<ModelConfig, readonly RuleConfig[]>>();
const fieldRulesWithoutConfig = new WeakMap<FieldConfig, readonly RuleConfig[]>();

/** Server rules of the field plus the flow's extra client rules (one list per field and config, made once). */
export function fieldRules(field: FieldConfig, config: ModelConfig | null): readonly RuleConfig[] {
  const byConfig = config ? fieldRulesCache.get(field) : undefined;
  const kept = config ? byConfig?.get(config) : fieldRulesWithoutConfig.get(field);
  if (kept) return kept;
  const rules = [...(config?.fields[field.key]?.validations ?? []), ...(field.validations ?? [])];
  if (!config) fieldRulesWithoutConfig.set(field, rules);
  else if (byConfig) byConfig.set(config, rules);
  else fieldRulesCache.set(field, new WeakMap([[config, rules]]));
  return rules;
}

const NO_RULES: readonly RuleConfig[] = [];
const NO_MESSAGES: readonly RuleMessage[] = [];

export interface DependencyOutcome {
  visible: boolean;
  disabled: boolean;
  maskOverride: string | null;
  reset: { value: FieldValue } | null;
}

/**
 * Field dependencies (spec §4): an unmet one hides (default) or disables the field and resets its
 * value to null or the reset value; a met one may override the mask; two different overrides at
 * once is an error.
 */
export function dependencyOutcome(field: FieldConfig, model: FormModel, models: ConditionScope['models']): Readonly<DependencyOutcome> {
  const dependencies = field.dependencies;
  // Most fields have none: shown, enabled, nothing to reset (one answer for them all).
  if (dependencies === undefined || dependencies.length === 0) return INDEPENDENT;
  const scope: ConditionScope = { own: model.fields, models };
  let visible = true;
  let disabled = false;
  let resetTo: FieldValue | undefined;
  let maskOverride: string | null = null;
  for (const dependency of dependencies) {
    if (evaluateCondition(dependency.when, scope)) {
      if (dependency.maskOverride) {
        if (maskOverride !== null && maskOverride !== dependency.maskOverride) throw devError('TWO_MASK_OVERRIDES', field.key);
        maskOverride = dependency.maskOverride;
      }
      continue;
    }
    if ((dependency.behavior ?? 'hide') === 'hide') visible = false;
    else disabled = true;
    if (resetTo === undefined) resetTo = dependency.resetValue ?? null;
  }
  const current = model.fields[field.key] ?? null;
  const reset = resetTo !== undefined && current !== resetTo ? { value: resetTo } : null;
  return { visible, disabled, maskOverride, reset };
}

/** The outcome of a field without dependencies. */
const INDEPENDENT: Readonly<DependencyOutcome> = Object.freeze({ visible: true, disabled: false, maskOverride: null, reset: null });

/**
 * The field's words for its messages, asked only when a rule fails. Made by a function rather than
 * written inline: under tsx (the server's runner) an arrow written as a property is named at run
 * time by a defineProperty call, on every field of every save.
 */
function fieldWords(field: FieldConfig, t: ValidationEnv['t']): () => FieldMessageContext {
  return () => ({ label: t(field.label), widget: field.widget, messages: field.messages });
}

/**
 * Everything the widget of one field needs, computed from configs, the model and the rules. With
 * `errors: false` the rules' messages are not computed (a widget whose errors are hidden, redrawn
 * on every keystroke): `errors` is then empty whatever the value.
 */
export function computeFieldState(
  field: FieldConfig,
  model: FormModel,
  config: ModelConfig | null,
  models: ConditionScope['models'],
  env: ValidationEnv,
  options: { errors?: boolean } = {},
): FieldState {
  const outcome = dependencyOutcome(field, model, models);
  const active = rulesApply(field, outcome);
  // A hidden or disabled field's rules are not read at all.
  const rules = active ? fieldRules(field, config) : NO_RULES;
  const ctx = active ? ruleContext(env, models, model.fields) : null;
  const value = outcome.reset ? outcome.reset.value : (model.fields[field.key] ?? null);
  const messages =
    ctx && options.errors !== false && rules.length > 0
      ? ruleMessages(value, rules, field.key, ctx, { dataType: config?.fields[field.key]?.dataType, field: fieldWords(field, env.t) })
      : NO_MESSAGES;
  return {
    visible: outcome.visible,
    disabled: outcome.disabled,
    required: ctx !== null && !field.disableRequiredStyling && isRequired(rules, ctx),
    maskName: outcome.maskOverride ?? field.maskName ?? null,
    reset: outcome.reset,
    errors: messages.map((m) => m.text),
    firstErrorNamesField: messages[0]?.namesField ?? false,
  };
}

/** Date widgets: min and max of the range rule. */
export function fieldDateBounds(field: FieldConfig, config: ModelConfig | null, now: Date) {
  return dateBounds(fieldRules(field, config), now, config?.fields[field.key]?.dataType);
}
