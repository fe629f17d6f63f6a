import type { MaskArray, MaskDefinition } from '../types';
import { thousands } from './currency';

export const CURRENCY_DECIMAL_MASK = 'currencyDecimal';

/** Amounts with comma thousands and at most two decimals ('1,234.50'); the first dot starts the cents. */
export const currencyDecimalMask: MaskDefinition = {
  name: CURRENCY_DECIMAL_MASK,
  mask(raw) {
    const dot = raw.indexOf('.');
    const whole = (dot < 0 ? raw : raw.slice(0, dot)).replace(/\D/g, '').length;
    if (dot < 0) return thousands(whole);
    const cents = Math.min(2, raw.slice(dot + 1).replace(/\D/g, '').length);
    const mask: MaskArray = [...thousands(whole), '.'];
    for (let i = 0; i < cents; i++) mask.push(/\d/);
    return mask;
  },
  guide: false,
};
