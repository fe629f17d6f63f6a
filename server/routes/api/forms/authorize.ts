/**
 * POST /api/forms/{lookup,automotive,exclusion}/authorize (SETTLEMENT.md "Authorization"): one
 * route per flow of the settlement, at the flow's `authorize.endpoint`, guarded by the flow's
 * `deadlineKeys`. The sign-in itself, its order and its writes: server/claims/sign-in.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createSignIns, type SignInBody } from '../../../claims/sign-in.js';
import { routeSchema } from '../../contract.js';
import { routePath } from './paths.js';

const authorize: FastifyPluginAsync = async (app) => {
  const signIns = createSignIns(app);
  for (const { flow } of app.settlement.flows) {
    const signIn = signIns.forFlow(flow);
    app.post<{ Body: SignInBody }>(
      routePath(flow.authorize.endpoint),
      {
        // The session is read with the sign-in's own reads, and a body the schema refuses is told
        // after its CSRF token is checked (server/claims/sign-in.ts).
        config: { bodyType: 'json', errorShape: 'authorize', sessionReadByHandler: true },
        schema: routeSchema('authorize', flow),
        attachValidation: true,
      },
      async (request, reply) => signIn(request, reply),
    );
  }
};
export default authorize;
