/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of culture-content.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CultureContentAnswer } from '../culture-content';
import { isRecord } from './record';

/** Whether an answer has the shape of CultureContentAnswer (schemas/api/culture-content.schema.json). */
export const isCultureContentAnswer = (v0: unknown): v0 is CultureContentAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && typeof v1["key"] === 'string' && typeof v1["value"] === 'string')));
