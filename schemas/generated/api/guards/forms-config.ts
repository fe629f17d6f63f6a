/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of forms-config.
 * Do not edit: change the schemas, then run the command again.
 */

import type { FormsConfigAnswer } from '../forms-config';
import { isRecord } from './record';

/** Whether an answer has the shape of FormsConfigAnswer (schemas/api/forms-config.schema.json). */
export const isFormsConfigAnswer = (v0: unknown): v0 is FormsConfigAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && typeof v1["metadataHash"] === 'string' && (isRecord(v1["metadata"]) && (v1["metadata"]["formType"] === undefined || typeof v1["metadata"]["formType"] === 'string') && (v1["metadata"]["dtoMapping"] === undefined || typeof v1["metadata"]["dtoMapping"] === 'string')) && (isRecord(v1["fields"])))));
