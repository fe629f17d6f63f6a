/** The page engine (spec §4 record lifecycle): what Next, Add more, Save/Upload, Cancel and Delete do. */
import { describe, expect, it } from 'vitest';
import { addRecord, cancelRecord, enteredText, failedUpload, openPage, pressPrimary, recordToFill, removeRecord, saveRecord, uploadsToWaitFor, type PageEngineContext } from '../../../runtime/core/actions';
import { createIdSource, getDrafts, getRecords, initStore, setFieldValue, setFileField } from '../../../runtime/core/models';
import type { DocumentFile, FieldConfig, ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { CONFIGS, makeT, NOW, page } from '../view/fixtures';

const t = makeT({
  LocKey_Records_Incomplete: 'The record you started is not complete. Correct it or cancel it before you continue.',
  LocKey_Validation_FileExists: 'A file with this name has already been uploaded.',
});
const ctx: PageEngineContext = { t, whitelist: null, now: NOW, options: { formType: 'Automotive', modelConfigs: CONFIGS } };
const ids = createIdSource(() => 0.4);
const store = (): ModelStoreState => initStore(CONFIGS, 'Automotive', createIdSource(() => 0.1));

const repairs: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'repair' },
  fields: [
    { key: 'facilityName', widget: 'text', label: 'Facility' },
    { key: 'amountPaid', widget: 'text', label: 'Amount' },
  ],
  displayFields: ['facilityName'],
};
const documents: RecordsBlock = {
  block: 'records',
  model: 'DocumentContexts',
  kind: 'file',
  fields: [
    { key: 'documentType', widget: 'text', label: 'Type' },
    { key: 'file', widget: 'file', label: 'File' },
  ],
  displayFields: ['documentType'],
};
const repairsPage = page([repairs]);
const documentsPage = page([documents]);

/** Add more, then type these fields into the new record. */
function typed(s: ModelStoreState, block: RecordsBlock, fields: Record<string, string>): { store: ModelStoreState; clientId: string } {
  const added = addRecord(block, s, ctx.options, ids);
  if (added.kind !== 'added') throw new Error('a record is open');
  let next = added.store;
  for (const [key, value] of Object.entries(fields)) next = setFieldValue(next, added.clientId, key, value);
  return { store: next, clientId: added.clientId };
}

/** A document record with its file chosen. */
function chosen(s: ModelStoreState, name: string): { store: ModelStoreState; clientId: string } {
  const record = typed(s, documents, { documentType: 'invoice' });
  return { store: setFileField(record.store, record.clientId, 'file', { name, type: 'application/pdf', size: 10 }), clientId: record.clientId };
}

const file = (clientId: string, upload?: DocumentFile['upload']): DocumentFile => ({ clientId, name: 'a.pdf', size: 10, type: 'application/pdf', data: new Uint8Array(10), ...(upload ? { upload } : {}) });

describe('the primary button (Next)', () => {
  it('saves a typed record that validates, and goes through', () => {
    const open = typed(store(), repairs, { facilityName: 'Bay Auto Care' });
    const press = pressPrimary(repairsPage, open.store, [], ctx);
    expect(press.errors).toEqual([]);
    expect(press.saved).toEqual([open.clientId]);
    expect(getRecords(press.store, 'ClaimTransactions').map((r) => r.clientId)).toEqual([open.clientId]);
  });

  it('is refused while a typed record does not validate, which stays open with its errors to show', () => {
    const open = typed(store(), repairs, { amountPaid: '10.00' });
    const press = pressPrimary(repairsPage, open.store, [], ctx);
    expect(press.invalid).toEqual([open.clientId]);
    expect(press.errors.map((e) => e.message)).toEqual(['The record you started is not complete. Correct it or cancel it before you continue.']);
    expect(getDrafts(press.store, 'ClaimTransactions')).toHaveLength(1);
  });
});

