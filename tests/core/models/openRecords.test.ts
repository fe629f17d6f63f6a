import { describe, expect, it } from 'vitest';
import { addDraft, emptyStore, openRecordProblems, setFieldValue, typedOpenRecords, withOpenRecords } from '../../../runtime/core/models';
import type { FormModel, ModelStoreState, PageConfig } from '../../../runtime/core/types';
import { CONFIGS, ids } from './fixtures';

const REPAIRS: PageConfig = {
  id: 'repairs',
  path: '/automotive/repairs',
  requiresAuthorization: true,
  blocks: [
    {
      block: 'records',
      model: 'ClaimTransactions',
      fixedValues: { claimTransactionType: 'repair' },
      fields: [{ key: 'facilityName', widget: 'text', label: 'L' }],
      displayFields: ['facilityName'],
    },
  ],
} as unknown as PageConfig;

function repairDraft(store: ModelStoreState, typed: string | null, source = ids()): { store: ModelStoreState; record: FormModel } {
  const config = CONFIGS.find((c) => c.metadata.dtoMapping === 'ClaimTransactions');
  if (!config) throw new Error('No ClaimTransactions config in the fixtures.');
  const added = addDraft(store, config, source, { claimTransactionType: 'repair' });
  const next = typed === null ? added.state : setFieldValue(added.state, added.clientId, 'facilityName', typed);
  const record = next.drafts.find((d) => d.clientId === added.clientId);
  if (!record) throw new Error('The draft was not added.');
  return { store: next, record };
}

describe('records being typed', () => {
  it('are the open records of the page the claimant entered something in, not the untouched ones', () => {
    const untouched = repairDraft(emptyStore(), null);
    expect(typedOpenRecords(REPAIRS, untouched.store)).toEqual([]);
    const typed = repairDraft(emptyStore(), 'Half Typed Motors');
    expect(typedOpenRecords(REPAIRS, typed.store)).toEqual([typed.record]);
  });

  it('come back as open records, in place of an untouched one of their block, counted as entered', () => {
    const source = ids();
    const typed = repairDraft(emptyStore(), 'Half Typed Motors', source).record;
    const fresh = repairDraft(emptyStore(), null, source).store;
    expect(fresh.drafts[0]?.clientId).not.toBe(typed.clientId);
    const restored = withOpenRecords(REPAIRS, fresh, [typed]);
    expect(restored.drafts).toEqual([typed]);
    expect(restored.everEdited[typed.clientId]).toEqual(['facilityName']);
    expect(typedOpenRecords(REPAIRS, restored)).toEqual([typed]);
    // No page (the claim saved no page) or a record of no block there: nothing changes.
    expect(withOpenRecords(undefined, fresh, [typed])).toBe(fresh);
    expect(withOpenRecords({ ...REPAIRS, blocks: [] }, fresh, [typed])).toBe(fresh);
  });

  it('are refused when they are no record of the page, name fields their model does not declare, or come twice', () => {
    const typed = repairDraft(emptyStore(), 'Half Typed Motors').record;
    expect(openRecordProblems(REPAIRS, [typed], CONFIGS, 'Automotive')).toEqual([]);
    const denial = { ...typed, fields: { ...typed.fields, claimTransactionType: 'denial' } };
    expect(openRecordProblems(REPAIRS, [denial], CONFIGS, 'Automotive')).toEqual([expect.stringContaining('not a record of this page')]);
    expect(openRecordProblems(REPAIRS, [{ ...typed, fields: { ...typed.fields, price: '1' } }], CONFIGS, 'Automotive')).toEqual([expect.stringContaining('unknown fields price')]);
    expect(openRecordProblems(REPAIRS, [typed, typed], CONFIGS, 'Automotive')).toEqual([expect.stringContaining('sent more than once')]);
    expect(openRecordProblems(REPAIRS, [typed], CONFIGS, 'Exclusion')).toEqual([expect.stringContaining('not a record of this page')]);
    // A document record's file stays in the browser: not kept open.
    const documents: PageConfig = { ...REPAIRS, blocks: REPAIRS.blocks.map((b) => (b.block === 'records' ? { ...b, kind: 'file' as const } : b)) };
    expect(openRecordProblems(documents, [typed], CONFIGS, 'Automotive')).toEqual([expect.stringContaining('not a record of this page')]);
    expect(typedOpenRecords(documents, repairDraft(emptyStore(), 'Half Typed Motors').store)).toEqual([]);
  });
});
