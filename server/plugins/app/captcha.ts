/**
 * Captcha, server side: `app.captcha.verify(token, request)` checks a provider token with the
 * provider's siteverify protocol over HTTP (POST form-encoded secret, response, remoteip → JSON
 * {success, hostname, …}); failures, timeouts, non-2xx and non-JSON replies fail closed, and a
 * token is accepted once across all instances. `issueRaw` / `consumeRaw` handle the value
 * authorize returns (`captcha`), which the browser sends back as `captchaRawValue` on submit:
 * HMAC-signed, bound to the session, single use.
 *
 * "Always on outside development; in development a setting that defaults to on"
 * (settings.json captchaEnabled, honoured only when NODE_ENV is development).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { randomText } from '../../random-text.js';
import { isRecord, propertyOf } from '../../../runtime/core/guards.js';
import type { CaptchaConfig, FormType } from '../../../runtime/core/types.js';
import { EMULATOR_DEFAULT_SECRET } from '../../captcha-emulator/emulator.js';
import { ConfigError, type Environment } from '../../config.js';
import { httpError } from '../../errors.js';
import type { CaptchaFile } from '../../settlement/load.js';
import type { StatementBatch, Trx } from '../../db/types.js';

const PROVIDERS = {
  recaptcha: {
    url: 'https://www.google.com/recaptcha/api.js',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    extraOrigins: ['https://www.gstatic.com', 'https://www.recaptcha.net'],
  },
  hcaptcha: {
    url: 'https://js.hcaptcha.com/1/api.js',
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    extraOrigins: ['https://hcaptcha.com', 'https://newassets.hcaptcha.com', 'https://api.hcaptcha.com'],
  },
  turnstile: {
    url: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    extraOrigins: [],
  },
} as const;

/** How the settlement's captcha.json resolves in this environment. */
export interface ResolvedCaptcha {
  enabled: boolean;
  emulator: boolean;
  publicConfig: CaptchaConfig;
  verifyUrl: string;
  secret: string;
  hostnames: string[] | null;
  timeoutMs: number;
  /** Origins the CSP must allow. */
  origins: string[];
}

export interface CaptchaOverrides {
  /** Origin of a running captcha emulator (http://127.0.0.1:PORT); required when captcha.json says emulator. */
  emulatorOrigin?: string;
  /** Replaces the siteverify URL. */
  verifyUrl?: string;
  /** Replaces the secret (CAPTCHA_SECRET). */
  secret?: string;
  /** siteverify timeout, ms. */
  timeoutMs?: number;
}