describe('the primary button and a document record left open (chosen, Upload not pressed)', () => {
  const UNSAVED = 'You started a record but did not save it. Save it or cancel it before you continue.';
  const stored = (clientId: string) => file(clientId, { state: 'stored', sent: 10, total: 10, id: 5, error: null });

  it('saves it once its document is stored, as its Upload would, and goes through', () => {
    const record = chosen(store(), 'a.pdf');
    const press = pressPrimary(documentsPage, record.store, [stored(record.clientId)], ctx);
    expect(press.errors).toEqual([]);
    expect(press.saved).toEqual([record.clientId]);
    expect(getRecords(press.store, 'DocumentContexts').map((r) => [r.clientId, r.fields.name])).toEqual([[record.clientId, 'a.pdf']]);
    expect(getDrafts(press.store, 'DocumentContexts')).toEqual([]);
  });

  it('saves it after a typed record of the same page, both in the order saved', () => {
    const repair = typed(store(), repairs, { facilityName: 'Bay Auto Care' });
    const record = chosen(repair.store, 'a.pdf');
    const press = pressPrimary(page([repairs, documents]), record.store, [stored(record.clientId)], ctx);
    expect(press.errors).toEqual([]);
    expect(press.saved).toEqual([repair.clientId, record.clientId]);
  });

  it('is refused, the record open, while its document is still uploading, failed, or not chosen', () => {
    const record = chosen(store(), 'a.pdf');
    const uploading = file(record.clientId, { state: 'uploading', sent: 1, total: 10, id: null, error: null });
    const failed = file(record.clientId, { state: 'failed', sent: 0, total: 10, id: null, error: 'Not a PDF.' });
    const typeOnly = typed(store(), documents, { documentType: 'invoice' });
    for (const [s, docs] of [
      [record.store, [uploading]],
      [record.store, [failed]],
      [typeOnly.store, []],
    ] as const) {
      const press = pressPrimary(documentsPage, s, docs, ctx);
      expect(press.saved).toEqual([]);
      expect(press.errors.map((e) => e.message)).toEqual([UNSAVED]);
      expect(getDrafts(press.store, 'DocumentContexts')).toHaveLength(1);
      expect(getRecords(press.store, 'DocumentContexts')).toEqual([]);
    }
  });

  it('is refused while a saved document has its name, the record kept open (Upload would drop it)', () => {
    const first = chosen(store(), 'a.pdf');
    const saved = saveRecord(documentsPage, documents, first.clientId, first.store, [stored(first.clientId)], ctx, ids);
    if (saved.kind !== 'saved') throw new Error('not saved');
    const second = chosen(saved.store, 'a.pdf');
    const press = pressPrimary(documentsPage, second.store, [stored(first.clientId), stored(second.clientId)], ctx);
    expect(press.saved).toEqual([]);
    expect(press.errors.map((e) => e.message)).toEqual([UNSAVED]);
    expect(getDrafts(press.store, 'DocumentContexts').map((d) => d.clientId)).toEqual([second.clientId]);
    expect(getRecords(press.store, 'DocumentContexts').map((r) => r.clientId)).toEqual([first.clientId]);
  });
});

describe('a press while documents upload', () => {
  const uploadingFile = (clientId: string) => file(clientId, { state: 'uploading', sent: 1, total: 10, id: null, error: null });

  it('waits for every document still uploading; with none, it is made at once', () => {
    const stored = file('clm-a', { state: 'stored', sent: 10, total: 10, id: 1, error: null });
    expect(uploadsToWaitFor([stored, uploadingFile('clm-b'), file('clm-c'), uploadingFile('clm-d')])).toEqual({ kind: 'waitForUploads', uploads: ['clm-b', 'clm-d'] });
    expect(uploadsToWaitFor([stored, file('clm-c')])).toBeNull();
    expect(uploadsToWaitFor([])).toBeNull();
  });

  it("is not made when an awaited upload failed, naming that open record's file field; a stored one lets it through", () => {
    const record = chosen(store(), 'a.pdf');
    const failed = file(record.clientId, { state: 'failed', sent: 0, total: 10, id: null, error: 'Not a PDF.' });
    expect(failedUpload(documentsPage, record.store, [failed], [record.clientId])).toEqual({ clientId: record.clientId, fieldId: `documentContexts-${record.clientId}-file` });
    const stored = file(record.clientId, { state: 'stored', sent: 10, total: 10, id: 3, error: null });
    expect(failedUpload(documentsPage, record.store, [stored], [record.clientId])).toBeNull();
    // A failure the press did not wait for (seen before it was pressed) is the page's to refuse, not the wait's.
    expect(failedUpload(documentsPage, record.store, [failed], [])).toBeNull();
    // Nor does a failed document of a record this page does not show hold its press.
    expect(failedUpload(repairsPage, record.store, [failed], [record.clientId])).toBeNull();
  });
});

describe('Add more', () => {
  it('is not there while a record is open; the untouched open record is the one to fill', () => {
    const opened = openPage(page([{ ...repairs, startDraft: true }]), store(), ctx.options, ids);
    const [draft] = getDrafts(opened, 'ClaimTransactions');
    expect(addRecord(repairs, opened, ctx.options, ids)).toEqual({ kind: 'recordOpen', clientId: draft?.clientId });
    expect(recordToFill(repairs, opened, ctx.options, ids)).toEqual({ kind: 'added', store: opened, clientId: draft?.clientId });
    const typedIn = setFieldValue(opened, draft?.clientId ?? '', 'facilityName', 'Hilltop');
    expect(recordToFill(repairs, typedIn, ctx.options, ids).kind).toBe('recordOpen');
  });
});

