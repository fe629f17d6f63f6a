/**
 * Input masks of spec §5, registered by name and built on text-mask-core. The input widgets conform
 * every edit through conformEdit, so what the tests type here is what a claimant's keystrokes do.
 * What the model stores: the conformed display string ('(510) 555-0142', '1,234.50', '94607-1234'),
 * exactly as the field shows it. Rules parse it back where they need a number (range).
 */
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
import { adjustCaretPosition, conformToMask } from './text-mask';
import type { MaskArray, MaskDefinition } from './types';

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

/** What the field shows (and the model stores) after an edit, and where the caret goes. */
export interface MaskedEdit {
  value: string;
  caret: number;
}

/** text-mask's stand-in for a free slot; no mask has it as a literal. */
const PLACEHOLDER_CHAR = '_';

function maskArray(definition: MaskDefinition, raw: string): MaskArray {
  return typeof definition.mask === 'function' ? definition.mask(raw) : definition.mask;
}

function placeholderOf(mask: MaskArray): string {
  return mask.map((slot) => (typeof slot === 'string' ? slot : PLACEHOLDER_CHAR)).join('');
}

/**
 * One edit of a masked field, as the input widget calls it on every input event: `raw` is the
 * field's text after the keystroke, paste or deletion, `previous` the text it showed before (lets
 * text-mask tell a deletion from typing, so deleting a trailing separator is not undone), `caret`
 * where the caret is in `raw`. Returns the conformed text and the caret position within it.
 */
export function conformEdit(definition: MaskDefinition, raw: string, previous: string, caret = raw.length): MaskedEdit {
  const mask = maskArray(definition, raw);
  const placeholder = placeholderOf(mask);
  const { conformedValue } = conformToMask(raw, mask, {
    guide: definition.guide,
    previousConformedValue: previous,
    placeholderChar: PLACEHOLDER_CHAR,
    placeholder,
    currentCaretPosition: caret,
  });
  const value = definition.pipe ? definition.pipe(conformedValue) : conformedValue;
  const newCaret = adjustCaretPosition({
    previousConformedValue: previous,
    previousPlaceholder: placeholderOf(maskArray(definition, previous)),
    conformedValue: value,
    placeholder,
    rawValue: raw,
    currentCaretPosition: caret,
    placeholderChar: PLACEHOLDER_CHAR,
  });
  return { value, caret: Math.min(newCaret, value.length) };
}

/** The display value to store after `input` replaced `previous`, the caret at the end (see conformEdit). */
export function applyMask(name: string, input: string, previous = ''): string {
  return conformEdit(getMask(name), input, previous).value;
}

/** Characters tried for a mask's slot, in turn: a digit that is not an edge of its range, then letters. */
const SAMPLE_CHARACTERS = '5A';

/**
 * A complete answer of a fixed-length mask as the field stores it ('(555) 555-5555') and the same
 * answer as typed without the mask's characters ('5555555555'); null for a mask whose shape
 * follows what is typed (currency). For checking a field's rules against what its mask stores.
 */
export function maskedSample(name: string): { stored: string; typed: string } | null {
  const definition = Object.hasOwn(masks, name) ? masks[name] : undefined;
  if (!definition || typeof definition.mask === 'function') return null;
  let stored = '';
  let typed = '';
  for (const slot of definition.mask) {
    if (typeof slot === 'string') {
      stored += slot;
      continue;
    }
    const character = [...SAMPLE_CHARACTERS].find((c) => slot.test(c));
    if (character === undefined) return null;
    stored += character;
    typed += character;
  }
  return { stored: definition.pipe ? definition.pipe(stored) : stored, typed };
}

