/**
 * buildApp: the Fastify application, assembled in the fastify/demo order —
 * plugins/external (helmet, compression, cookie, rate limit, multipart) → plugins/app (slow bodies,
 * settlement, error handling, database, sessions + CSRF, captcha, fraud screening, e-mail) → routes (one folder per URL prefix).
 * Used by server/main.ts, server/dev.ts and the tests (which inject the clock, the database and a
 * captcha emulator).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { maskAccount } from '../runtime/core/models/declared.js';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError, type Environment, type TrustProxy } from './config.js';
import type { Database } from './db/types.js';
import { httpError, SERVER_ERRORS, type ServerErrorCode } from './errors.js';
import compress from './plugins/external/compress.js';
import cookie from './plugins/external/cookie.js';
import helmet from './plugins/external/helmet.js';
import multipart, { TEXT_PART_BYTES, TEXT_PARTS } from './plugins/external/multipart.js';
import rateLimit from './plugins/external/rate-limit.js';
import slowBodies, { slowestBodyMs } from './plugins/app/slow-bodies.js';
import captcha, { resolveCaptcha, type CaptchaOverrides } from './plugins/app/captcha.js';
import database from './plugins/app/database.js';
import errorHandler, { frameworkErrorAnswer } from './plugins/app/error-handler.js';
import fraud from './plugins/app/fraud.js';
import mail, { type MailPluginOptions } from './plugins/app/mail.js';
import livePreview, { LIVE_PREVIEW_PATH, type LivePreviewOptions } from './plugins/app/live-preview.js';
import session, { sessionCookieName } from './plugins/app/session.js';
import settlementPlugin from './plugins/app/settlement.js';
import api from './routes/api/index.js';
import appShell, { EARLY_SCRIPT_HASH } from './routes/app-shell/index.js';
import health from './routes/health.js';
import site from './routes/site/index.js';
import { ANALYTICS_CSP, analyticsTagIds } from '../runtime/core/site/analytics.js';
import { documentedSchema, localReference, registerContract } from './routes/contract.js';
import { loadSettlement, type Settlement } from './settlement/load.js';
import type { ClamdOptions } from './documents/clamd.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface Timeouts {
  /**
   * Whole request (headers + body), ms: Node's requestTimeout. By default the headers' time plus
   * the largest submission the settlement allows at its slowest upload rate (uploads.minBytesPerSecond,
   * see plugins/app/slow-bodies.ts), so that no claimant's upload is cut for taking long.
   */
  requestTimeoutMs?: number;
  /** Receiving the headers, ms. Node's headersTimeout. */
  headersTimeoutMs: number;
  /** Socket inactivity, ms. */
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node checks request/headers timeouts, and bodies their rate (its default of 30 s lets slow clients linger). */
  checkIntervalMs: number;
  /** How long a request body may arrive at any rate before it must keep up with uploads.minBytesPerSecond, ms. */
  slowBodyGraceMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersTimeoutMs: 15_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  slowBodyGraceMs: 30_000,
};


