/**
 * Turns every error into a catalogued JSON answer (server/errors.ts): `{ error, code }`, plus the
 * form call's own fields (authorize: authorized/captcha/prepopulatedData; submit:
 * submitted/referenceCodeForm). Never a stack trace, SQL or an internal message. Also: the
 * request's culture, the content types each route takes (others → 415), `Cache-Control: no-store`
 * on API answers, and 404s (API → JSON; anything else is left to the app shell).
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { propertyOf } from '../../../runtime/core/guards.js';
import { isUnavailable } from '../../db/errors.js';
import { errorText, httpError, HttpError, isHttpError, SERVER_ERRORS, type ServerErrorCode } from '../../errors.js';
import { isApiRoute, isPageRequest } from '../../routes/api/route-match.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Culture for messages: ?culture=, then the submit's userPreferredCulture, then Accept-Language. */
    culture: string;
  }
  interface FastifyContextConfig {
    /** Which request bodies the route takes; anything else is 415 before the body is read. */
    bodyType?: 'json' | 'multipart';
    /** Shape of error answers of the form calls (spec §3 responses). */
    errorShape?: 'authorize' | 'submit';
  }
}

const MULTIPART_CODES = new Map<string, ServerErrorCode>([
  ['FST_PARTS_LIMIT', 'TOO_MANY_PARTS'],
  ['FST_FILES_LIMIT', 'TOO_MANY_PARTS'],
  ['FST_FIELDS_LIMIT', 'TOO_MANY_PARTS'],
  ['FST_REQ_FILE_TOO_LARGE', 'FILE_TOO_LARGE'],
  ['FST_PROTO_VIOLATION', 'MALFORMED_MULTIPART'],
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'MALFORMED_MULTIPART'],
  ['FST_NO_FORM_DATA', 'MALFORMED_MULTIPART'],
]);

