import { devError } from '../core/errors';
import type { CaptchaConfig } from '../core/types';

/**
 * The captcha provider's side of the widget: its script, its invisible widget and the token of a
 * challenge. A chunk of its own, asked for by CaptchaWidget once the claimant is on the page (or by
 * the first challenge): a start page loads neither this code nor the provider's script before.
 */

/** The provider's browser API as reCAPTCHA defines it (the server's emulator speaks the same). */
export interface GrecaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId?: number): void | Promise<unknown>;
  reset(widgetId?: number): void;
  ready?(callback: () => void): void;
}

declare global {
  interface Window {
    grecaptcha?: GrecaptchaApi;
  }
}

/** A rendered widget: a token per challenge, and a reset after each attempt. */
export interface CaptchaChallenge {
  execute(): Promise<string>;
  reset(): void;
}

const scripts = new Map<string, Promise<void>>();

/** Adds the provider's script once per URL; resolves when it has loaded. Script errors only warn. */
export function loadCaptchaScript(url: string, doc: Document = document): Promise<void> {
  const known = scripts.get(url);
  if (known) return known;
  // The provider's API is already on the page (loaded by another widget or by the host page).
  if (doc.defaultView?.grecaptcha) return Promise.resolve();
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(url);
      console.warn(`The captcha script could not be loaded: ${url}`);
      reject(devError('CAPTCHA_FETCH_FAILED'));
    };
    doc.head.appendChild(script);
  });
  scripts.set(url, promise);
  return promise;
}

/** Waits for window.grecaptcha (and its ready callback when it has one). */
function whenApiReady(timeoutMs = 10_000): Promise<GrecaptchaApi> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const api = window.grecaptcha;
      if (api && typeof api.render === 'function') {
        if (api.ready) api.ready(() => resolve(api));
        else resolve(api);
        return;
      }
      if (Date.now() - started > timeoutMs) reject(devError('CAPTCHA_FETCH_FAILED'));
      else setTimeout(poll, 50);
    };
    poll();
  });
}

/**
 * What the widget does on a provider's error code (spec §4; hCaptcha's codes, which the emulator
 * also uses): render the widget again, reset it, leave it to the provider's own retries (network),
 * only warn (the script), or log a code it does not know (and reset). Every error ends the
 * attempt, so that the page tells the claimant and they may try again.
 */
export type CaptchaErrorHandling = 'rerender' | 'reset' | 'providerRetries' | 'warn' | 'unknown';

const ERROR_HANDLING: Readonly<Record<string, CaptchaErrorHandling>> = {
  'missing-captcha': 'rerender',
  'invalid-captcha-id': 'rerender',
  'rate-limited': 'reset',
  'invalid-data': 'reset',
  'challenge-closed': 'reset',
  'challenge-expired': 'reset',
  'challenge-error': 'reset',
  'internal-error': 'reset',
  'network-error': 'providerRetries',
  'script-error': 'warn',
};

/** The handling of an error-callback's argument; reCAPTCHA gives none, and its widget is reset. */
export function captchaErrorHandling(code: unknown): CaptchaErrorHandling {
  if (code === undefined || code === null || code === '') return 'reset';
  return (typeof code === 'string' && Object.hasOwn(ERROR_HANDLING, code) ? ERROR_HANDLING[code] : undefined) ?? 'unknown';
}

interface Pending {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * Loads the provider's script and renders its invisible widget in `container` with the site key
 * (spec §4). Errors end the challenge (the page tells the claimant) and are handled by code
 * (captchaErrorHandling); expiry resets the widget; a missing or invalid widget id renders it again.
 */
export async function renderCaptcha(container: HTMLElement, config: Pick<CaptchaConfig, 'url' | 'siteKey'>): Promise<CaptchaChallenge> {
  await loadCaptchaScript(config.url, container.ownerDocument);
  const api = await whenApiReady();
  let widgetId: number | null = null;
  let pending: Pending | null = null;

  const settle = (outcome: { token: string } | { error: Error }) => {
    const waiting = pending;
    pending = null;
    if (!waiting) return;
    if ('token' in outcome) waiting.resolve(outcome.token);
    else waiting.reject(outcome.error);
  };

  const render = () => {
    container.replaceChildren();
    widgetId = api.render(container, {
      sitekey: config.siteKey,
      size: 'invisible',
      callback: (token: string) => settle({ token }),
      'error-callback': (code?: unknown) => {
        settle({ error: devError('CAPTCHA_FETCH_FAILED') });
        switch (captchaErrorHandling(code)) {
          case 'rerender':
            render();
            return;
          case 'providerRetries':
            return;
          case 'warn':
            console.warn(`The captcha script failed: ${String(code)}`);
            return;
          case 'unknown':
            console.error(`Unknown captcha error: ${String(code)}`);
            safeReset(api, widgetId);
            return;
          default:
            safeReset(api, widgetId);
        }
      },
      'expired-callback': () => safeReset(api, widgetId),
    });
  };
  render();

  return {
    async execute() {
      const token = new Promise<string>((resolve, reject) => {
        pending = { resolve, reject };
      });
      try {
        await api.execute(widgetId ?? undefined);
      } catch {
        // A missing or invalid widget id: render again and retry once.
        render();
        try {
          await api.execute(widgetId ?? undefined);
        } catch (error) {
          settle({ error: error instanceof Error ? error : devError('CAPTCHA_FETCH_FAILED') });
        }
      }
      return token;
    },
    reset() {
      settle({ error: devError('CAPTCHA_FETCH_FAILED') });
      safeReset(api, widgetId);
    },
  };
}

function safeReset(api: GrecaptchaApi, id: number | null) {
  try {
    api.reset(id ?? undefined);
  } catch (error) {
    console.warn('The captcha could not be reset', error);
  }
}
