/**
 * Generated from schemas/api/signature-date.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * GET /api/signature-date
 */
export interface SignatureDateRoute {
  querystring?: CultureQuery;
  response: {
    '200': SignatureDateAnswer;
    '400': ErrorResponse;
  };
}
export interface CultureQuery {
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
export interface SignatureDateAnswer {
  /**
   * MM/dd/yyyy
   */
  signatureDate: string;
  display: string;
}
