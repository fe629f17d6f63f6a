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

describe('pruning the records of a skipped page that other records belong to', () => {
  const rec = (clientId: string, dtoMapping: string, fields: Record<string, string | null>) => ({ id: null, clientId, metadata: { formType: 'Claim', dtoMapping }, metadataHash: 'h', fields });
  const flow = {
    pages: [
      { id: 'expenses', path: '/claim/expenses', blocks: [{ block: 'records', model: 'Expenses', fields: [], displayFields: [] }] },
      { id: 'receipts', path: '/claim/receipts', blocks: [{ block: 'records', model: 'DocumentContexts', kind: 'file', fields: [], displayFields: [] }] },
      { id: 'notes', path: '/claim/notes', blocks: [{ block: 'records', model: 'Notes', fields: [], displayFields: [] }] },
    ],
  } as unknown as Parameters<typeof pruneSkipped>[1];
  const store = {
    drafts: [],
    saved: [
      rec('exp1', 'expenses', { expenseDescription: 'Freeze' }),
      rec('rcp1', 'documentContexts', { expenseId: 'exp1', name: 'freeze.pdf' }),
      rec('rcp2', 'documentContexts', { expenseId: 'exp1', name: 'freeze-2.pdf' }),
      rec('note1', 'notes', { expenseId: 'exp1', text: 'optional link' }),
    ],
    everEdited: { rcp1: ['file'] },
    records: {
      repeating: ['expenses', 'documentContexts', 'notes'],
      links: [
        { model: 'documentContexts', field: 'expenseId', parent: 'expenses', minimumPerParent: 1 },
        { model: 'notes', field: 'expenseId', parent: 'expenses', minimumPerParent: 0 },
      ],
    },
  } as unknown as Parameters<typeof pruneSkipped>[0];

  it('removes the records the pruned parent requires (a receipt per expense), and unlinks those merely linked to it', () => {
    const pruned = pruneSkipped(store, flow, (p) => p.id === 'expenses');
    expect(pruned.saved.map((m) => m.clientId)).toEqual(['note1']);
    expect(pruned.saved[0]!.fields.expenseId).toBeNull();
    expect(pruned.everEdited).toEqual({});
  });
});
