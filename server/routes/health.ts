/** Load-balancer probes: /healthz (the process is alive), /readyz (the database answers, not draining). */
import type { FastifyPluginAsync } from 'fastify';
import { httpError } from '../errors.js';
import type { HealthzRoute } from '../../schemas/generated/api/healthz.js';
import type { ReadyzRoute } from '../../schemas/generated/api/readyz.js';
import { routeSchema, type Replies } from './contract.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: /readyz answers 503 while in-flight requests finish. */
    draining: boolean;
  }
}

const health: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: Replies<HealthzRoute> }>('/healthz', { schema: routeSchema('healthz') }, async () => ({ status: 'ok' }));
  app.get<{ Reply: Replies<ReadyzRoute> }>('/readyz', { schema: routeSchema('readyz') }, async () => {
    if (app.draining) throw httpError('DATABASE_UNAVAILABLE');
    await app.database.checkHealth();
    return { status: 'ready' };
  });
};
export default health;
