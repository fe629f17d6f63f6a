/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of resume.
 * Do not edit: change the schemas, then run the command again.
 */

import type { ResumeCodeTarget } from '../resume';
import { isRecord } from './record';

/** Whether an answer has the shape of ResumeCodeTarget (schemas/api/resume.schema.json). */
export const isResumeCodeTarget = (v0: unknown): v0 is ResumeCodeTarget =>
  (isRecord(v0) && typeof v0["formType"] === 'string' && typeof v0["expiresAt"] === 'string');
