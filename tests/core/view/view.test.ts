import { describe, expect, it } from 'vitest';
import { addDraft, createIdSource, getModel, getRecords, initStore, saveDraft, setFieldValue } from '../../../runtime/core/models';
import type { FieldConfig, ModelStoreState, PageConfig } from '../../../runtime/core/types';
import { computeFieldState, allCountries, displayValue, flowErrors, keepReachedAnswers, preparePage, US_STATES, validatePage } from '../../../runtime/core/view';
import { CONFIGS, makeT, NOW, page } from './fixtures';

const env = { t: makeT(), whitelist: null, now: NOW };
const ctx = { ...env, formType: 'Automotive' as const };
const options = { formType: 'Automotive' as const, modelConfigs: CONFIGS };

const owner: FieldConfig[] = [
  { key: 'isCurrentOwner', widget: 'radio', label: 'Current owner', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
  { key: 'disposalDate', widget: 'date', label: 'Disposal date', dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'false' } } }] },
];

function store(): ModelStoreState {
  return initStore(CONFIGS, 'Automotive', createIdSource(() => 0.1));
}
const set = (s: ModelStoreState, model: string, field: string, value: string | null) => setFieldValue(s, getModel(s, model).clientId, field, value);

function withRecord(s: ModelStoreState, fields: Record<string, string>): ModelStoreState {
  const draft = addDraft(s, CONFIGS[2]!, createIdSource(() => 0.3));
  let next = draft.state;
  for (const [key, value] of Object.entries(fields)) next = setFieldValue(next, draft.clientId, key, value);
  return saveDraft(next, draft.clientId, true);
}

