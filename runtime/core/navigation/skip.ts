import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import type { FieldValue, FlowFile, ModelStoreState, PageConfig } from '../types';
import type { NavigationState, SkipPredicate } from './types';

/** true when the page's skipWhen holds on the given answers; pages without one are never skipped. */
export function isPageSkipped(page: PageConfig, scope: ConditionScope): boolean {
  return page.skipWhen !== undefined && evaluateCondition(page.skipWhen, scope);
}

/**
 * The single-instance models of a store by camel-cased dtoMapping, the scope skip rules read.
 * A saved model wins over a draft; a mapping with several saved models is a record list and is left out.
 */
export function scopeFromStore(store: ModelStoreState): ConditionScope {
  const models: Record<string, Record<string, FieldValue>> = {};
  for (const list of [store.drafts, store.saved]) {
    const byMapping = new Map<string, number>();
    for (const m of list) byMapping.set(m.metadata.dtoMapping, (byMapping.get(m.metadata.dtoMapping) ?? 0) + 1);
    for (const m of list) {
      if (byMapping.get(m.metadata.dtoMapping) === 1) models[m.metadata.dtoMapping] = m.fields;
    }
  }
  return { models };
}

/** A skip predicate over a flow's pages for the given scope. */
export function skipPredicate(flow: FlowFile, scope: ConditionScope): SkipPredicate {
  const pages = new Map(flow.pages.map((p) => [p.id, p]));
  return (pageId) => {
    const page = pages.get(pageId);
    return page !== undefined && isPageSkipped(page, scope);
  };
}

/**
 * 'Step n of m': m counts the in-flow pages that are not skipped, n is the current page's place
 * among them (0 when the current page is not one of them).
 */
export function progress(state: NavigationState, isSkipped: SkipPredicate = () => false): { step: number; total: number } {
  const counted = state.nodes.filter((n) => n.inFlow && !isSkipped(n.id));
  const at = counted.findIndex((n) => n.id === state.currentPage);
  return { step: at + 1, total: counted.length };
}
