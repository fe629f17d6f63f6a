/**
 * Generated from schemas/api/readyz.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

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
