/**
 * POST and DELETE /api/forms/{automotive,exclusion}/draft/documents: the documents of the claim in
 * progress, stored as the claimant adds them, one route pair per flow with a `submit` call. What
 * they check and store: server/claims/draft-documents.ts.
 *
 * POST (multipart, CSRF): exactly one file part, named by the clientId of its DocumentContexts
 * model, with its file name. Deadline → session authorized for the form → the file spooled to a
 * temp file with the submit's limit per file (DOCUMENT_TOO_LARGE names it) → the submit's checks
 * of its bytes (documents.ts: type by content, damaged files) → a document of this authorization's
 * filed claim is refused (409 ALREADY_SUBMITTED) → written to the document store (server/documents)
 * → its row stored with the draft (draft-documents.ts in server/db):
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
import { storedDocumentAnswer } from '../../../claims/claim-in-progress.js';
import { addDraftDocument, removeDraftDocument } from '../../../claims/draft-documents.js';
import type { DraftDocumentRemoveRoute } from '../../../../schemas/generated/api/draft-document-remove.js';
import { routeSchema } from '../../contract.js';
import { draftEndpoint } from './drafts.js';
import { routePath } from './paths.js';

/** The documents routes of a flow's submit endpoint. */
export const draftDocumentsEndpoint = (submitEndpoint: string) => `${draftEndpoint(submitEndpoint)}/documents`;

const draftDocuments: FastifyPluginAsync = async (app) => {
  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const url = routePath(draftDocumentsEndpoint(flow.submit.endpoint));

    app.post(
      url,
      {
        config: { bodyType: 'multipart' },
        schema: routeSchema('draft-document-add', flow),
      },
      async (request, reply) => {
        const added = await addDraftDocument(app, flow, request);
        return reply.code(201).send(storedDocumentAnswer(added));
      },
    );

    app.delete<{ Params: DraftDocumentRemoveRoute['params'] }>(
      `${url}/:id`,
      {
        schema: routeSchema('draft-document-remove', flow),
      },
      async (request, reply) => {
        await removeDraftDocument(app, flow, request, Number(request.params.id));
        return reply.code(204).send();
      },
    );
  }
};
export default draftDocuments;
