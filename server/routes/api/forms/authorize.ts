/**
 * POST /api/forms/{lookup,automotive,exclusion}/authorize (SETTLEMENT.md "Authorization"): one
 * route per flow of the settlement, at the flow's `authorize.endpoint`, guarded by the flow's
 * `deadlineKeys`. The sign-in itself, its order and its writes: server/claims/sign-in.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createSignIns, type SignInBody } from '../../../claims/sign-in.js';
import { errors, fieldValueSchema } from '../../schemas.js';
import { routePath } from './paths.js';

const bodySchema = {
  type: 'object',
  required: ['credentials'],
  properties: {
    credentials: { $ref: 'FormModel#' },
    reCaptchaResponse: { type: ['string', 'null'], maxLength: 4096 },
    resumeCode: { type: ['string', 'null'], maxLength: 64, description: 'Continue the claim saved for later with this code (the credentials must be those it was saved with)' },
  },
} as const;

const responseSchema = {
  type: 'object',
  required: ['authorized', 'error', 'captcha', 'prepopulatedData'],
  properties: {
    authorized: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    captcha: { type: ['string', 'null'], description: 'Send back as captchaRawValue on submit (single use, this session only)' },
    prepopulatedData: { type: ['object', 'null'], additionalProperties: fieldValueSchema },
    code: { type: 'string' },
  },
} as const;

const authorize: FastifyPluginAsync = async (app) => {
  const signIns = createSignIns(app);
  for (const { flow } of app.settlement.flows) {
    const { formType } = flow;
    const signIn = signIns.forFlow(flow);
    app.post<{ Body: SignInBody }>(
      routePath(flow.authorize.endpoint),
      {
        config: { bodyType: 'json', errorShape: 'authorize' },
        schema: {
          summary: `Authorize the ${formType} form for this session`,
          body: bodySchema,
          response: { 200: responseSchema, 400: responseSchema, 401: responseSchema, 403: responseSchema, 404: responseSchema, 410: responseSchema, 429: responseSchema, ...errors(413, 415, 503) },
        },
      },
      async (request, reply) => signIn(request, reply),
    );
  }
};
export default authorize;
