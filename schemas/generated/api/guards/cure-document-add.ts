/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of cure-document-add.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CureUpload } from '../shared';
import { isRecord } from './record';

/** Whether an answer has the shape of CureUpload (schemas/api/shared.schema.json). */
export const isCureUpload = (v0: unknown): v0 is CureUpload =>
  (isRecord(v0) && Number.isInteger(v0["id"]) && typeof v0["deficiency"] === 'string' && (v0["clientId"] === undefined || typeof v0["clientId"] === 'string') && typeof v0["name"] === 'string' && Number.isInteger(v0["size"]) && typeof v0["type"] === 'string');
