import { patternToMask } from '../pattern';
import type { MaskDefinition } from '../types';

export const PHONE_US_MASK = 'phoneUS';

/** (###) ###-####, placeholder (123) 456-7890. */
export const phoneUSMask: MaskDefinition = {
  name: PHONE_US_MASK,
  mask: patternToMask('(###) ###-####'),
  guide: false,
};
