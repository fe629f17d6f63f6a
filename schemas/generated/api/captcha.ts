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
  provider: 'recaptcha' | 'hcaptcha' | 'turnstile';
  siteKey: string;
  /**
   * The provider's browser script URL
   */
  url: string;
  /**
   * CSS class of the widget container
   */
  class: string;
}
