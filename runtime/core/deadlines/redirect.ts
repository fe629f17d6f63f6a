import type { Culture, DeadlineKey, DeadlineSettings } from '../types';
import { deadlinePassed } from './instant';

/** The in-app deadline-passed page. */
export const DEADLINE_PATH = '/deadline';

export type DeadlineRedirect = { kind: 'none' } | { kind: 'inApp'; to: typeof DEADLINE_PATH } | { kind: 'external'; url: string };

/**
 * Route guard step 2 (spec §2). For each deadline key of the route in order: if settings exist and
 * now is later than that deadline, redirect. The target is the per-deadline redirect for the
 * culture, else its default, else the global deadline's default redirect, else /deadline.
 * /deadline is an in-app redirect (the caller does nothing when already there); any other target
 * sends the whole browser there.
 */
export function resolveDeadlineRedirect(
  routeDeadlineKeys: readonly DeadlineKey[],
  settings: DeadlineSettings | null | undefined,
  now: Date,
  culture: Culture,
): DeadlineRedirect {
  if (!settings) return { kind: 'none' };
  for (const key of routeDeadlineKeys) {
    const setting = settings[key];
    if (!setting || !deadlinePassed(setting, now)) continue;
    const target =
      setting.redirectUrls[culture] || setting.redirectUrls.default || settings.globalDeadline?.redirectUrls.default || DEADLINE_PATH;
    return target === DEADLINE_PATH ? { kind: 'inApp', to: DEADLINE_PATH } : { kind: 'external', url: target };
  }
  return { kind: 'none' };
}
