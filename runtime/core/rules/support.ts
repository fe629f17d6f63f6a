import { readScope } from '../conditions/evaluate';
import { parseUserDate, todayInZone, type CalendarDate } from '../dates';
import type { FieldValue } from '../types';
import type { ConditionOperator, PropertyCondition, RuleContext } from './types';

/** Blank values pass every rule except the required ones (spec §5). */
export function isBlank(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function asText(value: FieldValue): string {
  return value === null ? '' : String(value);
}

/** true or the string 'true' (radio answers arrive as strings). */
export function isTrue(value: FieldValue): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** Reads a number that may arrive masked ('1,234.50', '$ 20'); NaN when it is not one. */
export function parseNumber(value: FieldValue | unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const cleaned = value.trim().replace(/^\$\s*/, '').replace(/,/g, '');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A date parameter: 'MM/dd/yyyy' (any accepted format) or the word 'today' (Pacific). */
export function parseDateParam(param: unknown, now: Date): CalendarDate | null {
  if (typeof param !== 'string') return null;
  if (param.trim().toLowerCase() === 'today') return todayInZone(now);
  return parseUserDate(param);
}

export function looksLikeDateParam(param: unknown): boolean {
  return typeof param === 'string' && (param.trim().toLowerCase() === 'today' || parseUserDate(param) !== null);
}

export function readOther(ctx: RuleContext, path: string): FieldValue {
  return readScope(ctx.scope, path);
}

/** Equal when both are empty, or their text is the same ('false' equals false). */
function sameValue(actual: FieldValue, expected: PropertyCondition['value']): boolean {
  if (expected === null || isBlank(expected)) return isBlank(actual);
  if (isBlank(actual)) return false;
  return asText(actual).trim() === String(expected).trim();
}

export function conditionHolds(ctx: RuleContext, condition: PropertyCondition): boolean {
  const equal = sameValue(readOther(ctx, condition.otherProperty), condition.value);
  return (condition.operator ?? 'equal') === 'notEqual' ? !equal : equal;
}

export function checkOperator(operator: unknown): string[] {
  return operator === undefined || operator === 'equal' || operator === 'notEqual' ? [] : [`operator must be 'equal' or 'notEqual', not ${String(operator)}`];
}

export function checkProperty(name: string, value: unknown): string[] {
  return typeof value === 'string' && value.length > 0 ? [] : [`${name} must name a property`];
}

// Patterns come from the model configs: a handful, each compiled once (no flags: `test` keeps no state).
const compiledPatterns = new Map<string, RegExp>();

/** The regular expression of `source`, compiled on first use. */
export function compiledPattern(source: string): RegExp {
  let re = compiledPatterns.get(source);
  if (!re) compiledPatterns.set(source, (re = new RegExp(source)));
  return re;
}

export function checkPattern(pattern: unknown): string[] {
  if (typeof pattern !== 'string') return ['pattern must be a string'];
  try {
    new RegExp(pattern);
    return [];
  } catch (e) {
    return [`pattern is not a valid regular expression: ${(e as Error).message}`];
  }
}

export type { ConditionOperator };
