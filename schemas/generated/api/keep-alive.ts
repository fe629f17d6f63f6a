/**
 * Generated from schemas/api/keep-alive.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST /api/session/keep-alive
 */
export interface KeepAliveRoute {
  response: {
    '200': SessionKeptAlive;
    '401': ErrorResponse;
    '403': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface SessionKeptAlive {
  /**
   * When the session ends without activity
   */
  sessionExpiresAt: string;
}
