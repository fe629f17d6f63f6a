/** Links between records in the view model: what the page and the server's page logic both refuse, and what a Delete takes along. */
import { describe, expect, it } from 'vitest';
import { addDraft, createIdSource, deleteRecord, fileNameTaken, initStore, saveDraft, setFieldValue, type IdSource } from '../../../runtime/core/models';
import type { ModelConfig, ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { danglingLinks, linkedRemoval, validatePage } from '../../../runtime/core/view';
import { CONFIGS, makeT, NOW, page } from './fixtures';

const t = makeT({});
const ctx = { t, whitelist: null, now: NOW, formType: 'Automotive' as const };
const config = (name: string): ModelConfig => {
  const found = CONFIGS.find((c) => c.metadata.dtoMapping === name);
  if (!found) throw new Error(`The fixtures have no ${name} config.`);
  return found;
};
const repairs: RecordsBlock = { block: 'records', model: 'ClaimTransactions', fixedValues: { claimTransactionType: 'repair' }, fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }], displayFields: ['facilityName'] };
const documents: RecordsBlock = {
  block: 'records',
  model: 'DocumentContexts',
  kind: 'file',
  fields: [
    { key: 'documentType', widget: 'select', label: 'Type', options: [{ value: 'other', label: 'Other' }] },
    { key: 'claimTransactionId', widget: 'select', label: 'Repair' },
    { key: 'file', widget: 'file', label: 'File' },
  ],
  displayFields: ['name', 'documentType'],
  linkOptions: { field: 'claimTransactionId', model: 'ClaimTransactions', labelFields: ['facilityName'] },
};
const pages = [page([repairs], { id: 'repairs' }), page([documents], { id: 'documents' })];

function claim(link: (repairId: string) => string | null): { store: ModelStoreState; repairId: string; documentId: string } {
  const ids: IdSource = createIdSource();
  const repair = addDraft(initStore(CONFIGS, 'Automotive', ids), config('ClaimTransactions'), ids, { claimTransactionType: 'repair' });
  let s = saveDraft(setFieldValue(repair.state, repair.clientId, 'facilityName', 'Main St Garage'), repair.clientId, true);
  const doc = addDraft(s, config('DocumentContexts'), ids);
  s = setFieldValue(setFieldValue(setFieldValue(doc.state, doc.clientId, 'file', 'invoice.pdf'), doc.clientId, 'name', 'invoice.pdf'), doc.clientId, 'documentType', 'other');
  s = saveDraft(setFieldValue(s, doc.clientId, 'claimTransactionId', link(repair.clientId)), doc.clientId, true);
  return { store: s, repairId: repair.clientId, documentId: doc.clientId };
}

describe('links between records', () => {
  it("refuses a saved record's link to a record the claim does not have, on its select, and not a link to one it has or none", () => {
    const wrong = claim(() => 'c0000099zzzzzzzz');
    const errors = validatePage(pages[1] ?? page([documents]), CONFIGS, wrong.store, ctx).errors;
    expect(errors).toEqual([expect.objectContaining({ fieldId: `documentContexts-${wrong.documentId}-claimTransactionId`, clientId: wrong.documentId, field: 'claimTransactionId', message: 'Choose again from the list: the one chosen is not part of your claim.', label: 'Repair' })]);
    expect(danglingLinks(pages, claim((id) => id).store, t)).toEqual([]);
    expect(danglingLinks(pages, claim(() => null).store, t)).toEqual([]);
  });

  it('finds the link left dangling when the record linked to is gone from the store (a removal the page did not take along)', () => {
    const { store, repairId, documentId } = claim((id) => id);
    const gone = { ...store, saved: store.saved.filter((m) => m.clientId !== repairId) };
    expect(danglingLinks(pages, gone, t).map((d) => [d.page.id, d.record.clientId])).toEqual([['documents', documentId]]);
  });

  it('says what a Delete takes along, or what keeps the record, naming the linked records by their first display field', () => {
    const { store, repairId, documentId } = claim((id) => id);
    expect(linkedRemoval(store, repairId, pages, t)).toMatchObject({ kind: 'withLinked', message: 'Deleting it also deletes what is linked to it: invoice.pdf.' });
    expect(linkedRemoval(store, repairId, pages, t, new Set([documentId]))).toMatchObject({ kind: 'kept', message: expect.stringContaining(': invoice.pdf.') });
    expect(linkedRemoval(store, documentId, pages, t)).toEqual({ kind: 'alone' });
    // A Delete taken along leaves no link dangling.
    expect(danglingLinks(pages, deleteRecord(store, repairId), t)).toEqual([]);
  });

  it("tells a document record whose name another saved document has, not its own", () => {
    const { store, documentId } = claim(() => null);
    const record = store.saved.find((m) => m.clientId === documentId);
    if (!record) throw new Error('no document');
    expect(fileNameTaken(store, record)).toBe(false);
    expect(fileNameTaken(store, { ...record, clientId: 'c0000098zzzzzzzz' })).toBe(true);
  });
});
