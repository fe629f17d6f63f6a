/**
 * Generated from schemas/api/draft-document-remove.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

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
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code.
 */
export interface ErrorResponse {
  error: string;
  code: string;
}
