/** GET /api/culture/content: localized texts from locales/. */
import type { FastifyPluginAsync } from 'fastify';
import type { CultureContentRoute } from '../../../../schemas/generated/api/culture-content.js';
import { routeSchema, type Replies } from '../../contract.js';

const culture: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: Replies<CultureContentRoute> }>(
    '/content',
    { schema: routeSchema('culture-content') },
    async (request, reply) => {
      reply.header('content-language', request.culture);
      return app.locales.entries(request.culture);
    },
  );
};
export default culture;
