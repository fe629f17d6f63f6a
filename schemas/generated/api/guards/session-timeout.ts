/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of session-timeout.
 * Do not edit: change the schemas, then run the command again.
 */

import type { SessionEnded } from '../session-timeout';
import { isRecord } from './record';

/** Whether an answer has the shape of SessionEnded (schemas/api/session-timeout.schema.json). */
export const isSessionEnded = (v0: unknown): v0 is SessionEnded =>
  (isRecord(v0) && typeof v0["ended"] === 'boolean');
