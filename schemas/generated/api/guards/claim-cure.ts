/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of claim-cure.
 * Do not edit: change the schemas, then run the command again.
 */

import type { ClaimCureAnswer, ClaimCureRefused } from '../claim-cure';
import { isRecord } from './record';

/** Whether an answer has the shape of ClaimCureAnswer (schemas/api/claim-cure.schema.json). */
export const isClaimCureAnswer = (v0: unknown): v0 is ClaimCureAnswer =>
  (isRecord(v0) && typeof v0["referenceCode"] === 'string' && typeof v0["status"] === 'string' && typeof v0["receivedAt"] === 'string');

/** Whether an answer has the shape of ClaimCureRefused (schemas/api/claim-cure.schema.json). */
export const isClaimCureRefused = (v0: unknown): v0 is ClaimCureRefused =>
  (isRecord(v0) && typeof v0["error"] === 'string' && typeof v0["code"] === 'string' && (v0["document"] === undefined || typeof v0["document"] === 'string') && (v0["fieldErrors"] === undefined || (Array.isArray(v0["fieldErrors"]) && v0["fieldErrors"].every((v1: unknown) => (isRecord(v1) && typeof v1["pageId"] === 'string' && typeof v1["fieldId"] === 'string' && typeof v1["message"] === 'string')))));
