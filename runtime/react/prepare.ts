import type { PageConfig } from '../core/types';
import type { BlockComponent } from './types';

const prepared = new Set<string>();

/**
 * Runs the `prepare` of each kind of block on the given pages, once per culture, when the browser
 * is next idle. Called when the claimant first moves into a form's fields, so that later pages'
 * first renders do not pay for it: the first Intl object on a page alone costs 30–55 ms (ICU
 * starting), and the start page makes none so that it loads fast.
 */
export function prepareBlocksWhenIdle(pages: readonly PageConfig[], culture: string, registry: Readonly<Record<string, BlockComponent<never> | undefined>>): void {
  const pending = [...new Set(pages.flatMap((p) => p.blocks.map((b) => b.block)))].filter((name) => {
    const prepare = registry[name]?.prepare;
    return prepare !== undefined && !prepared.has(`${name}|${culture}`);
  });
  if (pending.length === 0) return;
  const run = () => {
    for (const name of pending) {
      if (prepared.has(`${name}|${culture}`)) continue;
      prepared.add(`${name}|${culture}`);
      registry[name]?.prepare?.(culture);
    }
  };
  whenIdle(run, 1000);
}

/** Runs `run` when the browser is next idle (at the latest after `timeoutMs`), or in a task where it cannot tell. */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs });
  else window.setTimeout(run, 0);
}

/** The claimant's first moves on a page: a field's focus, a key, a press. */
const FIRST_MOVES = ['focusin', 'keydown', 'pointerdown'] as const;

/**
 * Runs `run` once the claimant first moves on the page, or at once when focus is already in it (a
 * field taken before the app started). Answers what stops the wait.
 */
export function onFirstMove(doc: Document, run: () => void): () => void {
  if (doc.activeElement && doc.activeElement !== doc.body) {
    run();
    return () => undefined;
  }
  const listening = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of FIRST_MOVES) doc.removeEventListener(type, start, listening);
  };
  function start() {
    stop();
    run();
  }
  for (const type of FIRST_MOVES) doc.addEventListener(type, start, listening);
  return stop;
}