export function resolveCaptcha(
  file: CaptchaFile,
  settingsEnabled: boolean,
  environment: Environment,
  overrides: CaptchaOverrides = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedCaptcha {
  const enabled = environment === 'development' ? settingsEnabled : true;
  let url: string;
  let verifyUrl: string;
  let secret: string | undefined;
  let origins: string[];
  if (file.emulator) {
    if (environment === 'production') {
      throw new ConfigError('captcha.json uses the captcha emulator, which is for development and tests only: configure a real provider for NODE_ENV=production');
    }
    if (!overrides.emulatorOrigin) throw new ConfigError('captcha.json uses the captcha emulator but none is running (start it, or pass its origin)');
    url = `${overrides.emulatorOrigin}/${file.provider}/api.js`;
    verifyUrl = `${overrides.emulatorOrigin}/siteverify`;
    secret = overrides.secret ?? file.secret ?? EMULATOR_DEFAULT_SECRET;
    origins = [overrides.emulatorOrigin];
  } else {
    const defaults = PROVIDERS[file.provider];
    url = file.url ?? defaults.url;
    verifyUrl = file.verifyUrl ?? defaults.verifyUrl;
    secret = overrides.secret ?? (file.secretEnv ? env[file.secretEnv] : undefined) ?? file.secret;
    origins = [new URL(url).origin, ...defaults.extraOrigins];
    if (!secret && enabled) throw new ConfigError('No captcha secret: set CAPTCHA_SECRET (or the variable named by captcha.json secretEnv)');
  }
  if (overrides.verifyUrl) verifyUrl = overrides.verifyUrl;
  return {
    enabled,
    emulator: file.emulator === true,
    publicConfig: { provider: file.provider, siteKey: file.siteKey, url, class: file.class },
    verifyUrl,
    secret: secret ?? '',
    hostnames: file.hostnames ?? null,
    timeoutMs: overrides.timeoutMs ?? file.timeoutMs ?? 5000,
    origins: [...new Set(origins)],
  };
}

/** A provider token that passed siteverify and is yet to be recorded as used (`markUsed`). */
export interface CaptchaUse {
  readonly hash: string;
  readonly expiresAt: number;
  /** The provider's score (0 likely a bot … 1 likely a person), from providers that give one (reCAPTCHA v3, hCaptcha Enterprise). */
  readonly score?: number;
}

export interface CaptchaService {
  readonly enabled: boolean;
  readonly publicConfig: CaptchaConfig;
  /** Verify a fresh provider token and record it as used; throws CAPTCHA_REQUIRED / CAPTCHA_FAILED. No-op when disabled. */
  verify(token: string | null | undefined, request: FastifyRequest): Promise<void>;
  /**
   * The siteverify half of `verify`: throws as `verify` does, and returns the token to record with
   * `markUsed` in the caller's transaction (null when the captcha is disabled). Nothing the request
   * did may be answered before that record is written, or else the token could serve twice.
   */
  check(token: string | null | undefined, request: FastifyRequest): Promise<CaptchaUse | null>;
  /** Record a checked token as used (in `trx` when given); CAPTCHA_FAILED when it already was. */
  markUsed(use: CaptchaUse, request: FastifyRequest, trx?: Trx | StatementBatch): Promise<void>;
  /**
   * A refused request still spends its token: record it outside any transaction, and answer
   * CAPTCHA_FAILED instead of `error` when the token had been used already.
   */
  spendOnRefusal(use: CaptchaUse | null, request: FastifyRequest, error: unknown): Promise<never>;
  /**
   * A signed, session-bound value for the submit's captchaRawValue, recorded as issued (in `trx`
   * when given); the caller saves the session.
   */
  issueRaw(request: FastifyRequest, formType: FormType, trx?: Trx | StatementBatch): Promise<string>;
  /**
   * Accept a captchaRawValue once (in `trx` when given), recording the submission that used it:
   * the same value is accepted again only for that submission (`submissionKey`), on any instance,
   * so a retried submit gets its reference code back. The session is not written.
   */
  consumeRaw(request: FastifyRequest, formType: FormType, value: string | null | undefined, submissionKey: string, trx?: Trx | StatementBatch): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const RAW_TTL_MS = 12 * 60 * 60 * 1000;
const TOKEN_MEMORY_MS = 60 * 60 * 1000;

/** Largest siteverify answer read; the protocol's are a few hundred bytes. */
const MAX_REPLY_BYTES = 64 * 1024;

/** Kept-alive connections to the provider: siteverify is on every authorize and submit. */
const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

interface FormReply {
  status: number;
  contentType: string;
  body: string;
}

/** Why a request over a kept-alive connection failed before any answer came back. */
class StaleConnectionError extends Error {}

/**
 * POST a form to siteverify and read its answer (node:http rather than fetch: a fraction of the
 * CPU per call). Rejects on a network error, the timeout, or an answer over MAX_REPLY_BYTES;
 * redirects are not followed. A kept-alive connection the provider closed while it sat idle fails
 * the request it was reused for before anything is answered; that request is sent once more on a
 * new connection, within the same deadline.
 */
async function postForm(url: URL, form: URLSearchParams, timeoutMs: number): Promise<FormReply> {
  const body = form.toString();
  // A timer cleared on the answer: AbortSignal.timeout's would still fire after it, on every call.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException(`siteverify did not answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  try {
    return await postOnce(url, body, deadline.signal);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return await postOnce(url, body, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

function postOnce(url: URL, body: string, signal: AbortSignal): Promise<FormReply> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = send(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'content-length': Buffer.byteLength(body) },
        signal,
      },
      (res: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) req.destroy(new Error('siteverify answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && !answered && !signal.aborted && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleConnectionError(error.message, { cause: error }) : error);
    });
    req.end(body);
  });
}

