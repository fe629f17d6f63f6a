import { type CalendarDate } from '../dates';
import type { FieldDataType, FieldValue, ModelFieldConfig, RuleConfig, WidgetName } from '../types';
import { isDateRange, RANGE_RULE } from './adapters/range';
import { getRuleAdapter } from './registry';
import { dateExample } from './adapters/dateValue';
import { formatMessage, RULE_MESSAGES } from './messages';
import { isBlank, parseDateParam } from './support';
import type { RangeRule, RuleContext, RuleFailure } from './types';

/** The field a message is about, so that it can say what to enter there. */
export interface FieldMessageContext {
  /** The field's label in the claimant's language. */
  label: string;
  widget: WidgetName;
  /** The flow's messages of this field by rule type: localization keys (or literal text). */
  messages?: Readonly<Record<string, string>>;
}

export interface ValidateOptions {
  /** The field's declared data type (lets range tell dates from numbers). */
  dataType?: FieldDataType;
  /**
   * The field's label and widget: a missing or malformed value is then told in the field's words.
   * Given as a function, it is asked only when a rule fails (a passing field's label is never translated).
   */
  field?: FieldMessageContext | (() => FieldMessageContext);
}

/** A message and whether it names its field (then the error summary shows it without the label). */
export interface RuleMessage {
  text: string;
  namesField: boolean;
}

/** The rule kinds whose failure means the field is empty: their message says what to enter. */
const MISSING_KEYS: ReadonlySet<string> = new Set(['LocKey_Validation_Required', 'LocKey_Validation_RequiredIf']);
/** Failures of a value that is not a date: their message shows how to write one. */
const DATE_FORMAT_KEYS: ReadonlySet<string> = new Set(['LocKey_Validation_InvalidDate', 'LocKey_Validation_ValidDate']);

/**
 * The message of a failed rule: the flow's message for this field and rule type (a malformed
 * date: its validDate message); else the server's message; else its messageKey localized; else,
 * for a missing value or a value that is not a date, a message built from the field's label and
 * widget ("Enter first name", "Choose an answer"); else the kind's default key localized; else the
 * English text. A malformed date never gets the rule's own text, which describes another problem.
 */
export function ruleMessage(rule: RuleConfig, failure: RuleFailure, ctx: RuleContext, field?: FieldMessageContext): RuleMessage {
  const args = failure.args ?? [];
  // A missing value of a conditional kind (requiredIf, …) takes the field's required message when it has no own one.
  const flowKey = nonEmpty(field?.messages?.[failure.malformed ? VALID_DATE_TYPE : rule.type]) ?? (MISSING_KEYS.has(failure.key) ? nonEmpty(field?.messages?.[REQUIRED_TYPE]) : undefined);
  if (flowKey !== undefined) return { text: withSuffix(ctx.t(flowKey, ...args) ?? formatMessage(flowKey, ...args), failure), namesField: true };
  const own = failure.malformed ? undefined : nonEmpty(rule.message);
  const ownKey = failure.malformed ? undefined : nonEmpty(rule.messageKey);
  const text =
    (own !== undefined ? formatMessage(own, ...args) : undefined) ??
    (ownKey !== undefined ? ctx.t(ownKey, ...args) : undefined);
  if (text !== undefined) return { text: withSuffix(text, failure), namesField: false };
  const fromLabel = field ? labelledMessage(failure, field, ctx) : undefined;
  if (fromLabel) return fromLabel;
  return { text: withSuffix(localized(failure.key, ctx, ...args), failure), namesField: false };
}

const VALID_DATE_TYPE = 'validDate';
const REQUIRED_TYPE = 'required';

function withSuffix(text: string, failure: RuleFailure): string {
  return failure.suffix ? `${text} ${failure.suffix}` : text;
}

function localized(key: string, ctx: RuleContext, ...args: Array<string | number>): string {
  return ctx.t(key, ...args) ?? formatMessage(RULE_MESSAGES[key]?.en ?? key, ...args);
}

/**
 * A missing or malformed value told in the field's words: "Enter first name", "Choose document
 * type", "Enter repair date, for example 3/15/2016", "Enter the phone number of your Venmo account". A label that is a question or a sentence
 * does not fit inside one; the message then says what to do and the summary puts the label before it.
 */