export interface BuildAppOptions {
  /** The settlement folder (validated here), or an already loaded settlement. */
  settlementDir?: string;
  settlement?: Settlement;
  /** An open database (server/db openDatabase). */
  database: Database;
  /** Close the database when the app closes. Default false. */
  ownsDatabase?: boolean;
  /** Signs session cookies, CSRF tokens and captcha values; every instance must share it. */
  sessionSecret: string;
  /**
   * Keys the class members' PIN hashes (PIN_SECRET); every instance and the admin CLI must share
   * it. Required in production; elsewhere it defaults to a key derived from sessionSecret.
   */
  pinSecret?: string;
  environment?: Environment;
  /** Epoch ms. Default Date.now. */
  clock?: () => number;
  /** Captcha emulator origin, siteverify URL, secret, timeout. */
  captcha?: CaptchaOverrides;
  redisUrl?: string | null;
  /** Where the documents' bytes go: s3://<bucket>/<prefix> (server/documents), or null/absent: the database. */
  documentStoreUrl?: string | null;
  /** The built front end (default dist/app). */
  appDistDir?: string;
  /** Re-read the app's index.html on each request (development with vite build --watch). */
  reloadAppIndex?: boolean;
  /**
   * Live preview (npm run dev only): watch the settlement's flows/ and locales/, re-check them on
   * change and tell open pages through GET /api/dev/live-preview. true, or the plugin's options.
   */
  livePreview?: boolean | LivePreviewOptions;
  /** Locales of a settlement folder without its own locales/ (default: the repository's locales/). */
  localesDir?: string;
  /** Flows of a settlement folder without its own flows/ (default: the repository's flows/). */
  flowsDir?: string;
  /** false (tests), or pino options, or a pino logger. Personal data and tokens are redacted. */
  logger?: boolean | FastifyServerOptions['logger'] | FastifyBaseLogger;
  /**
   * The proxies believed about the client address and https (X-Forwarded-For/-Proto): a hop count
   * or their addresses / CIDR ranges (config.ts trustProxyOf). Default false: none.
   */
  trustProxy?: TrustProxy;
  timeouts?: Partial<Timeouts>;
  /** Import the settlement's class list into an empty database. Default true. */
  seedClassList?: boolean;
  /** Coarse API request limit per minute per client (session, else address; an address at most 10×). Default 600. */
  apiRequestsPerMinute?: number;
  /**
   * Shed submits sooner after authorize than a person could fill the form, past the settlement's
   * fraud.fastSubmits per address and network (429). Default: on in production only; off in
   * development (a developer clicking through, `npm run security:sweep` against `npm start`) and
   * for NODE_ENV=test, whose clients are scripts by design (the test suites, whose clock stands
   * still or whose browser fills in seconds, and the benchmarks' servers, which file hundreds of
   * claims from 127.0.0.1 at once). Such submits are screened either way.
   */
  shedFastSubmits?: boolean;
  /**
   * E-mail: the mailer (server/mail/transport.ts; none: messages stay queued in the outbox), the
   * From header, the retry policy, the sender's timers.
   */
  mail?: MailPluginOptions;
  /** The clamd every document is scanned with before it is accepted (CLAMD_URL); default none: not scanned. */
  documentScanner?: ClamdOptions | null;
}

/** Paths redacted from every log line: cookies, tokens, and the personal data of a claim. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.pin',
  '*.noticeId',
  '*.vin',
  '*.reCaptchaResponse',
  '*.captchaRawValue',
  '*.token',
  '*.secret',
  '*.resumeCode',
  '*.firstName',
  '*.lastName',
  '*.emailAddress',
  '*.phoneNumber',
  '*.signature',
  // Payment accounts: shown by their last four characters (logCensor).
  '*.accountNumber',
  '*.routingNumber',
  // What the fraud screening keeps of a client: shown only in the administrator's fraud view.
  '*.clientIp',
  '*.userAgent',
];

/** What a redacted path shows: an account number its last four characters (as the review shows it), anything else '[redacted]'. */
export function logCensor(value: unknown, path: string[]): string {
  return path.at(-1) === 'accountNumber' && typeof value === 'string' && value !== '' ? maskAccount(value) : '[redacted]';
}

/** One log line per request, when it is answered (Fastify's default adds one on arrival). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * A request's path as logged: without its query string (it could carry anything), and without a
 * resume code (`/resume/<code>` opens a saved claim with its credentials: a log line must not
 * hold half of what opens it). Any case, as the app shell answers it.
 */
export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '').replace(/^(\/resume\/)[^/]+/i, '$1[redacted]');
}

/** A pino logger given whole (a child logger of the caller's), rather than options for one. */
function isLoggerInstance(logger: NonNullable<BuildAppOptions['logger']>): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && 'child' in logger && typeof logger.child === 'function';
}

export function loggerOptions(environment: Environment): FastifyServerOptions['logger'] {
  return {
    level: environment === 'production' ? 'info' : 'debug',
    redact: { paths: REDACT_PATHS, censor: logCensor },
    serializers: {
      // No client address, no query string (it could carry anything): method, path, route, ids.
      req: (req: { method: string; url: string; id: string; routeOptions?: { url?: string } }) => ({
        id: req.id,
        method: req.method,
        path: loggedPath(req.url),
        route: req.routeOptions?.url,
      }),
    },
  };
}

