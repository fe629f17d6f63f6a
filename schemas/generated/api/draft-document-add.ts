/**
 * Generated from schemas/api/draft-document-add.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST {submit}/draft/documents
 */
export interface DraftDocumentAddRoute {
  multipartBody: DraftDocumentParts;
  response: {
    '201': StoredDocument;
    '400': ErrorResponse;
    '401': ErrorResponse;
    '403': ErrorResponse;
    '404': ErrorResponse;
    '409': ErrorResponse;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface DraftDocumentParts {
  /**
   * The document (PDF, JPEG, PNG, HEIC or TIFF by its bytes), the part named by its document context clientId
   */
  [k: string]: string;
}
/**
 * A document stored with the claim in progress, as the browser is told it (no content, no digest).
 */
export interface StoredDocument {
  id: number;
  /**
   * The clientId of its DocumentContexts model
   */
  clientId: string;
  name: string;
  size: number;
  /**
   * The type read from its content
   */
  type: string;
}