function labelledMessage(failure: RuleFailure, field: FieldMessageContext, ctx: RuleContext): RuleMessage | undefined {
  const isDate = DATE_FORMAT_KEYS.has(failure.key) || (MISSING_KEYS.has(failure.key) && field.widget === 'date');
  if (!isDate && !MISSING_KEYS.has(failure.key)) return undefined;
  const label = field.label.trim().replace(/\s*:$/, '');
  // A label that is an instruction ("Describe what you did") is itself what to do.
  if (!isDate && isInstruction(label) && field.widget !== 'checkbox' && field.widget !== 'file') return { text: label, namesField: true };
  const phrase = isSentence(label) || label === '' || isInstruction(label) ? null : withArticle(labelInSentence(label), ctx);
  if (isDate) {
    const example = DATE_FORMAT_KEYS.has(failure.key) ? String(failure.args?.[0] ?? dateExample()) : dateExample();
    return phrase === null
      ? { text: localized('LocKey_Validation_EnterDate', ctx, example), namesField: false }
      : { text: localized('LocKey_Validation_EnterDateField', ctx, phrase, example), namesField: true };
  }
  switch (field.widget) {
    case 'checkbox':
      return { text: localized('LocKey_Validation_MustBeTrue', ctx), namesField: false };
    case 'file':
      return { text: localized('LocKey_Validation_ChooseFile', ctx), namesField: false };
    case 'radio':
    case 'select':
      return phrase === null
        ? { text: localized('LocKey_Validation_ChooseAnswer', ctx), namesField: false }
        : { text: localized('LocKey_Validation_ChooseField', ctx, phrase), namesField: true };
    default:
      return phrase === null
        ? { text: localized('LocKey_Validation_EnterAnswer', ctx), namesField: false }
        : { text: localized('LocKey_Validation_EnterField', ctx, phrase), namesField: true };
  }
}

/**
 * The first words of labels written as instructions ("Describe what you did", "Describa lo que
 * hizo"), in the languages the product ships: "Enter describe what you did" reads wrong, so such a
 * label gets the message that says what to do, after the label in the summary.
 */
const INSTRUCTION_WORDS = new Set([
  'add', 'attach', 'check', 'choose', 'confirm', 'describe', 'enter', 'explain', 'give', 'include', 'indicate', 'list', 'mark', 'pick',
  'please', 'provide', 'select', 'specify', 'state', 'tell', 'tick', 'type', 'upload', 'write',
  'adjunte', 'agregue', 'cargue', 'confirme', 'describa', 'elija', 'enumere', 'escriba', 'explique', 'incluya', 'indique', 'ingrese',
  'marque', 'por', 'proporcione', 'seleccione', 'suba',
]);

/** Whether the label is an instruction to the claimant rather than the name of what is asked. */
function isInstruction(label: string): boolean {
  const first = /^[\p{L}]+/u.exec(label)?.[0] ?? '';
  return INSTRUCTION_WORDS.has(first.toLocaleLowerCase());
}

/** Words that begin a label which already says whose or which thing it is ("Your e-mail", "Su correo", "The date…"). */
const DETERMINERS = new Set([
  'a', 'all', 'an', 'any', 'each', 'every', 'her', 'his', 'its', 'my', 'no', 'our', 'some', 'that', 'the', 'their', 'these', 'this', 'those', 'your',
  'cada', 'el', 'esta', 'estas', 'este', 'estos', 'la', 'las', 'los', 'mi', 'mis', 'su', 'sus', 'un', 'una', 'unas', 'unos',
]);

/** Words that open a phrase naming whose or which thing a label means ("…of your Venmo account", "…de su cuenta"). */
const PREPOSITIONS = new Set([
  'about', 'at', 'for', 'from', 'in', 'of', 'on', 'to', 'under', 'with',
  'con', 'de', 'del', 'en', 'para', 'por', 'sobre',
]);

/**
 * Whether a label names one particular thing by what follows its noun ("Phone number of your Venmo
 * account", "Date of purchase"): inside a sentence it then takes the definite article ("Enter the
 * phone number of your Venmo account"); a bare noun ("First name") reads right without one.
 */
export function namesParticularThing(label: string): boolean {
  const words = label.replace(/\([^)]*\)/g, ' ').trim().toLocaleLowerCase().split(/\s+/);
  const [first = ''] = words;
  if (DETERMINERS.has(first)) return false;
  return words.slice(1).some((word) => PREPOSITIONS.has(word));
}