/** Maps anything thrown to a catalogued error; unknown errors become INTERNAL (and are logged). */
export function toHttpError(err: unknown): { error: HttpError; unexpected: boolean } {
  if (isHttpError(err)) return { error: err, unexpected: false };
  const errorCode = propertyOf(err, 'code');
  const statusCode = propertyOf(err, 'statusCode');
  const message = propertyOf(err, 'message');
  // Also what reached here without the database layer's translation (a Redis session store).
  if (propertyOf(err, 'name') === 'DatabaseUnavailableError' || errorCode === 'DB_UNAVAILABLE' || isUnavailable(err)) return { error: httpError('DATABASE_UNAVAILABLE', { cause: err }), unexpected: false };
  if (propertyOf(err, 'validation')) return { error: httpError('BAD_REQUEST', { cause: err }), unexpected: false };
  const code = typeof errorCode === 'string' ? errorCode : '';
  const multipart = MULTIPART_CODES.get(code);
  if (multipart) return { error: httpError(multipart, { cause: err }), unexpected: false };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { error: httpError('UNSUPPORTED_MEDIA_TYPE'), unexpected: false };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { error: httpError('BODY_TOO_LARGE'), unexpected: false };
  if (code.startsWith('FST_ERR_CTP_') || err instanceof SyntaxError) return { error: httpError('MALFORMED_JSON'), unexpected: false };
  if (statusCode === 429) return { error: httpError('RATE_LIMITED'), unexpected: false };
  // Busboy / stream errors while reading a multipart body.
  if (typeof message === 'string' && /multipart|boundary|unexpected end of form|malformed part header/i.test(message)) {
    return { error: httpError('MALFORMED_MULTIPART', { cause: err }), unexpected: false };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { error: httpError(statusCode === 404 ? 'NOT_FOUND' : statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST'), unexpected: false };
  }
  return { error: httpError('INTERNAL', { cause: err }), unexpected: true };
}

export function errorBody(request: FastifyRequest, err: HttpError): Record<string, unknown> {
  const app = request.server;
  const text = errorText(err.code, request.culture, (key, culture) => app.locales.text(key, culture), err.args, err.details);
  const shape = request.routeOptions.config?.errorShape;
  if (shape === 'authorize') return { authorized: false, error: text, captcha: null, prepopulatedData: null, code: err.code };
  if (shape === 'submit') {
    return {
      submitted: false,
      error: text,
      referenceCodeForm: null,
      code: err.code,
      ...(err.filedReferenceCode ? { filedReferenceCode: err.filedReferenceCode } : {}),
      ...(err.fieldErrors.length ? { fieldErrors: err.fieldErrors } : {}),
    };
  }
  // A page save refused by its page: each field it names, as a submit names them; a cure's
  // document refused: the deficiency kind it was sent for.
  return { error: text, code: err.code, ...(err.fieldErrors.length ? { fieldErrors: err.fieldErrors } : {}), ...(err.document !== undefined ? { document: err.document } : {}) };
}

/** Headers of an answer the router makes before any hook has run (the hooks set these on every other answer). */
const EARLY_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs — above all a path it
 * cannot decode (a "%" without two hex digits after it, as in a link a mail client cut or
 * mangled). A page's address goes to the not-found page, in the culture its query asks for; an
 * API call or any other request gets the catalogued error. Either way with the security headers.
 */
export function frameworkErrorAnswer(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [pathname = '', query = ''] = request.url.split('?', 2);
  const culture = new URLSearchParams(query).get('culture');
  if (culture !== null) request.culture = request.server.locales.resolve(culture);
  reply.headers(EARLY_ANSWER_HEADERS);
  if (isPageRequest(request.method, pathname)) return reply.redirect(culture === null ? '/page-not-found' : `/page-not-found?culture=${encodeURIComponent(request.culture)}`, 303);
  const { error, unexpected } = toHttpError(err);
  if (unexpected) request.log.error({ err }, 'unexpected error');
  else request.log.info({ code: error.code, frameworkCode: err.code }, 'request refused');
  return reply.status(SERVER_ERRORS[error.code].status).type('application/json; charset=utf-8').send(errorBody(request, error));
}

function acceptLanguage(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.split(';')[0]?.trim() || undefined;
}

function matchesBodyType(request: FastifyRequest, bodyType: 'json' | 'multipart'): boolean {
  const [mediaType = ''] = (request.headers['content-type'] ?? '').split(';', 1);
  const type = mediaType.trim().toLowerCase();
  return bodyType === 'json' ? type === 'application/json' : type === 'multipart/form-data';
}

/**
 * Whether a multipart content type's boundary is one RFC 2046 allows (1 to 70 characters). The
 * multipart reader throws on a long one as it starts, so it is checked with the headers.
 */
export function hasValidBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

/** Errors of a request body that stopped arriving because the client went away. */
function clientWentAway(request: FastifyRequest, err: unknown): boolean {
  const code = propertyOf(err, 'code');
  const aborted = code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE' || propertyOf(err, 'message') === 'aborted';
  return aborted && (request.raw.socket?.destroyed ?? true);
}

export default fp(
  async (app) => {
    app.decorateRequest('culture', 'en');

    app.addHook('onRequest', async (request, reply) => {
      const culture = propertyOf(request.query, 'culture');
      const requested = typeof culture === 'string' ? culture : acceptLanguage(request.headers['accept-language']);
      request.culture = app.locales.resolve(requested);
      if (isApiRoute(request)) reply.header('cache-control', 'no-store');
    });

    // Content types are checked before CSRF and before the body is read: a route answers 415 for
    // a body it does not take (text/plain has no parser at all).
    app.addHook('onRequest', async (request) => {
      const bodyType = request.routeOptions.config?.bodyType;
      if (bodyType && !matchesBodyType(request, bodyType)) throw httpError('UNSUPPORTED_MEDIA_TYPE');
      if (bodyType === 'multipart' && !hasValidBoundary(request.headers['content-type'])) throw httpError('MALFORMED_MULTIPART');
    });

    app.setErrorHandler(async (err: unknown, request: FastifyRequest, reply: FastifyReply) => {
      // A client that closes the connection mid-upload is not a fault of the server: nobody is
      // left to answer, and it is logged as information.
      if (clientWentAway(request, err)) {
        request.log.info({ code: propertyOf(err, 'code') }, 'client closed the connection before its request was read');
        return reply.status(400).send();
      }
      const { error, unexpected } = toHttpError(err);
      if (unexpected) request.log.error({ err }, 'unexpected error');
      else if (error.statusCode >= 500) request.log.warn({ code: error.code, cause: propertyOf(error.cause, 'message') }, 'service unavailable');
      else request.log.info({ code: error.code }, 'request refused');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      else if (error.code === 'DATABASE_UNAVAILABLE') reply.header('retry-after', '30');
      reply.header('cache-control', 'no-store');
      return reply.status(SERVER_ERRORS[error.code].status).type('application/json; charset=utf-8').send(errorBody(request, error));
    });
  },
  { name: 'app-error-handler', dependencies: ['app-settlement'] },
);
