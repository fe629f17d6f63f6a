/** The calls of spec §7 under /api/ that belong to no form. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { messageOf } from '../../../runtime/core/guards.js';
import type { CaptchaConfig } from '../../../runtime/core/types.js';
import { formatDate, PROJECT_TIME_ZONE, todayInZone } from '../../../runtime/core/dates/index.js';
import { isUnavailable } from '../../db/errors.js';
import { HttpError } from '../../errors.js';
import { CSRF_HEADER } from '../../plugins/app/session.js';
import type { CaptchaRoute } from '../../../schemas/generated/api/captcha.js';
import type { CharactersWhitelistRoute } from '../../../schemas/generated/api/characters-whitelist.js';
import type { CsrfRoute } from '../../../schemas/generated/api/csrf.js';
import type { KeepAliveRoute } from '../../../schemas/generated/api/keep-alive.js';
import type { SessionTimeoutRoute } from '../../../schemas/generated/api/session-timeout.js';
import type { SignatureDateRoute } from '../../../schemas/generated/api/signature-date.js';
import { routeSchema, type Replies } from '../contract.js';
import claims from './claims/index.js';
import culture from './culture/index.js';
import forms from './forms/index.js';

/** The body of GET /api/deadlines: the settlement's deadlines file without its $schema. */
export function deadlinesBody(app: Pick<FastifyInstance, 'settlement'>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(app.settlement.deadlines.body).filter(([key]) => key !== '$schema'));
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
  app.get<{ Reply: Replies<CsrfRoute> }>(
    '/csrf',
    {
      schema: routeSchema('csrf'),
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
          request.log.warn({ cause: messageOf(error) }, 'session expiry not extended: the store cannot be written');
        });
      }
      return { requestHeaderName: CSRF_HEADER, requestToken: app.sessions.csrfToken(session), sessionExpiresAt: new Date(session.expiresAt).toISOString() };
    },
  );

  app.post<{ Reply: Replies<SessionTimeoutRoute> }>(
    '/session-timeout',
    {
      schema: routeSchema('session-timeout'),
    },
    async (request, reply) => {
      await app.sessions.destroy(request, reply);
      return { ended: true };
    },
  );

  app.post<{ Reply: Replies<KeepAliveRoute> }>(
    '/session/keep-alive',
    {
      schema: routeSchema('keep-alive'),
    },
    async (request) => ({ sessionExpiresAt: new Date(await app.sessions.keepAlive(request)).toISOString() }),
  );

  app.get('/deadlines', { schema: routeSchema('deadlines') }, async () => deadlinesBody(app));

  const whitelist = whitelistBody(app);
  app.get<{ Reply: Replies<CharactersWhitelistRoute> }>(
    '/characters-whitelist',
    {
      schema: routeSchema('characters-whitelist'),
    },
    async () => whitelist,
  );

  app.get<{ Reply: Replies<CaptchaRoute> }>(
    '/captcha',
    {
      schema: routeSchema('captcha'),
    },
    async () => captchaBody(app),
  );

  app.get<{ Reply: Replies<SignatureDateRoute> }>(
    '/signature-date',
    {
      schema: routeSchema('signature-date'),
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
  await app.register(claims, { prefix: '/claims' });
};
export default api;