/**
 * Whether a label is a question or a sentence ("¿Qué hizo?", "Do you own the vehicle? (optional)"):
 * it does not fit inside another sentence.
 */
function isSentence(label: string): boolean {
  return /^[¿¡]/.test(label) || /[?.!]$/.test(label.replace(/\s*\([^)]*\)$/, ''));
}

/**
 * The label with the definite article when it names one particular thing: the culture's
 * LocKey_Validation_TheField ("the {0}"). A language whose article depends on the noun's gender
 * (Spanish: el número, la fecha) writes "{0}" there: no rule can choose its article, so such a
 * label is not put inside a sentence (null: the message says what to do and the summary puts the
 * label before it, "Número de teléfono de su cuenta: Ingrese su respuesta"), and the checker
 * proposes the field's own message (tooling/flow/label-messages.ts). A locale without the text is
 * treated alike: never the English article in another language's sentence.
 */
function withArticle(phrase: string, ctx: RuleContext): string | null {
  return namesParticularThing(phrase) ? articleOf(ctx.t, phrase) : phrase;
}

/** The phrase with the culture's article for any noun, or null when the culture has none. */
function articleOf(t: RuleContext['t'], phrase: string): string | null {
  const withIt = t('LocKey_Validation_TheField', phrase);
  return withIt === undefined || withIt.trim() === phrase.trim() ? null : withIt;
}

/**
 * Whether a culture's built-in message for a missing answer leaves the label out because it
 * names one particular thing and the culture has no article for every noun (Spanish): the field
 * then reads better with a `messages` entry of its own. `t` translates in that culture.
 */
export function labelWantsOwnMessage(label: string, widget: WidgetName, t: RuleContext['t']): boolean {
  const text = label.trim().replace(/\s*:$/, '');
  if (text === '' || widget === 'checkbox' || widget === 'file' || isSentence(text) || isInstruction(text)) return false;
  const phrase = labelInSentence(text);
  return namesParticularThing(phrase) && articleOf(t, phrase) === null;
}

/**
 * A label as it reads inside a sentence: its first letter lower-cased when its first word is an
 * ordinary capitalized word and the label is not in title case ("First name" -> "first name",
 * "E-mail address" -> "e-mail address", "Phone number of your Venmo account" -> "phone number of
 * your Venmo account"); an abbreviation or a name first ("PIN", "ZIP code", "PayPal e-mail") or a
 * title-cased label ("Vehicle Identification Number (VIN)") is kept.
 */
export function labelInSentence(label: string): string {
  const words = label.replace(/\([^)]*\)/g, '').trim().split(/\s+/);
  const [first = '', second] = words;
  const firstIsPlain = !/\p{Lu}/u.test(first.slice(1));
  const titleCase = second !== undefined && /^\p{Lu}/u.test(second);
  return firstIsPlain && !titleCase ? label.charAt(0).toLocaleLowerCase() + label.slice(1) : label;
}

function nonEmpty(text: string | null | undefined): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * Runs the rules on one value. Returns the messages in rule order, each once.
 * Blank values (null, '', whitespace) reach only the required kinds.
 */
export function validateValue(value: FieldValue, rules: readonly RuleConfig[], field: string, ctx: RuleContext, options: ValidateOptions = {}): string[] {
  return ruleMessages(value, rules, field, ctx, options).map((m) => m.text);
}

/** validateValue with, for each message, whether it names its field. */
export function ruleMessages(value: FieldValue, rules: readonly RuleConfig[], field: string, ctx: RuleContext, options: ValidateOptions = {}): RuleMessage[] {
  const messages: RuleMessage[] = [];
  const blank = isBlank(value);
  let fieldContext = typeof options.field === 'function' ? undefined : options.field;
  for (const rule of rules) {
    const adapter = getRuleAdapter(rule.type, ctx.adapters);
    if (blank && !adapter.checksBlank) continue;
    const failure = adapter.validate(value, rule, ctx, { field, dataType: options.dataType });
    if (!failure) continue;
    if (typeof options.field === 'function') fieldContext ??= options.field();
    const message = ruleMessage(rule, failure, ctx, fieldContext);
    if (!messages.some((m) => m.text === message.text)) messages.push(message);
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
  const range = rules.find((r): r is RangeRule => r.type === RANGE_RULE && isDateRange(r, dataType));
  if (!range) return { min: null, max: null };
  return { min: parseDateParam(range.min, now), max: parseDateParam(range.max, now) };
}
