/**
 * Generated from schemas/api/draft-document-remove.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * DELETE {submit}/draft/documents/:id
 */
export interface DraftDocumentRemoveRoute {
  params: DraftDocumentParams;
  response: {
    /**
     * Removed (or already gone)
     */
    '204': null;
    '400': ErrorResponse;
    '401': ErrorResponse;
    '403': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface DraftDocumentParams {
  /**
   * The id the upload answered
   */
  id: string;
}
