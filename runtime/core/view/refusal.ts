import type { PageConfig } from '../types';
import { camelCase } from '../models/config';
import { fieldDomId } from './dom-ids';
import type { PageFieldError } from './types';

/**
 * The credentials fields a refused sign-in concerns, by the server's stable code (server/errors.ts):
 * the claimant corrects those, on the page that signed in. The spec's sign-in names its fields; a
 * declared one (forms.json) has the settlement's names, so its refusals name the secret's role:
 * '$secret' is every field the page marks `secret: true` (the ZIP code of a Claim ID + ZIP sign-in).
 */
export const REFUSAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  WRONG_PIN: ['pin'],
  NOT_CLASS_VEHICLE: ['vin'],
  INVALID_CREDENTIALS: ['vin'],
  VIN_CHECK_DIGIT: ['vin'],
  TOO_MANY_PIN_ATTEMPTS: ['noticeId', 'pin'],
  SIGN_IN_NOT_MATCHED: ['$secret'],
  TOO_MANY_SIGN_IN_ATTEMPTS: ['$secret'],
};

/**
 * The code of a sign-in refused because what it would file was filed already and the settlement's
 * duplicate policy refuses another (server/claims/sign-in.ts): told as a notice beside the sign-in,
 * not as an answer to correct.
 */
export const ALREADY_FILED = 'ALREADY_FILED';

/** The server's refusal of a page's action: its text (in the claimant's language) and code. */
export interface Refusal {
  code: string | null;
  message: string;
}

export interface RefusalView {
  /** One error-summary line: linked to the first field the refusal concerns on the page, else with no field (fieldId ''). */
  summary: PageFieldError[];
  /** The refusal's text under each field it concerns, by the field's DOM id. */
  fieldErrors: Record<string, string>;
}

/**
 * Where a refused sign-in shows on its page: the summary line and the field errors, for the
 * credentials fields the page draws that the refusal's code names. A code naming no field on the
 * page (a failed security check, a passed deadline) gives the summary line alone.
 */
export function refusalView(page: PageConfig, refusal: Refusal, t: (key: string) => string): RefusalView {
  const concerned = new Set(refusal.code ? (REFUSAL_FIELDS[refusal.code] ?? []) : []);
  const fields: PageFieldError[] = [];
  for (const block of page.blocks) {
    if (block.block !== 'model' || camelCase(block.model) !== 'credentials') continue;
    for (const field of block.fields) {
      if (!concerned.has(field.key) && !(field.secret && concerned.has('$secret'))) continue;
      fields.push({ fieldId: fieldDomId(block.model, null, field.key), clientId: '', field: field.key, message: refusal.message, label: t(field.label) });
    }
  }
  const first = fields[0];
  return {
    summary: [first ?? { fieldId: '', clientId: '', field: '', message: refusal.message }],
    fieldErrors: Object.fromEntries(fields.map((f) => [f.fieldId, refusal.message])),
  };
}
