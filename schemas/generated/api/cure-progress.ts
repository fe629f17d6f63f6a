/**
 * Generated from schemas/api/cure-progress.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type FieldValue = string | number | boolean | null;

/**
 * POST /api/claims/cure/progress
 */
export interface CureProgressRoute {
  querystring?: CultureQuery;
  body: CureProgressRequest;
  response: {
    '200': CureProgress;
    '400': CureProgressRefused;
    '403': ErrorResponse;
    '409': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface CultureQuery {
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
export interface CureProgressRequest {
  /**
   * The claim's reference code
   */
  referenceCode: string;
  /**
   * The models of the pages asked again, as typed so far (checked as Save and finish later checks a page: what was typed, not the fields still to fill in, which the cure sent checks); absent: kept as they were
   *
   * @maxItems 200
   */
  pageModels?: FormModel[];
  /**
   * The name typed to sign so far; absent: kept as it was
   */
  signatureName?: string;
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
 * A cure in progress kept by the server: when it was last kept, the name typed to sign, the documents uploaded (the answers to pages asked again are the status answer's cureAnswers).
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
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code; when a page asked again refuses what was typed, each refused field too.
 */
export interface CureProgressRefused {
  error: string;
  code: string;
  /**
   * VALIDATION_FAILED: each refused field, by its page and its element id on that page, with the message shown under it.
   */
  fieldErrors?: CureProgressFieldError[];
}
export interface CureProgressFieldError {
  pageId: string;
  fieldId: string;
  message: string;
}
