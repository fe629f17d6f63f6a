import { MASK_SYMBOLS, repeatSlot } from '../pattern';
import type { MaskDefinition } from '../types';

export const VIN_MASK = 'vin';

/** Up to 17 letters or digits, upper-cased as typed (VINs are printed in capitals). */
export const vinMask: MaskDefinition = {
  name: VIN_MASK,
  mask: repeatSlot(MASK_SYMBOLS['*'] as RegExp, 17),
  guide: false,
  pipe: (conformed) => conformed.toUpperCase(),
};
