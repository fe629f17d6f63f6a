import { describe, expect, it } from 'vitest';
import {
  addDraft,
  applyDefaults,
  applyPrepopulated,
  createFormModel,
  deleteRecord,
  discardDraft,
  findByClientId,
  findConfig,
  getDrafts,
  getModel,
  getRecords,
  initStore,
  saveDraft,
  saveFileDraft,
  setFieldValue,
  setFieldValues,
  setFileField,
  wasEverEdited,
} from '../../../runtime/core/models';
import { DevError, USER_MESSAGES } from '../../../runtime/core/errors';
import type { ModelStoreState } from '../../../runtime/core/types';
import { CONFIGS, config, ids } from './fixtures';

function expectDevError(fn: () => unknown, code: string, message: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DevError);
    expect((e as DevError).code).toBe(code);
    expect((e as DevError).message).toBe(message);
    return;
  }
  expect.unreachable('no error thrown');
}

const transactions = findConfig(CONFIGS, 'Automotive', 'ClaimTransactions');
const documents = findConfig(CONFIGS, 'Automotive', 'DocumentContexts');

describe('creating models and the store', () => {
  it('creates a form model with every field null and the dtoMapping camel-cased', () => {
    const model = createFormModel(config('ClaimantInfo', ['firstName', 'lastName']), ids());
    expect(model).toEqual({
      id: null,
      clientId: expect.stringMatching(/^clm0000001[a-z0-9]{8}$/),
      metadata: { formType: 'Automotive', dtoMapping: 'claimantInfo' },
      metadataHash: 'hash-ClaimantInfo',
      fields: { firstName: null, lastName: null },
    });
  });

  it('saves one model per single-instance dtoMapping of the form type, leaving out ClaimTransactions and DocumentContexts', () => {
    const state = initStore(CONFIGS, 'Automotive', ids());
    expect(state.saved.map((m) => m.metadata.dtoMapping)).toEqual(['credentials', 'claimantInfo', 'claimDetails', 'signature']);
    expect(state.drafts).toEqual([]);
    const lookup = initStore(CONFIGS, 'Lookup', ids());
    expect(lookup.saved.map((m) => m.metadata.dtoMapping)).toEqual(['credentials']);
    expect(Object.keys(lookup.saved[0]!.fields)).toEqual(['vin']);
  });

  it('finds the one model of a dtoMapping by either spelling', () => {
    const state = initStore(CONFIGS, 'Automotive', ids());
    expect(getModel(state, 'ClaimantInfo')).toBe(getModel(state, 'claimantInfo'));
  });

  it('names the developer errors of model access', () => {
    const state = initStore(CONFIGS, 'Automotive', ids());
    expectDevError(() => getModel(null, 'claimantInfo'), 'MODELS_NOT_LOADED', 'Form models were accessed before they were loaded');
    expectDevError(() => getModel(state, 'paymentElection'), 'NO_MATCHING_MODEL', 'No form model matches the metadata paymentElection');
    const doubled: ModelStoreState = { ...state, saved: [...state.saved, createFormModel(config('Signature', ['signature']), ids())] };
    expectDevError(() => getModel(doubled, 'Signature'), 'SEVERAL_MATCHING_MODELS', 'More than one form model matches the metadata signature');
    expectDevError(() => findByClientId(state, 'clm0000099zzzzzzzz'), 'NO_FORM_MODEL_WITH_CLIENT_ID', 'No formModel found with the clientId clm0000099zzzzzzzz');
    expectDevError(() => getRecords(undefined, 'claimTransactions'), 'MODELS_NOT_LOADED', 'Form models were accessed before they were loaded');
  });
});

