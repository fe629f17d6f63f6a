/**
 * One condition written twice must agree: a field's flow dependencies (when it shows) and the
 * model rules that make it required (`required`, `requiredIf`, `nestedRequiredIf`) are compared
 * over every answer the fields they read can hold. A field the flow hides while a rule requires it
 * would refuse a claim with a 400 the claimant cannot fix; a conditional field the flow shows while
 * its rule does not require it is the same condition written two ways. Also checks that a
 * condition's value can occur: an option the field offers, a boolean for a checkbox, text for a
 * "true"/"false" radio.
 */
import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { camelCase } from '../models/config';
import { isRequired } from '../rules/engine';
import type { NestedRequiredIfRule, RequiredIfRule } from '../rules/types';
import type { Condition, ConditionSchema, FieldConfig, FieldValue, ModelConfig, RuleConfig } from '../types';

/** Rule kinds whose requirement the comparison can work out from a handful of answers. */
const COMPARED_RULES = new Set(['required', 'requiredIf', 'nestedRequiredIf']);
/** Rule kinds whose requirement depends on text the comparison cannot enumerate: such a field is not compared. */
const UNCOMPARED_RULES = new Set(['requiredIfOtherPropertyMatchesRegex']);
/** Condition keywords over values the comparison enumerates; any other keyword leaves the field uncompared. */
const ENUMERABLE_KEYWORDS = new Set(['const', 'enum', 'not', 'anyOf', 'allOf']);
/** Stands for "any other text" among a text field's answers. */
const OTHER_TEXT = '\u0000other';
/** Combinations of answers tried at most per field. */
const MAX_COMBINATIONS = 4096;

/** A field as a flow shows it, with its model: what answers it can hold. */
export interface FlowFieldInfo {
  field: FieldConfig;
  config: ModelConfig | undefined;
  /** Where the field's config is in the flow ('/pages/5/blocks/2/fields/0'). */
  at: string;
}

/** A field of the form: 'claimDetails.isCurrentOwner' (camel-cased model, field key). */
export const qualifiedName = (model: string, key: string) => `${camelCase(model)}.${key}`;

/** The qualified field a condition's scope or a rule's property names, read from `ownModel`. */
export function resolveScope(scope: string, ownModel: string | undefined): string | undefined {
  if (scope.includes('.')) return scope;
  return ownModel ? qualifiedName(ownModel, scope) : undefined;
}

function leaves(condition: Condition): Array<{ scope: string; schema: ConditionSchema }> {
  if ('all' in condition) return condition.all.flatMap(leaves);
  if ('any' in condition) return condition.any.flatMap(leaves);
  if ('not' in condition) return leaves(condition.not);
  return [condition];
}

function schemaLiterals(schema: ConditionSchema): FieldValue[] {
  const out: FieldValue[] = [];
  if (schema.const !== undefined) out.push(schema.const);
  if (schema.enum) out.push(...schema.enum);
  if (schema.not) out.push(...schemaLiterals(schema.not));
  for (const s of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) out.push(...schemaLiterals(s));
  return out;
}

function enumerable(schema: ConditionSchema): boolean {
  if (!Object.keys(schema).every((keyword) => ENUMERABLE_KEYWORDS.has(keyword))) return false;
  return (!schema.not || enumerable(schema.not)) && [...(schema.anyOf ?? []), ...(schema.allOf ?? [])].every(enumerable);
}

/** The answers a field can hold: its options, or true/false, or any text (the literals written plus one other). */
function answersOf(info: FlowFieldInfo | undefined, modelField: ModelConfig['fields'][string] | undefined, literals: FieldValue[]): FieldValue[] {
  const options = info?.field.options;
  if (options && options.length > 0) return [null, ...options.map((o) => o.value)];
  if (info?.field.widget === 'checkbox' || modelField?.dataType === 'boolean') return [null, true, false];
  return [...new Set<FieldValue>([null, ...literals.filter((v) => v !== null), OTHER_TEXT])];
}

function describeAnswer(value: FieldValue): string {
  if (value === null) return 'empty';
  if (value === OTHER_TEXT) return 'any other text';
  return JSON.stringify(value);
}

