/** The record blocks' rules in the view model (spec §3–§5), which the page and the server's page logic both run. */
import { describe, expect, it } from 'vitest';
import { DevError } from '../../../runtime/core/errors';
import { addDraft, createIdSource, getDrafts, getModel, getRecords, initStore, saveDraft, setFieldValue, type IdSource } from '../../../runtime/core/models';
import { pruneSkipped } from '../../../runtime/core/payload/prune';
import type { ModelConfig, ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import {
  applyDependencyResets,
  blockMinimum,
  flowErrors,
  keepReachedAnswers,
  openInitialDrafts,
  preparePage,
  saveEnteredDrafts,
  validatePage,
} from '../../../runtime/core/view';
import { CONFIGS, makeT, NOW, page } from './fixtures';

const t = makeT({
  LocKey_Records_NoneApply: 'None of these apply to me',
  LocKey_Records_NoneApplyRequired: 'Add at least one, or confirm that none apply.',
  LocKey_Records_Incomplete: 'The record you started is not complete. Correct it or cancel it before you continue.',
});
const env = { t, whitelist: null, now: NOW };
const ctx = { ...env, formType: 'Automotive' as const };
const options = { formType: 'Automotive' as const, modelConfigs: CONFIGS };
const transactions = CONFIGS.find((c) => c.metadata.dtoMapping === 'ClaimTransactions') as ModelConfig;

const denials: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'denial' },
  fields: [
    { key: 'facilityName', widget: 'text', label: 'Facility' },
    { key: 'amountPaid', widget: 'text', label: 'Amount' },
  ],
  displayFields: ['facilityName'],
  noneConfirmation: { model: 'ClaimDetails', field: 'noDenials' },
};

// One source for the file: every draft gets a client id of its own.
const idSource = createIdSource(() => 0.3);
const ids = (): IdSource => idSource;
const store = (): ModelStoreState => initStore(CONFIGS, 'Automotive', createIdSource(() => 0.1));
const claimDetails = (s: ModelStoreState) => getModel(s, 'ClaimDetails');
const set = (s: ModelStoreState, field: string, value: string | boolean | null) => setFieldValue(s, claimDetails(s).clientId, field, value);

/** A record typed into a draft of the block (as the claimant types: edits are recorded); saved unless `open`. */
function typed(s: ModelStoreState, block: RecordsBlock, fields: Record<string, string>, open = false): ModelStoreState {
  const draft = addDraft(s, transactions, ids(), block.fixedValues);
  let next = draft.state;
  for (const [key, value] of Object.entries(fields)) next = setFieldValue(next, draft.clientId, key, value);
  return open ? next : saveDraft(next, draft.clientId, true);
}

describe("'none of the above' (spec §5)", () => {
  it('an empty list asks the claimant to confirm that none applies, by the default keys, linked to the checkbox', () => {
    const s = preparePage(page([denials]), store(), options);
    expect(claimDetails(s).fields.noDenials).toBe(false);
    const { errors } = validatePage(page([denials]), CONFIGS, s, ctx);
    expect(errors).toEqual([
      { fieldId: 'claimDetails-noDenials', clientId: claimDetails(s).clientId, field: 'noDenials', message: 'Add at least one, or confirm that none apply.', label: 'None of these apply to me' },
    ]);
    expect(validatePage(page([denials]), CONFIGS, set(s, 'noDenials', true), ctx).errors).toEqual([]);
  });

  it('the flow may name its own keys', () => {
    const block = { ...denials, noneConfirmation: { model: 'ClaimDetails', field: 'noDenials', labelKey: 'LocKey_NoDenials', messageKey: 'LocKey_NoDenials_Required' } };
    const [error] = validatePage(page([block]), CONFIGS, store(), { ...ctx, t: makeT({ LocKey_NoDenials: 'No denial', LocKey_NoDenials_Required: 'Tick it' }) }).errors;
    expect(error).toMatchObject({ label: 'No denial', message: 'Tick it' });
  });

  it('a list with a record asks nothing, and its confirmation goes back to null on the page and on the server', () => {
    const confirmed = set(store(), 'noDenials', true);
    const listed = typed(confirmed, denials, { facilityName: 'Hilltop' });
    expect(validatePage(page([denials]), CONFIGS, listed, ctx).errors).toEqual([]);
    expect(claimDetails(applyDependencyResets(page([denials]), listed, options)).fields.noDenials).toBeNull();
    expect(claimDetails(keepReachedAnswers({ pages: [page([denials])] }, listed, options)).fields.noDenials).toBeNull();
    // A confirmed empty list keeps its answer.
    expect(claimDetails(keepReachedAnswers({ pages: [page([denials])] }, confirmed, options)).fields.noDenials).toBe(true);
  });

  it("a skipped page's confirmation is pruned with its answers", () => {
    const skipped = page([denials], { id: 'denials', skipWhen: { scope: 'claimDetails.ownershipType', schema: { const: 'own' } } });
    const s = set(set(store(), 'noDenials', true), 'ownershipType', 'own');
    expect(claimDetails(pruneSkipped(s, { pages: [skipped] }, () => true)).fields.noDenials).toBeNull();
    expect(claimDetails(keepReachedAnswers({ pages: [skipped] }, s, options)).fields.noDenials).toBeNull();
  });

  it('the server refuses an empty list without the confirmation, naming the page', () => {
    const flow = { pages: [page([denials], { id: 'denials', titleKey: 'Denials' })] };
    const errors = flowErrors(flow, CONFIGS, store(), ctx);
    expect(errors.map((e) => [e.page.id, e.error.field, e.error.message])).toEqual([['denials', 'noDenials', 'Add at least one, or confirm that none apply.']]);
    expect(flowErrors(flow, CONFIGS, set(store(), 'noDenials', true), ctx)).toEqual([]);
  });
});

