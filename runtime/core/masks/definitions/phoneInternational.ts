import { repeatSlot } from '../pattern';
import type { MaskDefinition } from '../types';

export const PHONE_INTERNATIONAL_MASK = 'phoneInternational';

/** Up to 16 digits, no formatting (numbering plans differ by country). */
export const phoneInternationalMask: MaskDefinition = {
  name: PHONE_INTERNATIONAL_MASK,
  mask: repeatSlot(/\d/, 16),
  guide: false,
};
