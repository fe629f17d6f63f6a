/**
 * Server-side sessions named by a signed cookie, and the CSRF token bound to each session.
 *
 * - Cookie `claims.sid` (`__Host-claims.sid` in production, see sessionCookieName): signed, HttpOnly,
 *   SameSite=Lax, Path=/, no Domain, Secure in production and whenever the request came over https
 *   (behind a proxy with TRUST_PROXY). No Max-Age: the server decides expiry (idle timeout =
 *   settings.client.minSessionDuration minutes, in the shared session store).
 * - CSRF: GET /api/csrf answers {requestHeaderName, requestToken}; the token is an HMAC of the
 *   session's own secret, so it is valid for that session only (not a double-submit cookie). Every
 *   POST route (the API's, and any other that changes state) must carry it in that header — read
 *   from the header only — or is refused with 403 before its body is read. Whether a request is
 *   the API's is decided on the route the router matched, whatever the URL's spelling. A route that
 *   reads its session with its own reads (`sessionReadByHandler`: a sign-in, one statement on
 *   PostgreSQL) is refused at once without a session cookie or a token, and its token is checked
 *   against the session as soon as it is read (`app.sessions.read`), before anything is changed.
 * - The session id is rotated on a successful authorize (`app.sessions.rotate`); its data moves to
 *   the new id with a new CSRF secret, so a token read before authorize is refused after it. The
 *   answer carries the new token in the CSRF header (`X-CSRF-TOKEN`), where the browser's API
 *   client picks it up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../../config.js';
import { emptySessionData, newCsrfSecret } from '../../db/session-data.js';
import type { BatchPart, Session, StatementBatch, Trx } from '../../db/types.js';
import { httpError } from '../../errors.js';
import { remembered } from '../../remembered.js';
import { isApiRoute } from '../../routes/api/route-match.js';
import { signedCookieValue } from '../external/cookie.js';

export { emptySessionData };

export const CSRF_HEADER = 'X-CSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionHelpers {
  /** The request's session, creating one (and its cookie) when there is none. */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
  /**
   * The session of a route that reads it itself (`sessionReadByHandler`), its CSRF token checked
   * (CSRF_INVALID): with a batch, read as a part of it and the batch run (the parts added before go
   * with it, one statement on PostgreSQL). Any other route's session as loaded; NOT_AUTHORIZED
   * when it has none.
   */
  read(request: FastifyRequest, batch?: StatementBatch): Promise<Session>;
  /**
   * Whether save/rotate can join a database transaction (sessions in the database, not Redis):
   * a caller with other writes to make puts them in one commit when this is true.
   */
  readonly joinTransactions: boolean;
  /** Persist the request's session data and extend it (in `trx` when given); a vanished session is NOT_AUTHORIZED. */
  save(request: FastifyRequest, trx?: Trx): Promise<void>;
  /**
   * New id and a new CSRF secret for the same data (after authorize), in `trx` when given; sets the
   * new cookie and answers the new token in the CSRF header. Given a batch, rotated only when each
   * part of `after` (earlier parts of it) answered a row (SessionStore.rotate).
   */
  rotate(request: FastifyRequest, reply: FastifyReply, trx?: Trx | StatementBatch, after?: readonly BatchPart[]): Promise<Session>;
  /**
   * Activity (a draft saved, the keep-alive): extends the request's session by the idle timeout and
   * returns its new expiry, epoch ms; a vanished session is NOT_AUTHORIZED. In `trx` when given
   * (only when joinTransactions).
   */
  keepAlive(request: FastifyRequest, trx?: Trx): Promise<number>;
  /** How long a session lives without activity, ms (settings.client.minSessionDuration). */
  readonly idleTimeoutMs: number;
  /** End the session and clear the cookie. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The CSRF token of a session. */
  csrfToken(session: Session): string;
  /** HMAC with the server secret (also used for authorize captcha values). */
  sign(purpose: string, value: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionHelpers;
  }
  interface FastifyRequest {
    session: Session | null;
    /** The cookie's session id, until the handler of a `sessionReadByHandler` route reads it (`app.sessions.read`). */
    sessionToRead: string | null;
  }
  interface FastifyContextConfig {
    /** POST routes that do not need the CSRF header (none of the API's). */
    skipCsrf?: boolean;
    /**
     * The handler reads the session, and its token is checked then (`app.sessions.read`), so that
     * the read can go with its own: until then `request.session` is null, and a handler that never
     * reads it acts for no session.
     */
    sessionReadByHandler?: boolean;
  }
}

/**
 * The session cookie's name. In production it carries the `__Host-` prefix: browsers then accept
 * it only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page
 * can plant or overwrite it. Every reader of the name (server, tests, benchmarks) asks here.
 */
