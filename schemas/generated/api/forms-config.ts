/**
 * Generated from schemas/api/forms-config.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

export type FormsConfigAnswer = {
  metadataHash: string;
  metadata: {
    formType?: string;
    dtoMapping?: string;
    [k: string]: unknown;
  };
  fields: {
    [k: string]: unknown;
  };
  [k: string]: unknown;
}[];

/**
 * GET /api/forms/config
 */
export interface FormsConfigRoute {
  response: {
    '200': FormsConfigAnswer;
  };
}
