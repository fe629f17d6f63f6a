/**
 * Security headers on every response, error responses included (set in onRequest): a CSP that
 * allows only the app's own origin, the configured captcha origin, the analytics tag's hosts when
 * settings.json names a tag, and, by hash, the page's one inline script (the app shell's early
 * anti-forgery token request).
 *
 * helmet's middleware is built once here; @fastify/helmet builds a new one (and parses the CSP
 * again) on every request.
 */
import helmet from 'helmet';
import fp from 'fastify-plugin';

export interface HelmetOptions {
  /** Origin of the captcha provider's script and siteverify-free browser calls, e.g. https://www.google.com. */
  captchaOrigins: string[];
  /** Send HSTS (behind https in production). */
  hsts: boolean;
  /** CSP sources ('sha256-…') of the inline scripts the pages carry; none other may run. */
  inlineScriptHashes?: string[];
  /** Further origins of scripts, connections and images (the analytics tag's, when one is configured). */
  extraSources?: { scriptSrc?: readonly string[]; connectSrc?: readonly string[]; imgSrc?: readonly string[] };
}

export default fp<HelmetOptions>(
  async (app, opts) => {
    const captcha = opts.captchaOrigins;
    const extra = opts.extraSources ?? {};
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(opts.inlineScriptHashes ?? []), ...captcha, ...(extra.scriptSrc ?? [])],
          // Inline style attributes (React, the captcha widgets); inline scripts only by hash.
          styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
          imgSrc: ["'self'", 'data:', ...captcha, ...(extra.imgSrc ?? [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...captcha, ...(extra.connectSrc ?? [])],
          frameSrc: captcha.length ? captcha : ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: opts.hsts ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error === undefined || error instanceof Error ? error : new Error(String(error))));
    });
  },
  { name: 'external-helmet' },
);