/** Headers of the answers Node's HTTP parser gives before any route runs (timeouts, bad requests). */
const CLIENT_ERROR_HEADERS = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'Cache-Control: no-store',
  'Content-Type: application/json; charset=utf-8',
  'Connection: close',
].join('\r\n');

/**
 * Fastify's client-error answer (408 for a slow client, 431 for oversized headers, else 400): the
 * catalogue's English text (nothing of the request is read yet, not even its language), the
 * security headers, and the socket closed.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason]: [ServerErrorCode, string] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? ['REQUEST_TIMEOUT', 'Request Timeout'] : err.code === 'HPE_HEADER_OVERFLOW' ? ['HEADERS_TOO_LARGE', 'Request Header Fields Too Large'] : ['BAD_REQUEST', 'Bad Request'];
  const { status, en } = SERVER_ERRORS[code];
  const body = JSON.stringify({ error: en, code });
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\n${CLIENT_ERROR_HEADERS}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  socket.destroy(err);
}

/**
 * Fastify's form of TrustProxy. A hop count becomes a function of the hop's position: Fastify
 * itself trusts no hop at all for a plain number, which would ignore the load balancer.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return trustProxy > 0 ? (_address, hop) => hop < trustProxy : false;
  return trustProxy === false ? false : [...trustProxy];
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const environment = options.environment ?? 'development';
  const clock = options.clock ?? Date.now;
  const settlement =
    options.settlement ??
    loadSettlement(options.settlementDir ?? path.join(ROOT, 'server-fixtures'), {
      ...(options.flowsDir ? { flowsDir: options.flowsDir } : {}),
      ...(options.localesDir ? { localesDir: options.localesDir } : {}),
    });
  const resolvedCaptcha = resolveCaptcha(settlement.captcha, settlement.settings.captchaEnabled, environment, options.captcha);
  if (!options.pinSecret && environment === 'production') throw new ConfigError('PIN_SECRET is required when NODE_ENV=production');
  const pinSecret = options.pinSecret ?? createHmac('sha256', options.sessionSecret).update('pin-secret').digest('base64url');
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const uploads = settlement.settings.uploads;
  const bodyRate = { minBytesPerSecond: uploads.minBytesPerSecond, graceMs: timeouts.slowBodyGraceMs, checkIntervalMs: timeouts.checkIntervalMs };
  // The largest submit: every file the settlement allows, every text part full, 1 KiB of part headers each.
  const largestBody = uploads.maxTotalBytes + TEXT_PARTS * TEXT_PART_BYTES + (uploads.maxFiles + TEXT_PARTS) * 1024;
  const requestTimeoutMs = timeouts.requestTimeoutMs ?? timeouts.headersTimeoutMs + slowestBodyMs(largestBody, bodyRate);

  const logger = options.logger ?? false;

  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 256 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A plugin may load the start pages' prerenderer and read the settlement's files: on a busy
    // machine that takes longer than Fastify's 10 s, and a server refusing to start for it helps no one.
    pluginTimeout: 60_000,
    logController: new OneLinePerRequest(),
    // While closing, requests on kept-alive connections get the catalogued 503 (with the security
    // headers) from the hook below instead of Fastify's bare one.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: frameworkErrorAnswer,
    // Node 20 only enforces request/headers timeouts at connectionsCheckingInterval (30 s by
    // default), so the server is made here with a short interval.
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
      const server = createServer(
        {
          requestTimeout: requestTimeoutMs,
          headersTimeout: timeouts.headersTimeoutMs,
          keepAliveTimeout: timeouts.keepAliveTimeoutMs,
          connectionsCheckingInterval: timeouts.checkIntervalMs,
        },
        handler,
      );
      server.setTimeout(timeouts.connectionTimeoutMs);
      return server;
    },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, allErrors: false, allowUnionTypes: true } },
  });
  app.decorate('draining', false);
  app.decorate('documentScanner', options.documentScanner ?? null);
  // Whether a request arrived while draining is decided on arrival (this hook runs first and
  // synchronously), so that a request already received when SIGTERM comes is served to the end.
  const arrivedWhileDraining = new WeakSet<object>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (app.draining) arrivedWhileDraining.add(request);
    done();
  });

  // Bodies: JSON (fastify's secure parser) and multipart only; text/plain and the rest → 415.
  app.removeContentTypeParser('text/plain');

  // Every route the API shows is declared in its contract (schemas/api/): one the contract does not know stops the start.
  // The error answer is one schema, which every route's answers reference.
  registerContract(app);

  const redis = options.redisUrl ? new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Lost connections are retried by the client and reported by the requests that needed one (503).
  redis?.on('error', (error: NodeJS.ErrnoException) => app.log.warn({ code: error.code, message: error.message }, 'redis unavailable'));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Claims filing API', version: '1.0.0', description: 'The calls of the claims-filing app (spec §7).' },
      components: {
        securitySchemes: {
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(environment) },
        },
      },
    },
    // The error answer is listed once under components, by its $id.
    refResolver: { buildLocalReference: localReference },
    // Multipart routes show their parts; every call of the API that changes state needs the session cookie and its CSRF header.
    transform: ({ schema, url, route }) => ({ schema: documentedSchema(schema, url, route.method), url }),
  });

  // plugins/external
  await app.register(helmet, {
    captchaOrigins: resolvedCaptcha.origins,
    hsts: environment === 'production',
    inlineScriptHashes: [EARLY_SCRIPT_HASH],
    // The analytics tag's hosts, only when settings.json names a tag.
    ...(analyticsTagIds(settlement.settings).length ? { extraSources: ANALYTICS_CSP } : {}),
  });
  await app.register(compress);
  await app.register(cookie, { secret: options.sessionSecret });
  await app.register(rateLimit, { max: options.apiRequestsPerMinute ?? 600, timeWindowMs: 60_000, redis, sessionCookie: sessionCookieName(environment) });
  await app.register(multipart, {
    limits: {
      fileSize: uploads.maxFileBytes,
      files: uploads.maxFiles,
      fields: TEXT_PARTS,
      fieldSize: TEXT_PART_BYTES,
      parts: uploads.maxFiles + TEXT_PARTS,
    },
  });

  // plugins/app
  await app.register(slowBodies, bodyRate);
  await app.register(settlementPlugin, {
    settlement,
    localesDir: settlement.localesDir,
    clock,
    environment,
  });
  await app.register(errorHandler);
  // Draining (app.close, SIGTERM): requests already received finish; later ones are refused, with
  // the security headers set by the hooks before this one.
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!arrivedWhileDraining.has(request)) return;
    reply.header('connection', 'close');
    throw httpError('DATABASE_UNAVAILABLE');
  });
  await app.register(database, {
    database: options.database,
    ownsDatabase: options.ownsDatabase ?? false,
    redisUrl: options.redisUrl ?? null,
    documentStoreUrl: options.documentStoreUrl ?? null,
    idleTimeoutMs: settlement.settings.client.minSessionDuration * 60_000,
    clock,
    seedFrom: options.seedClassList === false ? null : settlement.dir,
    classListHeader: settlement.classListHeader,
    pinSecret,
  });
  await app.register(session, { secret: options.sessionSecret });
  await app.register(captcha, { resolved: resolvedCaptcha });
  await app.register(fraud, { shedFastSubmits: options.shedFastSubmits ?? environment === 'production' });
  await app.register(mail, options.mail ?? {});

  // routes
  await app.register(health);
  await app.register(api, { prefix: '/api' });
  await app.register(site);
  if (options.livePreview) await app.register(livePreview, options.livePreview === true ? {} : options.livePreview);
  await app.register(appShell, {
    distDir: options.appDistDir ?? path.join(ROOT, 'dist', 'app'),
    reloadIndex: options.reloadAppIndex ?? false,
    ...(options.livePreview ? { livePreviewPath: LIVE_PREVIEW_PATH } : {}),
  });

  await app.ready();
  return app;
}
