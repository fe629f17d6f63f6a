import { patternToMask } from '../pattern';
import type { MaskDefinition } from '../types';

export const DATE_MASK = 'date';

/** ##/##/####; without a guide text-mask adds each slash as soon as the digits before it are typed. */
export const dateMask: MaskDefinition = {
  name: DATE_MASK,
  mask: patternToMask('##/##/####'),
  guide: false,
};
