import { EARLY_CSRF_GLOBAL, STARTUP_ANSWERS_ELEMENT, type StartupAnswers } from '../core/api';
import { devError } from '../core/errors';
import { resolveSiteChrome } from '../core/site/chrome';
import type { AppSettings } from '../core/types';

export type ThemeName = AppSettings['theme'];
export const THEMES: readonly ThemeName[] = ['default', 'ftc', 'kontent'];

/** Defaults of spec §3/§9 for anything the embedded settings leave out. */
const DEFAULTS: AppSettings = {
  analyticsTagId: null,
  analyticsTagId2: null,
  theme: 'default',
  client: { minSessionDuration: 30 },
  captchaEnabled: true,
  redirectOnError: true,
  internationalAddresses: false,
  // The server always embeds the settlement's chrome; without it, the default links to the project site only.
  site: resolveSiteChrome(undefined, new Map()),
};

/** Reads the settings the server embeds in the page (`<script id="app-settings" type="application/json">`). */
export function readAppSettings(doc: Document): AppSettings {
  const el = doc.getElementById('app-settings');
  const raw = el?.textContent?.trim();
  const parsed = raw ? (JSON.parse(raw) as Partial<AppSettings>) : {};
  return {
    ...DEFAULTS,
    ...parsed,
    client: { ...DEFAULTS.client, ...(parsed.client ?? {}) },
  };
}

/** Spec §1: an unknown theme stops the app. */
export function assertTheme(theme: unknown): asserts theme is ThemeName {
  const known: readonly string[] = THEMES;
  if (typeof theme !== 'string' || !known.includes(theme)) {
    throw devError('UNKNOWN_THEME', String(theme));
  }
}

/**
 * Resolves once the document's parse has ended. The app's script is async (the app shell): it may
 * run while the page is still parsed, before the elements that follow it (the startup answers).
 */
export function documentParsed(doc: Pick<Document, 'readyState' | 'addEventListener'>): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/**
 * The startup answers the server embeds in the page (`<script id="app-bootstrap" type="application/json">`):
 * the bodies of the startup GETs keyed by address. Empty when the page has none or they do not
 * parse; the calls then go to the network.
 */
export function readStartupAnswers(doc: Document): StartupAnswers {
  const raw = doc.getElementById(STARTUP_ANSWERS_ELEMENT)?.textContent?.trim();
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/**
 * The page's early GET /api/csrf (kept under EARLY_CSRF_GLOBAL by the app shell), taken once: the
 * global is removed, so a later start (or a later getCsrf) asks the network. Undefined when the
 * page started none.
 */
export function takeEarlyCsrf(doc: Document): Promise<Response | null> | undefined {
  const win = doc.defaultView as (Window & Record<string, unknown>) | null;
  const pending = win?.[EARLY_CSRF_GLOBAL];
  if (win) delete win[EARLY_CSRF_GLOBAL];
  return typeof (pending as PromiseLike<unknown> | undefined)?.then === 'function' ? Promise.resolve(pending as PromiseLike<Response | null>) : undefined;
}
