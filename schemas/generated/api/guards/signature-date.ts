/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of signature-date.
 * Do not edit: change the schemas, then run the command again.
 */

import type { SignatureDateAnswer } from '../signature-date';
import { isRecord } from './record';

/** Whether an answer has the shape of SignatureDateAnswer (schemas/api/signature-date.schema.json). */
export const isSignatureDateAnswer = (v0: unknown): v0 is SignatureDateAnswer =>
  (isRecord(v0) && typeof v0["signatureDate"] === 'string' && typeof v0["display"] === 'string');
