import { describe, expect, it } from 'vitest';
import { isSkippedByRule, pruneSkipped } from '../../../runtime/core/payload';
import { FLOW, fileClaim } from './fixtures';

describe('pruning the answers of skipped pages', () => {
  it('uses the given skip predicate and keeps answers a kept page shows too', () => {
    const { store, repair, denial } = fileClaim('false');
    const both = { pages: [...FLOW.pages, { ...FLOW.pages[2]!, id: 'denials-review', skipWhen: undefined }] };
    const kept = pruneSkipped(store, both, (p) => p.id === 'denials');
    expect(kept.saved.map((m) => m.clientId)).toContain(denial);
    const pruned = pruneSkipped(store, FLOW, (p) => p.id === 'denials');
    expect(pruned.saved.map((m) => m.clientId)).not.toContain(denial);
    expect(pruned.saved.map((m) => m.clientId)).toContain(repair);
  });

  it('returns the same state when nothing is skipped', () => {
    const { store } = fileClaim('true');
    expect(pruneSkipped(store, FLOW, () => false)).toBe(store);
  });

  it('evaluates a page skip rule on the single-instance models', () => {
    const denials = FLOW.pages[2]!;
    expect(isSkippedByRule(denials, fileClaim('true').store)).toBe(true);
    expect(isSkippedByRule(denials, fileClaim('false').store)).toBe(false);
    expect(isSkippedByRule(FLOW.pages[0]!, fileClaim('true').store)).toBe(false);
  });
});
