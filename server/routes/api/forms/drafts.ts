/**
 * PUT and GET /api/forms/{automotive,exclusion}/draft: the claim in progress, kept by the server
 * per form and claimant, one route pair per flow with a `submit` call, at `${submit.endpoint}/draft`,
 * and POST `${submit.endpoint}/draft/later` (Save and finish later). What they check and store:
 * server/claims/claim-in-progress.ts.
 *
 * PUT `{ pageId, models }` (JSON, CSRF) answers `{ savedAt, expiresAt, sessionExpiresAt }`; POST
 * …/later answers the new resume code and its link; GET answers the claim in progress (before the
 * first save an empty one: no page, no answers) with what authorize prefilled and the sign-in
 * answers the session holds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { claimFormOf } from '../../../claims/claim-form.js';
import { createClaimsInProgress, startDraftPurge, type DraftSaveBody } from '../../../claims/claim-in-progress.js';
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

    app.get(url, { schema: routeSchema('draft-load', flow) }, async (request) => claimInProgress.read(request));
  }

  const stop = startDraftPurge(app);
  app.addHook('onClose', async () => stop());
};
export default drafts;
