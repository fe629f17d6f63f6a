/**
 * The studio's server (development only, 127.0.0.1): the built studio front end and a JSON API
 * over one settlement folder.
 *
 *   GET  /api/folder   the editable files (flows, locales, models.json) as JSON, the checker's
 *                      problems, the unused locale keys and the settlement's theme
 *   POST /api/check    { changes: { <file id>: <new JSON> } } → the checker's problems with them
 *   POST /api/save     the same body: written only when the checker passes (else 422 with the
 *                      problems, nothing written); each file edited path by path, keeping its format
 *   GET  /api/events   Server-Sent Events: `changed` when a file of the folder changes on disk
 *   …/api/fixtures, /api/walk/authorize: the folder's flow fixtures and walks (fixtures.ts)
 *   …/api/class-lists: the class lists as tables, rows written back (class-lists.ts)
 *   POST /api/create   { template, identity: { name, shortName, administrator, email, website, timeZone } }:
 *                      in an empty folder (GET /api/folder says `empty`), a new settlement copied from
 *                      that template with that identity, written only when the checker passes on it
 */
import { existsSync, mkdirSync, watch, type FSWatcher } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isJsonObject } from '../../settlement/merge-patch';
import { fileBytes, readSettlementFolder } from '../../settlement/read';
import { isLogoImage, logoExtension, LOGO_TYPES } from '../../runtime/core/site/chrome';
import { changedTexts, checkReportWith, checkWith, readTexts, StudioInputError, studioFiles, writeTexts, type StudioFile } from './folder';
import { classListRoutes } from './class-lists';
import { fixtureRoutes } from './fixtures';
import { isRecord, recordOr } from '../json';
import { unusedLocaleKeys } from './locale-usage';
import { createSettlement, identityProblem, isEmptyFolder, SETTLEMENT_TEMPLATES, type NewSettlementIdentity, type SettlementTemplate } from './new-settlement';

export interface StudioOptions {
  /** The settlement folder edited. */
  folder: string;
  /** The built studio front end (index.html and its assets). */
  appDir: string;
  /** Milliseconds of quiet after the last file event before `changed` is sent (editors write in steps). Default 100. */
  debounceMs?: number;
}

const changesBody = {
  type: 'object',
  required: ['changes'],
  additionalProperties: false,
  properties: {
    changes: { type: 'object', additionalProperties: { type: 'object' } },
    /** Each changed file as the studio read it: a file changed on disk since is not saved over unless `overwrite`. */
    bases: { type: 'object', additionalProperties: { type: 'object' } },
    overwrite: { type: 'boolean' },
  },
} as const;

/** site.json's logo.file (schemas/settlement/site.schema.json): a relative path without dot segments. */
const SITE_LOGO_FILE = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\.(svg|png|webp)$/;

interface ChangesBody {
  changes: Record<string, unknown>;
  bases?: Record<string, unknown>;
  overwrite?: boolean;
}

/** The changed files whose text on disk no longer holds what the studio read (another writer's edit since). */
function changedSinceRead(texts: Readonly<Record<string, string>>, body: ChangesBody): string[] {
  const bases = body.bases;
  if (!bases || body.overwrite) return [];
  return Object.keys(body.changes).filter((id) => {
    const text = texts[id];
    if (!Object.hasOwn(bases, id) || text === undefined) return false;
    try {
      const onDisk: unknown = JSON.parse(text);
      return !isDeepStrictEqual(onDisk, bases[id]);
    } catch {
      return true;
    }
  });
}

const createBody = {
  type: 'object',
  required: ['template', 'identity'],
  additionalProperties: false,
  properties: {
    template: { enum: SETTLEMENT_TEMPLATES },
    identity: {
      type: 'object',
      required: ['name', 'shortName', 'administrator', 'email', 'website', 'timeZone'],
      additionalProperties: false,
      properties: { name: { type: 'string' }, shortName: { type: 'string' }, administrator: { type: 'string' }, email: { type: 'string' }, website: { type: 'string' }, timeZone: { type: 'string' } },
    },
  },
} as const;

