/** The registry of rule adapters by rule type (STYLE.md practice 3). */
import { devError } from '../errors';
import type { RuleConfig } from '../types';
import { ABA_ROUTING_NUMBER_RULE, abaRoutingNumberAdapter } from './adapters/abaRoutingNumber';
import { CHARACTER_SET_RESTRICTION_RULE, characterSetRestrictionAdapter } from './adapters/characterSetRestriction';
import { COMPARE_RULE, compareAdapter } from './adapters/compare';
import { END_DATE_RULE, endDateAdapter } from './adapters/endDate';
import { MAX_LENGTH_RULE, maxLengthAdapter } from './adapters/maxLength';
import { MUST_BE_TRUE_RULE, mustBeTrueAdapter } from './adapters/mustBeTrue';
import { MUST_BE_TRUE_IF_RULE, mustBeTrueIfAdapter } from './adapters/mustBeTrueIf';
import { NESTED_REQUIRED_IF_RULE, nestedRequiredIfAdapter } from './adapters/nestedRequiredIf';
import { PREVENT_FUTURE_DATE_RULE, preventFutureDateAdapter } from './adapters/preventFutureDate';
import { PREVENT_FUTURE_SHORT_DATE_RULE, preventFutureShortDateAdapter } from './adapters/preventFutureShortDate';
import { RANGE_RULE, rangeAdapter } from './adapters/range';
import { REGULAR_EXPRESSION_RULE, regularExpressionAdapter } from './adapters/regularExpression';
import { REQUIRE_ONE_PROPERTY_VAL_TRUE_RULE, requireOnePropertyValTrueAdapter } from './adapters/requireOnePropertyValTrue';
import { REQUIRED_RULE, requiredAdapter } from './adapters/required';
import { REQUIRED_IF_RULE, requiredIfAdapter } from './adapters/requiredIf';
import { REQUIRED_IF_OTHER_PROPERTY_MATCHES_REGEX_RULE, requiredIfOtherPropertyMatchesRegexAdapter } from './adapters/requiredIfOtherPropertyMatchesRegex';
import { REQUIRED_ON_CLIENT_ONLY_RULE, requiredOnClientOnlyAdapter } from './adapters/requiredOnClientOnly';
import { VALID_DATE_RULE, validDateAdapter } from './adapters/validDate';
import { VIN_CHECK_DIGIT_RULE, vinCheckDigitAdapter } from './adapters/vinCheckDigit';
import type { RuleAdapter } from './types';

/** Every rule kind the product knows: spec §5's list plus compare, abaRoutingNumber and vinCheckDigit. A type outside it is unknown. */
export const RULE_KINDS = [
  'range',
  'characterSetRestriction',
  'endDate',
  'maxLength',
  'nestedRequiredIf',
  'preventFutureDate',
  'preventFutureShortDate',
  'regularExpression',
  'required',
  'requiredOnClientOnly',
  'requiredIf',
  'requiredIfOtherPropertyMatchesRegex',
  'requireOnePropertyValTrue',
  'validDate',
  'mustBeTrue',
  'mustBeTrueIf',
  'compare',
  'abaRoutingNumber',
  'vinCheckDigit',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** The adapters by rule type. */
export const ruleAdapters: Readonly<Record<string, RuleAdapter>> = {
  [RANGE_RULE]: rangeAdapter,
  [CHARACTER_SET_RESTRICTION_RULE]: characterSetRestrictionAdapter,
  [END_DATE_RULE]: endDateAdapter,
  [MAX_LENGTH_RULE]: maxLengthAdapter,
  [NESTED_REQUIRED_IF_RULE]: nestedRequiredIfAdapter,
  [PREVENT_FUTURE_DATE_RULE]: preventFutureDateAdapter,
  [PREVENT_FUTURE_SHORT_DATE_RULE]: preventFutureShortDateAdapter,
  [REGULAR_EXPRESSION_RULE]: regularExpressionAdapter,
  [REQUIRED_RULE]: requiredAdapter,
  [REQUIRED_ON_CLIENT_ONLY_RULE]: requiredOnClientOnlyAdapter,
  [REQUIRED_IF_RULE]: requiredIfAdapter,
  [REQUIRED_IF_OTHER_PROPERTY_MATCHES_REGEX_RULE]: requiredIfOtherPropertyMatchesRegexAdapter,
  [REQUIRE_ONE_PROPERTY_VAL_TRUE_RULE]: requireOnePropertyValTrueAdapter,
  [VALID_DATE_RULE]: validDateAdapter,
  [MUST_BE_TRUE_RULE]: mustBeTrueAdapter,
  [MUST_BE_TRUE_IF_RULE]: mustBeTrueIfAdapter,
  [COMPARE_RULE]: compareAdapter,
  [ABA_ROUTING_NUMBER_RULE]: abaRoutingNumberAdapter,
  [VIN_CHECK_DIGIT_RULE]: vinCheckDigitAdapter,
};

export function isKnownRuleType(type: string): type is RuleKind {
  const known: readonly string[] = RULE_KINDS;
  return known.includes(type);
}

/**
 * The adapter for a rule type. An unknown type raises UNKNOWN_RULE_TYPE; a known kind missing
 * from the given registry raises MISSING_VALIDATION_ADAPTER.
 */
export function getRuleAdapter(type: string, adapters: Readonly<Record<string, RuleAdapter>> = ruleAdapters): RuleAdapter {
  const adapter = Object.hasOwn(adapters, type) ? adapters[type] : undefined;
  if (adapter) return adapter;
  if (!isKnownRuleType(type)) throw devError('UNKNOWN_RULE_TYPE', String(type));
  throw devError('MISSING_VALIDATION_ADAPTER', type);
}

/**
 * Load-time check of a list of rules: every type resolves to an adapter and its parameters make
 * sense. Raises on the first unknown type or missing adapter, else INVALID_RULE_CONFIG listing
 * every parameter problem at once. `where` names the field in the message ('claimDetails.disposalDate').
 */
export function assertKnownRules(rules: readonly RuleConfig[], where = 'field', adapters: Readonly<Record<string, RuleAdapter>> = ruleAdapters): void {
  const problems: string[] = [];
  rules.forEach((rule, i) => {
    const adapter = getRuleAdapter(rule.type, adapters);
    for (const problem of adapter.checkParams?.(rule) ?? []) problems.push(`rule ${i} (${rule.type}): ${problem}`);
  });
  if (problems.length > 0) throw devError('INVALID_RULE_CONFIG', where, problems);
}
