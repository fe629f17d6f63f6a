/**
 * The online cure of a deficient claim: from its status page, the claimant sends what the
 * administrator found missing (statuses.json deficiency kinds): a document of the type a kind asks
 * for, checked as a claim's documents are (type by content, size limits, malware scan) and written
 * to the document store; a signature (the name typed and the attestation checked, as the claim's
 * signature block); a page of the claim answered again (cure-pages.ts: checked as a page save
 * checks it, kept in the cure), a page with files with the document of each of its records that
 * has one (uploaded on add to the cure in progress, named by the record's client id; 400
 * CURE_DOCUMENT_MISSING naming the file, on that record's file field, when one was not), but a
 * record that keeps the claim's own document (sent as filed, or corrected in place). A page the
 * claim's flow cannot ask again (none such, one its answers skip) is refused
 * (CURE_PAGE_UNSUPPORTED): its claimant contacts the administrator.
 *
 * Only a session that signed in on the status page for that claim may cure it (status-sign-in.ts
 * keeps the claim in the session), while the claim is deficient and until the end of its cure-by
 * day. The cure is stored linked to the claim and to the deficient change it answers, one per
 * change (server/db/claim-cures.ts), never touching the claim's answers; in the same transaction
 * the claim's status moves to cureReceived (changed by "cure") and the claimant's receipt is
 * queued in the outbox, once per cure.
 *
 * The request (multipart): the `referenceCode` field first (so that nothing is received for a
 * claim the session may not cure), `pageModels` (JSON: the models of the pages asked again) when
 * it asks for a page, and `signatureName` and `signatureAttested` ("true") when it asks for a
 * signature. The documents are those uploaded on add to the cure in progress
 * (cure-in-progress.ts); a file part named by a deficiency kind still sends one with the request
 * (it takes the place of an upload of that kind). The cure in progress is deleted in the cure's
 * transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRecord } from '../../runtime/core/guards.js';
import { unstorableTextPaths } from '../../runtime/core/payload/index.js';
import { deficiencyOf, DEFICIENT } from '../../runtime/core/statuses/index.js';
import type { FormModel } from '../../runtime/core/types.js';
import { createClaimCures, type CureDocument, type StoredCure } from '../db/claim-cures.js';
import { createCuresInProgress } from '../db/cures-in-progress.js';
import { createClaimStatuses, type FiledClaim, type StatusChange } from '../db/claim-statuses.js';
import { normalizeReferenceCode } from '../db/reference-code.js';
import type { SessionData } from '../db/types.js';
import { forgetObjects } from '../documents/forget.js';
import { putSpooledFile, spooledStream, type SpooledFile } from '../documents/receive.js';
import { scanBeforeAccepting } from '../documents/scan.js';
import { aboutDocument, errorText, httpError, isHttpError } from '../errors.js';
import { receiptAddress } from '../mail/receipt.js';
import { flowOf } from '../settlement/load.js';
import { askedPages, checkedPageAnswers, fileFieldOf, filedDocumentRecords, fileRecords, recordFieldAt, sentPageAnswers } from './cure-pages.js';
import { acceptedFileType, spoolNamedDocument } from './documents.js';

/** The status a cure moves its claim to, and what the change is recorded as made by. */
export const CURE_RECEIVED = 'cureReceived';
export const CURED_BY = 'cure';

/** How many claims a session keeps signed in on the status page (the latest ones). */
const MAX_STATUS_SIGN_INS = 8;
/** The longest name a cure is signed with. */
export const MAX_SIGNATURE = 128;

const signedInClaims = (data: SessionData): number[] => {
  const kept = data.extra?.statusSignIns;
  return Array.isArray(kept) ? kept.filter((id): id is number => Number.isInteger(id)) : [];
};

/** Keeps in the session that it signed in on the status page for this claim. */
export function rememberStatusSignIn(data: SessionData, submissionId: number): void {
  const kept = [...signedInClaims(data).filter((id) => id !== submissionId), submissionId].slice(-MAX_STATUS_SIGN_INS);
  data.extra = { ...data.extra, statusSignIns: kept };
}

/** What a claim's cure asks for, from its latest (deficient) change. */
export interface CureAsked {
  documents: Array<{ deficiency: string; documentType: string }>;
  signature: boolean;
  pages: string[];
}

export function cureAsked(app: FastifyInstance, change: StatusChange): CureAsked {
  const asked: CureAsked = { documents: [], signature: false, pages: [] };
  for (const kind of change.deficiencies) {
    const cure = deficiencyOf(app.settlement.statuses, kind)?.cure;
    if (cure?.kind === 'document') asked.documents.push({ deficiency: kind, documentType: cure.documentType });
    else if (cure?.kind === 'signature') asked.signature = true;
    else if (cure?.kind === 'page') asked.pages.push(cure.page);
  }
  return asked;
}

