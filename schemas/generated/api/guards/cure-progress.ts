/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of cure-progress.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CureProgress } from '../shared';
import type { CureProgressRefused } from '../cure-progress';
import { isRecord } from './record';

/** Whether an answer has the shape of CureProgress (schemas/api/shared.schema.json). */
export const isCureProgress = (v0: unknown): v0 is CureProgress =>
  (isRecord(v0) && typeof v0["savedAt"] === 'string' && (typeof v0["signatureName"] === 'string' || v0["signatureName"] === null) && (Array.isArray(v0["documents"]) && v0["documents"].every((v1: unknown) => (isRecord(v1) && Number.isInteger(v1["id"]) && typeof v1["deficiency"] === 'string' && (v1["clientId"] === undefined || typeof v1["clientId"] === 'string') && typeof v1["name"] === 'string' && Number.isInteger(v1["size"]) && typeof v1["type"] === 'string'))));

/** Whether an answer has the shape of CureProgressRefused (schemas/api/cure-progress.schema.json). */
export const isCureProgressRefused = (v0: unknown): v0 is CureProgressRefused =>
  (isRecord(v0) && typeof v0["error"] === 'string' && typeof v0["code"] === 'string' && (v0["fieldErrors"] === undefined || (Array.isArray(v0["fieldErrors"]) && v0["fieldErrors"].every((v1: unknown) => (isRecord(v1) && typeof v1["pageId"] === 'string' && typeof v1["fieldId"] === 'string' && typeof v1["message"] === 'string')))));
