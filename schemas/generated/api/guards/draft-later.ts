/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of draft-later.
 * Do not edit: change the schemas, then run the command again.
 */

import type { SavedForLater } from '../draft-later';
import { isRecord } from './record';

/** Whether an answer has the shape of SavedForLater (schemas/api/draft-later.schema.json). */
export const isSavedForLater = (v0: unknown): v0 is SavedForLater =>
  (isRecord(v0) && typeof v0["code"] === 'string' && typeof v0["link"] === 'string' && typeof v0["emailKnown"] === 'boolean' && (v0["emailAddress"] == null || typeof v0["emailAddress"] === 'string') && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string');
