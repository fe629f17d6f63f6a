import { progress, scopeFromStore, skipPredicate } from '../core/navigation';
import type { FlowFile, PageConfig } from '../core/types';
import type { FormMachineContext } from './types';

/** The page config shown, from the machine's context. */
export function currentPageOf(flow: FlowFile, context: FormMachineContext): PageConfig | undefined {
  return flow.pages.find((p) => p.id === context.navigation.currentPage);
}

/** 'Step n of m' on the current answers (skipped pages not counted). */
export function progressOf(flow: FlowFile, context: FormMachineContext): { step: number; total: number } {
  return progress(context.navigation, skipPredicate(flow, scopeFromStore(context.store)));
}

/** The session warning's minutes:seconds countdown, e.g. 60 → '1:00', 59 → '0:59'. */
export function countdownText(remainingSeconds: number): string {
  const seconds = Math.max(0, Math.floor(remainingSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
