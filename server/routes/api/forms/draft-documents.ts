/**
 * POST and DELETE /api/forms/{automotive,exclusion}/draft/documents: the documents of the claim in
 * progress, stored as the claimant adds them, one route pair per flow with a `submit` call. What
 * they check and store: server/claims/draft-documents.ts.
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
import { storedDocumentAnswer } from '../../../claims/claim-in-progress.js';
import { addDraftDocument, removeDraftDocument } from '../../../claims/draft-documents.js';
import { errors } from '../../schemas.js';
import { draftEndpoint, storedDocumentSchema } from './drafts.js';
import { routePath } from './paths.js';

/** The documents routes of a flow's submit endpoint. */
export const draftDocumentsEndpoint = (submitEndpoint: string) => `${draftEndpoint(submitEndpoint)}/documents`;

const draftDocuments: FastifyPluginAsync = async (app) => {
  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const { formType } = flow;
    const url = routePath(draftDocumentsEndpoint(flow.submit.endpoint));

    app.post(
      url,
      {
        config: {
          bodyType: 'multipart',
          swaggerTransform: ({ schema, url: path }) => ({
            schema: {
              ...schema,
              body: {
                type: 'object',
                additionalProperties: { type: 'string', format: 'binary', description: 'The document (PDF, JPEG, PNG, HEIC or TIFF by its bytes), the part named by its document context clientId' },
              },
              security: [{ session: [], csrf: [] }],
            },
            url: path,
          }),
        },
        schema: {
          summary: `Add a document to the ${formType} claim in progress (multipart: one file, the part named by its document context clientId), checked as the submit checks it`,
          consumes: ['multipart/form-data'],
          response: { 201: storedDocumentSchema, ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request, reply) => {
        const added = await addDraftDocument(app, flow, request);
        return reply.code(201).send(storedDocumentAnswer(added));
      },
    );

    app.delete<{ Params: { id: string } }>(
      `${url}/:id`,
      {
        config: { swaggerTransform: ({ schema, url: path }) => ({ schema: { ...schema, security: [{ session: [], csrf: [] }] }, url: path }) },
        schema: {
          summary: `Remove a document from the ${formType} claim in progress`,
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'The id the upload answered' } } },
          response: { 204: { description: 'Removed (or already gone)', type: 'null' }, ...errors(400, 401, 403, 503) },
        },
      },
      async (request, reply) => {
        await removeDraftDocument(app, flow, request, Number(request.params.id));
        return reply.code(204).send();
      },
    );
  }
};
export default draftDocuments;
