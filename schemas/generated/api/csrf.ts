/**
 * Generated from schemas/api/csrf.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * GET /api/csrf
 */
export interface CsrfRoute {
  response: {
    '200': CsrfAnswer;
    '503': ErrorResponse;
  };
}
export interface CsrfAnswer {
  requestHeaderName: string;
  requestToken: string;
  /**
   * When the session ends without activity
   */
  sessionExpiresAt: string;
}
