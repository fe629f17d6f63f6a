/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of draft-save.
 * Do not edit: change the schemas, then run the command again.
 */

import type { DraftSaved } from '../draft-save';
import { isRecord } from './record';

/** Whether an answer has the shape of DraftSaved (schemas/api/draft-save.schema.json). */
export const isDraftSaved = (v0: unknown): v0 is DraftSaved =>
  (isRecord(v0) && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string' && typeof v0["sessionExpiresAt"] === 'string');
