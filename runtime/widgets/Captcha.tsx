import { useCallback, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { devError } from '../core/errors';
import type { CaptchaConfig } from '../core/types';
import type { CaptchaHandle } from '../react/types';

/** The provider's browser API as reCAPTCHA defines it (the server's emulator speaks the same). */
export interface GrecaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId?: number): void | Promise<unknown>;
  reset(widgetId?: number): void;
  ready?(callback: () => void): void;
}

export type { CaptchaHandle };

declare global {
  interface Window {
    grecaptcha?: GrecaptchaApi;
  }
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

export interface CaptchaWidgetProps {
  config: CaptchaConfig;
  /** Reports in-progress: true while a challenge runs, false on token or error. */
  onProgress?: (inProgress: boolean) => void;
  ref?: Ref<CaptchaHandle | null>;
}

interface Pending {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * The invisible captcha (spec §4): renders the provider's widget with the site key, executes a
 * challenge on demand and hands back the token. Errors end the challenge (the page tells the
 * claimant) and are handled by code (captchaErrorHandling); expiry resets the widget; a missing or
 * invalid widget id renders it again.
 */
export function CaptchaWidget({ config, onProgress, ref }: CaptchaWidgetProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const widgetIdRef = useRef<number | null>(null);
  const apiRef = useRef<GrecaptchaApi | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;

  const settle = useCallback((outcome: { token: string } | { error: Error }) => {
    const pending = pendingRef.current;
    pendingRef.current = null;
    progressRef.current?.(false);
    if (!pending) return;
    if ('token' in outcome) pending.resolve(outcome.token);
    else pending.reject(outcome.error);
  }, []);

  const renderWidget = useCallback(
    (api: GrecaptchaApi) => {
      const el = containerRef.current;
      if (!el) return null;
      el.replaceChildren();
      const id = api.render(el, {
        sitekey: config.siteKey,
        size: 'invisible',
        callback: (token: string) => settle({ token }),
        'error-callback': (code?: unknown) => {
          settle({ error: devError('CAPTCHA_FETCH_FAILED') });
          switch (captchaErrorHandling(code)) {
            case 'rerender':
              renderWidgetRef.current?.(api);
              return;
            case 'providerRetries':
              return;
            case 'warn':
              console.warn(`The captcha script failed: ${String(code)}`);
              return;
            case 'unknown':
              console.error(`Unknown captcha error: ${String(code)}`);
              safeReset(api, widgetIdRef.current);
              return;
            default:
              safeReset(api, widgetIdRef.current);
          }
        },
        'expired-callback': () => safeReset(api, widgetIdRef.current),
      });
      widgetIdRef.current = id;
      return id;
    },
    [config.siteKey, settle],
  );
  // The error callback renders again through the latest renderWidget (it is defined inside it).
  const renderWidgetRef = useRef<typeof renderWidget | null>(null);
  renderWidgetRef.current = renderWidget;

  const ready = useRef<Promise<GrecaptchaApi> | null>(null);
  useEffect(() => {
    let cancelled = false;
    const p = loadCaptchaScript(config.url)
      .then(() => whenApiReady())
      .then((api) => {
        if (!cancelled) {
          apiRef.current = api;
          renderWidget(api);
        }
        return api;
      });
    p.catch(() => undefined);
    ready.current = p;
    return () => {
      cancelled = true;
    };
  }, [config.url, renderWidget]);

  useImperativeHandle(
    ref,
    () => ({
      async execute() {
        const api = apiRef.current ?? (await ready.current);
        if (!api) throw devError('CAPTCHA_FETCH_FAILED');
        if (widgetIdRef.current === null) renderWidget(api);
        const token = new Promise<string>((resolve, reject) => {
          pendingRef.current = { resolve, reject };
        });
        progressRef.current?.(true);
        try {
          await api.execute(widgetIdRef.current ?? undefined);
        } catch {
          // A missing or invalid widget id: render again and retry once.
          renderWidget(api);
          try {
            await api.execute(widgetIdRef.current ?? undefined);
          } catch (error) {
            settle({ error: error instanceof Error ? error : devError('CAPTCHA_FETCH_FAILED') });
          }
        }
        return token;
      },
      reset() {
        if (pendingRef.current) settle({ error: devError('CAPTCHA_FETCH_FAILED') });
        if (apiRef.current) safeReset(apiRef.current, widgetIdRef.current);
      },
    }),
    [renderWidget, settle],
  );

  return <div ref={containerRef} className={['cf-captcha', config.class].filter(Boolean).join(' ')} data-provider={config.provider} />;
}

function safeReset(api: GrecaptchaApi, id: number | null) {
  try {
    api.reset(id ?? undefined);
  } catch (error) {
    console.warn('The captcha could not be reset', error);
  }
}
