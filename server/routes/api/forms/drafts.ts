/**
 * PUT and GET /api/forms/{automotive,exclusion}/draft: the claim in progress, kept by the server
 * per form and claimant, one route pair per flow with a `submit` call, at `${submit.endpoint}/draft`,
 * and POST `${submit.endpoint}/draft/later` (Save and finish later). What they check and store:
 * server/claims/claim-in-progress.ts.
 *
 * PUT `{ pageId, models }` (JSON, CSRF) answers `{ savedAt, expiresAt, sessionExpiresAt }`; POST
 * …/later answers the new resume code and its link; GET answers the draft, or 404 DRAFT_NOT_FOUND
 * with what authorize prefilled and the sign-in answers the session holds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { claimFormOf } from '../../../claims/claim-form.js';
import { createClaimsInProgress, startDraftPurge, type DraftSaveBody } from '../../../claims/claim-in-progress.js';
import { httpError } from '../../../errors.js';
import { errorBody } from '../../../plugins/app/error-handler.js';
import { routeSchema } from '../../contract.js';
import { routePath } from './paths.js';

/** The draft routes of a flow's submit endpoint. */
export const draftEndpoint = (submitEndpoint: string) => `${submitEndpoint}/draft`;

const drafts: FastifyPluginAsync = async (app) => {
  const claimsInProgress = createClaimsInProgress(app);

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const claimInProgress = claimsInProgress.forForm(claimFormOf(app, flow));
    const url = routePath(draftEndpoint(flow.submit.endpoint));

    app.put<{ Body: DraftSaveBody }>(
      url,
      { config: { bodyType: 'json' }, schema: routeSchema('draft-save', flow) },
      async (request) => claimInProgress.save(request),
    );

    app.post<{ Body: DraftSaveBody }>(
      `${url}/later`,
      { config: { bodyType: 'json' }, schema: routeSchema('draft-later', flow) },
      async (request) => claimInProgress.saveForLater(request),
    );

    app.get(
      url,
      {
        schema: routeSchema('draft-load', flow),
      },
      async (request, reply) => {
        const reading = await claimInProgress.read(request);
        if (reading.found) return reading.draft;
        const { prepopulatedData, credentials } = reading;
        return reply.code(404).send({ ...errorBody(request, httpError('DRAFT_NOT_FOUND')), prepopulatedData, credentials });
      },
    );
  }

  const stop = startDraftPurge(app);
  app.addHook('onClose', async () => stop());
};
export default drafts;
