/**
 * Security headers on every response, error responses included (helmet runs in onRequest):
 * a CSP that allows only the app's own origin and the configured captcha origin.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface HelmetOptions {
  /** Origin of the captcha provider's script and siteverify-free browser calls, e.g. https://www.google.com. */
  captchaOrigins: string[];
  /** Send HSTS (behind https in production). */
  hsts: boolean;
}

export default fp<HelmetOptions>(
  async (app, opts) => {
    const captcha = opts.captchaOrigins;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...captcha],
          // Inline style attributes (React, the captcha widgets); no inline scripts.
          styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
          imgSrc: ["'self'", 'data:', ...captcha],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...captcha],
          frameSrc: captcha.length ? captcha : ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      hsts: opts.hsts ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'same-origin' },
    });
  },
  { name: 'external-helmet' },
);
