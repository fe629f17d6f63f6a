/**
 * Generated from schemas/api/claim-status.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type FieldValue = string | number | boolean | null;

/**
 * POST /api/claims/status
 */
export interface ClaimStatusRoute {
  body: ClaimStatusRequest;
  response: {
    '200': ClaimStatusAnswer;
    '400': ErrorResponse;
    '403': ErrorResponse;
    '404': ErrorResponse;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '429': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface ClaimStatusRequest {
  /**
   * The reference code the confirmation and the receipt gave (any case, spaces ignored)
   */
  referenceCode: string;
  /**
   * The claim's form's credential fields (forms.json signIn, e.g. noticeId and pin, or claimId and zip) by field name, as typed at its sign-in
   */
  credentials: {
    [k: string]: string;
  };
}
export interface ClaimStatusAnswer {
  referenceCode: string;
  formType: string;
  /**
   * The status id (statuses.json)
   */
  status: string;
  /**
   * Localization key of the status as the claimant reads it
   */
  labelKey: string;
  /**
   * Localization key of what happens next
   */
  nextKey: string;
  filedAt: string;
  /**
   * When the status last changed; null while the claim is as filed
   */
  changedAt: string | null;
  deficiencies: ClaimDeficiency[];
  /**
   * YYYY-MM-DD: the last day to cure (a deficient claim)
   */
  cureBy: string | null;
  /**
   * The end of that day in the settlement's time zone
   */
  cureByAt: string | null;
  /**
   * The claim's answers to the pages a deficient claim is asked to answer again (the models of those pages), for the cure to start from: those of its cure in progress when they were kept, else the filed ones; absent when no page is asked
   */
  cureAnswers?: FormModel[];
  /**
   * The claim's filed records that the pages asked again are linked with and that the cure does not ask again, read-only: those their records link to (a records block's linkOptions), with their label fields, which the cure form's link selects list; and those linking to their records (a repair's documents), with their link and display fields, which keep a Delete of the record they link to; absent when there are none
   */
  cureContext?: FormModel[];
  cureInProgress?: CureProgress;
}
export interface ClaimDeficiency {
  kind: string;
  textKey: string;
  cure: DeficiencyCure;
}
export interface DeficiencyCure {
  kind: 'document' | 'page' | 'signature';
  documentType?: string;
  page?: string;
}
/**
 * A form model (spec §3): clientId, metadata, metadataHash and field values.
 */
export interface FormModel {
  id?: string | null;
  clientId: string;
  metadata: {
    formType: string;
    dtoMapping: string;
  };
  metadataHash?: string;
  fields: {
    [k: string]: FieldValue;
  };
}
/**
 * The cure in progress kept for this deficient claim (its uploaded documents, the name typed to sign); absent when none is kept
 */
export interface CureProgress {
  savedAt: string;
  signatureName: string | null;
  documents: CureUpload[];
}
/**
 * A document uploaded to a cure in progress, as the browser is told it (no content, no digest).
 */
export interface CureUpload {
  id: number;
  /**
   * The deficiency kind it cures
   */
  deficiency: string;
  /**
   * The clientId of the record of a page asked again it is the file of; absent for a document of a missing kind
   */
  clientId?: string;
  name: string;
  size: number;
  /**
   * The type read from its content
   */
  type: string;
}
