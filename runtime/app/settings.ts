import { devError } from '../core/errors';
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
  if (typeof theme !== 'string' || !(THEMES as readonly string[]).includes(theme)) {
    throw devError('UNKNOWN_THEME', String(theme));
  }
}
