/**
 * POST /api/forms/automotive and /api/forms/exclusion: the multipart submit of spec §7, one route
 * per flow with a `submit` call, at its endpoint, guarded by the flow's `deadlineKeys`. What it
 * checks and stores, in which order and in which transaction: server/claims/submission.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { claimFormOf } from '../../../claims/claim-form.js';
import { createSubmissions } from '../../../claims/submission.js';
import { routeSchema } from '../../contract.js';
import { routePath } from './paths.js';

const submit: FastifyPluginAsync = async (app) => {
  const submissions = createSubmissions(app);

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const submitClaim = submissions.forForm(claimFormOf(app, flow));
    app.post(
      routePath(flow.submit.endpoint),
      {
        config: { bodyType: 'multipart', errorShape: 'submit' },
        schema: routeSchema('submit', flow),
      },
      async (request) => submitClaim(request),
    );
  }
};
export default submit;
