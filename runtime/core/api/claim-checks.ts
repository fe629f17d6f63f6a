/**
 * The checks of the answers a form's start page does not ask for (the API contract's guards,
 * schemas/generated/api/guards/): the claim in progress, its submit, the session's keep-alive,
 * resume codes, the signature date, a filed claim's status and its cure. They are a chunk of their own, off the start page's
 * budget: the app loads it when the claimant first moves into a form's fields, before the sign-in
 * press reads its answer with it; the client asks for it again with each of these calls.
 */
export { isAuthorizeAnswer } from '../../../schemas/generated/api/guards/authorize';
export { isDraftSaved } from '../../../schemas/generated/api/guards/draft-save';
export { isClaimInProgress } from '../../../schemas/generated/api/guards/draft-load';
export { isSavedForLater } from '../../../schemas/generated/api/guards/draft-later';
export { isStoredDocument } from '../../../schemas/generated/api/guards/draft-document-add';
export { isSubmitAnswer } from '../../../schemas/generated/api/guards/submit';
export { isSessionKeptAlive } from '../../../schemas/generated/api/guards/keep-alive';
export { isResumeCodeTarget } from '../../../schemas/generated/api/guards/resume';
export { isSignatureDateAnswer } from '../../../schemas/generated/api/guards/signature-date';
export { isClaimStatusAnswer } from '../../../schemas/generated/api/guards/claim-status';
export { isClaimCureAnswer } from '../../../schemas/generated/api/guards/claim-cure';
export { isCureUpload } from '../../../schemas/generated/api/guards/cure-document-add';
export { isCureProgress } from '../../../schemas/generated/api/guards/cure-progress';
