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
import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import { claimFormOf } from '../../../claims/claim-form.js';
import { createClaimsInProgress, startDraftPurge, type DraftSaveBody } from '../../../claims/claim-in-progress.js';
import { httpError } from '../../../errors.js';
import { errorBody } from '../../../plugins/app/error-handler.js';
import { errors, fieldValueSchema } from '../../schemas.js';
import { routePath } from './paths.js';

/** The draft routes of a flow's submit endpoint. */
export const draftEndpoint = (submitEndpoint: string) => `${submitEndpoint}/draft`;

/** More models than any flow's pages can hold (records and documents included). */
const MAX_MODELS = 500;

const bodySchema = {
  type: 'object',
  required: ['pageId', 'models'],
  properties: {
    pageId: { type: 'string', minLength: 1, maxLength: 100 },
    models: { type: 'array', maxItems: MAX_MODELS, items: { $ref: 'FormModel#' } },
    unfinished: {
      type: 'boolean',
      description: 'The claimant is still on pageId (a document record saved while they work): its empty fields and missing records are not refused, and a resume reopens pageId itself',
    },
  },
} as const;

const savedSchema = {
  type: 'object',
  required: ['savedAt', 'expiresAt', 'sessionExpiresAt'],
  properties: {
    savedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time', description: 'When the draft is deleted unless saved again (never after the deadline)' },
    sessionExpiresAt: { type: 'string', format: 'date-time', description: 'When the session ends without activity' },
  },
} as const;

/** A document stored with the claim in progress, as the browser is told it (no content, no digest). */
export const storedDocumentSchema = {
  type: 'object',
  required: ['id', 'clientId', 'name', 'size', 'type'],
  properties: {
    id: { type: 'integer' },
    clientId: { type: 'string', description: 'The clientId of its DocumentContexts model' },
    name: { type: 'string' },
    size: { type: 'integer' },
    type: { type: 'string', description: 'The type read from its content' },
  },
} as const;

/** The data authorize answered for the prefilled fields, as the session holds it (null: none). */
const prepopulatedDataSchema = { type: ['object', 'null'], additionalProperties: fieldValueSchema, description: 'What authorize prefilled, as it answered it' } as const;

const draftSchema = {
  type: 'object',
  required: ['pageId', 'pageUnfinished', 'models', 'savedAt', 'expiresAt', 'documents', 'prepopulatedData'],
  properties: {
    pageId: { type: 'string' },
    pageUnfinished: { type: 'boolean', description: 'Saved for later before pageId was finished: resuming opens pageId itself, and its Next checks it' },
    models: { type: 'array', items: { $ref: 'FormModel#' } },
    savedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    documents: { type: 'array', description: 'The documents stored with the claim in progress (no content)', items: storedDocumentSchema },
    prepopulatedData: prepopulatedDataSchema,
  },
} as const;

/** No claim in progress yet: the catalogued error, with what authorize prefilled (a reload before the first save shows it again). */
const noDraftSchema = {
  type: 'object',
  required: ['error', 'code', 'prepopulatedData', 'credentials'],
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    prepopulatedData: prepopulatedDataSchema,
    credentials: {
      type: 'object',
      description: 'The sign-in answers the session is authorized with, by the fields the form declares (never the secret)',
      additionalProperties: { type: ['string', 'null'] },
    },
  },
} as const;

const savedLaterSchema = {
  type: 'object',
  required: ['code', 'link', 'emailKnown', 'savedAt', 'expiresAt'],
  properties: {
    code: { type: 'string', description: 'The resume code (shown once; the server keeps only its digest)' },
    link: { type: 'string', description: 'The resume link: /resume/<code>' },
    emailKnown: { type: 'boolean', description: 'Whether the answers hold an e-mail address: the code and link were queued to it' },
    emailAddress: { type: ['string', 'null'], description: 'That address as the page shows it back (ma•••@example.com), or null' },
    savedAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time', description: 'Until when the code works unless the claim is saved again (never after the deadline)' },
  },
} as const;

const drafts: FastifyPluginAsync = async (app) => {
  const claimsInProgress = createClaimsInProgress(app);

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const { formType } = flow;
    const claimInProgress = claimsInProgress.forForm(claimFormOf(app, flow));
    const url = routePath(draftEndpoint(flow.submit.endpoint));

    const saveRoute = (summary: string, response: Record<number, unknown>) => ({
      config: {
        bodyType: 'json' as const,
        swaggerTransform: ({ schema, url: path }: { schema: FastifySchema; url: string }) => ({ schema: { ...schema, security: [{ session: [], csrf: [] }] }, url: path }),
      },
      schema: { summary, body: bodySchema, response: { ...response, ...errors(400, 401, 403, 409, 413, 415, 503) } },
    });

    app.put<{ Body: DraftSaveBody }>(
      url,
      saveRoute(`Save the ${formType} claim in progress: the answers of the pages up to and including pageId, checked as the pages check them`, { 200: savedSchema }),
      async (request) => claimInProgress.save(request),
    );

    app.post<{ Body: DraftSaveBody }>(
      `${url}/later`,
      saveRoute(
        `Save the ${formType} claim in progress for later, its page pageId as it is (unfinished), and issue a new resume code (the earlier one stops working)`,
        { 200: savedLaterSchema },
      ),
      async (request) => claimInProgress.saveForLater(request),
    );

    app.get(
      url,
      {
        schema: {
          summary: `The ${formType} claim in progress of whom this session is authorized as (also after a new session with the same Notice ID and PIN, or with its resume code)`,
          response: { 200: draftSchema, 404: noDraftSchema, ...errors(401, 503) },
        },
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
