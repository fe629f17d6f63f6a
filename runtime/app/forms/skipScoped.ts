import { scopeFromStore, skipPredicate, type NavigationState, type SkipPredicate } from '../../core/navigation';
import type { FlowFile } from '../../core/types';
import type { FormSnapshot } from './formActor';

/**
 * The selectors that compute a value of the skip rules again only when the navigation or a model
 * they read changed (machine/selectors.ts skipScopedSelector), loaded in idle time: no start page
 * needs them. Until they are in, every change of the answers computes the value.
 */
let scopedSelector: typeof import('../../machine/selectors').skipScopedSelector | null = null;

export function loadSkipSelectors(): Promise<void> {
  return import('../../machine/selectors').then((m) => {
    scopedSelector = m.skipScopedSelector;
  });
}

/** A selector of the form's snapshot for a value of the navigation and the skip rules (the steps, a page's Back target). */
export function skipScopedSelect<T>(flow: FlowFile, compute: (navigation: NavigationState, isSkipped: SkipPredicate) => T): (s: FormSnapshot) => T {
  let selector: ((context: FormSnapshot['context']) => T) | null = null;
  return (s) => {
    selector ??= scopedSelector?.(flow, compute) ?? null;
    return selector ? selector(s.context) : compute(s.context.navigation, skipPredicate(flow, scopeFromStore(s.context.store)));
  };
}
