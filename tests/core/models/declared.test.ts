/**
 * Declared models (models/declared.ts, with tests/settlements/payments/models.json): payload keys,
 * records and their links, the per-record rule the page shows, account masking, the payload a
 * form submits, and the ABA routing-number rule kind.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readSettlementFolder } from '../../../settlement/read';
import { describe, expect, it } from 'vitest';
import {
  addDraft,
  childShortfalls,
  createIdSource,
  deleteRecord,
  findConfig,
  initStore,
  isRepeating,
  maskAccount,
  payloadKinds,
  saveDraft,
  setFieldValues,
  storeRecords,
} from '../../../runtime/core/models';
import { buildPayload, payloadFromParts, payloadToFormData } from '../../../runtime/core/payload';
import { isAbaRoutingNumber } from '../../../runtime/core/rules/adapters/abaRoutingNumber';
import type { FlowFile, ModelConfig, ModelStoreState } from '../../../runtime/core/types';
import { validatePage } from '../../../runtime/core/view';
import { check } from '../rules/context';

// The payments settlement as the settlement reader makes it (its patches over the sample's).
const PAYMENTS = readSettlementFolder(fileURLToPath(new URL('../../settlements/payments', import.meta.url)));
const CONFIGS = (PAYMENTS.files.get('models.json')?.json as { models: ModelConfig[] }).models;
const FLOW = PAYMENTS.files.get('flows/automotive.json')?.json as FlowFile;
const SAMPLE = (JSON.parse(readFileSync(new URL('../../../server-fixtures/models.json', import.meta.url), 'utf8')) as { models: ModelConfig[] }).models;

/** A store with `expenses` saved expenses, the first `receipts` of them with a receipt each. */
function withExpenses(expenses: number, receipts: number): { store: ModelStoreState; expenseIds: string[] } {
  const ids = createIdSource();
  let store = initStore(CONFIGS, 'Automotive', ids);
  const expenseIds: string[] = [];
  for (let i = 0; i < expenses; i++) {
    const added = addDraft(store, findConfig(CONFIGS, 'Automotive', 'Expenses'), ids);
    store = saveDraft(setFieldValues(added.state, added.clientId, { expenseDescription: `expense ${i + 1}` }), added.clientId, true);
    expenseIds.push(added.clientId);
  }
  for (const parent of expenseIds.slice(0, receipts)) {
    const added = addDraft(store, findConfig(CONFIGS, 'Automotive', 'DocumentContexts'), ids, { documentType: 'receipt' });
    store = saveDraft(setFieldValues(added.state, added.clientId, { expenseId: parent, name: `${parent}.pdf` }), added.clientId, true);
  }
  return { store, expenseIds };
}

describe('declared models', () => {
  it('keeps the spec payload keys and adds each declared model under its camel-cased name, single or list', () => {
    expect(payloadKinds(SAMPLE, 'Exclusion')).toEqual({ single: ['signature', 'claimantInfo', 'credentials', 'claimDetails'], lists: ['claimTransactions', 'documentContexts'] });
    expect(payloadKinds(CONFIGS, 'Automotive')).toEqual({
      single: ['signature', 'claimantInfo', 'credentials', 'claimDetails', 'paymentElection'],
      lists: ['claimTransactions', 'documentContexts', 'expenses'],
    });
  });

  it('leaves the sample store as it was, and gives a form that declares records its repeating models and links', () => {
    expect(storeRecords(SAMPLE, 'Automotive')).toBeUndefined();
    expect(initStore(SAMPLE, 'Automotive', createIdSource())).not.toHaveProperty('records');
    const store = initStore(CONFIGS, 'Automotive', createIdSource());
    expect(store.saved.map((m) => m.metadata.dtoMapping)).toEqual(['credentials', 'claimantInfo', 'claimDetails', 'signature', 'paymentElection']);
    expect(isRepeating('Expenses', store)).toBe(true);
    expect(isRepeating('Expenses')).toBe(false);
    expect(store.records?.links).toEqual([{ model: 'documentContexts', field: 'expenseId', parent: 'expenses', minimumPerParent: 1, messageKey: 'LocKey_Expenses_ReceiptRequired' }]);
  });

  it('deletes an expense with its receipts (the declared link)', () => {
    const { store, expenseIds } = withExpenses(2, 2);
    const next = deleteRecord(store, expenseIds[0]!);
    expect(next.saved.filter((m) => m.metadata.dtoMapping === 'documentContexts').map((m) => m.fields.expenseId)).toEqual([expenseIds[1]]);
    expect(next.records).toEqual(store.records);
  });

  it('finds each expense without its receipt, and the expenses page refuses Next with the settlement’s message', () => {
    const { store } = withExpenses(2, 1);
    expect(childShortfalls(store, 'DocumentContexts').map((s) => [s.position, s.children, s.minimum])).toEqual([[2, 0, 1]]);
    const page = FLOW.pages.find((p) => p.id === 'expenses')!;
    const t = (key: string, ...args: Array<string | number>) => (key === 'LocKey_Expenses_ReceiptRequired' ? `Upload a receipt for expense ${args[1]}.` : key);
    const errors = validatePage(page, CONFIGS, store, { formType: 'Automotive', t, whitelist: null, now: new Date('2026-03-01T12:00:00Z') }).errors;
    expect(errors.map((e) => e.message)).toEqual(['Upload a receipt for expense 2.']);
    expect(validatePage(page, CONFIGS, withExpenses(2, 2).store, { formType: 'Automotive', t, whitelist: null, now: new Date('2026-03-01T12:00:00Z') }).errors).toEqual([]);
  });

  it('submits the declared models the form lists, and the server reads them back from the parts', async () => {
    const { store } = withExpenses(1, 1);
    const models = CONFIGS.filter((c) => FLOW.models.includes(c.metadata.dtoMapping));
    const payload = buildPayload({ formType: 'Automotive', store, culture: 'en', models });
    expect(payload.paymentElection).toMatchObject({ metadata: { dtoMapping: 'paymentElection' } });
    expect((payload.expenses as unknown[]).length).toBe(1);
    expect(buildPayload({ formType: 'Automotive', store, culture: 'en' })).not.toHaveProperty('expenses');
    const form = payloadToFormData(payload);
    const parts = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    expect(payloadFromParts(parts, [], payloadKinds(models, 'Automotive')).errors).toEqual([]);
    expect(payloadFromParts(parts, []).errors).toEqual(expect.arrayContaining(['expenses: unexpected text part.', 'paymentElection: unexpected text part.']));
  });

  it('masks an account number to its last four characters', () => {
    expect(maskAccount('000123456789')).toBe('••••6789');
    expect(maskAccount('1234')).toBe('••••');
  });
});

describe('the abaRoutingNumber rule kind', () => {
  it('accepts routing numbers whose checksum holds, with spaces or dashes', () => {
    for (const rtn of ['011000015', '021000021', '121000358', '0110-0001-5', '011 000 015']) expect(isAbaRoutingNumber(rtn)).toBe(true);
    expect(check('021000021', { type: 'abaRoutingNumber' })).toEqual([]);
    expect(check('', { type: 'abaRoutingNumber' })).toEqual([]);
  });

  it('refuses a wrong checksum, a wrong length and letters, with its message', () => {
    for (const rtn of ['011000016', '12345678', '0110000150', '01100001A']) expect(isAbaRoutingNumber(rtn)).toBe(false);
    // Its text comes from the locales (every settlement's locales must hold the key).
    expect(check('011000016', { type: 'abaRoutingNumber' })).toEqual(['LocKey_Validation_AbaRoutingNumber']);
  });
});