/** The claim the session may cure now, and the deficient change the cure answers; refused otherwise. */
export async function curableClaim(app: FastifyInstance, request: FastifyRequest, referenceCode: string): Promise<{ claim: FiledClaim; change: StatusChange }> {
  const session = request.session;
  if (!session) throw httpError('CURE_NOT_SIGNED_IN');
  const statuses = createClaimStatuses(app.database, { clock: app.clock });
  const code = normalizeReferenceCode(referenceCode).slice(0, 32);
  const claim = (await statuses.claimsByReference([code])).get(code);
  if (!claim || !signedInClaims(session.data).includes(claim.submissionId)) throw httpError('CURE_NOT_SIGNED_IN');
  const change = (await statuses.latest([claim.submissionId])).get(claim.submissionId);
  if (!change || change.to !== DEFICIENT) throw httpError('CURE_NOT_DEFICIENT');
  if (change.cureByAt !== null && app.clock() > change.cureByAt) throw httpError('CURE_DATE_PASSED');
  return { claim, change };
}

/** A file part received, spooled within the per-file limit. */
interface ReceivedFile {
  deficiency: string;
  name: string;
  file: SpooledFile;
}

/** Runs a check of the document sent for `deficiency`; its refusal names that document (the page shows it beside it). */
async function aboutTheDocument<T>(deficiency: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    throw isHttpError(error) ? aboutDocument(error, deficiency) : error;
  }
}