describe('editing fields', () => {
  it('stores an edit to an empty string as null and records the field as ever edited', () => {
    let state = initStore(CONFIGS, 'Automotive', ids());
    const { clientId } = getModel(state, 'claimantInfo');
    state = setFieldValue(state, clientId, 'firstName', 'Maria');
    expect(getModel(state, 'claimantInfo').fields.firstName).toBe('Maria');
    state = setFieldValue(state, clientId, 'firstName', '');
    expect(getModel(state, 'claimantInfo').fields.firstName).toBeNull();
    expect(state.everEdited[clientId]).toEqual(['firstName']);
    expect(wasEverEdited(state, clientId, 'lastName')).toBe(false);
  });

  it('does not change the previous state', () => {
    const before = initStore(CONFIGS, 'Automotive', ids());
    const { clientId } = getModel(before, 'claimantInfo');
    setFieldValue(before, clientId, 'firstName', 'Maria');
    expect(getModel(before, 'claimantInfo').fields.firstName).toBeNull();
    expect(before.everEdited).toEqual({});
  });

  it('applies default values only to empty fields', () => {
    let state = initStore(CONFIGS, 'Automotive', ids());
    const { clientId } = getModel(state, 'claimantInfo');
    state = setFieldValue(state, clientId, 'firstName', 'Maria');
    state = applyDefaults(state, clientId, { firstName: 'Default', mailingCountry: 'US' });
    expect(getModel(state, 'claimantInfo').fields).toMatchObject({ firstName: 'Maria', mailingCountry: 'US' });
    expect(wasEverEdited(state, clientId, 'mailingCountry')).toBe(false);
  });

  it('copies prepopulated values only onto never-edited fields or fields still at their default', () => {
    let state = initStore(CONFIGS, 'Automotive', ids());
    const { clientId } = getModel(state, 'claimantInfo');
    state = applyDefaults(state, clientId, { mailingCountry: 'US' });
    state = setFieldValue(state, clientId, 'lastName', 'Edited');
    state = setFieldValue(state, clientId, 'mailingCountry', 'US'); // edited but still the default
    const fields = [
      { model: 'ClaimantInfo', key: 'firstName', prepopulatedDataKey: 'FirstName' },
      { model: 'ClaimantInfo', key: 'lastName', prepopulatedDataKey: 'LastName' },
      { model: 'ClaimantInfo', key: 'mailingCountry', prepopulatedDataKey: 'MailingCountry', defaultValue: 'US' },
    ];
    state = applyPrepopulated(state, { FirstName: 'Maria', LastName: 'Garcia', MailingCountry: 'CA' }, fields);
    expect(getModel(state, 'claimantInfo').fields).toMatchObject({ firstName: 'Maria', lastName: 'Edited', mailingCountry: 'CA' });
  });

  it('overwrites an edited field when its config overrides the ever-dirty constraint', () => {
    let state = initStore(CONFIGS, 'Automotive', ids());
    const { clientId } = getModel(state, 'claimantInfo');
    state = setFieldValue(state, clientId, 'lastName', 'Edited');
    state = applyPrepopulated(state, { lastName: 'Garcia' }, [
      { model: 'claimantInfo', key: 'lastName', prepopulatedDataKey: 'LastName', overrideEverDirtyFieldConstraint: true },
    ]);
    expect(getModel(state, 'claimantInfo').fields.lastName).toBe('Garcia');
  });
});

