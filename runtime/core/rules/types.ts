import type { ConditionScope } from '../conditions/evaluate';
import type { FieldDataType, FieldValue, RuleConfig } from '../types';

/** Where the rules run: the server re-runs every rule on submit except the client-only ones. */
export type RuleSide = 'client' | 'server';

/** Everything a rule may read besides the value itself. Injected, so tests and the server control it. */
export interface RuleContext {
  /** Own fields (same model or record) and the single-instance models by camel-cased dtoMapping. */
  scope: ConditionScope;
  /** Allowed characters (GET /api/characters-whitelist); null when not available, then nothing is restricted. */
  whitelist: string | null;
  now: Date;
  /** Localized template by key with numbered arguments; undefined when the key is missing. */
  t: (key: string, ...args: Array<string | number>) => string | undefined;
  /** Default 'client'. On 'server' requiredOnClientOnly is skipped. */
  side?: RuleSide;
  /** The adapters to use; defaults to the full registry. */
  adapters?: Readonly<Record<string, RuleAdapter>>;
}

/** A failed rule: which message to show and with what. */
export interface RuleFailure {
  /** Default localization key (a key of RULE_MESSAGES). */
  key: string;
  /** Numbered placeholder arguments ({0}, {1}). */
  args?: Array<string | number>;
  /** Appended after the message, separated by a space (the offending characters). */
  suffix?: string;
  /**
   * The value is not a date in an accepted format. The rule's own message would describe a
   * different problem, so the invalid-date message is shown instead of it.
   */
  malformed?: boolean;
}

/** One rule kind of spec §5. `validate` is only called with non-blank values unless `checksBlank`. */
export interface RuleAdapter<R extends RuleConfig = RuleConfig> {
  readonly type: string;
  /** Blank values (null, '', whitespace) reach validate: the required kinds. */
  readonly checksBlank?: boolean;
  validate(value: FieldValue, rule: R, ctx: RuleContext, options: RuleOptions): RuleFailure | null;
  /** Whether the field currently shows as required (label marker). Absent: never. */
  isRequired?(rule: R, ctx: RuleContext): boolean;
  /** Problems with the rule's parameters, for load-time checks. */
  checkParams?(rule: R): string[];
}

export interface RuleOptions {
  /** Name of the field being validated. */
  field: string;
  /** The field's declared data type, when known (lets range tell dates from numbers). */
  dataType?: FieldDataType;
}

/* ------------------------------------------------------------------------------------------------
 * Parameters of each rule kind, as the server declares them
 * ----------------------------------------------------------------------------------------------*/

/** A property reference: 'field' (same model or record) or 'modelName.field' (camel-cased dtoMapping). */
export type PropertyRef = string;

/**
 * range: a number between min and max, or for dateTime a date between min and max (inclusive).
 * Numbers may be given as numbers or strings ('50,000.00'); dates as 'MM/dd/yyyy' or 'today'
 * (today in Pacific time). Without dataType, dates are recognised from the field's data type or
 * from min/max looking like dates.
 */
export interface RangeRule extends RuleConfig {
  type: 'range';
  min: number | string;
  max: number | string;
  dataType?: 'dateTime' | 'number';
}

/** characterSetRestriction: every character must be in the context's whitelist. No params. */
export interface CharacterSetRestrictionRule extends RuleConfig {
  type: 'characterSetRestriction';
}

/** endDate: the date is after the start date property (on or after when inclusive). */
export interface EndDateRule extends RuleConfig {
  type: 'endDate';
  startDateProperty: PropertyRef;
  inclusive?: boolean;
}

/** maxLength: at most `max` characters. */
export interface MaxLengthRule extends RuleConfig {
  type: 'maxLength';
  max: number;
}

export type ConditionOperator = 'equal' | 'notEqual';

/** One condition on another property; a null value means "empty". */
export interface PropertyCondition {
  otherProperty: PropertyRef;
  value: string | number | boolean | null;
  operator?: ConditionOperator;
}

/** nestedRequiredIf: required when one or two conditions hold, joined with And or Or. */
export interface NestedRequiredIfRule extends RuleConfig {
  type: 'nestedRequiredIf';
  conditions: PropertyCondition[];
  join?: 'And' | 'Or';
}

/** preventFutureDate: before today (Pacific), or on or before when inclusive. */
export interface PreventFutureDateRule extends RuleConfig {
  type: 'preventFutureDate';
  inclusive?: boolean;
}

/** preventFutureShortDate: a date in an accepted format, not after today (Pacific). No params. */
export interface PreventFutureShortDateRule extends RuleConfig {
  type: 'preventFutureShortDate';
}

/** regularExpression: the whole value matches the pattern (as the server's attribute does). */
export interface RegularExpressionRule extends RuleConfig {
  type: 'regularExpression';
  pattern: string;
}

/** required: non-empty after trim. */
export interface RequiredRule extends RuleConfig {
  type: 'required';
}

/** requiredOnClientOnly: like required, skipped on the server. */
export interface RequiredOnClientOnlyRule extends RuleConfig {
  type: 'requiredOnClientOnly';
}

/** requiredIf: required when another property equals (or does not equal) a value; null means empty. */
export interface RequiredIfRule extends RuleConfig {
  type: 'requiredIf';
  otherProperty: PropertyRef;
  value: string | number | boolean | null;
  operator?: ConditionOperator;
}

/** requiredIfOtherPropertyMatchesRegex: required when another property's text matches the pattern (a search, not a full match). */
export interface RequiredIfOtherPropertyMatchesRegexRule extends RuleConfig {
  type: 'requiredIfOtherPropertyMatchesRegex';
  otherProperty: PropertyRef;
  pattern: string;
}

/** requireOnePropertyValTrue: at least one of the listed properties is true (or the string 'true'). */
export interface RequireOnePropertyValTrueRule extends RuleConfig {
  type: 'requireOnePropertyValTrue';
  properties: PropertyRef[];
}

/** validDate: the value parses in one of the formats (tokens yyyy, MM, M, dd, d). Default: the four accepted formats. */
export interface ValidDateRule extends RuleConfig {
  type: 'validDate';
  formats?: string[];
}

/** mustBeTrue: true (or 'true'); a missing value passes. */
export interface MustBeTrueRule extends RuleConfig {
  type: 'mustBeTrue';
}

/** mustBeTrueIf: while another property equals the value, the value must be true, and missing fails. */
export interface MustBeTrueIfRule extends RuleConfig {
  type: 'mustBeTrueIf';
  otherProperty: PropertyRef;
  value: string | number | boolean | null;
  operator?: ConditionOperator;
}

/** compare: equals another property (confirmEmailAddress equals 'claimantInfo.emailAddress'). Case-sensitive, trimmed. */
export interface CompareRule extends RuleConfig {
  type: 'compare';
  otherProperty: PropertyRef;
}
