/**
 * GET /site/logo.<extension>: the settlement's logo (site.json `logo.file`), read once at start-up
 * and served from memory. The address is fixed by the file's extension, so nothing of the request
 * reaches the file system and no other file of the settlement folder can be asked for; any other
 * address under /site/ is the app's not-found answer.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SiteLogo } from '../../settlement/load.js';

/** The logo's address in the page, with its digest so a changed logo is fetched again. */
export function logoPath(logo: Pick<SiteLogo, 'extension' | 'digest'>): string {
  return `/site/logo.${logo.extension}?v=${logo.digest}`;
}

const site: FastifyPluginAsync = async (app) => {
  const logo = app.settlement.logo;
  if (!logo) return;
  const etag = `"${logo.digest}"`;
  app.get(`/site/logo.${logo.extension}`, { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      // An SVG opened on its own is a document: it may draw, never run a script or load anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(logo.contentType).send(logo.body);
  });
};
export default site;
