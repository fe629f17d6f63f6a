/**
 * Generated from schemas/api/authorize.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type FieldValue = string | number | boolean | null;

/**
 * POST at each flow's authorize.endpoint
 */
export interface AuthorizeRoute {
  body: AuthorizeRequest;
  response: {
    '200': AuthorizeAnswer;
    '400': AuthorizeAnswer;
    '401': AuthorizeAnswer;
    '403': AuthorizeAnswer;
    '404': AuthorizeAnswer;
    '410': AuthorizeAnswer;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '429': AuthorizeAnswer;
    '503': ErrorResponse;
  };
}
export interface AuthorizeRequest {
  credentials: FormModel;
  reCaptchaResponse?: string | null;
  /**
   * Continue the claim saved for later with this code (the credentials must be those it was saved with)
   */
  resumeCode?: string | null;
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
 * This interface was referenced by `AuthorizeRoute`'s JSON-Schema
 * via the `definition` "AuthorizeAnswer".
 */
export interface AuthorizeAnswer {
  authorized: boolean;
  error: string | null;
  /**
   * Send back as captchaRawValue on submit (single use, this session only)
   */
  captcha: string | null;
  prepopulatedData: {
    [k: string]: FieldValue;
  } | null;
  /**
   * The refusal's stable code (server/errors.ts), or ALREADY_FILED: what this sign-in would file was filed already and the settlement's duplicate policy refuses another
   */
  code?: string;
  /**
   * With ALREADY_FILED, told only to the claimant who filed it (the same Notice ID proved by its PIN): the filing's reference code
   */
  referenceCode?: string;
}
