/**
 * The app shell: the built front end under /app/dist/ (vite base), and the app's index.html for
 * every app route of spec §2 — each page path and alias of the settlement's flows plus the fixed
 * non-form routes — and for any unknown non-API path, where the app shows its not-found page
 * (status 404). The app settings are embedded in the page as
 * <script id="app-settings" type="application/json">, not fetched.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppSettings, FlowFile } from '../../../runtime/core/types.js';
import { errorBody } from '../../plugins/app/error-handler.js';
import { httpError } from '../../errors.js';

/** The app's routes that no flow declares (spec §2). */
export const FIXED_APP_ROUTES = ['/', '/page-not-found', '/error', '/deadline', '/session-expired'];

/** Every page path and alias of the flows. */
export function flowPagePaths(flows: ReadonlyArray<{ flow: Pick<FlowFile, 'pages'> }>): string[] {
  return flows.flatMap(({ flow }) => flow.pages.flatMap((page) => [page.path, ...(page.aliases ?? [])]));
}

/** The paths answered with the app (200): the flows' pages (as loaded now) and the fixed routes. */
export function appRoutes(flows: ReadonlyArray<{ flow: Pick<FlowFile, 'pages'> }>): Set<string> {
  return new Set([...FIXED_APP_ROUTES, ...flowPagePaths(flows)]);
}

/** JSON safe inside a <script> element: no '<', no line separators that break older parsers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Claims filing</title></head>
<body><p>The application has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p></body></html>
`;

export interface AppShellOptions {
  distDir: string;
  /** Re-read index.html on every request (npm run dev, while vite build --watch rewrites it). */
  reloadIndex?: boolean;
  /** Live preview's event stream (npm run dev): named in the page so the app listens to it. */
  livePreviewPath?: string;
}

const appShell: FastifyPluginAsync<AppShellOptions> = async (app, opts) => {
  const s = app.settlement.settings;
  const settings: AppSettings = {
    analyticsTagId: s.analyticsTagId,
    analyticsTagId2: s.analyticsTagId2,
    theme: s.theme,
    client: { minSessionDuration: s.client.minSessionDuration },
    captchaEnabled: app.captcha.enabled,
    redirectOnError: s.redirectOnError,
    internationalAddresses: s.internationalAddresses,
  };
  const tag =
    `<script id="app-settings" type="application/json">${scriptJson(settings)}</script>` +
    (opts.livePreviewPath ? `\n<script id="live-preview" type="application/json">${scriptJson({ events: opts.livePreviewPath })}</script>` : '');
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile) || opts.reloadIndex === true;
  const render = () => {
    const source = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : PLACEHOLDER_PAGE;
    return source.includes('</head>') ? source.replace('</head>', `${tag}\n</head>`) : `${tag}\n${source}`;
  };
  const page = render();

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/app/dist/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build writes name.br / name.gz beside each text asset (vite.config.ts): sent as is.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints assets/: cache them for a year; anything else revalidates.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply, status: number) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(opts.reloadIndex ? render() : page);

  // The flows may be replaced while running (live preview): the page set follows app.settlement.flows.
  let known: { flows: unknown; paths: Set<string> } = { flows: null, paths: new Set() };
  const isAppRoute = (pathname: string): boolean => {
    if (known.flows !== app.settlement.flows) known = { flows: app.settlement.flows, paths: appRoutes(app.settlement.flows) };
    return known.paths.has(pathname);
  };

  for (const url of FIXED_APP_ROUTES) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => sendPage(reply, 200));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !request.url.startsWith('/app/dist/');
    if (isPage) return sendPage(reply, isAppRoute(request.url.split('?')[0] ?? '') ? 200 : 404);
    return reply.status(404).header('cache-control', 'no-store').send(errorBody(request, httpError('NOT_FOUND')));
  });
};
export default appShell;
