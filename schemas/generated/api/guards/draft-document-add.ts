/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of draft-document-add.
 * Do not edit: change the schemas, then run the command again.
 */

import type { StoredDocument } from '../shared';
import { isRecord } from './record';

/** Whether an answer has the shape of StoredDocument (schemas/api/shared.schema.json). */
export const isStoredDocument = (v0: unknown): v0 is StoredDocument =>
  (isRecord(v0) && Number.isInteger(v0["id"]) && typeof v0["clientId"] === 'string' && typeof v0["name"] === 'string' && Number.isInteger(v0["size"]) && typeof v0["type"] === 'string');
