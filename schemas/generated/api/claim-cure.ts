/**
 * Generated from schemas/api/claim-cure.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST /api/claims/cure
 */
export interface ClaimCureRoute {
  multipartBody: ClaimCureParts;
  response: {
    '200': ClaimCureAnswer;
    '400': ClaimCureRefused;
    '403': ErrorResponse;
    '409': ErrorResponse;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface ClaimCureParts {
  /**
   * The claim's reference code, the first part
   */
  referenceCode: string;
  /**
   * The answers to the pages asked again: a JSON array of the models of those pages (as a page save sends them)
   */
  pageModels?: string;
  /**
   * The full name typed to sign (a signature cure)
   */
  signatureName?: string;
  /**
   * The attestation checked (a signature cure)
   */
  signatureAttested?: 'true';
  /**
   * A document (PDF, JPEG, PNG, HEIC or TIFF by its bytes) named by the deficiency kind it cures
   */
  [k: string]: string | 'true' | undefined;
}
export interface ClaimCureAnswer {
  referenceCode: string;
  /**
   * cureReceived
   */
  status: string;
  receivedAt: string;
}
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code; when a page asked again refuses the answers, each refused field too.
 */
export interface ClaimCureRefused {
  error: string;
  code: string;
  /**
   * A document refused (its type, its content, the malware scan): the deficiency kind it was sent for, so that the page shows the refusal beside it. A 413 or 503 about one document names it too.
   */
  document?: string;
  /**
   * VALIDATION_FAILED: each refused field, by its page and its element id on that page, with the message shown under it.
   */
  fieldErrors?: CureFieldError[];
}
export interface CureFieldError {
  pageId: string;
  fieldId: string;
  message: string;
}
