import type { Culture } from '../types';
import { clearNavigation } from './state';
import type { NavigationState } from './types';

/** The special exits of spec §2/§4 and their routes. */
export const EXIT_ROUTES = {
  notFound: '/page-not-found',
  error: '/error',
  sessionExpired: '/session-expired',
} as const;

export type ExitKind = keyof typeof EXIT_ROUTES;

/**
 * Leaves the form for a special page: the form state is cleared and the route returned.
 * The session-expired route carries the active form and the culture (spec §2).
 */
export function specialExit(
  state: NavigationState,
  kind: ExitKind,
  options: { culture?: Culture | null } = {},
): { state: NavigationState; path: string } {
  let path: string = EXIT_ROUTES[kind];
  if (kind === 'sessionExpired') {
    const query = new URLSearchParams();
    if (state.activeForm) query.set('form', state.activeForm);
    if (options.culture) query.set('culture', options.culture);
    const text = query.toString();
    if (text) path += `?${text}`;
  } else if (options.culture) {
    path += `?${new URLSearchParams({ culture: options.culture }).toString()}`;
  }
  return { state: clearNavigation(state), path };
}
