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
    '400': ErrorResponse;
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
