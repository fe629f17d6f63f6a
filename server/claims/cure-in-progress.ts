/**
 * A cure in progress, kept by the server (server/db/cures-in-progress.ts) so that the claimant of a
 * deficient claim may save and finish later: signed in on the status page again, in this browser
 * or another, the cure opens as it was left. Only the session that may cure the claim now
 * (cure.ts `curableClaim`: signed in on the status page for it, the claim deficient, its cure-by
 * day not over) reads or writes it.
 *
 * - A document is uploaded on add (multipart: `referenceCode` first, then one file part named by
 *   the deficiency kind it cures, or, for a record of a page with files asked again, by the
 *   record's client id) through the path a claim's draft documents take
 *   (draft-documents.ts `storeUploadedDocument`: spooled within the per-file limit, type and
 *   structure checked, malware-scanned, written to the document store); a new one for the same
 *   kind (the same record) replaces the one it had. The cure's documents together stay within the
 *   claim draft's total (settings `uploads.maxTotalBytes`; 413 DOCUMENTS_TOTAL_TOO_LARGE naming the
 *   file, as a draft's). A refused upload stores nothing.
 * - A document is removed (also when it was already gone, so that a retried delete succeeds).
 * - The answers to the pages asked again (checked as Save and finish later checks a claim's page,
 *   cure-pages.ts: what was typed, not the fields still to fill in; 400 VALIDATION_FAILED with
 *   the pages' field errors) and the name typed to sign are kept (Save and finish later, a page's
 *   button); the cure sent checks them in full (cure.ts).
 *
 * The cure sent files the uploaded documents with it and deletes the cure in progress in its
 * transaction; the hourly purge deletes those past the end of their cure-by day.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isClientId, unstorableTextPaths, UNSTORABLE_TEXT } from '../../runtime/core/payload/index.js';
import type { FormModel } from '../../runtime/core/types.js';
import { isStoredModel } from '../db/claim-cures.js';
import type { FiledClaim, StatusChange } from '../db/claim-statuses.js';
import { createCuresInProgress, type CureInProgress, type CureInProgressDocument, type CureKey } from '../db/cures-in-progress.js';
import type { SpooledFile } from '../documents/receive.js';
import { httpError } from '../errors.js';
import { cureAsked, curableClaim, MAX_SIGNATURE } from './cure.js';
import { askedPages, checkedPageAnswers, filesPageDeficiency } from './cure-pages.js';
import { megabytes, shownName, spoolNamedDocument } from './documents.js';
import { storeUploadedDocument } from './draft-documents.js';

/** At most this many models kept for the pages asked again (a page's records included). */
const MAX_KEPT_MODELS = 200;

/** A document of a cure in progress, as the claimant is answered about it. */
export interface CureUploadAnswer {
  id: number;
  deficiency: string;
  /** The record of a page asked again it is the file of (absent for a document of a missing kind). */
  clientId?: string;
  name: string;
  size: number;
  type: string;
}

/** A cure in progress as the claimant is answered about it (the page answers go as the status answer's `cureAnswers`). */
export interface CureProgressAnswer {
  savedAt: string;
  signatureName: string | null;
  documents: CureUploadAnswer[];
}

export const cureUploadAnswer = (d: CureInProgressDocument): CureUploadAnswer => ({
  id: d.id,
  deficiency: d.deficiency,
  ...(d.clientId !== null ? { clientId: d.clientId } : {}),
  name: d.name,
  size: d.size,
  type: d.type,
});

export const cureProgressAnswer = (progress: CureInProgress): CureProgressAnswer => ({
  savedAt: new Date(progress.updatedAt).toISOString(),
  signatureName: progress.signatureName,
  documents: progress.documents.map(cureUploadAnswer),
});

const cureKeyOf = (claim: FiledClaim, change: StatusChange): CureKey => ({ submissionId: claim.submissionId, statusChangeId: change.id, expiresAt: change.cureByAt });

const storeOf = (app: FastifyInstance) => createCuresInProgress(app.database, { clock: app.clock });

/** The claim's cure in progress for the deficient change it answers; null when none was kept. */
export function cureInProgressOf(app: FastifyInstance, submissionId: number, change: StatusChange): Promise<CureInProgress | null> {
  return storeOf(app).get(submissionId, change.id);
}

