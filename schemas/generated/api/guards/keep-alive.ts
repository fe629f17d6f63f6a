/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of keep-alive.
 * Do not edit: change the schemas, then run the command again.
 */

import type { SessionKeptAlive } from '../keep-alive';
import { isRecord } from './record';

/** Whether an answer has the shape of SessionKeptAlive (schemas/api/keep-alive.schema.json). */
export const isSessionKeptAlive = (v0: unknown): v0 is SessionKeptAlive =>
  (isRecord(v0) && typeof v0["sessionExpiresAt"] === 'string');