// The rule's type names its parameters (the schema check reports a rule without them).
const isRequiredIf = (rule: RuleConfig): rule is RequiredIfRule => rule.type === 'requiredIf';
const isNestedRequiredIf = (rule: RuleConfig): rule is NestedRequiredIfRule => rule.type === 'nestedRequiredIf';

/** What a rule reads: its properties and the values it names. */
function ruleConditions(rule: RuleConfig): Array<{ property: string; value: FieldValue }> {
  // A rule still without its other field (the schema check reports it) compares nothing yet.
  const named = (c: { property: unknown; value: FieldValue }): c is { property: string; value: FieldValue } => typeof c.property === 'string';
  const read = (property: unknown, value: FieldValue) => ({ property, value });
  if (isRequiredIf(rule)) return [read(rule.otherProperty, rule.value)].filter(named);
  if (isNestedRequiredIf(rule)) return (rule.conditions ?? []).map((c) => read(c?.otherProperty, c?.value)).filter(named);
  return [];
}

export interface AgreementInput {
  /** The field and where its config is in the flow ('/pages/2/blocks/1/fields/3'). */
  field: FieldConfig;
  at: string;
  /** The field's model config (the block's model); undefined when unknown (reported elsewhere). */
  config: ModelConfig | undefined;
  /** Whether the field lives in a record (its own scope is the record, not a single model). */
  inRecord: boolean;
  /** A records block's fixed values: what every record of the block holds in those fields. */
  fixedValues?: Readonly<Record<string, FieldValue>>;
  /** The flow's fields by qualified name, for the answers each can hold. */
  flowFields: ReadonlyMap<string, FlowFieldInfo>;
  /** The form's model configs by camel-cased dtoMapping. */
  modelsByCamel: ReadonlyMap<string, ModelConfig>;
  /** How to name a place in the model configs for a hint ('models.json:326:13 /models/3/fields/x/validations/0'). */
  modelsAt: (config: ModelConfig, field: string, rule: number) => string;
}

export interface AgreementIssue {
  pointer: string;
  message: string;
  hint: string;
}

/**
 * Compares the field's dependencies with its model's required rules over every combination of
 * answers of the fields either one reads. Reports the first combination in which the flow hides
 * (or disables) the field while a rule requires it, and, for a rule with a condition, the first in
 * which the flow shows it while the rule does not require it.
 */
