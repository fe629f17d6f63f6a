/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of healthz.
 * Do not edit: change the schemas, then run the command again.
 */

import type { Status } from '../shared';
import { isRecord } from './record';

/** Whether an answer has the shape of Status (schemas/api/shared.schema.json). */
export const isStatus = (v0: unknown): v0 is Status =>
  (isRecord(v0) && typeof v0["status"] === 'string');
