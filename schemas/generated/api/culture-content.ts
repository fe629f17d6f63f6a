/**
 * Generated from schemas/api/culture-content.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type CultureContentAnswer = LocalizedItem[];

/**
 * GET /api/culture/content
 */
export interface CultureContentRoute {
  querystring?: CultureQuery;
  response: {
    '200': CultureContentAnswer;
    '400': ErrorResponse;
  };
}
export interface CultureQuery {
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
export interface LocalizedItem {
  key: string;
  value: string;
}