describe('Save and Upload', () => {
  it("shows a record's errors under its fields and keeps it open", () => {
    const open = typed(store(), repairs, { amountPaid: '10.00' });
    const outcome = saveRecord(repairsPage, repairs, open.clientId, open.store, [], ctx, ids);
    expect(outcome).toMatchObject({ kind: 'invalid', firstFieldId: `claimTransactions-${open.clientId}-facilityName` });
    expect(outcome.kind === 'invalid' && Object.keys(outcome.errors)).toEqual(['facilityName']);
  });

  it('saves a valid record, and opens a new one when the block asks for one after each save', () => {
    const open = typed(store(), repairs, { facilityName: 'Bay Auto Care' });
    expect(saveRecord(repairsPage, repairs, open.clientId, open.store, [], ctx, ids)).toMatchObject({ kind: 'saved', clientId: open.clientId, opened: null });
    const again = saveRecord(repairsPage, { ...repairs, newDraftAfterSave: true }, open.clientId, open.store, [], ctx, ids);
    expect(again.kind === 'saved' && getDrafts(again.store, 'ClaimTransactions').map((d) => d.clientId)).toEqual([again.kind === 'saved' ? again.opened : null]);
  });

  it('waits for a document still uploading, saves it once stored, and drops one whose upload failed', () => {
    const record = chosen(store(), 'a.pdf');
    const uploading = file(record.clientId, { state: 'uploading', sent: 1, total: 10, id: null, error: null });
    // Another record's upload does not hold this one.
    const other = { ...file('clm-other', { state: 'uploading', sent: 0, total: 10, id: null, error: null }), name: 'b.pdf' };
    expect(saveRecord(documentsPage, documents, record.clientId, record.store, [other, uploading], ctx, ids)).toEqual({ kind: 'waitForUploads', uploads: [record.clientId] });
    const stored = file(record.clientId, { state: 'stored', sent: 10, total: 10, id: 7, error: null });
    expect(saveRecord(documentsPage, documents, record.clientId, record.store, [other, stored], ctx, ids)).toMatchObject({ kind: 'saved', clientId: record.clientId });
    const failed = file(record.clientId, { state: 'failed', sent: 0, total: 10, id: null, error: 'Not a PDF.' });
    const outcome = saveRecord(documentsPage, documents, record.clientId, record.store, [failed], ctx, ids);
    expect(outcome).toMatchObject({ kind: 'dropped', reason: 'uploadFailed', field: 'file', message: 'Not a PDF.', documents: [] });
    expect(outcome.kind === 'dropped' && getDrafts(outcome.store, 'DocumentContexts')).toEqual([]);
  });

  it('drops a document whose name a saved document has (spec §4)', () => {
    const first = chosen(store(), 'a.pdf');
    const saved = saveRecord(documentsPage, documents, first.clientId, first.store, [], ctx, ids);
    if (saved.kind !== 'saved') throw new Error('not saved');
    const second = chosen(saved.store, 'a.pdf');
    expect(saveRecord(documentsPage, documents, second.clientId, second.store, [file(second.clientId)], ctx, ids)).toMatchObject({
      kind: 'dropped',
      reason: 'nameTaken',
      message: 'A file with this name has already been uploaded.',
      documents: [],
    });
  });
});

describe('Cancel and Delete', () => {
  it('Cancel drops the open record and its chosen document; Delete takes a saved record with what is linked to it', () => {
    const record = chosen(store(), 'a.pdf');
    const cancelled = cancelRecord(record.clientId, record.store, [file(record.clientId)]);
    expect(getDrafts(cancelled.store, 'DocumentContexts')).toEqual([]);
    expect(cancelled.documents).toEqual([]);
    const repair = typed(store(), repairs, { facilityName: 'Bay Auto Care' });
    const saved = saveRecord(repairsPage, repairs, repair.clientId, repair.store, [], ctx, ids);
    if (saved.kind !== 'saved') throw new Error('not saved');
    const linked = typed(saved.store, documents, { documentType: 'invoice', claimTransactionId: repair.clientId });
    const removed = removeRecord(repairsPage, repair.clientId, linked.store, [file(linked.clientId)], ctx.options);
    expect(getRecords(removed.store, 'ClaimTransactions')).toEqual([]);
    expect(removed.documents).toEqual([]);
  });
});

describe('what a claimant can type', () => {
  it("a mask keeps what it can take: the odometer's numbers keep their digits and dots, not a letter", () => {
    const odometer: FieldConfig = { key: 'odometerReading', widget: 'text', label: 'Odometer' };
    expect(enteredText(odometer, 'decimal', '12a')).toBe('12');
    expect(enteredText(odometer, 'decimal', '12.3.4')).toBe('12.3.4');
    expect(enteredText(odometer, null, '12a')).toBe('12a');
    expect(enteredText({ key: 'd', widget: 'date', label: 'Date' }, null, '05/12/2016')).toBe('05/12/2016');
  });
});
