/**
 * Input masks of spec §5, registered by name and built on text-mask-core.
 * What the model stores: the conformed display string ('(510) 555-0142', '1,234.50', '94607-1234'),
 * exactly as the field shows it. Rules parse it back where they need a number (range).
 */
import textMaskCore from 'text-mask-core';
import { devError } from '../errors';
import { CURRENCY_MASK, currencyMask } from './definitions/currency';
import { CURRENCY_DECIMAL_MASK, currencyDecimalMask } from './definitions/currencyDecimal';
import { DATE_MASK, dateMask } from './definitions/date';
import { DECIMAL_MASK, decimalMask } from './definitions/decimal';
import { PHONE_INTERNATIONAL_MASK, phoneInternationalMask } from './definitions/phoneInternational';
import { PHONE_US_MASK, phoneUSMask } from './definitions/phoneUS';
import { POSTAL_NON_US_MASK, postalNonUSMask } from './definitions/postalNonUS';
import { VIN_MASK, vinMask } from './definitions/vin';
import { ZIP_US_MASK, zipUSMask } from './definitions/zipUS';
import type { MaskDefinition } from './types';

export * from './types';
export { MASK_SYMBOLS, patternToMask, repeatSlot } from './pattern';

/** The masks by name. */
export const masks: Readonly<Record<string, MaskDefinition>> = {
  [CURRENCY_MASK]: currencyMask,
  [CURRENCY_DECIMAL_MASK]: currencyDecimalMask,
  [DECIMAL_MASK]: decimalMask,
  [PHONE_INTERNATIONAL_MASK]: phoneInternationalMask,
  [DATE_MASK]: dateMask,
  [PHONE_US_MASK]: phoneUSMask,
  [VIN_MASK]: vinMask,
  [ZIP_US_MASK]: zipUSMask,
  [POSTAL_NON_US_MASK]: postalNonUSMask,
};

export const MASK_NAMES = Object.keys(masks);

/** The mask registered under `name`; an unknown name is the missing-mask-factory error. */
export function getMask(name: string): MaskDefinition {
  const mask = Object.hasOwn(masks, name) ? masks[name] : undefined;
  if (!mask) throw devError('MISSING_MASK_FACTORY', name);
  return mask;
}

/**
 * The display value to store after the claimant typed, pasted or deleted: `input` is the field's
 * new raw text, `previous` the value stored before (lets text-mask tell a deletion from typing,
 * so deleting a trailing separator is not undone). The caret is taken to be at the end.
 */
export function applyMask(name: string, input: string, previous = ''): string {
  const definition = getMask(name);
  const { conformedValue } = textMaskCore.conformToMask(input, definition.mask, {
    guide: definition.guide,
    previousConformedValue: previous,
    currentCaretPosition: input.length,
  }) as { conformedValue: string };
  return definition.pipe ? definition.pipe(conformedValue) : conformedValue;
}
