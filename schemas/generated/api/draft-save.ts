/**
 * Generated from schemas/api/draft-save.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type FieldValue = string | number | boolean | null;

/**
 * PUT {submit}/draft
 */
export interface DraftSaveRoute {
  querystring?: CultureQuery;
  body: DraftSaveRequest;
  response: {
    '200': DraftSaved;
    '400': DraftSaveRefused;
    '401': ErrorResponse;
    '403': ErrorResponse;
    '409': ErrorResponse;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface CultureQuery {
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
export interface DraftSaveRequest {
  pageId: string;
  /**
   * More models than any flow's pages can hold (records and documents included) are refused
   *
   * @maxItems 500
   */
  models: FormModel[];
  /**
   * The records being typed on pageId, not saved yet (kept with an unfinished save so that a reload or a resume opens them again as typed; not checked against the rules until their Save)
   *
   * @maxItems 20
   */
  openRecords?: FormModel[];
  /**
   * The claimant is still on pageId (a document record saved while they work): its empty fields and missing records are not refused, and a resume reopens pageId itself
   */
  unfinished?: boolean;
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
export interface DraftSaved {
  savedAt: string;
  /**
   * When the draft is deleted unless saved again (never after the deadline)
   */
  expiresAt: string;
  /**
   * When the session ends without activity
   */
  sessionExpiresAt: string;
}
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code; when a page refuses the answers, each refused field too.
 */
export interface DraftSaveRefused {
  error: string;
  code: string;
  /**
   * VALIDATION_FAILED: each refused field, by its page and its element id on that page, with the message shown under it.
   */
  fieldErrors?: DraftFieldError[];
}
export interface DraftFieldError {
  pageId: string;
  fieldId: string;
  message: string;
}
