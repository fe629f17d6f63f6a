import { asText } from '../support';
import type { RuleConfig } from '../../types';
import type { RuleAdapter } from '../types';

export const ABA_ROUTING_NUMBER_RULE = 'abaRoutingNumber';

/**
 * Whether text is a US bank routing number (ABA RTN): nine digits whose weighted sum
 * 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9 is a multiple of ten. Spaces and
 * dashes between the digits are allowed.
 */
export function isAbaRoutingNumber(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + Number(digits.charAt(i)) * weight, 0);
  return sum % 10 === 0;
}

/** A bank routing number with a valid ABA checksum (a payment election's ACH routing number). */
export const abaRoutingNumberAdapter: RuleAdapter<RuleConfig> = {
  type: ABA_ROUTING_NUMBER_RULE,
  validate: (value) => (isAbaRoutingNumber(asText(value)) ? null : { key: 'LocKey_Validation_AbaRoutingNumber' }),
};
