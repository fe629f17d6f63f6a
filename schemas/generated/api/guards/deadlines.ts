/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of deadlines.
 * Do not edit: change the schemas, then run the command again.
 */

import type { DeadlinesAnswer } from '../deadlines';
import { isRecord } from './record';

/** Whether an answer has the shape of DeadlinesAnswer (schemas/api/deadlines.schema.json). */
export const isDeadlinesAnswer = (v0: unknown): v0 is DeadlinesAnswer =>
  ((isRecord(v0) && typeof v0["timeZone"] === 'string' && (isRecord(v0["deadlines"]) && Object.values(v0["deadlines"]).every((v1: unknown) => (isRecord(v1) && typeof v1["deadlineDateTime"] === 'string' && ((isRecord(v1["redirectUrl"]) && Object.values(v1["redirectUrl"]).every((v2: unknown) => typeof v2 === 'string')) || v1["redirectUrl"] === null))))) || (isRecord(v0) && (isRecord(v0["deadlines"]) && Object.values(v0["deadlines"]).every((v1: unknown) => (isRecord(v1) && typeof v1["timeZone"] === 'string' && typeof v1["deadline"] === 'string' && (v1["redirectUrl"] == null || typeof v1["redirectUrl"] === 'string'))))));
