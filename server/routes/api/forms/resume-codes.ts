/**
 * POST /api/forms/resume `{ code }` (JSON, CSRF): which form a resume code's claim belongs to and
 * until when it is kept; the claim itself opens only through that form's authorize, with the same
 * credentials as when it was saved and the code. The codes and their attempt counters:
 * server/claims/resume-codes.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { resumeCodeTarget } from '../../../claims/resume-codes.js';
import type { ResumeRoute } from '../../../../schemas/generated/api/resume.js';
import { routeSchema, type Replies } from '../../contract.js';

const resumeCodes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ResumeRoute['body']; Reply: Replies<ResumeRoute> }>(
    '/resume',
    {
      config: { bodyType: 'json' },
      schema: routeSchema('resume'),
    },
    async (request) => {
      const { formType, expiresAt } = await resumeCodeTarget(app, request, request.body.code);
      return { formType, expiresAt: new Date(expiresAt).toISOString() };
    },
  );
};
export default resumeCodes;
