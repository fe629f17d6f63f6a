import { repeatSlot } from '../pattern';
import type { MaskDefinition } from '../types';

export const DECIMAL_MASK = 'decimal';

/** Up to 16 characters of digits and dots (mileage). */
export const decimalMask: MaskDefinition = {
  name: DECIMAL_MASK,
  mask: repeatSlot(/[\d.]/, 16),
  guide: false,
};
