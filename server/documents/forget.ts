/**
 * Objects a request wrote that no row names (a refused upload or submit): deleted at once, so
 * that they do not wait for the housekeeping sweep. A failure here is only logged: the sweep
 * deletes them later.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentObject } from '../db/types.js';

export async function forgetObjects(app: FastifyInstance, objects: DocumentObject[]): Promise<void> {
  await Promise.all(
    objects.map((object) =>
      app.documents
        .of(object.store)
        .delete(object.key)
        .catch((error: unknown) => app.log.warn({ err: error, key: object.key }, 'an unused document object was left for the sweep')),
    ),
  );
}
