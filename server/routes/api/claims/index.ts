/**
 * /api/claims/: what a claimant may see of a filed claim (its status), signed in to with its
 * reference code and its own credentials, and the cure of a deficient claim sent by that session.
 */
import type { FastifyPluginAsync } from 'fastify';
import { receiveCure } from '../../../claims/cure.js';
import { claimStatusFor } from '../../../claims/status-sign-in.js';
import type { ClaimCureRoute } from '../../../../schemas/generated/api/claim-cure.js';
import type { ClaimStatusRoute } from '../../../../schemas/generated/api/claim-status.js';
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
};
export default claims;