export function compareDependenciesWithRules(input: AgreementInput): AgreementIssue[] {
  const { field, config, at } = input;
  const dependencies = field.dependencies ?? [];
  const modelField = config?.fields[field.key];
  if (!config || !modelField || dependencies.length === 0) return [];
  const rules = modelField.validations ?? [];
  if (rules.some((r) => UNCOMPARED_RULES.has(r.type))) return [];
  const compared = rules.map((rule, index) => ({ rule, index })).filter(({ rule }) => COMPARED_RULES.has(rule.type));
  if (compared.length === 0) return [];

  const own = config.metadata.dtoMapping;
  const ownCamel = camelCase(own);
  // The values each read field can hold, keyed by qualified name.
  const literals = new Map<string, FieldValue[]>();
  const note = (name: string | undefined, values: FieldValue[]) => {
    if (name) literals.set(name, [...(literals.get(name) ?? []), ...values]);
  };
  for (const dependency of dependencies) {
    for (const leaf of leaves(dependency.when)) {
      if (!enumerable(leaf.schema)) return [];
      note(resolveScope(leaf.scope, own), schemaLiterals(leaf.schema));
    }
  }
  for (const { rule } of compared) for (const c of ruleConditions(rule)) note(resolveScope(c.property, own), [c.value]);
  if (literals.size === 0) return [];

  const names = [...literals.keys()];
  const domains = names.map((name) => {
    const dot = name.indexOf('.');
    const fixedKey = name.slice(dot + 1);
    const fixed = input.fixedValues && name.slice(0, dot) === ownCamel && Object.hasOwn(input.fixedValues, fixedKey) ? input.fixedValues[fixedKey] : undefined;
    if (fixed !== undefined) return [fixed];
    const model = input.modelsByCamel.get(name.slice(0, dot));
    return answersOf(input.flowFields.get(name), model?.fields[name.slice(dot + 1)], literals.get(name) ?? []);
  });
  if (domains.reduce((n, d) => n * d.length, 1) > MAX_COMBINATIONS) return [];

  const ruleCtx = (scope: ConditionScope) => ({ scope, whitelist: null, now: new Date(0), t: () => undefined, side: 'server' as const });
  const conditional = compared.some(({ rule }) => rule.type !== 'required');
  let hiddenButRequired: Record<string, FieldValue> | undefined;
  let shownNotRequired: Record<string, FieldValue> | undefined;
  for (const answers of combinations(names, domains)) {
    const ownFields: Record<string, FieldValue> = {};
    const models: Record<string, Record<string, FieldValue>> = {};
    for (const [name, value] of Object.entries(answers)) {
      const dot = name.indexOf('.');
      const model = name.slice(0, dot);
      (models[model] ??= {})[name.slice(dot + 1)] = value;
      if (model === ownCamel) ownFields[name.slice(dot + 1)] = value;
    }
    // A single model's fields read the same with or without its name; a record's only through its own scope.
    if (input.inRecord) delete models[ownCamel];
    else models[ownCamel] = ownFields;
    const scope: ConditionScope = { own: ownFields, models };
    const shown = dependencies.every((d) => evaluateCondition(d.when, scope));
    const required = isRequired(compared.map((c) => c.rule), ruleCtx(scope));
    if (!shown && required) hiddenButRequired ??= answers;
    if (shown && !required && conditional) shownNotRequired ??= answers;
    if (hiddenButRequired && (shownNotRequired || !conditional)) break;
  }

  const ruleAt = compared.map(({ index }) => input.modelsAt(config, field.key, index)).join(' and ');
  const ruleNames = [...new Set(compared.map(({ rule }) => rule.type))].join('/');
  const when = (answers: Record<string, FieldValue>) =>
    Object.entries(answers)
      .map(([name, value]) => `${name.startsWith(`${ownCamel}.`) ? name.slice(ownCamel.length + 1) : name} is ${describeAnswer(value)}`)
      .join(' and ');
  const issues: AgreementIssue[] = [];
  const dependencyAt = `${at}/dependencies`;
  const hides = dependencies.every((d) => d.behavior === 'disable') ? 'disabled' : 'hidden';
  if (hiddenButRequired) {
    issues.push({
      pointer: dependencyAt,
      message: `"${field.key}" is ${hides} by its dependency when ${when(hiddenButRequired)}, but the model's ${ruleNames} rule requires it then: the claim would be refused with an answer the claimant cannot give`,
      hint: `make the dependency here and the rule at ${ruleAt} state the same condition`,
    });
  }
  if (shownNotRequired) {
    issues.push({
      pointer: dependencyAt,
      message: `"${field.key}" is shown by its dependency when ${when(shownNotRequired)}, but the model's ${ruleNames} rule does not require it then`,
      hint: `make the dependency here and the rule at ${ruleAt} state the same condition`,
    });
  }
  return issues;
}

function* combinations(names: readonly string[], domains: readonly FieldValue[][]): Generator<Record<string, FieldValue>> {
  // One odometer wheel per name, turning through its domain (each domain holds null at least).
  const wheels = names.map((name, i) => ({ name, domain: domains[i] ?? [null], at: 0 }));
  const lastFirst = [...wheels].reverse();
  for (;;) {
    yield Object.fromEntries(wheels.map((wheel) => [wheel.name, wheel.domain[wheel.at] ?? null]));
    // The last wheel turns; one that comes round to its start turns the one before it.
    const turned = lastFirst.find((wheel) => {
      wheel.at = (wheel.at + 1) % wheel.domain.length;
      return wheel.at !== 0;
    });
    if (!turned) return;
  }
}

/** True for the texts a "true"/"false" radio stores. */
const isBooleanText = (value: FieldValue) => value === 'true' || value === 'false';

