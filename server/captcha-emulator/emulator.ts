/**
 * A local emulator of an invisible captcha provider, for development and tests — never for
 * production. It listens on 127.0.0.1 and serves:
 *
 *   GET  /recaptcha/api.js, /hcaptcha/api.js, /turnstile/api.js   the provider's browser JS API
 *                                                                 (query `onload=` like the real ones)
 *   POST /token        {sitekey, hostname} -> {token, expiresIn}  what the script's execute() calls
 *   POST /siteverify   form-encoded secret, response, remoteip   the siteverify protocol:
 *                      -> {success, challenge_ts, hostname, 'error-codes'}; a token succeeds once.
 *
 * Special site keys and tokens (see server/captcha-emulator/README.md) force failures in tests.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { propertyOf } from '../../runtime/core/guards.js';
import { browserScript, type EmulatedProvider } from './browser-script.js';

export const EMULATOR_DEFAULT_SECRET = 'emulator-secret';
export const EMULATOR_TOKEN_TTL_SECONDS = 120;

/** Site keys whose tokens the browser obtains but siteverify refuses, or the script never gets. */
export const EMULATOR_SITE_KEYS = {
  /** Tokens are issued, siteverify answers success:false ('invalid-input-response'). */
  failVerify: 'emulator-fail-site-key',
  /** POST /token answers 500: the script calls error-callback('internal-error'). */
  failExecute: 'emulator-error-site-key',
  /** siteverify answers success with a score of 0.1, as a scoring provider (reCAPTCHA v3) does for a likely bot. */
  lowScore: 'emulator-low-score-site-key',
} as const;

/** Response tokens with a fixed siteverify behaviour (they need not be issued first). */
export const EMULATOR_TOKENS = {
  /** siteverify never answers (the caller's timeout must fire). */
  hang: 'emulator-token-hang',
  /** siteverify answers 200 with an HTML page. */
  nonJson: 'emulator-token-non-json',
  /** siteverify answers 500. */
  serverError: 'emulator-token-server-error',
  /** siteverify answers success:true with hostname 'elsewhere.example'. */
  wrongHostname: 'emulator-token-wrong-hostname',
} as const;

export interface CaptchaEmulatorOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The secret siteverify accepts. */
  secret?: string;
  /** Epoch ms; tokens expire EMULATOR_TOKEN_TTL_SECONDS after issue. */
  clock?: () => number;
}

export interface CaptchaEmulator {
  /** http://127.0.0.1:PORT */
  origin: string;
  secret: string;
  scriptUrl(provider: EmulatedProvider): string;
  verifyUrl: string;
  /** Mint a token as the browser script would (tests). */
  issueToken(sitekey: string, hostname: string): string;
  /** How many siteverify calls were answered (tests). */
  verifyCount(): number;
  /** The last requests served, as "METHOD /path", oldest first (tests: what the browser sent). */
  requests(): string[];
  close(): Promise<void>;
}

interface IssuedToken {
  sitekey: string;
  hostname: string;
  issuedAt: number;
  used: boolean;
}

const MAX_BODY = 16 * 1024;
/** Requests remembered for `requests()`: enough for a test's walk, bounded for a long-running dev server. */
const REQUESTS_KEPT = 500;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-max-age': '600',
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

const SCRIPT_PATHS: Record<string, EmulatedProvider> = {
  '/recaptcha/api.js': 'recaptcha',
  '/hcaptcha/api.js': 'hcaptcha',
  '/turnstile/api.js': 'turnstile',
};

export async function startCaptchaEmulator(options: CaptchaEmulatorOptions = {}): Promise<CaptchaEmulator> {
  const secret = options.secret ?? EMULATOR_DEFAULT_SECRET;
  const clock = options.clock ?? Date.now;
  const tokens = new Map<string, IssuedToken>();
  let verifications = 0;
  let origin = '';
  const hanging = new Set<ServerResponse>();

  const issueToken = (sitekey: string, hostname: string): string => {
    const token = `emu_${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { sitekey, hostname, issuedAt: clock(), used: false });
    return token;
  };

  function siteverify(form: URLSearchParams, res: ServerResponse): void {
    const response = form.get('response') ?? '';
    const now = new Date(clock()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (response === EMULATOR_TOKENS.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    verifications++;
    if (response === EMULATOR_TOKENS.nonJson) return send(res, 200, 'text/html', '<html><body>Service unavailable</body></html>');
    if (response === EMULATOR_TOKENS.serverError) return json(res, 500, { error: 'internal' });
    const fail = (codes: string[]) => json(res, 200, { success: false, 'error-codes': codes });
    if (!form.get('secret')) return fail(['missing-input-secret']);
    if (form.get('secret') !== secret) return fail(['invalid-input-secret']);
    if (!response) return fail(['missing-input-response']);
    if (response === EMULATOR_TOKENS.wrongHostname) {
      return json(res, 200, { success: true, challenge_ts: now, hostname: 'elsewhere.example', 'error-codes': [] });
    }
    const issued = tokens.get(response);
    if (!issued) return fail(['invalid-input-response']);
    if (issued.used || clock() - issued.issuedAt > EMULATOR_TOKEN_TTL_SECONDS * 1000) return fail(['timeout-or-duplicate']);
    issued.used = true;
    if (issued.sitekey === EMULATOR_SITE_KEYS.failVerify) return fail(['invalid-input-response']);
    return json(res, 200, {
      success: true,
      challenge_ts: new Date(issued.issuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      hostname: issued.hostname,
      'error-codes': [],
      ...(issued.sitekey === EMULATOR_SITE_KEYS.lowScore ? { score: 0.1 } : {}),
    });
  }

  const served: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
    served.push(`${req.method ?? '?'} ${url.pathname}`);
    if (served.length > REQUESTS_KEPT) served.shift();
    const handle = async () => {
      if (req.method === 'OPTIONS') return send(res, 204, 'text/plain', '');
      const provider = SCRIPT_PATHS[url.pathname];
      if (req.method === 'GET' && provider) {
        return send(res, 200, 'text/javascript; charset=utf-8', browserScript(origin, provider, url.searchParams.get('onload')));
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        let body: unknown;
        try {
          body = JSON.parse(await readBody(req));
        } catch {
          return json(res, 400, { error: 'invalid-data' });
        }
        const sitekey = propertyOf(body, 'sitekey');
        const requestedHostname = propertyOf(body, 'hostname');
        if (typeof sitekey !== 'string' || !sitekey) return json(res, 400, { error: 'invalid-data' });
        if (sitekey === EMULATOR_SITE_KEYS.failExecute) return json(res, 500, { error: 'internal-error' });
        const hostname = typeof requestedHostname === 'string' && requestedHostname ? requestedHostname : 'localhost';
        return json(res, 200, { token: issueToken(sitekey, hostname), expiresIn: EMULATOR_TOKEN_TTL_SECONDS });
      }
      if (req.method === 'POST' && url.pathname === '/siteverify') {
        return siteverify(new URLSearchParams(await readBody(req)), res);
      }
      if (req.method === 'GET' && url.pathname === '/') {
        return send(res, 200, 'text/plain; charset=utf-8', 'Captcha emulator for development and tests. Not for production.\n');
      }
      return json(res, 404, { error: 'not found' });
    };
    handle().catch(() => json(res, 400, { error: 'bad request' }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The captcha emulator is not listening on a TCP port.');
  origin = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    origin,
    secret,
    scriptUrl: (provider) => `${origin}/${provider}/api.js`,
    verifyUrl: `${origin}/siteverify`,
    issueToken,
    verifyCount: () => verifications,
    requests: () => [...served],
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