describe('initial instances (spec §3)', () => {
  it('the page opens the block with as many drafts as its initial count needs beside the saved records', () => {
    const block: RecordsBlock = { ...denials, initialInstances: 2 };
    expect(getDrafts(openInitialDrafts(block, store(), transactions, ids()), 'ClaimTransactions', block.fixedValues)).toHaveLength(2);
    const oneSaved = typed(store(), block, { facilityName: 'A' });
    const opened = openInitialDrafts(block, oneSaved, transactions, ids());
    expect(getDrafts(opened, 'ClaimTransactions')).toHaveLength(1);
    expect(getDrafts(opened, 'ClaimTransactions')[0]?.fields.claimTransactionType).toBe('denial');
    // Opening again adds nothing.
    expect(openInitialDrafts(block, opened, transactions, ids())).toBe(opened);
  });

  it('a draft at init opens one draft when none is open; the default count is 0', () => {
    expect(getDrafts(openInitialDrafts(denials, store(), transactions, ids()), 'ClaimTransactions')).toHaveLength(0);
    const started = openInitialDrafts({ ...denials, startDraft: true }, store(), transactions, ids());
    expect(getDrafts(started, 'ClaimTransactions')).toHaveLength(1);
    expect(openInitialDrafts({ ...denials, startDraft: true }, started, transactions, ids())).toBe(started);
  });

  it('a list that holds a record opens closed, draft at init or not; an empty list opens a draft when its minimum asks for a record', () => {
    const oneSaved = typed(store(), denials, { facilityName: 'A' });
    expect(openInitialDrafts({ ...denials, startDraft: true }, oneSaved, transactions, ids())).toBe(oneSaved);
    expect(openInitialDrafts({ ...denials, minimumInstances: { count: 2 } }, oneSaved, transactions, ids())).toBe(oneSaved);
    expect(getDrafts(openInitialDrafts({ ...denials, minimumInstances: { count: 1 } }, store(), transactions, ids()), 'ClaimTransactions')).toHaveLength(1);
    const notAsked = { ...denials, minimumInstances: { count: 1, when: { scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } } } };
    expect(getDrafts(openInitialDrafts(notAsked, store(), transactions, ids()), 'ClaimTransactions')).toHaveLength(0);
  });
});