/**
 * Whether each value a condition compares with can occur in the field it reads: one of the
 * field's options; a boolean (not "true"/"false" text) for a checkbox or boolean field; text
 * (not a boolean) for a field whose answers are text. An enum none of whose values can occur is
 * reported once.
 */
export function conditionValueProblems(
  schema: ConditionSchema,
  at: string,
  info: FlowFieldInfo | undefined,
  modelField: ModelConfig['fields'][string] | undefined,
  scope: string,
  didYouMean: (value: string, candidates: readonly string[]) => string,
): AgreementIssue[] {
  const issues: AgreementIssue[] = [];
  const options = info?.field.options?.map((o) => o.value);
  // A radio or select holds its option's text whatever the model's dataType; a checkbox holds a boolean.
  const hasOptions = (options?.length ?? 0) > 0;
  const booleanField = info?.field.widget === 'checkbox' || (!hasOptions && modelField?.dataType === 'boolean');
  const textField = !booleanField && (hasOptions || modelField?.dataType === 'string');
  const problem = (value: FieldValue): { message: string; hint: string } | undefined => {
    if (value === null) return undefined;
    if (booleanField && typeof value !== 'boolean') {
      return isBooleanText(value)
        ? { message: `"${scope}" holds a boolean, but the condition compares it with the text ${JSON.stringify(value)}`, hint: `write the boolean ${String(value)} without quotes` }
        : { message: `"${scope}" holds a boolean, but the condition compares it with ${JSON.stringify(value)}`, hint: 'compare it with true or false' };
    }
    if (textField && typeof value === 'boolean') {
      return { message: `"${scope}" holds text, but the condition compares it with the boolean ${String(value)}`, hint: `write the text "${String(value)}" in quotes` };
    }
    if (options && options.length > 0 && !options.includes(String(value))) {
      return { message: `the value ${JSON.stringify(value)} is not an option of "${scope}"`, hint: didYouMean(String(value), options) };
    }
    return undefined;
  };
  const walk = (s: ConditionSchema, here: string) => {
    if (s.const !== undefined) {
      const p = problem(s.const);
      if (p) issues.push({ pointer: `${here}/const`, ...p });
    }
    if (s.enum && s.enum.length > 0) {
      const found = s.enum.map(problem);
      const [first] = found;
      if (first && found.every(Boolean)) issues.push({ pointer: `${here}/enum`, message: `none of the values ${JSON.stringify(s.enum)} can occur: ${first.message}`, hint: first.hint });
    }
    if (s.not) walk(s.not, `${here}/not`);
    s.anyOf?.forEach((x, i) => walk(x, `${here}/anyOf/${i}`));
    s.allOf?.forEach((x, i) => walk(x, `${here}/allOf/${i}`));
  };
  walk(schema, at);
  return issues;
}

/**
 * The values the model's required rules compare a flow field with that are not among the field's
 * options: such a rule never fires (or always does, with notEqual). Reported at the field's
 * options in the flow, naming the rule.
 */
export function ruleValueProblems(
  config: ModelConfig,
  flowFields: ReadonlyMap<string, FlowFieldInfo>,
  modelsAt: (config: ModelConfig, field: string, rule: number) => string,
  didYouMean: (value: string, candidates: readonly string[]) => string,
): AgreementIssue[] {
  const issues: AgreementIssue[] = [];
  for (const [key, modelField] of Object.entries(config.fields)) {
    (modelField.validations ?? []).forEach((rule, index) => {
      for (const { property, value } of ruleConditions(rule)) {
        const name = resolveScope(property, config.metadata.dtoMapping);
        const info = name ? flowFields.get(name) : undefined;
        const options = info?.field.options?.map((o) => o.value);
        if (!info || !options?.length || value === null || options.includes(String(value))) continue;
        issues.push({
          pointer: `${info.at}/options`,
          message: `the ${rule.type} rule of "${key}" at ${modelsAt(config, key, index)} compares "${property}" with ${JSON.stringify(value)}, which is not one of its options`,
          hint: didYouMean(String(value), options),
        });
      }
    });
  }
  return issues;
}
