/**
 * GET /site/analytics.js: the analytics tag's configuration, only when settings.json names a tag.
 *
 * GET /site/logo.<extension>: the settlement's logo (site.json `logo.file`), read at start-up (and
 * again by live preview under `npm run dev`) and served from memory. The address is fixed by the
 * file's extension, so nothing of the request reaches the file system and no other file of the
 * settlement folder can be asked for; any other address under /site/, and a logo address of
 * another extension than the logo's, is the app's not-found answer.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { keysOf } from '../../../runtime/core/guards.js';
import { analyticsTagIds, LOGO_TYPES } from '../../../runtime/core/site/index.js';
import type { SiteLogo } from '../../settlement/load.js';

/** The logo's address in the page, with its digest so a changed logo is fetched again. */
export function logoPath(logo: Pick<SiteLogo, 'extension' | 'digest'>): string {
  return `/site/logo.${logo.extension}?v=${logo.digest}`;
}

/** The address of the analytics configuration script (settings.json's tag ids), with its digest. */
export const ANALYTICS_SCRIPT_PATH = '/site/analytics.js';

/** The configuration script: the tag's data layer and one `config` per id (the ids are checked by the schema; JSON-quoted all the same). */
export function gtagConfigScript(ids: readonly string[]): string {
  return [
    'window.dataLayer=window.dataLayer||[];',
    'function gtag(){window.dataLayer.push(arguments);}',
    "gtag('js',new Date());",
    ...ids.map((id) => `gtag('config',${JSON.stringify(id)});`),
    '',
  ].join('\n');
}

/** The analytics configuration script and its address, or null when settings.json names no tag. */
export function analyticsScript(settings: { analyticsTagId: string | null; analyticsTagId2: string | null }): { body: string; src: string; ids: [string, ...string[]] } | null {
  const [first, ...others] = analyticsTagIds(settings);
  if (first === undefined) return null;
  const ids: [string, ...string[]] = [first, ...others];
  const body = gtagConfigScript(ids);
  return { body, ids, src: `${ANALYTICS_SCRIPT_PATH}?v=${createHash('sha256').update(body).digest('base64url').slice(0, 16)}` };
}

const site: FastifyPluginAsync = async (app) => {
  // GET /site/analytics.js: the tag's configuration, a script of this origin (the page's policy
  // allows no inline script but its one by hash). Without a tag id, the address is not found.
  const analytics = analyticsScript(app.settlement.settings);
  if (analytics) {
    app.get(ANALYTICS_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').type('text/javascript; charset=utf-8').send(analytics.body),
    );
  }

  for (const extension of keysOf(LOGO_TYPES)) {
    app.get(`/site/logo.${extension}`, { schema: { hide: true } }, async (request, reply) => {
      // The logo of now: live preview may replace it.
      const logo = app.settlement.logo;
      if (logo?.extension !== extension) return reply.callNotFound();
      const etag = `"${logo.digest}"`;
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        // An SVG opened on its own is a document: it may draw, never run a script or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.body);
    });
  }
};
export default site;