describe('minimum instances as a function of a dependency record (spec §3, §5)', () => {
  const repairs: RecordsBlock = {
    ...denials,
    fixedValues: { claimTransactionType: 'repair' },
    noneConfirmation: undefined,
    minimumInstances: {
      count: 0,
      dependency: { model: 'ClaimDetails' },
      cases: [
        { when: { scope: 'ownershipType', schema: { const: 'lease' } }, count: 2 },
        { when: { scope: 'ownershipType', schema: { const: 'own' } }, count: 1 },
      ],
    },
  };

  it('takes the count of the first case that holds on the dependency record, else count', () => {
    expect(blockMinimum(repairs, store()).minimum).toBe(0);
    expect(blockMinimum(repairs, set(store(), 'ownershipType', 'own')).minimum).toBe(1);
    const leased = set(store(), 'ownershipType', 'lease');
    expect(blockMinimum(repairs, leased)).toMatchObject({ valid: false, minimum: 2, message: { key: 'LocKey_Records_Minimum', args: [2] } });
    expect(blockMinimum(repairs, typed(typed(leased, repairs, { facilityName: 'A' }), repairs, { facilityName: 'B' })).valid).toBe(true);
  });

  it('validatePage and the server refuse fewer records than the dependency asks for', () => {
    const leased = typed(set(store(), 'ownershipType', 'lease'), repairs, { facilityName: 'A' });
    const flow = { pages: [page([repairs], { id: 'repairs', titleKey: 'Repairs' })] };
    expect(validatePage(flow.pages[0]!, CONFIGS, leased, ctx).errors.map((e) => e.message)).toEqual(['At least 2 record(s) must be added.']);
    expect(flowErrors(flow, CONFIGS, leased, ctx).map((e) => e.page.id)).toEqual(['repairs']);
  });

  it('`when` still gates the rule, read on the dependency record', () => {
    const gated: RecordsBlock = { ...repairs, minimumInstances: { count: 3, dependency: { model: 'ClaimDetails' }, when: { scope: 'isCurrentOwner', schema: { const: 'true' } } } };
    expect(blockMinimum(gated, store()).minimum).toBe(0);
    expect(blockMinimum(gated, set(store(), 'isCurrentOwner', 'true')).minimum).toBe(3);
  });

  it('several matching dependency records is an error', () => {
    const onRecords: RecordsBlock = { ...repairs, minimumInstances: { count: 1, dependency: { model: 'ClaimTransactions', fixedValues: { claimTransactionType: 'denial' } } } };
    const one = typed(store(), denials, { facilityName: 'A' });
    expect(blockMinimum(onRecords, one).minimum).toBe(1);
    expect(() => blockMinimum(onRecords, typed(one, denials, { facilityName: 'B' }))).toThrow(DevError);
  });
});

describe('leaving a typed draft (spec §4)', () => {
  it('Next saves a typed draft that validates; a draft nobody typed in stays as it is', () => {
    const untouched = addDraft(store(), transactions, ids(), denials.fixedValues).state;
    const s = typed(untouched, denials, { facilityName: 'Hilltop', amountPaid: '12' }, true);
    const result = saveEnteredDrafts(page([denials]), s, options, env);
    expect(result.saved).toHaveLength(1);
    expect(result.invalid).toEqual([]);
    expect(getRecords(result.store, 'ClaimTransactions').map((r) => r.fields.facilityName)).toEqual(['Hilltop']);
    expect(getDrafts(result.store, 'ClaimTransactions')).toHaveLength(1);
    expect(validatePage(page([{ ...denials, noneConfirmation: undefined }]), CONFIGS, result.store, ctx).errors).toEqual([]);
  });

  it('a typed draft that does not validate stays open, and the page refuses Next on its first field in error', () => {
    const s = typed(store(), denials, { amountPaid: '12' }, true);
    const result = saveEnteredDrafts(page([denials]), s, options, env);
    expect(result.saved).toEqual([]);
    expect(result.invalid).toHaveLength(1);
    expect(result.store).toBe(s);
    const draft = getDrafts(s, 'ClaimTransactions')[0]!;
    const errors = validatePage(page([{ ...denials, noneConfirmation: undefined, legendKey: 'Denial' }]), CONFIGS, s, ctx).errors;
    expect(errors).toEqual([
      {
        fieldId: `claimTransactions-${draft.clientId}-facilityName`,
        clientId: '',
        field: 'ClaimTransactions',
        message: 'The record you started is not complete. Correct it or cancel it before you continue.',
        label: 'Denial',
      },
    ]);
  });

  it('a file draft waits for its Upload', () => {
    const files: RecordsBlock = { ...denials, kind: 'file', noneConfirmation: undefined };
    const s = typed(store(), files, { facilityName: 'A' }, true);
    expect(saveEnteredDrafts(page([files]), s, options, env)).toEqual({ store: s, saved: [], invalid: [] });
  });
});
