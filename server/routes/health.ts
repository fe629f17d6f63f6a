/** Load-balancer probes: /healthz (the process is alive), /readyz (the database answers, not draining). */
import type { FastifyPluginAsync } from 'fastify';
import { httpError } from '../errors.js';
import { errors } from './schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: /readyz answers 503 while in-flight requests finish. */
    draining: boolean;
  }
}

const statusSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } as const;

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { summary: 'Liveness: the process answers', response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { summary: 'Readiness: the database answers and the server is not draining', response: { 200: statusSchema, ...errors(503) } } }, async () => {
    if (app.draining) throw httpError('DATABASE_UNAVAILABLE');
    await app.database.checkHealth();
    return { status: 'ready' };
  });
};
export default health;
