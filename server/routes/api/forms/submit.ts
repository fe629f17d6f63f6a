/**
 * POST /api/forms/automotive and /api/forms/exclusion: the multipart submit of spec §7, one route
 * per flow with a `submit` call, at its endpoint, guarded by the flow's `deadlineKeys`. What it
 * checks and stores, in which order and in which transaction: server/claims/submission.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MULTIPART_FIELDS } from '../../../../runtime/core/payload/index.js';
import { claimFormOf } from '../../../claims/claim-form.js';
import { createSubmissions } from '../../../claims/submission.js';
import { errors } from '../../schemas.js';
import { routePath } from './paths.js';

const responseSchema = {
  type: 'object',
  required: ['submitted', 'error', 'referenceCodeForm'],
  properties: {
    submitted: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    referenceCodeForm: { type: ['string', 'null'] },
    code: { type: 'string' },
    receiptQueued: { type: 'boolean', description: 'An e-mail receipt of this submission is queued (the claim gives an e-mail address).' },
    receiptAddress: { type: 'string', description: 'Where the receipt goes, masked (ma•••@example.com); only with receiptQueued.' },
  },
} as const;

/**
 * The multipart body, for the OpenAPI document only (the parts are read and checked by the route
 * itself while they stream): each payload field its own part, models and lists as JSON text, and
 * one file part per document, named by its document context's clientId.
 */
export const multipartBodySchema = {
  type: 'object',
  required: ['userPreferredCulture', 'credentials', 'captchaRawValue'],
  properties: {
    ...Object.fromEntries(MULTIPART_FIELDS.text.map((name) => [name, { type: 'string', maxLength: 4096 }])),
    ...Object.fromEntries(
      MULTIPART_FIELDS.json.map((name) => [name, { type: 'string', description: `JSON text: ${/s$/.test(name) || name === 'prepopulatedData' ? 'a list of form models' : 'a form model'}` }]),
    ),
  },
  additionalProperties: {
    type: 'string',
    format: 'binary',
    description: 'A document (PDF, JPEG, PNG, HEIC or TIFF by its bytes), the part named by its document context clientId',
  },
} as const;

const submit: FastifyPluginAsync = async (app) => {
  const submissions = createSubmissions(app);

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const { formType } = flow;
    const submitClaim = submissions.forForm(claimFormOf(app, flow));
    app.post(
      routePath(flow.submit.endpoint),
      {
        config: {
          bodyType: 'multipart',
          errorShape: 'submit',
          swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: multipartBodySchema, security: [{ session: [], csrf: [] }] }, url }),
        },
        schema: {
          summary: `Submit the ${formType} form (multipart: one part per payload field, JSON text for models, files named by document context clientId)`,
          consumes: ['multipart/form-data'],
          response: { 200: responseSchema, 400: responseSchema, 401: responseSchema, 403: responseSchema, 409: responseSchema, 413: responseSchema, ...errors(415, 503) },
        },
      },
      async (request) => submitClaim(request),
    );
  }
};
export default submit;
