import { devError } from '../errors';
import type { FormType } from '../types';
import { formFactories, type FormFactoryRegistry } from './registry';
import type { NavigationState, PageNode, SkipPredicate } from './types';

/**
 * Initializes a form once (spec §4): sets the active form, builds its nodes with the factory
 * registered for the form type and shows the first page.
 */
export function initNavigation(
  state: NavigationState,
  formType: FormType,
  registry: FormFactoryRegistry = formFactories,
): NavigationState {
  if (state.initialized) throw devError('ALREADY_INITIALIZED', state.activeForm ?? formType);
  const nodes = registry.get(formType)();
  const first = nodes.find((n) => n.inFlow) ?? nodes[0];
  return { ...state, activeForm: formType, nodes, currentPage: first?.id ?? null, initialized: true };
}

/** The node of a page id, or undefined. */
export function nodeById(state: NavigationState, pageId: string | null): PageNode | undefined {
  return pageId === null ? undefined : state.nodes.find((n) => n.id === pageId);
}

/** The node of the page shown. */
export function currentNode(state: NavigationState): PageNode | undefined {
  return nodeById(state, state.currentPage);
}

function follow(state: NavigationState, isSkipped: SkipPredicate, link: 'next' | 'back'): string | null {
  if (state.isNavigating) throw devError('NAVIGATING_WHILE_NAVIGATING');
  const seen = new Set<string>();
  let target = currentNode(state)?.[link] ?? null;
  while (target !== null && isSkipped(target) && !seen.has(target)) {
    seen.add(target);
    target = nodeById(state, target)?.[link] ?? null;
  }
  return target;
}

/** Id of the next page that is not skipped, or null past the last page. Refused while navigating. */
export function nextTarget(state: NavigationState, isSkipped: SkipPredicate = () => false): string | null {
  return follow(state, isSkipped, 'next');
}

/** Id of the previous page that is not skipped, or null before the first page. Refused while navigating. */
export function backTarget(state: NavigationState, isSkipped: SkipPredicate = () => false): string | null {
  return follow(state, isSkipped, 'back');
}

function pathname(path: string): string {
  const cut = path.search(/[?#]/);
  return cut < 0 ? path : path.slice(0, cut);
}

/**
 * The one node whose path or alias equals the given path (query and hash ignored).
 * No match and several matches are errors (spec §2).
 */
export function nodeForPath(state: NavigationState, path: string): PageNode {
  if (!state.initialized) throw devError('NODES_NOT_INITIALIZED');
  const wanted = pathname(path);
  const matches = state.nodes.filter((n) => n.path === wanted || n.aliases.includes(wanted));
  if (matches.length === 0) throw devError('NO_NODE_FOR_PATH', wanted);
  if (matches.length > 1) throw devError('SEVERAL_NODES_FOR_PATH', wanted);
  return matches[0] as PageNode;
}

/** Shows the page with the given id; an unknown id is an error. */
export function goTo(state: NavigationState, pageId: string): NavigationState {
  if (!nodeById(state, pageId)) throw devError('NO_NODE_FOR_PATH', pageId);
  return { ...state, currentPage: pageId };
}

/** Marks a route change in progress; next and back are refused until endNavigation. */
export function beginNavigation(state: NavigationState): NavigationState {
  if (state.isNavigating) throw devError('NAVIGATING_WHILE_NAVIGATING');
  return { ...state, isNavigating: true };
}

export function endNavigation(state: NavigationState): NavigationState {
  return { ...state, isNavigating: false };
}
