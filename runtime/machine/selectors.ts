import { progress, scopeFromStore, skipPredicate, type NavigationState, type SkipPredicate } from '../core/navigation';
import type { FlowFile, FormModel, ModelStoreState, PageConfig } from '../core/types';
import { conditionReads } from '../core/view/field-reads';
import type { FormMachineContext } from './types';

/** The page config shown, from the machine's context. */
export function currentPageOf(flow: FlowFile, context: FormMachineContext): PageConfig | undefined {
  return flow.pages.find((p) => p.id === context.navigation.currentPage);
}

/** 'Step n of m' on the current answers (skipped pages not counted). */
export function progressOf(flow: FlowFile, context: FormMachineContext): { step: number; total: number } {
  return progress(context.navigation, skipPredicate(flow, scopeFromStore(context.store)));
}

const skipReadsOf = new WeakMap<FlowFile, ReadonlySet<string>>();

/** The models (camel-cased dtoMappings) the flow's skip rules read; made once per flow. */
function skipReads(flow: FlowFile): ReadonlySet<string> {
  let reads = skipReadsOf.get(flow);
  if (!reads) {
    const out = new Set<string>();
    for (const page of flow.pages) if (page.skipWhen) conditionReads(page.skipWhen, out);
    skipReadsOf.set(flow, (reads = out));
  }
  return reads;
}

/** Whether the models of these names are the same objects, in the same order, in both lists: the scope the skip rules read of them is then the same. */
function sameModelsNamed(a: readonly FormModel[], b: readonly FormModel[], names: ReadonlySet<string>): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !names.has(a[i]?.metadata.dtoMapping ?? '')) i += 1;
    while (j < b.length && !names.has(b[j]?.metadata.dtoMapping ?? '')) j += 1;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i] !== b[j]) return false;
    i += 1;
    j += 1;
  }
}

const sameSkipAnswers = (a: ModelStoreState, b: ModelStoreState, names: ReadonlySet<string>): boolean =>
  a === b || names.size === 0 || (sameModelsNamed(a.drafts, b.drafts, names) && sameModelsNamed(a.saved, b.saved, names));

/**
 * A value of the navigation and the skip rules' answers (the steps, a page's Back target) as a
 * selector of the machine's context, made once per flow: computed again only when the navigation
 * changed or a model the skip rules read is another object. A keystroke in a field no skip rule
 * reads costs a look at the models' objects, not the answers' scope and every rule.
 */
export function skipScopedSelector<T>(
  flow: FlowFile,
  compute: (navigation: NavigationState, isSkipped: SkipPredicate) => T,
): (context: FormMachineContext) => T {
  const reads = skipReads(flow);
  let last: { navigation: NavigationState; store: ModelStoreState; value: T } | null = null;
  return (context) => {
    if (last && last.navigation === context.navigation && sameSkipAnswers(last.store, context.store, reads)) return last.value;
    last = { navigation: context.navigation, store: context.store, value: compute(context.navigation, skipPredicate(flow, scopeFromStore(context.store))) };
    return last.value;
  };
}

/** progressOf as a skipScopedSelector: the step line computed again only when what it reads changed. */
export const progressSelector = (flow: FlowFile): ((context: FormMachineContext) => { step: number; total: number }) => skipScopedSelector(flow, progress);

/** The session warning's minutes:seconds countdown, e.g. 60 → '1:00', 59 → '0:59'. */
export function countdownText(remainingSeconds: number): string {
  const seconds = Math.max(0, Math.floor(remainingSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
