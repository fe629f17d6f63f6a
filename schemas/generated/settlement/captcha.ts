/**
 * Generated from schemas/settlement/captcha.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Invisible captcha provider. With "emulator": true the server uses the local captcha emulator (development and tests only; refused when NODE_ENV=production). The secret comes from CAPTCHA_SECRET, else from the variable named by secretEnv, else from secret (never commit a real secret).
 */
export interface CaptchaFile {
  $schema?: string;
  provider: 'recaptcha' | 'hcaptcha' | 'turnstile';
  siteKey: string;
  /**
   * CSS class of the widget container.
   */
  class: string;
  emulator?: boolean;
  /**
   * Browser script URL; defaults per provider.
   */
  url?: string;
  /**
   * siteverify URL; defaults per provider.
   */
  verifyUrl?: string;
  secretEnv?: string;
  secret?: string;
  /**
   * Hostnames a verified token may come from; default: the request's own host name.
   */
  hostnames?: string[];
  /**
   * siteverify timeout; a timeout fails closed.
   */
  timeoutMs?: number;
}
