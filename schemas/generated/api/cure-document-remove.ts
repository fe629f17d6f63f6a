/**
 * Generated from schemas/api/cure-document-remove.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * DELETE /api/claims/cure/documents/:id
 */
export interface CureDocumentRemoveRoute {
  params: CureDocumentParams;
  querystring: CureDocumentQuery;
  response: {
    /**
     * Removed (or already gone)
     */
    '204': null;
    '400': ErrorResponse;
    '403': ErrorResponse;
    '409': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface CureDocumentParams {
  /**
   * The id the upload answered
   */
  id: string;
}
export interface CureDocumentQuery {
  /**
   * The claim's reference code
   */
  referenceCode: string;
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
