/** Cookie parsing and signing; the session cookie is signed with the session secret. */
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

export default fp<{ secret: string }>(
  async (app, opts) => {
    await app.register(cookie, { secret: opts.secret, hook: 'onRequest' });
  },
  { name: 'external-cookie' },
);
