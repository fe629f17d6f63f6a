/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of forms-flows.
 * Do not edit: change the schemas, then run the command again.
 */

import type { FormsFlowsAnswer } from '../forms-flows';
import { isRecord } from './record';

/** Whether an answer has the shape of FormsFlowsAnswer (schemas/api/forms-flows.schema.json). */
export const isFormsFlowsAnswer = (v0: unknown): v0 is FormsFlowsAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && Number.isInteger(v1["version"]) && typeof v1["formType"] === 'string' && (Array.isArray(v1["deadlineKeys"]) && v1["deadlineKeys"].every((v2: unknown) => (v2 === "globalDeadline" || v2 === "lookupFilingDeadline" || v2 === "exclusionFilingDeadline" || v2 === "claimFilingDeadline"))) && (isRecord(v1["authorize"]) && typeof v1["authorize"]["endpoint"] === 'string' && (v1["authorize"]["method"] === "POST")) && (v1["submit"] === undefined || (isRecord(v1["submit"]) && typeof v1["submit"]["endpoint"] === 'string' && (v1["submit"]["method"] === "POST"))) && (Array.isArray(v1["models"]) && v1["models"].every((v2: unknown) => typeof v2 === 'string')) && (Array.isArray(v1["pages"]) && v1["pages"].every((v2: unknown) => (isRecord(v2) && typeof v2["id"] === 'string' && typeof v2["path"] === 'string'))))));
