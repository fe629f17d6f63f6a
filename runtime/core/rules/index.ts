/**
 * The rule engine of spec §5: one adapter per server-declared rule kind, registered by name.
 * The browser runs it for feedback; the server re-runs it on every submit (side: 'server').
 */
export * from './registry';
export * from './engine';
export * from './types';
export { RULE_MESSAGES, formatMessage } from './messages';
export { isDateRange } from './adapters/range';
export { hasValidVinCheckDigit, vinCheckDigitOf, VIN_CHECK_DIGIT_RULE } from './adapters/vinCheckDigit';
export { isBlank, parseNumber } from './support';
export { checkFieldTypes, fieldTypeProblem, FIELD_VALUE_TYPES, type FieldJsonType } from './fieldTypes';
