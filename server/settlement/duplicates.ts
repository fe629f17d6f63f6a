/**
 * The settlement's duplicate policy (settings.json `duplicates`) applied to what was filed before
 * under each identifier a submission names: refused (a catalogued 409 telling the claimant what
 * to do), stored with marks naming the earlier submissions, or stored as is.
 */
import type { FormKind } from '../../runtime/core/forms/index.js';
import type { FormType } from '../../runtime/core/types.js';
import type { ClaimantIdentifier, DuplicateMark, EarlierFilings } from '../db/types.js';
import { httpError, type ServerErrorCode } from '../errors.js';
import type { DuplicatePolicy } from './load.js';

/** The refusal's message: what was filed before, and what the claimant may do. */
function refusal(formType: FormType, earlier: FormType, kindOf: (formType: FormType) => FormKind): ServerErrorCode {
  if (formType === earlier) return kindOf(formType) === 'exclusion' ? 'DUPLICATE_EXCLUSION' : 'DUPLICATE_CLAIM';
  return kindOf(earlier) === 'exclusion' ? 'CLAIM_AFTER_EXCLUSION' : 'EXCLUSION_AFTER_CLAIM';
}

/** The spec's forms: Exclusion is the exclusion. */
const specKind = (formType: FormType): FormKind => (formType === 'Exclusion' ? 'exclusion' : 'claim');

/**
 * The marks to store with a submission of `formType`, given the earlier submissions naming its
 * identifiers; throws the catalogued 409 when the policy refuses it (a refusal against the other
 * form first: its message says more).
 */
export function judgeDuplicates(policy: DuplicatePolicy, formType: FormType, earlier: readonly EarlierFilings[], kindOf: (formType: FormType) => FormKind = specKind): DuplicateMark[] {
  const marks: DuplicateMark[] = [];
  const refused: Array<{ formType: FormType; identifier: ClaimantIdentifier['kind']; first: string }> = [];
  for (const { identifier, filings } of earlier) {
    for (const [earlierForm, filed] of Object.entries(filings)) {
      if (!filed || filed.count < 1) continue;
      const rule = policy[identifier.kind];
      const action = earlierForm === formType ? rule.sameForm : rule.otherForm;
      if (action === 'refuse') refused.push({ formType: earlierForm, identifier: identifier.kind, first: filed.first });
      else if (action === 'mark') marks.push({ identifier: identifier.kind, formType: earlierForm, count: filed.count, first: filed.first });
    }
  }
  if (!refused.length) return marks;
  const earlierForm = refused.find((r) => r.formType !== formType)?.formType ?? formType;
  // The claimant is told the reference code of what was filed only when the Notice ID refuses it,
  // which its PIN proved at sign-in: a VIN alone is no secret, anyone may type it.
  const byNoticeId = refused.find((r) => r.formType === earlierForm && r.identifier === 'noticeId');
  throw httpError(refusal(formType, earlierForm, kindOf), byNoticeId ? { filedReferenceCode: byNoticeId.first } : {});
}