export default fp<{ resolved: ResolvedCaptcha }>(
  async (app, { resolved }) => {
    const tokens = app.stores.tokens;
    const verifyUrl = new URL(resolved.verifyUrl);

    const fail = (request: FastifyRequest, reason: string): never => {
      request.log.warn({ reason }, 'captcha refused');
      throw httpError('CAPTCHA_FAILED');
    };

    const service: CaptchaService = {
      enabled: resolved.enabled,
      publicConfig: resolved.publicConfig,

      async check(token, request) {
        if (!resolved.enabled) return null;
        if (typeof token !== 'string' || token.trim() === '') throw httpError('CAPTCHA_REQUIRED');
        if (token.length > 4096) fail(request, 'token too long');
        let reply: unknown;
        try {
          const res = await postForm(verifyUrl, new URLSearchParams({ secret: resolved.secret, response: token, remoteip: request.ip }), resolved.timeoutMs);
          if (res.status < 200 || res.status > 299) return fail(request, `siteverify answered ${res.status}`);
          if (!res.contentType.includes('json')) return fail(request, 'siteverify answered non-JSON');
          reply = JSON.parse(res.body);
        } catch (err) {
          if (propertyOf(err, 'statusCode')) throw err;
          return fail(request, `siteverify unreachable or unreadable: ${String(propertyOf(err, 'code') ?? propertyOf(err, 'name'))}`);
        }
        if (!isRecord(reply) || reply.success !== true) {
          return fail(request, `siteverify: ${JSON.stringify(propertyOf(reply, 'error-codes') ?? 'no success')}`);
        }
        const expected = resolved.hostnames ?? [request.hostname.replace(/:\d+$/, '')];
        if (typeof reply.hostname !== 'string' || !expected.includes(reply.hostname)) return fail(request, 'hostname mismatch');
        const score = typeof reply.score === 'number' && Number.isFinite(reply.score) ? { score: reply.score } : {};
        return { hash: `captcha:${sha256(token)}`, expiresAt: app.clock() + TOKEN_MEMORY_MS, ...score };
      },

      async markUsed(use, request, trx) {
        if (!(await tokens.markUsed(use.hash, use.expiresAt, trx))) fail(request, 'token reused');
      },

      async verify(token, request) {
        const use = await service.check(token, request);
        if (use) await service.markUsed(use, request);
      },

      async spendOnRefusal(use, request, error) {
        if (use && propertyOf(error, 'code') !== 'CAPTCHA_FAILED') {
          let fresh: boolean;
          try {
            fresh = await tokens.markUsed(use.hash, use.expiresAt);
          } catch {
            throw error;
          }
          if (!fresh) fail(request, 'token reused');
        }
        throw error;
      },

      async issueRaw(request, formType, trx) {
        const session = request.session;
        if (!session) throw httpError('NOT_AUTHORIZED');
        const expiresAt = app.clock() + RAW_TTL_MS;
        const body = Buffer.from(JSON.stringify({ f: formType, n: randomText(16), x: expiresAt })).toString('base64url');
        // Bound to the session by its hash in the session's captchaRaw list (checked on consume), not
        // by the CSRF secret: that one is renewed when authorize rotates the session.
        const value = `${body}.${app.sessions.sign('captcha-raw', body)}`;
        const hash = sha256(value);
        // The last eight are kept: as many as the tabs whose sign-ins a session keeps (server/claims/session-authorizations.ts).
        session.data.captchaRaw[formType] = [...(session.data.captchaRaw[formType] ?? []).slice(-7), hash];
        await tokens.issue(`captchaRaw:${hash}`, expiresAt, trx);
        return value;
      },

      async consumeRaw(request, formType, value, submissionKey, trx) {
        const session = request.session;
        if (!session || typeof value !== 'string' || value.length > 1024) throw httpError('CAPTCHA_RAW_INVALID');
        const [body, signature] = value.split('.');
        if (!body || !signature) throw httpError('CAPTCHA_RAW_INVALID');
        const expected = Buffer.from(app.sessions.sign('captcha-raw', body));
        const given = Buffer.from(signature);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw httpError('CAPTCHA_RAW_INVALID');
        let claims: unknown;
        try {
          claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        } catch {
          throw httpError('CAPTCHA_RAW_INVALID');
        }
        const expiresAt = propertyOf(claims, 'x');
        if (propertyOf(claims, 'f') !== formType || typeof expiresAt !== 'number' || expiresAt < app.clock()) throw httpError('CAPTCHA_RAW_INVALID');
        const hash = sha256(value);
        if (!(session.data.captchaRaw[formType] ?? []).includes(hash)) throw httpError('CAPTCHA_RAW_INVALID');
        // Once, or again by the same submission (a retry whose first answer was lost).
        if (!(await tokens.consume(`captchaRaw:${hash}`, trx, submissionKey))) throw httpError('CAPTCHA_RAW_INVALID');
      },
    };
    app.decorate('captcha', service);
  },
  { name: 'app-captcha', dependencies: ['app-database', 'app-session'] },
);