describe('the page view model', () => {
  it('lists 50 states, DC, territories and AA, AE, AP, and about 190 countries', () => {
    const codes = US_STATES.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['CA', 'DC', 'PR', 'GU', 'AA', 'AE', 'AP']));
    expect(codes.length).toBeGreaterThanOrEqual(57);
    expect(allCountries().length).toBeGreaterThan(185);
  });

  it('validatePage lists each failing shown field with its input id', () => {
    const fields: FieldConfig[] = [
      { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }] },
      { key: 'note', widget: 'text', label: 'Note' },
    ];
    const { errors } = validatePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), CONFIGS, store(), ctx);
    expect(errors.map((e) => [e.fieldId, e.field, e.message])).toEqual([['claimDetails-ownershipType', 'ownershipType', 'Choose ownership']]);
  });

  it('a field whose dependency does not hold is hidden, not required, and reset', () => {
    const s = set(store(), 'ClaimDetails', 'isCurrentOwner', 'true');
    const model = getModel(set(s, 'ClaimDetails', 'disposalDate', '01/02/2020'), 'ClaimDetails');
    const state = computeFieldState(owner[1]!, model, CONFIGS[0]!, {}, env);
    expect(state).toMatchObject({ visible: false, required: false, errors: [], reset: { value: null } });
    const shown = computeFieldState(owner[1]!, getModel(set(s, 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails'), CONFIGS[0]!, {}, env);
    expect(shown).toMatchObject({ visible: true, required: true, reset: null });
  });

  it('a field whose errors are hidden gets its state without its messages', () => {
    const model = getModel(set(store(), 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails');
    const withMessages = computeFieldState(owner[1]!, model, CONFIGS[0]!, {}, env);
    expect(withMessages.errors.length).toBeGreaterThan(0);
    const without = computeFieldState(owner[1]!, model, CONFIGS[0]!, {}, env, { errors: false });
    expect(without).toEqual({ ...withMessages, errors: [], firstErrorNamesField: false });
  });

  it('translates a field\'s label only when one of its rules fails, and then names the field by it', () => {
    const asked: string[] = [];
    const t = makeT();
    const counting = { ...env, t: (key: string, ...args: Array<string | number>) => (asked.push(key), t(key, ...args)) };
    const answered = getModel(set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails', 'disposalDate', '01/02/2020'), 'ClaimDetails');
    expect(computeFieldState(owner[1]!, answered, CONFIGS[0]!, {}, counting).errors).toEqual([]);
    expect(asked).not.toContain('Disposal date');
    const empty = getModel(set(store(), 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails');
    const { errors } = computeFieldState(owner[1]!, empty, CONFIGS[0]!, {}, counting);
    expect(asked.filter((key) => key === 'Disposal date')).toHaveLength(1);
    expect(errors.join(' ')).toContain('disposal date');
  });

  it('preparePage writes defaults onto empty fields and then the resets', () => {
    const s = set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'true'), 'ClaimDetails', 'disposalDate', '01/02/2020');
    const fields: FieldConfig[] = [...owner, { key: 'note', widget: 'text', label: 'Note', defaultValue: 'hi' }];
    const next = preparePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), s, options);
    expect(getModel(next, 'ClaimDetails').fields).toMatchObject({ disposalDate: null, note: 'hi' });
  });

  it('shows a stored value as the claimant reads it', () => {
    expect(displayValue(owner[0], 'false', makeT())).toBe('No');
    expect(displayValue({ key: 'a', widget: 'checkbox', label: 'A' }, true, makeT())).toBe('Yes');
    expect(displayValue({ key: 'a', widget: 'text', label: 'A', inputGroupConfig: { prepend: '$' } }, 12, makeT())).toBe('$12');
  });
});

describe('the flow over a set of answers (what the server keeps and requires)', () => {
  const repairs = { block: 'records' as const, model: 'ClaimTransactions', fixedValues: { claimTransactionType: 'repair' }, displayFields: ['facilityName'], fields: [{ key: 'facilityName', widget: 'text' as const, label: 'Facility' }] };
  const flow: { pages: PageConfig[] } = {
    pages: [
      page([{ block: 'model', model: 'ClaimDetails', fields: owner }], { id: 'owner', titleKey: 'Owner' }),
      page([{ ...repairs, minimumInstances: { count: 1 } }], { id: 'repairs', titleKey: 'Repairs', skipWhen: { scope: 'claimDetails.isCurrentOwner', schema: { const: 'true' } } }),
    ],
  };

  it("drops hidden fields' answers and a skipped page's records", () => {
    let s = set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'true'), 'ClaimDetails', 'disposalDate', '01/02/2020');
    s = withRecord(s, { claimTransactionType: 'repair', facilityName: 'Bay Motors' });
    const kept = keepReachedAnswers(flow, s, options);
    expect(getModel(kept, 'ClaimDetails').fields.disposalDate).toBeNull();
    expect(getRecords(kept, 'ClaimTransactions')).toEqual([]);
  });

  it("keeps a hidden field's answer that another reached page shows without a dependency, and resets it when none does", () => {
    const asked: FieldConfig[] = [{ key: 'disposalDate', widget: 'date', label: 'Disposal date' }];
    const pages = (second: PageConfig[]) => ({ pages: [page([{ block: 'model', model: 'ClaimDetails', fields: owner }], { id: 'owner' }), ...second] });
    const s = set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'true'), 'ClaimDetails', 'disposalDate', '01/02/2020');
    const alsoAsked = pages([page([{ block: 'model', model: 'ClaimDetails', fields: asked }], { id: 'dates' })]);
    expect(getModel(keepReachedAnswers(alsoAsked, s, options), 'ClaimDetails').fields.disposalDate).toBe('01/02/2020');
    // A page showing other fields of the model only does not keep it.
    const notAsked = pages([page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }], { id: 'note' })]);
    expect(getModel(keepReachedAnswers(notAsked, s, options), 'ClaimDetails').fields.disposalDate).toBeNull();
  });

  it("drops the answers of a block whose condition does not hold, unless a shown block has the same field", () => {
    const note: FieldConfig[] = [{ key: 'note', widget: 'text', label: 'Note' }];
    const phone: FieldConfig[] = [{ key: 'phone', widget: 'text', label: 'Phone' }];
    const hidden = { scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } };
    const blocks: { pages: PageConfig[] } = {
      pages: [
        page([
          { block: 'model', model: 'ClaimDetails', fields: owner },
          { block: 'model', model: 'ClaimDetails', when: hidden, fields: [...note, ...phone] },
          { block: 'model', model: 'ClaimDetails', fields: phone },
        ]),
      ],
    };
    const s = set(set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'true'), 'ClaimDetails', 'note', 'x'), 'ClaimDetails', 'phone', '555');
    expect(getModel(keepReachedAnswers(blocks, s, options), 'ClaimDetails').fields).toMatchObject({ note: null, phone: '555' });
  });

  it('keeps what the flow shows', () => {
    let s = set(set(store(), 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails', 'disposalDate', '01/02/2020');
    s = withRecord(s, { claimTransactionType: 'repair', facilityName: 'Bay Motors' });
    expect(keepReachedAnswers(flow, s, options)).toEqual(s);
  });

  it('names the page of each error: a required shown field, too few records, a saved record breaking a rule', () => {
    const s = set(store(), 'ClaimDetails', 'isCurrentOwner', 'false');
    expect(flowErrors(flow, CONFIGS, s, ctx).map((e) => [e.page.id, e.error.field, e.error.message])).toEqual([
      ['owner', 'disposalDate', 'Enter disposal date, for example 3/15/2016'],
      ['repairs', 'ClaimTransactions', 'At least 1 record(s) must be added.'],
    ]);
    const withBadRecord = withRecord(set(s, 'ClaimDetails', 'disposalDate', '01/02/2020'), { claimTransactionType: 'repair' });
    expect(flowErrors(flow, CONFIGS, withBadRecord, ctx).map((e) => [e.page.id, e.error.field, e.error.label])).toEqual([['repairs', 'facilityName', 'Facility']]);
  });
});
