/**
 * Generated from schemas/api/forms-flows.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * The flow files of the settlement (each as schemas/flow.schema.json describes it, without $schema), one per form type.
 */
export type FormsFlowsAnswer = {
  version: number;
  formType: string;
  deadlineKeys: ('globalDeadline' | 'lookupFilingDeadline' | 'exclusionFilingDeadline' | 'claimFilingDeadline')[];
  authorize: {
    endpoint: string;
    method: 'POST';
  };
  submit?: {
    endpoint: string;
    method: 'POST';
  };
  models: string[];
  pages: {
    id: string;
    path: string;
    [k: string]: unknown;
  }[];
  [k: string]: unknown;
}[];

/**
 * GET /api/forms/flows
 */
export interface FormsFlowsRoute {
  headers?: {
    'if-none-match'?: string;
  };
  response: {
    '200': FormsFlowsAnswer;
    /**
     * Not modified (the If-None-Match ETag is current)
     */
    '304': null;
  };
}
