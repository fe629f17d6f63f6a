/**
 * Reference codes a claimant can read over the phone: a prefix per form (forms.json
 * `referencePrefix`; the spec's forms: AUT, EXC, LKP), 8 random characters
 * from an alphabet without 0/O/1/I/L, and a check character that catches any single wrong
 * character and any swap of two neighbours (weighted sum modulo the prime 31).
 */
import { randomInt } from 'node:crypto';
import { SPEC_FORMS } from '../../runtime/core/forms/index.js';
import type { FormType } from '../../runtime/core/types.js';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The prefixes of the spec's three forms, for a settlement that declares no forms. */
export const REFERENCE_PREFIX: Partial<Record<FormType, string>> = Object.fromEntries(SPEC_FORMS.map((f) => [f.id, f.referencePrefix]));
const BODY_LENGTH = 8;

function checkCharacter(body: string): string {
  let sum = 0;
  for (const [i, character] of [...body].entries()) sum += (i + 1) * REFERENCE_ALPHABET.indexOf(character);
  return REFERENCE_ALPHABET.charAt(sum % REFERENCE_ALPHABET.length);
}

/** A new code of a form: its declared `prefix`, else the spec's prefix of that form. */
export function generateReferenceCode(formType: FormType, prefix = REFERENCE_PREFIX[formType]): string {
  if (!prefix || !/^[A-Z]{3}$/.test(prefix)) throw new Error(`No reference prefix for the form "${formType}" (forms.json referencePrefix)`);
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${body}${checkCharacter(body)}`;
}

/** Upper-cases and drops spaces, so a code typed by hand can be looked up. */
export function normalizeReferenceCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Whether `code` is well formed, of one of `prefixes` (default the spec's forms'), with its check character. */
export function isValidReferenceCode(code: string, prefixes: readonly string[] = Object.values(REFERENCE_PREFIX).filter((prefix) => prefix !== undefined)): boolean {
  const [, prefix, rest] = /^([A-Z]{3})-([^-]{9})$/.exec(code) ?? [];
  if (prefix === undefined || rest === undefined || !prefixes.includes(prefix)) return false;
  const body = rest.slice(0, BODY_LENGTH);
  if ([...rest].some((c) => !REFERENCE_ALPHABET.includes(c))) return false;
  return rest[BODY_LENGTH] === checkCharacter(body);
}
