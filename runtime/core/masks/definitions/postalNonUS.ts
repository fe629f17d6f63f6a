import { repeatSlot } from '../pattern';
import type { MaskDefinition } from '../types';

export const POSTAL_NON_US_MASK = 'postalNonUS';

/** Up to 10 letters, digits or spaces ('M5V 2T6', 'SW1A 1AA'). */
export const postalNonUSMask: MaskDefinition = {
  name: POSTAL_NON_US_MASK,
  mask: repeatSlot(/[A-Za-z0-9 ]/, 10),
  guide: false,
};
