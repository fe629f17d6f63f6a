/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of csrf.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CsrfAnswer } from '../csrf';
import { isRecord } from './record';

/** Whether an answer has the shape of CsrfAnswer (schemas/api/csrf.schema.json). */
export const isCsrfAnswer = (v0: unknown): v0 is CsrfAnswer =>
  (isRecord(v0) && typeof v0["requestHeaderName"] === 'string' && typeof v0["requestToken"] === 'string' && typeof v0["sessionExpiresAt"] === 'string');
