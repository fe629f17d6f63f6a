import type { Culture, FormType } from '../types';
import { clearNavigation } from './state';
import type { NavigationState } from './types';

/** The special exits of spec §2/§4 and their routes. */
export const EXIT_ROUTES = {
  notFound: '/page-not-found',
  error: '/error',
  sessionExpired: '/session-expired',
} as const;

export type ExitKind = keyof typeof EXIT_ROUTES;

/** The route of a special exit; the session-expired route carries the form type and the culture (spec §2). */
export function exitPath(kind: ExitKind, options: { formType?: FormType | null; culture?: Culture | null } = {}): string {
  const query = new URLSearchParams();
  if (kind === 'sessionExpired' && options.formType) query.set('form', options.formType);
  if (options.culture) query.set('culture', options.culture);
  const text = query.toString();
  return text ? `${EXIT_ROUTES[kind]}?${text}` : EXIT_ROUTES[kind];
}

/** Leaves the form for a special page: the form state is cleared and the route returned. */
export function specialExit(
  state: NavigationState,
  kind: ExitKind,
  options: { culture?: Culture | null } = {},
): { state: NavigationState; path: string } {
  return { state: clearNavigation(state), path: exitPath(kind, { formType: state.activeForm, culture: options.culture ?? null }) };
}