export async function buildStudioServer(options: StudioOptions): Promise<FastifyInstance> {
  const folder = path.resolve(options.folder);
  // An empty folder is where a new settlement is made; one that is not there yet is made empty.
  mkdirSync(folder, { recursive: true });
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  const files = (): StudioFile[] => studioFiles(folder);
  /** The settlement's theme (settings.json), which the preview draws in. */
  const theme = (): string => {
    const settings = readSettlementFolder(folder).files.get('settings.json')?.json;
    const value = isJsonObject(settings) ? settings.theme : undefined;
    return typeof value === 'string' ? value : 'default';
  };

  // Only pages of this address may call the API: a page elsewhere whose name resolves to 127.0.0.1
  // (DNS rebinding) arrives with its own Host and is refused.
  app.addHook('onRequest', async (request, reply) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      return reply.code(403).send({ message: `The studio answers only at 127.0.0.1 or localhost, not "${request.headers.host ?? ''}".` });
    }
    // A page of another site open in the same browser reaches 127.0.0.1 too (a form post, a fetch
    // without CORS): a write must come from the studio's own pages. A request without an Origin (a
    // command-line client) is not a page's.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      const origin = request.headers.origin;
      const own = `http://${request.headers.host ?? ''}`;
      if (origin !== undefined && origin !== own) {
        return reply.code(403).send({ message: `Not written: the studio takes changes only from its own pages (${own}), not from "${origin}".` });
      }
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return reply.code(403).send({ message: `Not written: the studio takes changes only from its own pages, not from a ${site} page.` });
      }
    }
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof StudioInputError) return reply.code(400).send({ message: error.message });
    const status = isRecord(error) && typeof error.statusCode === 'number' ? error.statusCode : undefined;
    if (status && status < 500) return reply.code(status).send({ message: error instanceof Error ? error.message : String(error) });
    throw error;
  });

  app.get('/api/folder', async () => {
    if (isEmptyFolder(folder)) return { folder, empty: true, newSettlementTemplates: SETTLEMENT_TEMPLATES, files: [], issues: [], warnings: [], unusedKeys: [], theme: 'default' };
    const all = files();
    const texts = readTexts(all);
    // A file that is not JSON (half typed in an editor) is left out of the editors; the checker's
    // problem names its line and column, and no save passes until it is mended on disk.
    const json: Record<string, unknown> = {};
    for (const f of all) {
      const text = texts[f.id];
      if (text === undefined) continue;
      try {
        json[f.id] = JSON.parse(text);
      } catch {
        /* reported by the checker below */
      }
    }
    const list = all.filter((f) => Object.hasOwn(json, f.id));
    const localeKeys = list.filter((f) => f.kind === 'locale').flatMap((f) => Object.keys(recordOr(json[f.id])));
    const configuration = list.filter((f) => f.kind !== 'locale' && f.kind !== 'fixture').map((f) => json[f.id]);
    const report = checkReportWith(folder, all, {});
    return {
      folder,
      // `from`: the files each is made from (more than one when a folder extending another patches it).
      files: list.map((f) => ({ id: f.id, kind: f.kind, path: path.relative(process.cwd(), f.absolutePath), from: f.from.map((file) => path.relative(process.cwd(), file)), json: json[f.id] })),
      extended: readSettlementFolder(folder).extended.map((dir) => path.relative(process.cwd(), path.resolve(dir))),
      issues: report.issues,
      warnings: report.warnings,
      unusedKeys: unusedLocaleKeys(localeKeys, configuration),
      theme: theme(),
    };
  });

  app.post<{ Body: ChangesBody }>('/api/check', { schema: { body: changesBody } }, async (request) => {
    const list = files();
    return checkReportWith(folder, list, changedTexts(list, readTexts(list), request.body.changes));
  });

  app.post<{ Body: ChangesBody }>('/api/save', { schema: { body: changesBody } }, async (request, reply) => {
    const list = files();
    const texts = readTexts(list);
    const changedOnDisk = changedSinceRead(texts, request.body);
    if (changedOnDisk.length > 0) {
      return reply.code(409).send({
        code: 'changed-on-disk',
        files: changedOnDisk,
        message: `Not saved: ${changedOnDisk.join(', ')} changed on disk since the studio read it, and was changed here too (nothing was written). Reload to take in the disk's version, or save yours over it.`,
      });
    }
    const next = changedTexts(list, texts, request.body.changes);
    const issues = checkWith(folder, list, next);
    if (issues.length > 0) {
      return reply.code(422).send({ code: 'checker-refused', message: 'Not saved: the checker found problems (nothing was written).', issues });
    }
    // In a folder that extends another, each file is written as its merge patch from the extended folder's.
    writeTexts(list, next);
    return { saved: Object.keys(next) };
  });

  await app.register(fixtureRoutes, { folder });
  await app.register(classListRoutes, { folder });

  app.post<{ Body: { template: SettlementTemplate; identity: NewSettlementIdentity } }>('/api/create', { schema: { body: createBody } }, async (request, reply) => {
    if (!isEmptyFolder(folder)) return reply.code(409).send({ message: `${folder} is not empty: a new settlement is made only in an empty folder (nothing was written).` });
    const problem = identityProblem(request.body.identity);
    if (problem) return reply.code(400).send({ message: `${problem} Nothing was written.` });
    const result = createSettlement(folder, { template: request.body.template, identity: request.body.identity });
    if (!result.ok) return reply.code(422).send({ code: 'checker-refused', message: 'Not created: the checker found problems (nothing was written).', issues: result.issues });
    // Its own flows/ and locales/ now: watched instead of the repository's.
    for (const w of watchers) w.close();
    watchers = watchAll();
    return { created: result.created };
  });

  const clients = new Set<ServerResponse>();
  // The settlement's own logo (site.json's logo.file), for the preview's header: a file of the
  // folder only, of an image type the claims server would serve, as its bytes say.
  app.get<{ Querystring: { file?: string } }>('/api/logo', async (request, reply) => {
    const file = request.query.file ?? '';
    const extension = logoExtension(file);
    const absolute = path.resolve(folder, file);
    if (!extension || !SITE_LOGO_FILE.test(file) || !absolute.startsWith(folder + path.sep)) {
      return reply.code(400).send({ message: `"${file}" is not a logo file of the settlement folder (an .svg, .png or .webp inside it, as site.json's logo.file).` });
    }
    // The folder's own, or that of the folder it extends.
    const body = fileBytes(readSettlementFolder(folder), file);
    if (!body) return reply.code(404).send({ message: `${file} is not in the settlement folder.` });
    if (!isLogoImage(extension, body)) return reply.code(422).send({ message: `${file} is not the ${extension} image its name says.` });
    // An SVG opened on its own runs nothing and loads nothing.
    return reply.header('content-type', LOGO_TYPES[extension]).header('cache-control', 'no-store').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").send(body);
  });

  app.get('/api/events', (_request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 1000\nevent: ready\ndata: {}\n\n');
    clients.add(res);
    res.on('close', () => clients.delete(res));
  });

  // The files stay the source of truth: an edit made outside the studio is announced to every page.
  let pending: NodeJS.Timeout | undefined;
  const announce = () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      for (const res of clients) res.write('event: changed\ndata: {}\n\n');
    }, options.debounceMs ?? 100);
  };
  // The folder's flows and locales (the repository's while the folder has none of its own), and
  // its fixtures (a rename edits them too) once it has a fixtures/ folder.
  const fixturesDir = path.join(folder, 'fixtures');
  const watchAll = (): FSWatcher[] => {
    const read = readSettlementFolder(folder);
    watchingFixtures = existsSync(fixturesDir);
    // The folders of every file it is made from (those of the folders it extends too).
    const sources = [...read.files.values()].flatMap((entry) => entry.layers.map((layer) => path.dirname(layer.file)));
    const dirs = [...new Set([read.flowsDir, read.localesDir, folder, ...sources, ...(watchingFixtures ? [fixturesDir] : [])].map((dir) => path.resolve(dir)))].filter((dir) => existsSync(dir));
    return dirs.map((dir) =>
      // JSON files (site.json among them) and images (a settlement logo): the checker reads both.
      watch(dir, (_event, name) => {
        if (dir === folder && name === 'fixtures' && !watchingFixtures && existsSync(fixturesDir)) {
          // Its first fixture may be written before the new watch starts: announced anyway.
          for (const w of watchers) w.close();
          watchers = watchAll();
          announce();
        }
        if (!name || /\.(json|svg|png|webp)$/i.test(String(name))) announce();
      }),
    );
  };
  let watchingFixtures = false;
  let watchers = watchAll();
  app.addHook('onClose', async () => {
    clearTimeout(pending);
    for (const w of watchers) w.close();
    for (const res of clients) res.end();
  });

  await app.register(fastifyStatic, { root: path.resolve(options.appDir), prefix: '/', index: 'index.html', wildcard: true });
  return app;
}
