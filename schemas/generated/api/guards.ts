/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer.
 * Do not edit: change the schemas, then run the command again.
 */

import type { AuthorizeAnswer } from './authorize';
import type { CaptchaAnswer } from './captcha';
import type { CharactersWhitelistAnswer } from './characters-whitelist';
import type { CsrfAnswer } from './csrf';
import type { CultureContentAnswer } from './culture-content';
import type { DeadlinesAnswer } from './deadlines';
import type { DraftSaved } from './draft-save';
import type { ErrorResponse } from './shared';
import type { FormsConfigAnswer } from './forms-config';
import type { FormsFlowsAnswer } from './forms-flows';
import type { NoDraft } from './draft-load';
import type { ResumeCodeTarget } from './resume';
import type { SavedDraft } from './draft-load';
import type { SavedForLater } from './draft-later';
import type { SessionEnded } from './session-timeout';
import type { SessionKeptAlive } from './keep-alive';
import type { SignatureDateAnswer } from './signature-date';
import type { Status } from './shared';
import type { StoredDocument } from './shared';
import type { SubmitAnswer } from './submit';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an answer has the shape of AuthorizeAnswer (schemas/api/authorize.schema.json). */
export const isAuthorizeAnswer = (v0: unknown): v0 is AuthorizeAnswer =>
  (isRecord(v0) && typeof v0["authorized"] === 'boolean' && (typeof v0["error"] === 'string' || v0["error"] === null) && (typeof v0["captcha"] === 'string' || v0["captcha"] === null) && ((isRecord(v0["prepopulatedData"]) && Object.values(v0["prepopulatedData"]).every((v1: unknown) => (typeof v1 === 'string' || typeof v1 === 'number' || typeof v1 === 'boolean' || v1 === null))) || v0["prepopulatedData"] === null) && (v0["code"] === undefined || typeof v0["code"] === 'string'));

/** Whether an answer has the shape of CaptchaAnswer (schemas/api/captcha.schema.json). */
export const isCaptchaAnswer = (v0: unknown): v0 is CaptchaAnswer =>
  (isRecord(v0) && typeof v0["provider"] === 'string' && typeof v0["siteKey"] === 'string' && typeof v0["url"] === 'string' && typeof v0["class"] === 'string');

/** Whether an answer has the shape of CharactersWhitelistAnswer (schemas/api/characters-whitelist.schema.json). */
export const isCharactersWhitelistAnswer = (v0: unknown): v0 is CharactersWhitelistAnswer =>
  (isRecord(v0) && typeof v0["allowedCharacters"] === 'string');

/** Whether an answer has the shape of CsrfAnswer (schemas/api/csrf.schema.json). */
export const isCsrfAnswer = (v0: unknown): v0 is CsrfAnswer =>
  (isRecord(v0) && typeof v0["requestHeaderName"] === 'string' && typeof v0["requestToken"] === 'string' && typeof v0["sessionExpiresAt"] === 'string');

/** Whether an answer has the shape of CultureContentAnswer (schemas/api/culture-content.schema.json). */
export const isCultureContentAnswer = (v0: unknown): v0 is CultureContentAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && typeof v1["key"] === 'string' && typeof v1["value"] === 'string')));

/** Whether an answer has the shape of DeadlinesAnswer (schemas/api/deadlines.schema.json). */
export const isDeadlinesAnswer = (v0: unknown): v0 is DeadlinesAnswer =>
  ((isRecord(v0) && typeof v0["timeZone"] === 'string' && (isRecord(v0["deadlines"]) && Object.values(v0["deadlines"]).every((v1: unknown) => (isRecord(v1) && typeof v1["deadlineDateTime"] === 'string' && ((isRecord(v1["redirectUrl"]) && Object.values(v1["redirectUrl"]).every((v2: unknown) => typeof v2 === 'string')) || v1["redirectUrl"] === null))))) || (isRecord(v0) && (isRecord(v0["deadlines"]) && Object.values(v0["deadlines"]).every((v1: unknown) => (isRecord(v1) && typeof v1["timeZone"] === 'string' && typeof v1["deadline"] === 'string' && (v1["redirectUrl"] === undefined || (typeof v1["redirectUrl"] === 'string' || v1["redirectUrl"] === null)))))));

