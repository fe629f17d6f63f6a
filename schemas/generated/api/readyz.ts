/**
 * Generated from schemas/api/readyz.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * GET /readyz
 */
export interface ReadyzRoute {
  response: {
    '200': Status;
    '503': ErrorResponse;
  };
}
export interface Status {
  status: string;
}
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code.
 */
export interface ErrorResponse {
  error: string;
  code: string;
}
