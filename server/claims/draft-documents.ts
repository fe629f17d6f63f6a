/**
 * The documents of the claim in progress, stored as the claimant adds them.
 *
 * Adding one (multipart): exactly one file part, named by the clientId of its DocumentContexts
 * model, with its file name. Deadline → session authorized for the form → the file spooled to a
 * temp file with the submit's limit per file (DOCUMENT_TOO_LARGE names it) → the submit's checks of
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
 * Reading the claim in progress lists them; the submit (submission.ts) files them with the claim.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isClientId } from '../../runtime/core/payload/index.js';
import type { FlowFile } from '../../runtime/core/types.js';
import type { DraftDocumentMeta } from '../db/types.js';
import { httpError } from '../errors.js';
import { draftKeyOf, submissionKey } from './claim-keys.js';
import { forgetObjects } from '../documents/forget.js';
import { putSpooledFile, type SpooledFile } from '../documents/receive.js';
import { scanBeforeAccepting } from '../documents/scan.js';
import { acceptedFileType, megabytes, shownName, spoolNamedDocument } from './documents.js';
import { requireAuthorization } from './session-authorizations.js';

/**
 * The one document a request sends, spooled to a temp file within the per-file limit (the caller
 * removes it); refused when the request sends anything else.
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

/** Adds the document the request sends to the claim in progress of whom the session is authorized as. */
export async function addDraftDocument(app: FastifyInstance, flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>, request: FastifyRequest): Promise<DraftDocumentMeta> {
  const { formType } = flow;
  const uploads = app.settlement.settings.uploads;
  const authorization = requireAuthorization(app, flow, request);
  const spooled: SpooledFile[] = [];
  try {
    const { clientId, name, file } = await receivedDocument(request, uploads.maxFileBytes, spooled);
    const type = await acceptedFileType(file, name, (detail) => request.log.info({ detail }, 'document refused'));
    const { unscanned } = await scanBeforeAccepting(app, createReadStream(file.path), name, request.log);

    // This authorization's claim is filed: its documents went with it.
    const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
    if (filed) throw httpError('ALREADY_SUBMITTED', { args: [filed] });

    // The object first, then its row: a row never names an object that is not there.
    const { object, size, sha256 } = await putSpooledFile(app.documents.current, file, type);
    const added = await app.stores.draftDocuments
      .add(draftKeyOf(app, formType, authorization), { contextClientId: clientId, name, type, size, sha256, object, unscanned }, { maxTotalBytes: uploads.maxTotalBytes })
      .catch(async (error: unknown) => {
        await forgetObjects(app, [object]);
        throw error;
      });
    if (!added.ok) {
      // No row names it: it goes now (the housekeeping sweep would, later).
      await forgetObjects(app, [object]);
      if (added.refusal === 'no-draft') throw httpError('DRAFT_NOT_FOUND');
      if (added.refusal === 'name-taken') throw httpError('DOCUMENT_NAME_TAKEN');
      throw httpError('DOCUMENTS_TOTAL_TOO_LARGE', { args: [shownName(name), megabytes(uploads.maxTotalBytes)] });
    }
    await app.sessions.keepAlive(request);
    return added.document;
  } finally {
    await Promise.all(spooled.map((file) => file.remove()));
  }
}

/** Removes a document from the claim in progress of whom the session is authorized as (nothing when it is gone already). */
export async function removeDraftDocument(app: FastifyInstance, flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>, request: FastifyRequest, id: number): Promise<void> {
  const authorization = requireAuthorization(app, flow, request);
  await app.stores.draftDocuments.remove(draftKeyOf(app, flow.formType, authorization), id);
}
