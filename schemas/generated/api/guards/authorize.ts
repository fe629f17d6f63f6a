/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of authorize.
 * Do not edit: change the schemas, then run the command again.
 */

import type { AuthorizeAnswer } from '../authorize';
import { isRecord } from './record';

/** Whether an answer has the shape of AuthorizeAnswer (schemas/api/authorize.schema.json). */
export const isAuthorizeAnswer = (v0: unknown): v0 is AuthorizeAnswer =>
  (isRecord(v0) && typeof v0["authorized"] === 'boolean' && (typeof v0["error"] === 'string' || v0["error"] === null) && (typeof v0["captcha"] === 'string' || v0["captcha"] === null) && ((isRecord(v0["prepopulatedData"]) && Object.values(v0["prepopulatedData"]).every((v1: unknown) => (typeof v1 === 'string' || typeof v1 === 'number' || typeof v1 === 'boolean' || v1 === null))) || v0["prepopulatedData"] === null) && (v0["code"] === undefined || typeof v0["code"] === 'string') && (v0["referenceCode"] === undefined || typeof v0["referenceCode"] === 'string'));
