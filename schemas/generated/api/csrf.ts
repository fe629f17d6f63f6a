/**
 * Generated from schemas/api/csrf.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

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
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code.
 */
export interface ErrorResponse {
  error: string;
  code: string;
}