/** Reads the request's parts: the claim first, then its documents and signature; `spooled` collects the temp files for the caller to remove. */
async function receivedCure(app: FastifyInstance, request: FastifyRequest, spooled: SpooledFile[]) {
  const maxFileBytes = app.settlement.settings.uploads.maxFileBytes;
  let curable: { claim: FiledClaim; change: StatusChange; asked: CureAsked; pages: ReturnType<typeof askedPages> | null } | null = null;
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (!curable) {
      if (part.type !== 'field' || part.fieldname !== 'referenceCode' || typeof part.value !== 'string') throw httpError('STRUCTURE_INVALID', { details: ['referenceCode: send the claim’s reference code first.'] });
      const { claim, change } = await curableClaim(app, request, part.value);
      const asked = cureAsked(app, change);
      // Refused before any document is received when a page cannot be asked again.
      const pages = asked.pages.length ? askedPages(app, claim, asked.pages) : null;
      curable = { claim, change, asked, pages };
      continue;
    }
    if (part.type === 'field') {
      if (part.fieldname !== 'signatureName' && part.fieldname !== 'signatureAttested' && part.fieldname !== 'pageModels') throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: not part of a cure.`] });
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      continue;
    }
    const wanted = curable.asked.documents.find((d) => d.deficiency === part.fieldname);
    if (!wanted) throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: no document of this kind is missing.`] });
    if (files.some((f) => f.deficiency === part.fieldname)) throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: one document per missing kind.`] });
    const deficiency = part.fieldname;
    files.push({ deficiency, ...(await aboutTheDocument(deficiency, () => spoolNamedDocument(part, maxFileBytes, spooled))) });
  }
  if (!curable) throw httpError('STRUCTURE_INVALID', { details: ['referenceCode: send the claim’s reference code first.'] });
  return { ...curable, files, fields };
}

/** The answer of POST /api/claims/cure. */
export interface CureAnswer {
  referenceCode: string;
  status: string;
  receivedAt: string;
}

/** Receives, checks and stores the cure the request sends (see above). */
export async function receiveCure(app: FastifyInstance, request: FastifyRequest): Promise<CureAnswer> {
  const spooled: SpooledFile[] = [];
  const stored: CureDocument[] = [];
  try {
    const { claim, change, asked, pages, files, fields } = await receivedCure(app, request, spooled);
    // The pages' answers first: their field errors are the claimant's to correct before anything is scanned.
    const answers: FormModel[] = pages ? checkedPageAnswers(app, pages, sentPageAnswers(fields.pageModels), request.culture) : [];
    // The documents uploaded to the cure in progress (cure-in-progress.ts) go with it, but for a kind this request sends a file for.
    const inProgress = createCuresInProgress(app.database, { clock: app.clock });
    const kept = (await inProgress.get(claim.submissionId, change.id))?.documents ?? [];
    const uploaded = kept.filter((d) => d.clientId === null && !files.some((f) => f.deficiency === d.deficiency));
    const missing = asked.documents.find((d) => !files.some((f) => f.deficiency === d.deficiency) && !uploaded.some((u) => u.deficiency === d.deficiency));
    if (missing) throw httpError('CURE_DOCUMENT_MISSING', { args: [missing.documentType] });
    // A page with files asked again: each of its records with a file has its document uploaded (a document of a record no longer sent stays behind, purged with the cure in progress),
    // but a record that keeps the claim's own document (as filed, or with other answers corrected).
    const pageDocuments: CureDocument[] = [];
    const asFiled = new Set(pages ? filedDocumentRecords(pages, answers).map((r) => r.clientId) : []);
    for (const record of pages ? fileRecords(pages, answers) : []) {
      const document = kept.find((d) => d.clientId === record.clientId);
      if (!document && asFiled.has(record.clientId)) continue;
      const name = typeof record.fields.name === 'string' && record.fields.name ? record.fields.name : typeof record.fields.file === 'string' ? record.fields.file : '';
      if (!document) {
        // Told beside that record's file, as the page tells its own errors.
        const args = [name.slice(0, 100)];
        const at = pages ? recordFieldAt(pages, record, fileFieldOf) : null;
        const fieldErrors = at ? [{ ...at, message: errorText('CURE_DOCUMENT_MISSING', request.culture, (key, culture) => app.locales.text(key, culture), args) }] : [];
        throw httpError('CURE_DOCUMENT_MISSING', { args, fieldErrors });
      }
      const documentType = typeof record.fields.documentType === 'string' ? record.fields.documentType : '';
      pageDocuments.push({ deficiency: document.deficiency, documentType, clientId: record.clientId, name: document.name, type: document.type, size: document.size, sha256: document.sha256, object: document.object, unscanned: document.unscanned });
    }
    let signatureName: string | null = null;
    if (asked.signature) {
      const name = (fields.signatureName ?? '').trim();
      if (!name || fields.signatureAttested !== 'true') throw httpError('CURE_SIGNATURE_MISSING');
      if (name.length > MAX_SIGNATURE || unstorableTextPaths(name, 'signatureName').length) throw httpError('BAD_REQUEST', { details: [`signatureName: at most ${MAX_SIGNATURE} characters of text.`] });
      signatureName = name;
    }

    const checked = [];
    for (const received of files) {
      const { type, unscanned } = await aboutTheDocument(received.deficiency, async () => {
        const type = await acceptedFileType(received.file, received.name, (detail) => request.log.info({ detail }, 'cure document refused'));
        return { type, ...(await scanBeforeAccepting(app, () => spooledStream(received.file), received.name, request.log)) };
      });
      checked.push({ received, type, unscanned });
    }
    for (const { received, type, unscanned } of checked) {
      const { object, size, sha256 } = await putSpooledFile(app.documents.current, received.file, type);
      const documentType = asked.documents.find((d) => d.deficiency === received.deficiency)?.documentType ?? '';
      stored.push({ deficiency: received.deficiency, documentType, clientId: null, name: received.name, type, size, sha256, object, unscanned });
    }
    const documents: CureDocument[] = [
      ...uploaded.flatMap((u) => {
        const documentType = asked.documents.find((d) => d.deficiency === u.deficiency)?.documentType;
        // A document of a kind no longer asked for stays behind (purged with the cure in progress).
        return documentType === undefined ? [] : [{ deficiency: u.deficiency, documentType, clientId: null, name: u.name, type: u.type, size: u.size, sha256: u.sha256, object: u.object, unscanned: u.unscanned }];
      }),
      ...pageDocuments,
      ...stored,
    ];

    const receivedAt = app.clock();
    const cures = createClaimCures(app.database);
    const statuses = createClaimStatuses(app.database, { clock: app.clock });
    const flow = flowOf(app.settlement, claim.formType);
    const to = flow && isRecord(claim.payload) ? receiptAddress(flow, claim.payload) : null;
    const cure = await app.database.db.transaction().execute(async (trx): Promise<StoredCure | null> => {
      const recorded = await cures.record(trx, { submissionId: claim.submissionId, statusChangeId: change.id, signatureName, culture: claim.culture, receivedAt, documents, answers });
      if (!recorded) return null;
      // The cure in progress is done with: its documents are the cure's now.
      await inProgress.remove(trx, claim.submissionId);
      await statuses.record(trx, { submissionId: claim.submissionId, to: CURE_RECEIVED, deficiencies: [], cureBy: null, cureByAt: null, note: null, changedBy: CURED_BY });
      if (to) {
        await app.mail.enqueue(trx, {
          kind: 'cure-receipt',
          to,
          culture: claim.culture,
          data: { referenceCode: claim.referenceCode, receivedAt, documentNames: documents.map((d) => d.name), pageTitleKeys: (pages?.pages ?? []).map((p) => p.titleKey), signatureName },
          dedupeKey: `cure:${recorded.id}`,
          submissionId: claim.submissionId,
        });
      }
      return recorded;
    });
    // Another request cured the same change first: this one stored nothing.
    if (!cure) throw httpError('CURE_NOT_DEFICIENT');
    if (to) app.mail.wake();
    return { referenceCode: claim.referenceCode, status: CURE_RECEIVED, receivedAt: new Date(receivedAt).toISOString() };
  } catch (error) {
    if (stored.length) await forgetObjects(app, stored.map((d) => d.object));
    throw error;
  } finally {
    await Promise.all(spooled.map((file) => file.remove()));
  }
}
