/**
 * /api/claims/: what a claimant may see of a filed claim (its status), signed in to with its
 * reference code and its own credentials, and the cure of a deficient claim sent by that session
 * (its documents uploaded on add and the rest kept as it goes, to finish later).
 */
import type { FastifyPluginAsync } from 'fastify';
import { receiveCure } from '../../../claims/cure.js';
import { addCureDocument, removeCureDocument, saveCureInProgress } from '../../../claims/cure-in-progress.js';
import { claimStatusFor } from '../../../claims/status-sign-in.js';
import type { ClaimCureRoute } from '../../../../schemas/generated/api/claim-cure.js';
import type { ClaimStatusRoute } from '../../../../schemas/generated/api/claim-status.js';
import type { CureDocumentAddRoute } from '../../../../schemas/generated/api/cure-document-add.js';
import type { CureDocumentRemoveRoute } from '../../../../schemas/generated/api/cure-document-remove.js';
import type { CureProgressRoute } from '../../../../schemas/generated/api/cure-progress.js';
import { routeSchema, type Replies } from '../../contract.js';

const claims: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ClaimStatusRoute['body']; Reply: Replies<ClaimStatusRoute> }>(
    '/status',
    {
      config: { bodyType: 'json' },
      schema: routeSchema('claim-status'),
    },
    async (request) => claimStatusFor(app, request, request.body),
  );
  app.post<{ Reply: Replies<ClaimCureRoute> }>(
    '/cure',
    {
      config: { bodyType: 'multipart' },
      schema: routeSchema('claim-cure'),
    },
    async (request) => receiveCure(app, request),
  );
  // The cure in progress (cure-in-progress.ts): documents uploaded on add, the rest kept to finish later.
  app.post<{ Reply: Replies<CureDocumentAddRoute> }>(
    '/cure/documents',
    {
      config: { bodyType: 'multipart' },
      schema: routeSchema('cure-document-add'),
    },
    async (request, reply) => reply.code(201).send(await addCureDocument(app, request)),
  );
  app.delete<{ Params: CureDocumentRemoveRoute['params']; Querystring: CureDocumentRemoveRoute['querystring'] }>(
    '/cure/documents/:id',
    {
      schema: routeSchema('cure-document-remove'),
    },
    async (request, reply) => {
      await removeCureDocument(app, request, request.query.referenceCode, Number(request.params.id));
      return reply.code(204).send();
    },
  );
  app.post<{ Body: CureProgressRoute['body']; Reply: Replies<CureProgressRoute> }>(
    '/cure/progress',
    {
      config: { bodyType: 'json' },
      schema: routeSchema('cure-progress'),
    },
    async (request) => saveCureInProgress(app, request, request.body),
  );
};
export default claims;
