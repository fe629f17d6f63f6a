/**
 * Generated from schemas/api/healthz.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * GET /healthz
 */
export interface HealthzRoute {
  response: {
    '200': Status;
  };
}
export interface Status {
  status: string;
}
