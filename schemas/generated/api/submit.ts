/**
 * Generated from schemas/api/submit.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST at each flow's submit.endpoint (multipart)
 */
export interface SubmitRoute {
  multipartBody: SubmitParts;
  response: {
    '200': SubmitAnswer;
    '400': SubmitAnswer;
    '401': SubmitAnswer;
    '403': SubmitAnswer;
    '409': SubmitAnswer;
    '413': SubmitAnswer;
    '415': ErrorResponse;
    '503': ErrorResponse;
  };
}
/**
 * The multipart body, read and checked by the route while it streams: each payload field its own part, models and lists as JSON text (a settlement's own models add a part each), and one file part per document, named by its document context's clientId.
 */
export interface SubmitParts {
  reCaptchaResponse?: string;
  userPreferredCulture: string;
  captchaRawValue: string;
  /**
   * JSON text: a form model
   */
  signature?: string;
  /**
   * JSON text: a form model
   */
  claimantInfo?: string;
  /**
   * JSON text: a list of form models
   */
  credentials: string;
  /**
   * JSON text: a list of form models
   */
  claimDetails?: string;
  /**
   * JSON text: a list of form models
   */
  prepopulatedData?: string;
  /**
   * JSON text: a list of form models
   */
  documentContexts?: string;
  /**
   * JSON text: a list of form models
   */
  claimTransactions?: string;
  /**
   * A document (PDF, JPEG, PNG, HEIC or TIFF by its bytes), the part named by its document context clientId
   */
  [k: string]: string | undefined;
}
/**
 * This interface was referenced by `SubmitRoute`'s JSON-Schema
 * via the `definition` "SubmitAnswer".
 */
export interface SubmitAnswer {
  submitted: boolean;
  error: string | null;
  referenceCodeForm: string | null;
  code?: string;
  /**
   * A 400 because a page refuses answers: each refused field, by its page and its element id on that page, with the message shown under it.
   */
  fieldErrors?: SubmitFieldError[];
  /**
   * A 409 because the claim is already filed: the reference code of the claim already filed, given only when the claimant proved who they are (the same sign-in, or a Notice ID with its PIN).
   */
  filedReferenceCode?: string;
  /**
   * An e-mail receipt of this submission is queued (the claim gives an e-mail address).
   */
  receiptQueued?: boolean;
  /**
   * Where the receipt goes, masked (ma•••@example.com); only with receiptQueued.
   */
  receiptAddress?: string;
}
export interface SubmitFieldError {
  pageId: string;
  fieldId: string;
  message: string;
}
