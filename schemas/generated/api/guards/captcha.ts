/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of captcha.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CaptchaAnswer } from '../captcha';
import { isRecord } from './record';

/** Whether an answer has the shape of CaptchaAnswer (schemas/api/captcha.schema.json). */
export const isCaptchaAnswer = (v0: unknown): v0 is CaptchaAnswer =>
  (isRecord(v0) && (v0["provider"] === "recaptcha" || v0["provider"] === "hcaptcha" || v0["provider"] === "turnstile") && typeof v0["siteKey"] === 'string' && typeof v0["url"] === 'string' && typeof v0["class"] === 'string');
