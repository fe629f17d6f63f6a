import type { ComponentType } from 'react';
import { chunk } from '../../react/chunk';
import type { BlockComponent } from '../../react/types';

/**
 * A block no start page draws, in a chunk of its own: start pages load less. Its `prepare` (run in
 * idle time once the claimant is in the form's fields, see prepareBlocksWhenIdle) loads it, so a
 * later page renders it at once; `preload` loads it now (the first page of a reload).
 */
function laterBlock<B extends BlockComponent<never>>(load: () => Promise<B>): B & { preload(): Promise<unknown> } {
  const Chunk = chunk(async () => ({ default: (await load()) as unknown as ComponentType<object> }));
  const prepare = (culture: string) =>
    void Chunk.preload().then(
      (block) => (block as B).prepare?.(culture),
      () => undefined, // not in (offline): rendering it asks again and shows the app's error if it still fails
    );
  return Object.assign(Chunk as unknown as B, { preload: Chunk.preload, prepare });
}

export const RecordsBlock = laterBlock(() => import('./records').then((m) => m.RecordsBlock));
export const SummaryBlock = laterBlock(() => import('./summary').then((m) => m.SummaryBlock));
export const ConfirmationBlock = laterBlock(() => import('./confirmation').then((m) => m.ConfirmationBlock));

const LATER_BLOCKS: Partial<Record<string, { preload(): Promise<unknown> }>> = { records: RecordsBlock, summary: SummaryBlock, confirmation: ConfirmationBlock };

/** Loads the code of the named blocks that start pages leave out (for the first page of a reload, or tests). */
export function preloadBlocks(names: readonly string[] = Object.keys(LATER_BLOCKS)): Promise<unknown> {
  return Promise.all(names.map((name) => LATER_BLOCKS[name]?.preload()));
}

