import type { NavigationState } from './types';

/** The state before any form is initialized. */
export function emptyNavigation(): NavigationState {
  return { currentPage: null, nodes: [], activeForm: null, initialized: false, isNavigating: false };
}

/** Resets page, nodes, active form and initialized flag (spec §4). */
export function clearNavigation(state: NavigationState): NavigationState {
  return { ...state, currentPage: null, nodes: [], activeForm: null, initialized: false };
}
