import { describe, expect, it } from 'vitest';
import { createIdSource, getModel, initStore, setFieldValue } from '../../../runtime/core/models';
import type { FieldConfig, ModelStoreState } from '../../../runtime/core/types';
import { computeFieldState, COUNTRIES, displayValue, preparePage, US_STATES, validatePage } from '../../../runtime/core/view';
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

describe('the page view model', () => {
  it('lists 50 states, DC, territories and AA, AE, AP, and about 190 countries', () => {
    const codes = US_STATES.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['CA', 'DC', 'PR', 'GU', 'AA', 'AE', 'AP']));
    expect(codes.length).toBeGreaterThanOrEqual(57);
    expect(COUNTRIES.length).toBeGreaterThan(185);
  });

  it('validatePage lists each failing shown field with its input id', () => {
    const fields: FieldConfig[] = [
      { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }] },
      { key: 'note', widget: 'text', label: 'Note' },
    ];
    const { errors } = validatePage(page([{ block: 'model', model: 'ClaimDetails', fields }]), CONFIGS, store(), ctx);
    expect(errors.map((e) => [e.fieldId, e.field, e.message])).toEqual([['claimDetails-ownershipType', 'ownershipType', 'Value is required']]);
  });

  it('a field whose dependency does not hold is hidden, not required, and reset', () => {
    const s = set(store(), 'ClaimDetails', 'isCurrentOwner', 'true');
    const model = getModel(set(s, 'ClaimDetails', 'disposalDate', '01/02/2020'), 'ClaimDetails');
    const state = computeFieldState(owner[1]!, model, CONFIGS[0]!, {}, env);
    expect(state).toMatchObject({ visible: false, required: false, errors: [], reset: { value: null } });
    const shown = computeFieldState(owner[1]!, getModel(set(s, 'ClaimDetails', 'isCurrentOwner', 'false'), 'ClaimDetails'), CONFIGS[0]!, {}, env);
    expect(shown).toMatchObject({ visible: true, required: true, reset: null });
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
