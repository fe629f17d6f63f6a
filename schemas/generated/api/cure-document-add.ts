/**
 * Generated from schemas/api/cure-document-add.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST /api/claims/cure/documents
 */
export interface CureDocumentAddRoute {
  querystring?: CultureQuery;
  multipartBody: CureDocumentParts;
  response: {
    '201': CureUpload;
    '400': ErrorResponse;
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
export interface CureDocumentParts {
  /**
   * The claim's reference code, the first part
   */
  referenceCode: string;
  /**
   * The document (PDF, JPEG, PNG, HEIC or TIFF by its bytes), the part named by the deficiency kind it cures
   */
  [k: string]: string;
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
