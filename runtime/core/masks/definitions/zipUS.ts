import { patternToMask } from '../pattern';
import type { MaskDefinition } from '../types';

export const ZIP_US_MASK = 'zipUS';

const ZIP5 = patternToMask('#####');
const ZIP9 = patternToMask('#####-####');

/** #####-####, the +4 part optional: the dash appears only once a sixth digit is typed. */
export const zipUSMask: MaskDefinition = {
  name: ZIP_US_MASK,
  mask: (raw) => (raw.replace(/\D/g, '').length > 5 ? ZIP9 : ZIP5),
  guide: false,
};
