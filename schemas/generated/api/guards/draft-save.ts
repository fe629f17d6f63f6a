/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of draft-save.
 * Do not edit: change the schemas, then run the command again.
 */

import type { DraftSaved, DraftSaveRefused } from '../draft-save';
import { isRecord } from './record';

/** Whether an answer has the shape of DraftSaved (schemas/api/draft-save.schema.json). */
export const isDraftSaved = (v0: unknown): v0 is DraftSaved =>
  (isRecord(v0) && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string' && typeof v0["sessionExpiresAt"] === 'string');

/** Whether an answer has the shape of DraftSaveRefused (schemas/api/draft-save.schema.json). */
export const isDraftSaveRefused = (v0: unknown): v0 is DraftSaveRefused =>
  (isRecord(v0) && typeof v0["error"] === 'string' && typeof v0["code"] === 'string' && (v0["fieldErrors"] === undefined || (Array.isArray(v0["fieldErrors"]) && v0["fieldErrors"].every((v1: unknown) => (isRecord(v1) && typeof v1["pageId"] === 'string' && typeof v1["fieldId"] === 'string' && typeof v1["message"] === 'string')))));
