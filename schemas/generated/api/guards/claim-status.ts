/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of claim-status.
 * Do not edit: change the schemas, then run the command again.
 */

import type { ClaimStatusAnswer } from '../claim-status';
import { isRecord } from './record';

/** Whether an answer has the shape of ClaimStatusAnswer (schemas/api/claim-status.schema.json). */
export const isClaimStatusAnswer = (v0: unknown): v0 is ClaimStatusAnswer =>
  (isRecord(v0) && typeof v0["referenceCode"] === 'string' && typeof v0["formType"] === 'string' && typeof v0["status"] === 'string' && typeof v0["labelKey"] === 'string' && typeof v0["nextKey"] === 'string' && typeof v0["filedAt"] === 'string' && (typeof v0["changedAt"] === 'string' || v0["changedAt"] === null) && (Array.isArray(v0["deficiencies"]) && v0["deficiencies"].every((v1: unknown) => (isRecord(v1) && typeof v1["kind"] === 'string' && typeof v1["textKey"] === 'string' && (isRecord(v1["cure"]) && (v1["cure"]["kind"] === "document" || v1["cure"]["kind"] === "page" || v1["cure"]["kind"] === "signature") && (v1["cure"]["documentType"] === undefined || typeof v1["cure"]["documentType"] === 'string') && (v1["cure"]["page"] === undefined || typeof v1["cure"]["page"] === 'string'))))) && (typeof v0["cureBy"] === 'string' || v0["cureBy"] === null) && (typeof v0["cureByAt"] === 'string' || v0["cureByAt"] === null) && (v0["cureAnswers"] === undefined || (Array.isArray(v0["cureAnswers"]) && v0["cureAnswers"].every((v1: unknown) => (isRecord(v1) && (v1["id"] == null || typeof v1["id"] === 'string') && typeof v1["clientId"] === 'string' && (isRecord(v1["metadata"]) && typeof v1["metadata"]["formType"] === 'string' && typeof v1["metadata"]["dtoMapping"] === 'string') && (v1["metadataHash"] === undefined || typeof v1["metadataHash"] === 'string') && (isRecord(v1["fields"]) && Object.values(v1["fields"]).every((v2: unknown) => (typeof v2 === 'string' || typeof v2 === 'number' || typeof v2 === 'boolean' || v2 === null))))))));
