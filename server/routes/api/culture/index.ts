/** GET /api/culture/content: localized texts from locales/. */
import type { FastifyPluginAsync } from 'fastify';
import { routeSchema } from '../../contract.js';

const culture: FastifyPluginAsync = async (app) => {
  app.get(
    '/content',
    { schema: routeSchema('culture-content') },
    async (request, reply) => {
      reply.header('content-language', request.culture);
      return app.locales.entries(request.culture);
    },
  );
};
export default culture;
