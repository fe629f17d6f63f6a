import { asText } from '../support';
import type { RuleConfig } from '../../types';
import type { RuleAdapter } from '../types';

export const VIN_CHECK_DIGIT_RULE = 'vinCheckDigit';

/** VIN characters and their values (ISO 3779 transliteration: digits as themselves, A–H 1–8, J–N 1–5, P 7, R 9, S–Z 2–9; I, O, Q never occur). */
const CHARACTERS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const VALUES = '012345678912345678123457923456789';
/** The weight of each position; position 9 (the check digit itself) weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The check digit a 17-character VIN must carry at position 9 (49 CFR 565.15): the weighted sum of
 * its transliterated characters modulo 11, "X" for 10. null when the text is not a VIN.
 */
export function vinCheckDigitOf(vin: string): string | null {
  const text = vin.toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(text)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(VALUES[CHARACTERS.indexOf(text[i]!)]) * WEIGHTS[i]!;
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Whether a VIN's 9th character is its check digit. Text that is not a 17-character VIN is false. */
export function hasValidVinCheckDigit(vin: string): boolean {
  const digit = vinCheckDigitOf(vin);
  return digit !== null && vin.toUpperCase()[8] === digit;
}

/**
 * A VIN whose check digit is right (forms.json `"checkDigit": true` on a VIN credential). Text that is
 * not a 17-character VIN passes: the VIN's pattern rule tells the claimant what a VIN looks like.
 */
export const vinCheckDigitAdapter: RuleAdapter<RuleConfig> = {
  type: VIN_CHECK_DIGIT_RULE,
  validate: (value) => {
    const text = asText(value).trim();
    if (vinCheckDigitOf(text) === null || hasValidVinCheckDigit(text)) return null;
    return { key: 'LocKey_Validation_VinCheckDigit' };
  },
};
