/**
 * The settlement's duplicate policy (settings.json `duplicates`) applied to what was filed before
 * under each identifier a submission names: refused (a catalogued 409 telling the claimant what
 * to do), stored with marks naming the earlier submissions, or stored as is. The same judgement
 * tells a sign-in that its submission would be refused (claims/sign-in.ts).
 */
import type { FormKind } from '../../runtime/core/forms/index.js';
import type { FormType } from '../../runtime/core/types.js';
import type { DuplicateMark, EarlierFilings, IdentifierKind } from '../db/types.js';
import { httpError } from '../errors.js';
import type { DuplicatePolicy } from './load.js';

/** The refusals of the policy: what was filed before, and what the claimant may do. */
export type DuplicateRefusalCode = 'DUPLICATE_CLAIM' | 'DUPLICATE_EXCLUSION' | 'CLAIM_AFTER_EXCLUSION' | 'EXCLUSION_AFTER_CLAIM';

/** A submission the policy refuses: why, and the earlier filings the refusal names. */
export interface DuplicateRefusal {
  code: DuplicateRefusalCode;
  /** The form type of the earlier filings the refusal names. */
  earlier: FormType;
  /** Per identifier whose rule refuses, the reference code of its first filing of that form type. */
  firstBy: Partial<Record<IdentifierKind, string>>;
}

function refusalCode(formType: FormType, earlier: FormType, kindOf: (formType: FormType) => FormKind): DuplicateRefusalCode {
  if (formType === earlier) return kindOf(formType) === 'exclusion' ? 'DUPLICATE_EXCLUSION' : 'DUPLICATE_CLAIM';
  return kindOf(earlier) === 'exclusion' ? 'CLAIM_AFTER_EXCLUSION' : 'EXCLUSION_AFTER_CLAIM';
}

/** The spec's forms: Exclusion is the exclusion. */
const specKind = (formType: FormType): FormKind => (formType === 'Exclusion' ? 'exclusion' : 'claim');

/** The marks and the refusal (null when none) of a submission of `formType`, given the earlier submissions naming its identifiers. */
function judge(policy: DuplicatePolicy, formType: FormType, earlier: readonly EarlierFilings[], kindOf: (formType: FormType) => FormKind): { marks: DuplicateMark[]; refusal: DuplicateRefusal | null } {
  const marks: DuplicateMark[] = [];
  const refused: Array<{ identifier: IdentifierKind; formType: FormType; first: string }> = [];
  for (const { identifier, filings } of earlier) {
    for (const [earlierForm, filed] of Object.entries(filings)) {
      if (!filed || filed.count < 1) continue;
      const rule = policy[identifier.kind];
      const action = earlierForm === formType ? rule.sameForm : rule.otherForm;
      if (action === 'refuse') refused.push({ identifier: identifier.kind, formType: earlierForm, first: filed.first });
      else if (action === 'mark') marks.push({ identifier: identifier.kind, formType: earlierForm, count: filed.count, first: filed.first });
    }
  }
  if (!refused.length) return { marks, refusal: null };
  // A refusal against the other form first: its message says more.
  const named = refused.find((r) => r.formType !== formType)?.formType ?? formType;
  const firstBy: DuplicateRefusal['firstBy'] = {};
  for (const r of refused) if (r.formType === named) firstBy[r.identifier] ??= r.first;
  return { marks, refusal: { code: refusalCode(formType, named, kindOf), earlier: named, firstBy } };
}

/**
 * The marks to store with a submission of `formType`, given the earlier submissions naming its
 * identifiers; throws the catalogued 409 when the policy refuses it.
 */
export function judgeDuplicates(policy: DuplicatePolicy, formType: FormType, earlier: readonly EarlierFilings[], kindOf: (formType: FormType) => FormKind = specKind): DuplicateMark[] {
  const { marks, refusal } = judge(policy, formType, earlier, kindOf);
  // The claimant is told the reference code of what was filed only when the Notice ID refuses it,
  // which its PIN proved at sign-in: a VIN alone is no secret, anyone may type it.
  const filedReferenceCode = refusal?.firstBy.noticeId;
  if (refusal) throw httpError(refusal.code, filedReferenceCode ? { filedReferenceCode } : {});
  return marks;
}

/** Whether the policy would refuse a submission of `formType` now, and why: null when it would store it (marked or not). */
export function duplicateRefusal(policy: DuplicatePolicy, formType: FormType, earlier: readonly EarlierFilings[], kindOf: (formType: FormType) => FormKind = specKind): DuplicateRefusal | null {
  return judge(policy, formType, earlier, kindOf).refusal;
}
