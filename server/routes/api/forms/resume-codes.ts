/**
 * POST /api/forms/resume `{ code }` (JSON, CSRF): which form a resume code's claim belongs to and
 * until when it is kept; the claim itself opens only through that form's authorize, with the same
 * credentials as when it was saved and the code. The codes and their attempt counters:
 * server/claims/resume-codes.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { resumeCodeTarget } from '../../../claims/resume-codes.js';
import { errors } from '../../schemas.js';

const resumeCodes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { code: string } }>(
    '/resume',
    {
      config: { bodyType: 'json' },
      schema: {
        summary: 'The form a resume code belongs to and until when its claim is kept (the claim opens through that form’s authorize, with its credentials and the code)',
        body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 64 } } },
        response: {
          200: {
            type: 'object',
            required: ['formType', 'expiresAt'],
            properties: { formType: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
          },
          ...errors(400, 403, 404, 410, 413, 415, 429, 503),
        },
      },
    },
    async (request) => {
      const { formType, expiresAt } = await resumeCodeTarget(app, request, request.body.code);
      return { formType, expiresAt: new Date(expiresAt).toISOString() };
    },
  );
};
export default resumeCodes;
