/** GET /api/culture/content: localized texts from locales/. */
import type { FastifyPluginAsync } from 'fastify';
import { cultureQuerySchema, errors } from '../../schemas.js';

const culture: FastifyPluginAsync = async (app) => {
  app.get(
    '/content',
    {
      schema: {
        summary: 'Localized texts of a culture (unknown cultures fall back to their language, then en)',
        querystring: cultureQuerySchema,
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['key', 'value'], properties: { key: { type: 'string' }, value: { type: 'string' } } },
          },
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      reply.header('content-language', request.culture);
      return app.locales.entries(request.culture);
    },
  );
};
export default culture;