/** Whether an answer has the shape of DraftSaved (schemas/api/draft-save.schema.json). */
export const isDraftSaved = (v0: unknown): v0 is DraftSaved =>
  (isRecord(v0) && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string' && typeof v0["sessionExpiresAt"] === 'string');

/** Whether an answer has the shape of ErrorResponse (schemas/api/shared.schema.json). */
export const isErrorResponse = (v0: unknown): v0 is ErrorResponse =>
  (isRecord(v0) && typeof v0["error"] === 'string' && typeof v0["code"] === 'string');

/** Whether an answer has the shape of FormsConfigAnswer (schemas/api/forms-config.schema.json). */
export const isFormsConfigAnswer = (v0: unknown): v0 is FormsConfigAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && typeof v1["metadataHash"] === 'string' && (isRecord(v1["metadata"]) && (v1["metadata"]["formType"] === undefined || typeof v1["metadata"]["formType"] === 'string') && (v1["metadata"]["dtoMapping"] === undefined || typeof v1["metadata"]["dtoMapping"] === 'string')) && (isRecord(v1["fields"])))));

/** Whether an answer has the shape of FormsFlowsAnswer (schemas/api/forms-flows.schema.json). */
export const isFormsFlowsAnswer = (v0: unknown): v0 is FormsFlowsAnswer =>
  (Array.isArray(v0) && v0.every((v1: unknown) => (isRecord(v1) && Number.isInteger(v1["version"]) && typeof v1["formType"] === 'string' && (Array.isArray(v1["deadlineKeys"]) && v1["deadlineKeys"].every((v2: unknown) => (v2 === "globalDeadline" || v2 === "lookupFilingDeadline" || v2 === "exclusionFilingDeadline" || v2 === "claimFilingDeadline") && typeof v2 === 'string')) && (isRecord(v1["authorize"]) && typeof v1["authorize"]["endpoint"] === 'string' && (v1["authorize"]["method"] === "POST") && typeof v1["authorize"]["method"] === 'string') && (v1["submit"] === undefined || (isRecord(v1["submit"]) && typeof v1["submit"]["endpoint"] === 'string' && (v1["submit"]["method"] === "POST") && typeof v1["submit"]["method"] === 'string')) && (Array.isArray(v1["models"]) && v1["models"].every((v2: unknown) => typeof v2 === 'string')) && (Array.isArray(v1["pages"]) && v1["pages"].every((v2: unknown) => (isRecord(v2) && typeof v2["id"] === 'string' && typeof v2["path"] === 'string'))))));

/** Whether an answer has the shape of NoDraft (schemas/api/draft-load.schema.json). */
export const isNoDraft = (v0: unknown): v0 is NoDraft =>
  (isRecord(v0) && typeof v0["error"] === 'string' && typeof v0["code"] === 'string' && ((isRecord(v0["prepopulatedData"]) && Object.values(v0["prepopulatedData"]).every((v1: unknown) => (typeof v1 === 'string' || typeof v1 === 'number' || typeof v1 === 'boolean' || v1 === null))) || v0["prepopulatedData"] === null) && (isRecord(v0["credentials"]) && Object.values(v0["credentials"]).every((v1: unknown) => (typeof v1 === 'string' || v1 === null))));

/** Whether an answer has the shape of ResumeCodeTarget (schemas/api/resume.schema.json). */
export const isResumeCodeTarget = (v0: unknown): v0 is ResumeCodeTarget =>
  (isRecord(v0) && typeof v0["formType"] === 'string' && typeof v0["expiresAt"] === 'string');