export function sessionCookieName(environment: Environment): string {
  return environment === 'production' ? '__Host-claims.sid' : 'claims.sid';
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default fp<{ secret: string }>(
  async (app, opts) => {
    const store = app.stores.sessions;
    const sign = (purpose: string, value: string) => createHmac('sha256', opts.secret).update(`${purpose}\n${value}`).digest('base64url');

    // The tokens of the sessions seen last (10,000 at most), by their secret: every POST checks its token, an HMAC.
    const csrfTokenOf = remembered(10_000, (secret) => sign('csrf', secret));
    const cookieName = sessionCookieName(app.environment);
    const production = app.environment === 'production';
    const cookieOptions = (request: FastifyRequest) =>
      ({ httpOnly: true, sameSite: 'lax', secure: production || request.protocol === 'https', path: '/' }) as const;
    const setCookie = (request: FastifyRequest, reply: FastifyReply, id: string) => {
      reply.setCookie(cookieName, id, { ...cookieOptions(request), signed: true });
    };

    const helpers: SessionHelpers = {
      joinTransactions: store.joinsTransactions,
      async ensure(request, reply) {
        if (request.session) return request.session;
        const session = await store.create(emptySessionData());
        request.session = session;
        setCookie(request, reply, session.id);
        return session;
      },
      async read(request, batch) {
        const id = request.sessionToRead;
        request.sessionToRead = null;
        // The session's row a part of the batch where the store can (the database's), else read
        // beside it; the batch runs either way, for the parts its caller added.
        const read = id === null ? null : batch && store.getIn ? store.getIn(id, batch) : store.get(id);
        // The batch's failure is the answer (the read's own, when a part of it, is the same error).
        const [ran] = await Promise.allSettled([batch?.run(), read]);
        if (ran.status === 'rejected') throw ran.reason;
        if (read === null) {
          if (!request.session) throw httpError('NOT_AUTHORIZED');
          return request.session;
        }
        const session = await read;
        const sent = request.headers[CSRF_HEADER.toLowerCase()];
        if (!session || typeof sent !== 'string' || !safeEqual(sent, helpers.csrfToken(session))) throw httpError('CSRF_INVALID');
        request.session = session;
        return session;
      },
      async save(request, trx) {
        const session = request.session;
        if (!session || !(await store.save(session.id, session.data, trx))) throw httpError('NOT_AUTHORIZED');
      },
      async rotate(request, reply, trx, after) {
        const current = request.session;
        if (!current) throw httpError('NOT_AUTHORIZED');
        // A new CSRF secret with the new id: a token read before (by a page or a script that saw
        // the old session) no longer works.
        const next = await store.rotate(current.id, { ...current.data, csrfSecret: newCsrfSecret() }, trx, after);
        if (!next) throw httpError('NOT_AUTHORIZED');
        request.session = next;
        setCookie(request, reply, next.id);
        reply.header(CSRF_HEADER, helpers.csrfToken(next));
        return next;
      },
      async keepAlive(request, trx) {
        const session = request.session;
        if (!session || !(await store.touch(session.id, trx))) throw httpError('NOT_AUTHORIZED');
        session.expiresAt = app.clock() + helpers.idleTimeoutMs;
        return session.expiresAt;
      },
      idleTimeoutMs: app.settlement.settings.client.minSessionDuration * 60_000,
      async destroy(request, reply) {
        if (request.session) await store.destroy(request.session.id);
        request.session = null;
        reply.clearCookie(cookieName, cookieOptions(request));
      },
      csrfToken: (session) => csrfTokenOf(session.data.csrfSecret),
      sign,
    };
    app.decorate('sessions', helpers);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionToRead', null);

    // Decided on the route the router matched, never on the URL as sent (routes/api/route-match.ts).
    // A state-changing route outside the API would need the token too: it fails closed.
    app.addHook('onRequest', async (request) => {
      const changesState = !SAFE_METHODS.has(request.method) && request.routeOptions.url !== undefined;
      if (!changesState && !isApiRoute(request)) return;
      const id = signedCookieValue(request, cookieName);
      const sent = request.headers[CSRF_HEADER.toLowerCase()];
      if (changesState && request.routeOptions.config?.sessionReadByHandler) {
        // Checked against the session when the handler reads it; without either, refused now.
        if (id === null || typeof sent !== 'string') throw httpError('CSRF_INVALID');
        request.sessionToRead = id;
        return;
      }
      if (id !== null) request.session = await store.get(id);
      if (!changesState || request.routeOptions.config?.skipCsrf) return;
      const session = request.session;
      if (!session || typeof sent !== 'string' || !safeEqual(sent, helpers.csrfToken(session))) throw httpError('CSRF_INVALID');
    });
  },
  { name: 'app-session', dependencies: ['app-database', 'app-error-handler', 'app-settlement'] },
);
