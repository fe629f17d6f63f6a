/** The calls of spec §7 under /api/ that belong to no form. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CaptchaConfig } from '../../../runtime/core/types.js';
import { formatDate, PROJECT_TIME_ZONE, todayInZone } from '../../../runtime/core/dates/index.js';
import { isUnavailable } from '../../db/errors.js';
import { HttpError } from '../../errors.js';
import { CSRF_HEADER } from '../../plugins/app/session.js';
import { cultureQuerySchema, errors } from '../schemas.js';
import culture from './culture/index.js';
import forms from './forms/index.js';

const redirectUrl = { type: ['object', 'null'], additionalProperties: { type: 'string' } } as const;

const deadlinesResponse = {
  description: 'Per-culture shape (timeZone + deadlineDateTime/redirectUrl) or legacy shape (timeZone + deadline per entry), as the settlement folder holds.',
  anyOf: [
    {
      type: 'object',
      required: ['timeZone', 'deadlines'],
      properties: {
        timeZone: { type: 'string' },
        deadlines: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['deadlineDateTime', 'redirectUrl'],
            properties: { deadlineDateTime: { type: 'string' }, redirectUrl },
          },
        },
      },
    },
    {
      type: 'object',
      required: ['deadlines'],
      properties: {
        deadlines: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['timeZone', 'deadline'],
            properties: { timeZone: { type: 'string' }, deadline: { type: 'string' }, redirectUrl: { type: ['string', 'null'] } },
          },
        },
      },
    },
  ],
} as const;

/** The body of GET /api/deadlines: the settlement's deadlines file without its $schema. */
export function deadlinesBody(app: Pick<FastifyInstance, 'settlement'>): Record<string, unknown> {
  const { $schema: _ignored, ...body } = app.settlement.deadlines.body as unknown as Record<string, unknown>;
  return body;
}

/** The body of GET /api/characters-whitelist: the allowed characters as the JSON text of one string. */
export function whitelistBody(app: Pick<FastifyInstance, 'settlement'>): { allowedCharacters: string } {
  return { allowedCharacters: JSON.stringify([...app.settlement.allowedCharacters].join('')) };
}

/** The body of GET /api/captcha: the provider, site key, script URL and widget class. */
export function captchaBody(app: Pick<FastifyInstance, 'captcha'>): CaptchaConfig {
  const { provider, siteKey, url, class: widgetClass } = app.captcha.publicConfig;
  return { provider, siteKey, url, class: widgetClass };
}

const api: FastifyPluginAsync = async (app) => {
  app.get(
    '/csrf',
    {
      schema: {
        summary: 'The CSRF header name and this session\'s token; creates the session cookie when needed',
        response: {
          200: {
            type: 'object',
            required: ['requestHeaderName', 'requestToken', 'sessionExpiresAt'],
            properties: {
              requestHeaderName: { type: 'string' },
              requestToken: { type: 'string' },
              sessionExpiresAt: { type: 'string', format: 'date-time', description: 'When the session ends without activity' },
            },
          },
          ...errors(503),
        },
      },
    },
    async (request, reply) => {
      const existed = request.session !== null;
      const session = await app.sessions.ensure(request, reply);
      // Fetching the token counts as activity: it extends the idle expiry. When the store cannot
      // be written (disk full, read-only), the expiry stays as it was and the token is still
      // answered: without it the claimant's next call would be refused as an expired page, when
      // that call itself can say that the service is unavailable.
      if (existed) {
        await app.sessions.keepAlive(request).catch((error: unknown) => {
          // Ended since it was read: the token is answered as before, the next call says so.
          if (error instanceof HttpError && error.code === 'NOT_AUTHORIZED') return;
          if (!isUnavailable(error)) throw error;
          request.log.warn({ cause: (error as Error).message }, 'session expiry not extended: the store cannot be written');
        });
      }
      return { requestHeaderName: CSRF_HEADER, requestToken: app.sessions.csrfToken(session), sessionExpiresAt: new Date(session.expiresAt).toISOString() };
    },
  );

  app.post(
    '/session-timeout',
    {
      schema: {
        summary: 'Ends the session (authorization of every form); a new one starts with GET /api/csrf',
        response: { 200: { type: 'object', required: ['ended'], properties: { ended: { type: 'boolean' } } }, ...errors(403, 503) },
      },
    },
    async (request, reply) => {
      await app.sessions.destroy(request, reply);
      return { ended: true };
    },
  );

  app.post(
    '/session/keep-alive',
    {
      schema: {
        summary: 'Activity on the page: extends the session by its idle timeout and answers its new expiry',
        response: {
          200: {
            type: 'object',
            required: ['sessionExpiresAt'],
            properties: { sessionExpiresAt: { type: 'string', format: 'date-time', description: 'When the session ends without activity' } },
          },
          ...errors(401, 403, 503),
        },
      },
    },
    async (request) => ({ sessionExpiresAt: new Date(await app.sessions.keepAlive(request)).toISOString() }),
  );

  app.get('/deadlines', { schema: { summary: 'The settlement deadlines', response: { 200: deadlinesResponse } } }, async () => deadlinesBody(app));

  const whitelist = whitelistBody(app);
  app.get(
    '/characters-whitelist',
    {
      schema: {
        summary: 'Characters allowed in free text',
        response: {
          200: {
            type: 'object',
            required: ['allowedCharacters'],
            properties: { allowedCharacters: { type: 'string', description: 'JSON text of a string holding every allowed character' } },
          },
        },
      },
    },
    async () => whitelist,
  );

  app.get(
    '/captcha',
    {
      schema: {
        summary: 'The invisible captcha provider, site key, script URL and widget class',
        response: {
          200: {
            type: 'object',
            required: ['provider', 'siteKey', 'url', 'class'],
            properties: { provider: { type: 'string' }, siteKey: { type: 'string' }, url: { type: 'string' }, class: { type: 'string' } },
          },
        },
      },
    },
    async () => captchaBody(app),
  );

  app.get(
    '/signature-date',
    {
      schema: {
        summary: 'Today in the project time zone (Pacific)',
        querystring: cultureQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['signatureDate', 'display'],
            properties: { signatureDate: { type: 'string', description: 'MM/dd/yyyy' }, display: { type: 'string' } },
          },
          ...errors(400),
        },
      },
    },
    async (request) => {
      const now = new Date(app.clock());
      const display = new Intl.DateTimeFormat(request.culture, { dateStyle: 'long', timeZone: PROJECT_TIME_ZONE }).format(now);
      return { signatureDate: formatDate(todayInZone(now)), display };
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(culture, { prefix: '/culture' });
  await app.register(forms, { prefix: '/forms' });
};
export default api;
