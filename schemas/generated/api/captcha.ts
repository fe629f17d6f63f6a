/**
 * Generated from schemas/api/captcha.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * GET /api/captcha
 */
export interface CaptchaRoute {
  response: {
    '200': CaptchaAnswer;
  };
}
export interface CaptchaAnswer {
  provider: string;
  siteKey: string;
  url: string;
  class: string;
}
