/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of submit.
 * Do not edit: change the schemas, then run the command again.
 */

import type { SubmitAnswer } from '../submit';
import { isRecord } from './record';

/** Whether an answer has the shape of SubmitAnswer (schemas/api/submit.schema.json). */
export const isSubmitAnswer = (v0: unknown): v0 is SubmitAnswer =>
  (isRecord(v0) && typeof v0["submitted"] === 'boolean' && (typeof v0["error"] === 'string' || v0["error"] === null) && (typeof v0["referenceCodeForm"] === 'string' || v0["referenceCodeForm"] === null) && (v0["code"] === undefined || typeof v0["code"] === 'string') && (v0["fieldErrors"] === undefined || (Array.isArray(v0["fieldErrors"]) && v0["fieldErrors"].every((v1: unknown) => (isRecord(v1) && typeof v1["pageId"] === 'string' && typeof v1["fieldId"] === 'string' && typeof v1["message"] === 'string')))) && (v0["filedReferenceCode"] === undefined || typeof v0["filedReferenceCode"] === 'string') && (v0["receiptQueued"] === undefined || typeof v0["receiptQueued"] === 'boolean') && (v0["receiptAddress"] === undefined || typeof v0["receiptAddress"] === 'string'));
