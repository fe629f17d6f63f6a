/**
 * POST and DELETE /api/forms/{automotive,exclusion}/draft/documents: the documents of the claim in
 * progress, stored as the claimant adds them, one route pair per flow with a `submit` call.
 *
 * POST (multipart, CSRF): exactly one file part, named by the clientId of its DocumentContexts
 * model, with its file name. Deadline → session authorized for the form → the file read with the
 * submit's limit per file (DOCUMENT_TOO_LARGE names it) → the submit's checks of its bytes
 * (documents.ts: type by content, damaged files) → a document of this authorization's filed claim
 * is refused (409 ALREADY_SUBMITTED) → stored with the draft (draft-documents.ts in server/db):
 * refused when there is no draft (404 DRAFT_NOT_FOUND), when another document of the draft has
 * its name (409 DOCUMENT_NAME_TAKEN, the spec's same-name rule), when all of the draft's
 * documents would weigh more than the submit allows (413 DOCUMENTS_TOTAL_TOO_LARGE). A new file
 * for the same clientId replaces the one it had. 201 `{ id, clientId, name, size, type }`; the
 * session is extended (an upload is activity).
 *
 * DELETE …/documents/:id (CSRF): removes that document of the claimant's draft; 204 also when it
 * was already gone, so that a retried delete succeeds.
 *
 * GET …/draft (drafts.ts) lists them; the submit (submit.ts) files them with the claim.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isClientId, UNSTORABLE_TEXT, unstorableTextPaths } from '../../../../runtime/core/payload/index.js';
import { documentDigest } from '../../../db/submissions.js';
import { httpError } from '../../../errors.js';
import type { DraftDocumentRemoveRoute } from '../../../../schemas/generated/api/draft-document-remove.js';
import { routeSchema } from '../../contract.js';
import { acceptedType, megabytes, shownName } from './documents.js';
import { draftAuthorization, draftEndpoint, draftKeyOf, storedDocumentAnswer } from './drafts.js';
import { routePath } from './paths.js';
import { submissionKey } from './submit.js';

/** The documents routes of a flow's submit endpoint. */
export const draftDocumentsEndpoint = (submitEndpoint: string) => `${draftEndpoint(submitEndpoint)}/documents`;

const draftDocuments: FastifyPluginAsync = async (app) => {
  const uploads = app.settlement.settings.uploads;

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const { formType } = flow;
    const authorized = draftAuthorization(app, flow);
    const url = routePath(draftDocumentsEndpoint(flow.submit.endpoint));

    app.post(
      url,
      {
        config: {
          bodyType: 'multipart',
        },
        schema: routeSchema('draft-document-add', flow),
      },
      async (request, reply) => {
        const authorization = authorized(request);
        let received: { clientId: string; name: string; bytes: Buffer } | null = null;
        for await (const part of request.parts()) {
          if (part.type !== 'file') throw httpError('STRUCTURE_INVALID', { details: [`${part.fieldname.slice(0, 100)}: only the document is expected.`] });
          if (received) throw httpError('STRUCTURE_INVALID', { details: ['Add one document at a time.'] });
          const name = part.filename || '';
          if (!isClientId(part.fieldname)) throw httpError('FILE_WITHOUT_CONTEXT');
          if (!name) throw httpError('STRUCTURE_INVALID', { details: ['The document has no file name.'] });
          const unstorable = unstorableTextPaths(name, 'name');
          if (unstorable.length) throw httpError('BAD_REQUEST', { details: [`The file name ${UNSTORABLE_TEXT}`] });
          let bytes: Buffer;
          try {
            bytes = await part.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError('DOCUMENT_TOO_LARGE', { args: [shownName(name), megabytes(uploads.maxFileBytes)] });
            throw err;
          }
          received = { clientId: part.fieldname, name, bytes };
        }
        if (!received) throw httpError('STRUCTURE_INVALID', { details: ['No document was received.'] });
        const { clientId, name, bytes } = received;
        const type = await acceptedType(bytes, name, (detail) => request.log.info({ detail }, 'document refused'));

        // This authorization's claim is filed: its documents went with it.
        const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
        if (filed) throw httpError('ALREADY_SUBMITTED', { args: [filed] });

        const added = await app.stores.draftDocuments.add(
          draftKeyOf(app, formType, authorization),
          { contextClientId: clientId, name, type, size: bytes.length, sha256: documentDigest(bytes), bytes },
          { maxTotalBytes: uploads.maxTotalBytes },
        );
        if (!added.ok) {
          if (added.refusal === 'no-draft') throw httpError('DRAFT_NOT_FOUND');
          if (added.refusal === 'name-taken') throw httpError('DOCUMENT_NAME_TAKEN');
          throw httpError('DOCUMENTS_TOTAL_TOO_LARGE', { args: [shownName(name), megabytes(uploads.maxTotalBytes)] });
        }
        await app.sessions.keepAlive(request);
        return reply.code(201).send(storedDocumentAnswer(added.document));
      },
    );

    app.delete<{ Params: DraftDocumentRemoveRoute['params'] }>(
      `${url}/:id`,
      {
        schema: routeSchema('draft-document-remove', flow),
      },
      async (request, reply) => {
        const authorization = authorized(request);
        await app.stores.draftDocuments.remove(draftKeyOf(app, formType, authorization), Number(request.params.id));
        return reply.code(204).send();
      },
    );
  }
};
export default draftDocuments;
