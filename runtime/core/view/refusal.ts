import type { PageConfig, SubmitFieldError } from '../types';
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
  /** A refusal not the claimant's to correct: told in a notice instead of the summary. */
  notice?: RefusalNotice | null;
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

/**
 * Refusals that are not the claimant's to correct on the page, by the server's stable code
 * (server/errors.ts): the claim is already filed, the session or the tab no longer signs in, the
 * service is down. They are told in a notice, not listed under the error summary's heading.
 */
export const NOTICE_CODES: ReadonlySet<string> = new Set([
  'ALREADY_SUBMITTED',
  'DUPLICATE_CLAIM',
  'DUPLICATE_EXCLUSION',
  'CLAIM_AFTER_EXCLUSION',
  'EXCLUSION_AFTER_CLAIM',
  'NOT_AUTHORIZED',
  'TAB_SIGNED_OUT',
  'CSRF_INVALID',
  'CREDENTIALS_CHANGED',
  'SIGN_IN_CHANGED',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
]);

/** The codes saying that this claimant's claim (or exclusion) is already filed: the notice adds whom to contact. */
export const ALREADY_FILED_CODES: ReadonlySet<string> = new Set(['ALREADY_SUBMITTED', 'DUPLICATE_CLAIM', 'DUPLICATE_EXCLUSION', 'CLAIM_AFTER_EXCLUSION', 'EXCLUSION_AFTER_CLAIM']);

/** Localization keys of an already filed claim's notice: its reference code, and the settlement administrator's contact as the footer shows it. */
export const CONTACT_KEYS = {
  filedReferenceCode: 'LocKey_Notice_FiledReferenceCode',
  line: 'LocKey_Notice_ContactAdministrator',
  email: 'LocKey_Footer_EmailAddress',
  phone: 'LocKey_Footer_PhoneNumber',
} as const;

/** A refusal the page tells in a notice (role status): its lines, the server's message first. */
export interface RefusalNotice {
  lines: string[];
}

/**
 * Where a refusal that names no field shows (a refused Submit, a refused save of the page): a
 * notice when it is not the claimant's to correct (`notice`: a code of NOTICE_CODES, or a failure
 * with no answer of the server's), else the error summary's line. An already filed claim's notice
 * ends with whom to contact.
 */
export function pageRefusalView(
  refusal: Refusal & { notice?: boolean; filedReferenceCode?: string | null },
  t: (key: string, ...args: string[]) => string,
): RefusalView & { notice: RefusalNotice | null } {
  const isNotice = refusal.notice === true || (refusal.code !== null && NOTICE_CODES.has(refusal.code));
  if (!isNotice) return { summary: [{ fieldId: '', clientId: '', field: '', message: refusal.message }], fieldErrors: {}, notice: null };
  const lines = [refusal.message];
  if (refusal.code !== null && ALREADY_FILED_CODES.has(refusal.code)) {
    // The reference code of the claim filed, unless the server's message already says it.
    const code = refusal.filedReferenceCode;
    if (code && !refusal.message.includes(code)) lines.push(t(CONTACT_KEYS.filedReferenceCode, code));
    lines.push(t(CONTACT_KEYS.line, t(CONTACT_KEYS.email), t(CONTACT_KEYS.phone)));
  }
  return { summary: [], fieldErrors: {}, notice: { lines } };
}

/**
 * Where a refused Submit shows on its page: as pageRefusalView says, and for a refusal the
 * claimant corrects, each field the server names on this page under that field and as a summary
 * line linked to it, after the server's message (unless the message is a field's own: told once).
 * A saved record's field is told under the record's row (the records block).
 */
export function submitRefusalView(
  page: PageConfig,
  refusal: Refusal & { notice?: boolean; filedReferenceCode?: string | null; fieldErrors?: readonly SubmitFieldError[] },
  t: (key: string, ...args: string[]) => string,
): RefusalView & { notice: RefusalNotice | null } {
  const view = pageRefusalView(refusal, t);
  if (view.notice) return view;
  const labels = new Map<string, string>();
  for (const block of page.blocks) {
    if (block.block !== 'model') continue;
    for (const field of block.fields) labels.set(fieldDomId(block.model, null, field.key), t(field.label));
  }
  const own = (refusal.fieldErrors ?? []).filter((e) => e.pageId === page.id);
  const lines: PageFieldError[] = own.map((e) => ({ fieldId: e.fieldId, clientId: '', field: '', message: e.message, label: labels.get(e.fieldId) ?? '' }));
  // A refusal that is itself about one field (a record's missing document) is one line, linked to it.
  const general = own.some((e) => e.message === refusal.message) ? [] : view.summary;
  return { summary: [...general, ...lines], fieldErrors: Object.fromEntries(own.map((e) => [e.fieldId, e.message])), notice: null };
}
