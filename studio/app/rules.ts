/**
 * Which parameters each rule kind takes, read from schemas/model-config.schema.json: each
 * parameter's description starts with the kinds it serves ("requiredIf, mustBeTrueIf: …", several
 * separated by "; "), so the schema stays the one place a parameter is declared.
 */
import modelSchema from '../../schemas/model-config.schema.json';
import { RULE_KINDS } from '../../runtime/core/rules/registry';
import { isRecord } from '../json';

/** What every rule may carry, whatever its kind. */
export const COMMON_RULE_PROPERTIES = ['type', 'message', 'messageKey'] as const;

const ruleProperties: Record<string, { description?: string }> = modelSchema.definitions.rule.properties;

/** The rule kinds a parameter's description names. */
export function kindsOfParameter(description: string): string[] {
  return description
    .split('; ')
    .flatMap((segment) => /^([A-Za-z, ]+):/.exec(segment)?.[1]?.split(',') ?? [])
    .map((kind) => kind.trim())
    .filter((kind) => RULE_KINDS.some((known) => known === kind));
}

/** The parameters of `kind`, in the schema's order (none for an unknown or missing kind). */
export function ruleParameters(kind: unknown): string[] {
  return Object.entries(ruleProperties)
    .filter(([name, property]) => !COMMON_RULE_PROPERTIES.some((common) => common === name) && typeof kind === 'string' && kindsOfParameter(property.description ?? '').includes(kind))
    .map(([name]) => name);
}

/**
 * The rules after an edit, a rule whose kind changed keeping only the parameters its new kind
 * takes: a range turned into a required rule loses its min and max rather than hiding them.
 */
export function withKindParameters(before: readonly unknown[], after: readonly unknown[]): unknown[] {
  return after.map((rule, index) => {
    const previous = before[index];
    if (!isRecord(rule) || !isRecord(previous) || previous.type === rule.type) return rule;
    const keep = new Set<string>([...COMMON_RULE_PROPERTIES, ...ruleParameters(rule.type)]);
    return Object.fromEntries(Object.entries(rule).filter(([name]) => keep.has(name)));
  });
}
