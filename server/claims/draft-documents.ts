/**
 * The documents of the claim in progress, stored as the claimant adds them.
 *
 * Adding one (multipart): exactly one file part, named by the clientId of its DocumentContexts
 * model, with its file name. Deadline → session authorized for the form → the file received (a
 * large one through a temp file) with the submit's limit per file (DOCUMENT_TOO_LARGE names it) → the submit's checks of
 * its bytes (documents.ts: type by content, damaged files) → the malware scan (documents/scan.ts:
 * 400 DOCUMENT_INFECTED; 503 while the scanner is unavailable, unless the settings accept the
 * document marked unscanned) → a document of this authorization's filed claim is refused (409
 * ALREADY_SUBMITTED) → written to the document store (server/documents) → its row stored with the
 * draft (draft-documents.ts in server/db):
 * refused when there is no draft (404 DRAFT_NOT_FOUND), when another document of the draft has
 * its name (409 DOCUMENT_NAME_TAKEN, the spec's same-name rule), when all of the draft's
 * documents would weigh more than the submit allows (413 DOCUMENTS_TOTAL_TOO_LARGE). A new file
 * for the same clientId replaces the one it had; the session is extended (an upload is activity).
 *
 * Removing one: that document of the claimant's draft; also when it was already gone, so that a
 * retried delete succeeds.
 *
 * The path from the spooled file to the stored object (`storeUploadedDocument`) is also a cure in
 * progress's (cure-in-progress.ts).
 *
 * Reading the claim in progress lists them; the submit (submission.ts) files them with the claim.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isClientId } from '../../runtime/core/payload/index.js';
import type { FlowFile } from '../../runtime/core/types.js';
import type { DocumentObject, DraftDocumentMeta } from '../db/types.js';
import { httpError } from '../errors.js';
import { draftKeyOf, submissionKey } from './claim-keys.js';
import { forgetObjects } from '../documents/forget.js';
import { putSpooledFile, spooledStream, type SpooledFile } from '../documents/receive.js';
import { scanBeforeAccepting } from '../documents/scan.js';
import { acceptedFileType, megabytes, shownName, spoolNamedDocument } from './documents.js';
import { requireAuthorization } from './session-authorizations.js';

/**
 * The one document a request sends, received within the per-file limit (the caller removes its
 * temp file, if any); refused when the request sends anything else.
 */
async function receivedDocument(request: FastifyRequest, maxFileBytes: number, spooled: SpooledFile[]): Promise<{ clientId: string; name: string; file: SpooledFile }> {
  let received: { clientId: string; name: string; file: SpooledFile } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: only the document is expected.`] });
    if (received) throw httpError('STRUCTURE_INVALID', { details: ['Add one document at a time.'] });
    if (!isClientId(part.fieldname)) throw httpError('FILE_WITHOUT_CONTEXT');
    received = { clientId: part.fieldname, ...(await spoolNamedDocument(part, maxFileBytes, spooled)) };
  }
  if (!received) throw httpError('STRUCTURE_INVALID', { details: ['No document was received.'] });
  return received;
}

/** A document received, checked, scanned and written to the document store: what its row records. */
export interface UploadedDocument {
  name: string;
  type: string;
  size: number;
  sha256: string;
  object: DocumentObject;
  unscanned: boolean;
}

/**
 * The path of every document uploaded on add (the claim in progress's, a cure in progress's): the
 * spooled file's checks (documents.ts: type by content, damaged files), the malware scan
 * (documents/scan.ts), `before` (what else must hold before it is stored), the object written to
 * the document store, then `keep` stores its row. When `keep` refuses (throws), the object goes at
 * once (the housekeeping sweep would, later): a row never names a missing object, and an object
 * is named by a row or by none for long.
 */
export async function storeUploadedDocument<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  received: { name: string; file: SpooledFile },
  before: () => Promise<void>,
  keep: (document: UploadedDocument) => Promise<T>,
): Promise<T> {
  const { name, file } = received;
  const type = await acceptedFileType(file, name, (detail) => request.log.info({ detail }, 'document refused'));
  const { unscanned } = await scanBeforeAccepting(app, () => spooledStream(file), name, request.log);
  await before();
  // The object first, then its row.
  const { object, size, sha256 } = await putSpooledFile(app.documents.current, file, type);
  try {
    return await keep({ name, type, size, sha256, object, unscanned });
  } catch (error) {
    await forgetObjects(app, [object]);
    throw error;
  }
}

/** Adds the document the request sends to the claim in progress of whom the session is authorized as. */
export async function addDraftDocument(app: FastifyInstance, flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>, request: FastifyRequest): Promise<DraftDocumentMeta> {
  const { formType } = flow;
  const uploads = app.settlement.settings.uploads;
  const authorization = requireAuthorization(app, flow, request);
  const spooled: SpooledFile[] = [];
  try {
    const { clientId, name, file } = await receivedDocument(request, uploads.maxFileBytes, spooled);
    const added = await storeUploadedDocument(
      app,
      request,
      { name, file },
      async () => {
        // This authorization's claim is filed: its documents went with it.
        const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
        if (filed) throw httpError('ALREADY_SUBMITTED', { args: [filed] });
      },
      async (document) => {
        const kept = await app.stores.draftDocuments.add(draftKeyOf(app, formType, authorization), { contextClientId: clientId, ...document }, { maxTotalBytes: uploads.maxTotalBytes });
        if (kept.ok) return kept.document;
        if (kept.refusal === 'no-draft') throw httpError('DRAFT_NOT_FOUND');
        if (kept.refusal === 'name-taken') throw httpError('DOCUMENT_NAME_TAKEN');
        throw httpError('DOCUMENTS_TOTAL_TOO_LARGE', { args: [shownName(name), megabytes(uploads.maxTotalBytes)] });
      },
    );
    await app.sessions.keepAlive(request);
    return added;
  } finally {
    await Promise.all(spooled.map((file) => file.remove()));
  }
}

/** Removes a document from the claim in progress of whom the session is authorized as (nothing when it is gone already). */
export async function removeDraftDocument(app: FastifyInstance, flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>, request: FastifyRequest, id: number): Promise<void> {
  const authorization = requireAuthorization(app, flow, request);
  await app.stores.draftDocuments.remove(draftKeyOf(app, flow.formType, authorization), id);
}