describe('the record lifecycle', () => {
  it('turns a draft into a saved record only when it is valid', () => {
    const start = initStore(CONFIGS, 'Automotive', ids());
    const { state: drafted, clientId } = addDraft(start, transactions, ids(), { claimTransactionType: 'denial' });
    expect(getDrafts(drafted, 'claimTransactions', { claimTransactionType: 'denial' })).toHaveLength(1);
    expect(saveDraft(drafted, clientId, false)).toBe(drafted);
    const saved = saveDraft(drafted, clientId, true);
    expect(saved.drafts).toEqual([]);
    expect(getRecords(saved, 'ClaimTransactions', { claimTransactionType: 'denial' }).map((m) => m.clientId)).toEqual([clientId]);
    expect(getRecords(saved, 'claimTransactions', { claimTransactionType: 'repair' })).toEqual([]);
  });

  it('drops a discarded draft and its edits', () => {
    const source = ids();
    const { state, clientId } = addDraft(initStore(CONFIGS, 'Automotive', source), transactions, source);
    const edited = setFieldValue(state, clientId, 'facilityName', 'Shop');
    const discarded = discardDraft(edited, clientId);
    expect(discarded.drafts).toEqual([]);
    expect(discarded.everEdited[clientId]).toBeUndefined();
  });

  it('deletes a record together with its child records, recursively', () => {
    const source = ids();
    let state = initStore(CONFIGS, 'Automotive', source);
    const parent = addDraft(state, transactions, source, { claimTransactionType: 'repair' });
    state = saveDraft(parent.state, parent.clientId, true);
    const child = addDraft(state, documents, source, { claimTransactionId: parent.clientId });
    state = saveDraft(child.state, child.clientId, true);
    const grandchild = addDraft(state, documents, source, { claimTransactionId: child.clientId });
    state = grandchild.state; // still a draft
    const other = addDraft(state, documents, source);
    state = saveDraft(other.state, other.clientId, true);

    const after = deleteRecord(state, parent.clientId);
    expect(after.saved.map((m) => m.clientId)).not.toContain(parent.clientId);
    expect(after.saved.map((m) => m.clientId)).not.toContain(child.clientId);
    expect(after.drafts).toEqual([]);
    expect(getRecords(after, 'documentContexts').map((m) => m.clientId)).toEqual([other.clientId]);
  });

  it('deletes a draft record too', () => {
    const source = ids();
    const { state, clientId } = addDraft(initStore(CONFIGS, 'Automotive', source), transactions, source);
    expect(deleteRecord(state, clientId).drafts).toEqual([]);
  });

  it('writes name, size and type onto the model from a file field, with type unknown when empty', () => {
    const source = ids();
    const { state, clientId } = addDraft(initStore(CONFIGS, 'Automotive', source), documents, source);
    const withFile = setFileField(state, clientId, 'file', { name: 'invoice.pdf', size: 1200, type: '' });
    expect(findByClientId(withFile, clientId).fields).toMatchObject({ file: 'invoice.pdf', name: 'invoice.pdf', size: 1200, type: 'unknown' });
    const typed = setFileField(state, clientId, 'file', { name: 'a.png', size: 3, type: 'image/png' });
    expect(findByClientId(typed, clientId).fields.type).toBe('image/png');
  });

  it('rejects a file record whose name is already saved, drops the draft and names the file-exists key', () => {
    const source = ids();
    let state = initStore(CONFIGS, 'Automotive', source);
    const first = addDraft(state, documents, source);
    state = setFileField(first.state, first.clientId, 'file', { name: 'invoice.pdf', size: 10, type: 'application/pdf' });
    const saved = saveFileDraft(state, first.clientId, true);
    expect(saved).toMatchObject({ saved: true, errorKey: null });

    const second = addDraft(saved.state, documents, source);
    state = setFileField(second.state, second.clientId, 'file', { name: 'invoice.pdf', size: 99, type: 'application/pdf' });
    const rejected = saveFileDraft(state, second.clientId, true);
    expect(rejected.saved).toBe(false);
    expect(rejected.errorKey).toBe(USER_MESSAGES.fileExists.key);
    expect(rejected.errorKey).toBe('LocKey_Validation_FileExists');
    expect(rejected.state.drafts).toEqual([]);
    expect(getRecords(rejected.state, 'documentContexts')).toHaveLength(1);
  });

  it('keeps an invalid file draft as a draft', () => {
    const source = ids();
    const { state, clientId } = addDraft(initStore(CONFIGS, 'Automotive', source), documents, source);
    const result = saveFileDraft(setFieldValues(state, clientId, { name: 'x.pdf' }), clientId, false);
    expect(result.saved).toBe(false);
    expect(result.errorKey).toBeNull();
    expect(result.state.drafts).toHaveLength(1);
  });
});
