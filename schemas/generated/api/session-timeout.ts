/**
 * Generated from schemas/api/session-timeout.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST /api/session-timeout
 */
export interface SessionTimeoutRoute {
  response: {
    '200': SessionEnded;
    '403': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface SessionEnded {
  ended: boolean;
}
