/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of draft-load.
 * Do not edit: change the schemas, then run the command again.
 */

import type { ClaimInProgress } from '../draft-load';
import { isRecord } from './record';

/** Whether an answer has the shape of ClaimInProgress (schemas/api/draft-load.schema.json). */
export const isClaimInProgress = (v0: unknown): v0 is ClaimInProgress =>
  (isRecord(v0) && (typeof v0["pageId"] === 'string' || v0["pageId"] === null) && typeof v0["pageUnfinished"] === 'boolean' && (Array.isArray(v0["models"]) && v0["models"].every((v1: unknown) => (isRecord(v1) && (v1["id"] == null || typeof v1["id"] === 'string') && typeof v1["clientId"] === 'string' && (isRecord(v1["metadata"]) && typeof v1["metadata"]["formType"] === 'string' && typeof v1["metadata"]["dtoMapping"] === 'string') && (v1["metadataHash"] === undefined || typeof v1["metadataHash"] === 'string') && (isRecord(v1["fields"]) && Object.values(v1["fields"]).every((v2: unknown) => (typeof v2 === 'string' || typeof v2 === 'number' || typeof v2 === 'boolean' || v2 === null)))))) && (typeof v0["savedAt"] === 'string' || v0["savedAt"] === null) && (typeof v0["expiresAt"] === 'string' || v0["expiresAt"] === null) && (Array.isArray(v0["documents"]) && v0["documents"].every((v1: unknown) => (isRecord(v1) && Number.isInteger(v1["id"]) && typeof v1["clientId"] === 'string' && typeof v1["name"] === 'string' && Number.isInteger(v1["size"]) && typeof v1["type"] === 'string'))) && ((isRecord(v0["prepopulatedData"]) && Object.values(v0["prepopulatedData"]).every((v1: unknown) => (typeof v1 === 'string' || typeof v1 === 'number' || typeof v1 === 'boolean' || v1 === null))) || v0["prepopulatedData"] === null) && (isRecord(v0["credentials"]) && Object.values(v0["credentials"]).every((v1: unknown) => (typeof v1 === 'string' || v1 === null))));
