/**
 * Reference codes a claimant can read over the phone: a prefix per form type, 8 random characters
 * from an alphabet without 0/O/1/I/L, and a check character that catches any single wrong
 * character and any swap of two neighbours (weighted sum modulo the prime 31).
 */
import { randomInt } from 'node:crypto';
import type { FormType } from '../../runtime/core/types.js';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_PREFIX: Record<FormType, string> = { Automotive: 'AUT', Exclusion: 'EXC', Lookup: 'LKP' };
const BODY_LENGTH = 8;

function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * REFERENCE_ALPHABET.indexOf(body[i] as string);
  return REFERENCE_ALPHABET[sum % REFERENCE_ALPHABET.length] as string;
}

export function generateReferenceCode(formType: FormType): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX[formType]}-${body}${checkCharacter(body)}`;
}

/** Upper-cases and drops spaces, so a code typed by hand can be looked up. */
export function normalizeReferenceCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export function isValidReferenceCode(code: string): boolean {
  const match = /^([A-Z]{3})-([^-]{9})$/.exec(code);
  if (!match || !Object.values(REFERENCE_PREFIX).includes(match[1] as string)) return false;
  const rest = match[2] as string;
  const body = rest.slice(0, BODY_LENGTH);
  if ([...rest].some((c) => !REFERENCE_ALPHABET.includes(c))) return false;
  return rest[BODY_LENGTH] === checkCharacter(body);
}