/** Adds the document the request sends to the cure in progress of the claim it names (see above). */
export async function addCureDocument(app: FastifyInstance, request: FastifyRequest): Promise<CureUploadAnswer> {
  const { uploads } = app.settlement.settings;
  const { maxFileBytes } = uploads;
  const spooled: SpooledFile[] = [];
  try {
    let curable: { claim: FiledClaim; change: StatusChange } | null = null;
    let received: { deficiency: string; clientId: string | null; name: string; file: SpooledFile } | null = null;
    for await (const part of request.parts()) {
      if (!curable) {
        if (part.type !== 'field' || part.fieldname !== 'referenceCode' || typeof part.value !== 'string') throw httpError('STRUCTURE_INVALID', { details: ['referenceCode: send the claim’s reference code first.'] });
        curable = await curableClaim(app, request, part.value);
        continue;
      }
      if (part.type !== 'file') throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: only the document is expected.`] });
      if (received) throw httpError('STRUCTURE_INVALID', { details: ['Add one document at a time.'] });
      const kind = cureAsked(app, curable.change).documents.some((d) => d.deficiency === part.fieldname) ? part.fieldname : null;
      // A record of a page with files asked again: the file part is named by the record's client id.
      const pageKind = kind === null && isClientId(part.fieldname) ? filesPageDeficiency(app, curable.claim, curable.change) : null;
      const deficiency = kind ?? pageKind;
      if (deficiency === null) throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: no document of this kind is missing.`] });
      received = { deficiency, clientId: pageKind === null ? null : part.fieldname, ...(await spoolNamedDocument(part, maxFileBytes, spooled)) };
    }
    if (!curable) throw httpError('STRUCTURE_INVALID', { details: ['referenceCode: send the claim’s reference code first.'] });
    if (!received) throw httpError('STRUCTURE_INVALID', { details: ['No document was received.'] });
    const { claim, change } = curable;
    const { deficiency, clientId } = received;
    const added = await storeUploadedDocument(
      app,
      request,
      received,
      async () => {},
      async (document) => {
        const added = await storeOf(app).addDocument(cureKeyOf(claim, change), { deficiency, clientId, ...document }, { maxTotalBytes: uploads.maxTotalBytes });
        // The cure's documents together within the claim draft's limit, refused as a draft's are.
        if (!added) throw httpError('DOCUMENTS_TOTAL_TOO_LARGE', { args: [shownName(received.name), megabytes(uploads.maxTotalBytes)] });
        return added;
      },
    );
    await app.sessions.keepAlive(request);
    return cureUploadAnswer(added);
  } finally {
    await Promise.all(spooled.map((file) => file.remove()));
  }
}

/** Removes a document of the cure in progress of the claim `referenceCode` names (nothing when it is gone already). */
export async function removeCureDocument(app: FastifyInstance, request: FastifyRequest, referenceCode: string, id: number): Promise<void> {
  const { claim } = await curableClaim(app, request, referenceCode);
  await storeOf(app).removeDocument(claim.submissionId, id);
}

/** What a save of the cure in progress sends (JSON). */
export interface CureProgressBody {
  referenceCode: string;
  /** The models of the pages asked again, as typed so far (the fields still to fill in are checked when the cure is sent). */
  pageModels?: unknown[];
  signatureName?: string;
}

/** Keeps what the claimant gave so far of the cure of the claim `body` names; answers the cure in progress. */
export async function saveCureInProgress(app: FastifyInstance, request: FastifyRequest, body: CureProgressBody): Promise<CureProgressAnswer> {
  const { claim, change } = await curableClaim(app, request, body.referenceCode);
  const asked = cureAsked(app, change);
  let answers: FormModel[] | undefined;
  if (body.pageModels !== undefined) {
    const models = body.pageModels;
    if (!asked.pages.length) throw httpError('STRUCTURE_INVALID', { details: ['pageModels: this cure asks for no page.'] });
    if (models.length > MAX_KEPT_MODELS || !models.every(isStoredModel)) throw httpError('STRUCTURE_INVALID', { details: ['pageModels: send the answers to the page as a list of its models.'] });
    // Checked as Save and finish later checks a claim's page: what was typed, not what is still to fill in.
    answers = checkedPageAnswers(app, askedPages(app, claim, asked.pages), models, request.culture, { unfinished: true });
  }
  let signatureName: string | null | undefined;
  if (body.signatureName !== undefined) {
    if (!asked.signature) throw httpError('STRUCTURE_INVALID', { details: ['signatureName: this cure asks for no signature.'] });
    signatureName = body.signatureName.trim() || null;
    if (signatureName !== null && signatureName.length > MAX_SIGNATURE) throw httpError('BAD_REQUEST', { details: [`signatureName: at most ${MAX_SIGNATURE} characters of text.`] });
  }
  const unstorable = [...unstorableTextPaths(answers ?? [], 'pageModels'), ...unstorableTextPaths(signatureName ?? '', 'signatureName')].map((path) => `${path}: ${UNSTORABLE_TEXT}`);
  if (unstorable.length) throw httpError('BAD_REQUEST', { details: unstorable });
  const saved = await storeOf(app).save(cureKeyOf(claim, change), { ...(answers !== undefined ? { answers } : {}), ...(signatureName !== undefined ? { signatureName } : {}) });
  await app.sessions.keepAlive(request);
  return cureProgressAnswer(saved);
}

/** The hourly purge's part (claim-in-progress.ts `startDraftPurge`): cures in progress past the end of their cure-by day. */
export const cureInProgressPurge = (app: FastifyInstance) => ({ purgeExpired: () => storeOf(app).purgeExpired() });
