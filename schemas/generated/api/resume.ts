/**
 * Generated from schemas/api/resume.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

/**
 * POST /api/forms/resume
 */
export interface ResumeRoute {
  body: ResumeRequest;
  response: {
    '200': ResumeCodeTarget;
    '400': ErrorResponse;
    '403': ErrorResponse;
    '404': ErrorResponse;
    '410': ErrorResponse;
    '413': ErrorResponse;
    '415': ErrorResponse;
    '429': ErrorResponse;
    '503': ErrorResponse;
  };
}
export interface ResumeRequest {
  code: string;
}
export interface ResumeCodeTarget {
  formType: string;
  expiresAt: string;
}