/** Whether an answer has the shape of SavedDraft (schemas/api/draft-load.schema.json). */
export const isSavedDraft = (v0: unknown): v0 is SavedDraft =>
  (isRecord(v0) && typeof v0["pageId"] === 'string' && typeof v0["pageUnfinished"] === 'boolean' && (Array.isArray(v0["models"]) && v0["models"].every((v1: unknown) => (isRecord(v1) && (v1["id"] === undefined || (typeof v1["id"] === 'string' || v1["id"] === null)) && typeof v1["clientId"] === 'string' && (isRecord(v1["metadata"]) && typeof v1["metadata"]["formType"] === 'string' && typeof v1["metadata"]["dtoMapping"] === 'string') && (v1["metadataHash"] === undefined || typeof v1["metadataHash"] === 'string') && (isRecord(v1["fields"]) && Object.values(v1["fields"]).every((v2: unknown) => (typeof v2 === 'string' || typeof v2 === 'number' || typeof v2 === 'boolean' || v2 === null)))))) && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string' && (Array.isArray(v0["documents"]) && v0["documents"].every((v1: unknown) => (isRecord(v1) && Number.isInteger(v1["id"]) && typeof v1["clientId"] === 'string' && typeof v1["name"] === 'string' && Number.isInteger(v1["size"]) && typeof v1["type"] === 'string'))) && ((isRecord(v0["prepopulatedData"]) && Object.values(v0["prepopulatedData"]).every((v1: unknown) => (typeof v1 === 'string' || typeof v1 === 'number' || typeof v1 === 'boolean' || v1 === null))) || v0["prepopulatedData"] === null));

/** Whether an answer has the shape of SavedForLater (schemas/api/draft-later.schema.json). */
export const isSavedForLater = (v0: unknown): v0 is SavedForLater =>
  (isRecord(v0) && typeof v0["code"] === 'string' && typeof v0["link"] === 'string' && typeof v0["emailKnown"] === 'boolean' && (v0["emailAddress"] === undefined || (typeof v0["emailAddress"] === 'string' || v0["emailAddress"] === null)) && typeof v0["savedAt"] === 'string' && typeof v0["expiresAt"] === 'string');

/** Whether an answer has the shape of SessionEnded (schemas/api/session-timeout.schema.json). */
export const isSessionEnded = (v0: unknown): v0 is SessionEnded =>
  (isRecord(v0) && typeof v0["ended"] === 'boolean');

/** Whether an answer has the shape of SessionKeptAlive (schemas/api/keep-alive.schema.json). */
export const isSessionKeptAlive = (v0: unknown): v0 is SessionKeptAlive =>
  (isRecord(v0) && typeof v0["sessionExpiresAt"] === 'string');

/** Whether an answer has the shape of SignatureDateAnswer (schemas/api/signature-date.schema.json). */
export const isSignatureDateAnswer = (v0: unknown): v0 is SignatureDateAnswer =>
  (isRecord(v0) && typeof v0["signatureDate"] === 'string' && typeof v0["display"] === 'string');

/** Whether an answer has the shape of Status (schemas/api/shared.schema.json). */
export const isStatus = (v0: unknown): v0 is Status =>
  (isRecord(v0) && typeof v0["status"] === 'string');

/** Whether an answer has the shape of StoredDocument (schemas/api/shared.schema.json). */
export const isStoredDocument = (v0: unknown): v0 is StoredDocument =>
  (isRecord(v0) && Number.isInteger(v0["id"]) && typeof v0["clientId"] === 'string' && typeof v0["name"] === 'string' && Number.isInteger(v0["size"]) && typeof v0["type"] === 'string');

/** Whether an answer has the shape of SubmitAnswer (schemas/api/submit.schema.json). */
export const isSubmitAnswer = (v0: unknown): v0 is SubmitAnswer =>
  (isRecord(v0) && typeof v0["submitted"] === 'boolean' && (typeof v0["error"] === 'string' || v0["error"] === null) && (typeof v0["referenceCodeForm"] === 'string' || v0["referenceCodeForm"] === null) && (v0["code"] === undefined || typeof v0["code"] === 'string') && (v0["receiptQueued"] === undefined || typeof v0["receiptQueued"] === 'boolean') && (v0["receiptAddress"] === undefined || typeof v0["receiptAddress"] === 'string'));
