import type { MaskArray, MaskSlot } from './types';

/** Masking symbols of spec §5: # a digit, @ a letter, * a letter or a digit. */
export const MASK_SYMBOLS: Readonly<Record<string, RegExp>> = {
  '#': /\d/,
  '@': /[A-Za-z]/,
  '*': /[A-Za-z0-9]/,
};

/** Turns a pattern string into text-mask's array: '(###) ###-####' -> ['(', /\d/, /\d/, /\d/, ')', ' ', …]. */
export function patternToMask(pattern: string): MaskArray {
  return [...pattern].map((ch): MaskSlot => MASK_SYMBOLS[ch] ?? ch);
}

/** A mask of up to `length` characters each matching `slot`, with no literals. */
export function repeatSlot(slot: RegExp, length: number): MaskArray {
  return Array.from({ length }, () => slot);
}
