import type { MaskArray, MaskDefinition } from '../types';

export const CURRENCY_MASK = 'currency';

/** Digit slots for `count` digits with a comma before every group of three from the right. */
export function thousands(count: number): MaskArray {
  const mask: MaskArray = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && (count - i) % 3 === 0) mask.push(',');
    mask.push(/\d/);
  }
  return mask;
}

/** Whole amounts: digits only, comma thousands separators ('12,345'). */
export const currencyMask: MaskDefinition = {
  name: CURRENCY_MASK,
  mask: (raw) => thousands(raw.replace(/\D/g, '').length),
  guide: false,
};
