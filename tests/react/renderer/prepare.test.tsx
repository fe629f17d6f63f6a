import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageConfig } from '../../../runtime/core/types';
import { prepareBlocksWhenIdle } from '../../../runtime/react/prepare';

const page = (id: string, blocks: Array<{ block: string }>) => ({ id, path: `/${id}`, blocks }) as unknown as PageConfig;

describe('prepareBlocksWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs each kind of block's prepare once per culture, only once the browser is idle", () => {
    const prepare = vi.fn();
    const registry = { address: Object.assign(() => null, { prepare }), copy: () => null };
    const pages = [page('a', [{ block: 'copy' }, { block: 'address' }]), page('b', [{ block: 'address' }])];
    prepareBlocksWhenIdle(pages, 'en', registry);
    expect(prepare).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(prepare.mock.calls).toEqual([['en']]);
    prepareBlocksWhenIdle(pages, 'en', registry);
    prepareBlocksWhenIdle(pages, 'es', registry);
    vi.runAllTimers();
    expect(prepare.mock.calls).toEqual([['en'], ['es']]);
  });
});
