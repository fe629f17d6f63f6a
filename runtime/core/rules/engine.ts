import { type CalendarDate } from '../dates';
import type { FieldDataType, FieldValue, ModelFieldConfig, RuleConfig } from '../types';
import { isDateRange, RANGE_RULE } from './adapters/range';
import { getRuleAdapter } from './registry';
import { formatMessage, RULE_MESSAGES } from './messages';
import { isBlank, parseDateParam } from './support';
import type { RangeRule, RuleContext, RuleFailure } from './types';

export interface ValidateOptions {
  /** The field's declared data type (lets range tell dates from numbers). */
  dataType?: FieldDataType;
}

/**
 * The message of a failed rule: the server's message; else its messageKey localized; else the
 * kind's default key localized; else the English text. A malformed date always gets the
 * invalid-date message, since the rule's own text would describe another problem.
 */
export function ruleMessage(rule: RuleConfig, failure: RuleFailure, ctx: RuleContext): string {
  const args = failure.args ?? [];
  const own = failure.malformed ? undefined : nonEmpty(rule.message);
  const ownKey = failure.malformed ? undefined : nonEmpty(rule.messageKey);
  const text =
    (own !== undefined ? formatMessage(own, ...args) : undefined) ??
    (ownKey !== undefined ? ctx.t(ownKey, ...args) : undefined) ??
    ctx.t(failure.key, ...args) ??
    formatMessage(RULE_MESSAGES[failure.key]?.en ?? failure.key, ...args);
  return failure.suffix ? `${text} ${failure.suffix}` : text;
}

function nonEmpty(text: string | null | undefined): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * Runs the rules on one value. Returns the messages in rule order, each once.
 * Blank values (null, '', whitespace) reach only the required kinds.
 */
export function validateValue(value: FieldValue, rules: readonly RuleConfig[], field: string, ctx: RuleContext, options: ValidateOptions = {}): string[] {
  const messages: string[] = [];
  const blank = isBlank(value);
  for (const rule of rules) {
    const adapter = getRuleAdapter(rule.type, ctx.adapters);
    if (blank && !adapter.checksBlank) continue;
    const failure = adapter.validate(value, rule, ctx, { field, dataType: options.dataType });
    if (!failure) continue;
    const message = ruleMessage(rule, failure, ctx);
    if (!messages.includes(message)) messages.push(message);
  }
  return messages;
}

/**
 * Validates every configured field of one model or record. `fields` become the own scope, so
 * 'field' references read siblings; other models come from ctx.scope.models.
 * Returns only the fields with errors.
 */
export function validateModelFields(
  fields: Record<string, FieldValue>,
  fieldConfigs: Record<string, ModelFieldConfig>,
  ctx: RuleContext,
): Record<string, string[]> {
  const scoped: RuleContext = { ...ctx, scope: { ...ctx.scope, own: fields } };
  const errors: Record<string, string[]> = {};
  for (const [field, config] of Object.entries(fieldConfigs)) {
    const messages = validateValue(fields[field] ?? null, config.validations ?? [], field, scoped, { dataType: config.dataType });
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}

/** Whether the field shows as required now (label marker): a required kind whose condition holds. */
export function isRequired(rules: readonly RuleConfig[], ctx: RuleContext): boolean {
  return rules.some((rule) => getRuleAdapter(rule.type, ctx.adapters).isRequired?.(rule, ctx) ?? false);
}

/** The min and max of the first date range rule, for the date widget; 'today' is today in Pacific time. */
export function dateBounds(rules: readonly RuleConfig[], now: Date, dataType?: FieldDataType): { min: CalendarDate | null; max: CalendarDate | null } {
  const range = rules.find((r): r is RangeRule => r.type === RANGE_RULE && isDateRange(r as RangeRule, dataType));
  if (!range) return { min: null, max: null };
  return { min: parseDateParam(range.min, now), max: parseDateParam(range.max, now) };
}
