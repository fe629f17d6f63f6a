import type { AddressBlock as AddressConfig, BlockConfig, ConfirmationBlock as ConfirmationConfig, ModelStoreState, RecordsBlock as RecordsConfig, SummaryBlock as SummaryConfig } from '../../core/types';
import { chunk, type ChunkComponent } from '../../react/chunk';
import type { BlockComponent, BlockProps, PageContext } from '../../react/types';

type LaterBlock<C extends BlockConfig> = ChunkComponent<BlockProps<C>> & Required<Pick<BlockComponent<C>, 'prepare' | 'sameAnswers'>>;

/**
 * A block no start page draws, in a chunk of its own: start pages load less. Its `prepare` (run in
 * idle time once the claimant is in the form's fields, see prepareBlocksWhenIdle) loads it, so a
 * later page renders it at once; `preload` loads it now (the first page of a reload).
 */
function laterBlock<C extends BlockConfig>(load: () => Promise<BlockComponent<C>>): LaterBlock<C> {
  let loaded: BlockComponent<C> | null = null;
  const Chunk = chunk(async () => {
    loaded = await load();
    return { default: loaded };
  });
  // The block's own prepare, once its chunk is in (so that its first render does not wait for it).
  const prepare = (culture: string) =>
    void Chunk.preload()
      .then(load)
      .then(
        (block) => block.prepare?.(culture),
        () => undefined, // not in (offline): rendering it asks again and shows the app's error if it still fails
      );
  // The block's own test of the answers it reads, once its chunk is in (until then it draws nothing to keep).
  const sameAnswers = (config: C, a: ModelStoreState, b: ModelStoreState, ctx: PageContext) => loaded?.sameAnswers?.(config, a, b, ctx) ?? false;
  return Object.assign(Chunk, { prepare, sameAnswers });
}

export const AddressBlock = laterBlock<AddressConfig>(() => import('./address').then((m) => m.AddressBlock));
export const RecordsBlock = laterBlock<RecordsConfig>(() => import('./records').then((m) => m.RecordsBlock));
export const SummaryBlock = laterBlock<SummaryConfig>(() => import('./summary').then((m) => m.SummaryBlock));
export const ConfirmationBlock = laterBlock<ConfirmationConfig>(() => import('./confirmation').then((m) => m.ConfirmationBlock));

const LATER_BLOCKS: Partial<Record<string, { preload(): Promise<unknown> }>> = { address: AddressBlock, records: RecordsBlock, summary: SummaryBlock, confirmation: ConfirmationBlock };

/** Loads the code of the named blocks that start pages leave out (for the first page of a reload, or tests). */
export function preloadBlocks(names: readonly string[] = Object.keys(LATER_BLOCKS)): Promise<unknown> {
  return Promise.all(names.map((name) => LATER_BLOCKS[name]?.preload()));
}

