/**
 * The records buttons of the page engine (spec §4 record lifecycle): Add more, Save/Upload, Cancel
 * and Delete, as pure functions of the block, the answers and the documents.
 */
import { USER_MESSAGES } from '../errors';
import { deleteRecord, discardDraft, findConfig, getDrafts, isDraft, modelsScope, saveDraft, saveFileDraft, withDescendants, type IdSource } from '../models';
import type { DocumentFile, FieldConfig, FormModel, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { applyDependencyResets } from '../view/dependencies';
import { fieldDomId } from '../view/dom-ids';
import { computeFieldState } from '../view/field-state';
import type { GroupOptions } from '../view/page-groups';
import { draftHasEntries, openDraft } from '../view/records';
import type { ValidationEnv } from '../view/types';
import type { PageEngineContext } from './page-press';
import { uploadsToWaitFor, type WaitForUploads } from './uploads';

/** A text by its key, or its English words when the locale has none. */
function textOr(t: ValidationEnv['t'], key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/** The messages a widget shows: a text area all of them, any other widget the first (spec §5). */
export function shownMessages(field: FieldConfig | undefined, messages: string[]): string[] {
  if (messages.length === 0) return [];
  const first = messages[0];
  if (field?.widget === 'textarea') return [...new Set(messages)];
  return first === undefined ? [] : [first];
}

/** Add more: refused while the block shows an open record (its form stands where Add more would). */
export type AddRecord = { kind: 'added'; store: ModelStoreState; clientId: string } | { kind: 'recordOpen'; clientId: string };

export function addRecord(block: RecordsBlock, store: ModelStoreState, options: GroupOptions, ids: IdSource): AddRecord {
  const open = getDrafts(store, block.model, block.fixedValues)[0];
  if (open) return { kind: 'recordOpen', clientId: open.clientId };
  const added = openDraft(block, store, findConfig(options.modelConfigs, options.formType, block.model), ids);
  return { kind: 'added', store: added.store, clientId: added.clientId };
}

/**
 * The record a claimant fills next in a block: its open record when nothing was typed in it yet
 * (the form the page or a save opened), else a new one with Add more; refused while a typed
 * record is open.
 */
export function recordToFill(block: RecordsBlock, store: ModelStoreState, options: GroupOptions, ids: IdSource): AddRecord {
  const open = getDrafts(store, block.model, block.fixedValues)[0];
  if (open && !draftHasEntries(block, open, store)) return { kind: 'added', store, clientId: open.clientId };
  return addRecord(block, store, options, ids);
}

/** What a record's Save or Upload does. */
export type RecordSave =
  /** Its fields do not validate: the record stays open, these errors under its fields (by field key, as the widgets show them). */
  | RecordInvalid
  /** Its document is still uploading: nothing changes yet; the save is made again once the upload has settled. */
  | WaitForUploads
  /** Its document was refused (its upload failed, or a saved document has its name): the record and its document are dropped. */
  | { kind: 'dropped'; reason: DocumentRefusal['reason']; store: ModelStoreState; documents: DocumentFile[]; field: string; message: string }
  /** Saved; `opened` is the new record the block opens after each save (newDraftAfterSave), else null. */
  | { kind: 'saved'; store: ModelStoreState; clientId: string; opened: string | null };

/** An open record whose fields do not validate: these errors under its fields (by field key), the first of them to focus. */
export type RecordInvalid = { kind: 'invalid'; errors: Record<string, string[]>; firstFieldId: string };

/** An open document record whose document refuses its save: its upload failed, or a saved document has its name. */
export type DocumentRefusal = { kind: 'refused'; reason: 'uploadFailed' | 'nameTaken'; field: string; message: string };

/** The checks of a record's save, and the save when they pass (the answers after it). */
export type OpenRecordSave = RecordInvalid | WaitForUploads | DocumentRefusal | { kind: 'saved'; store: ModelStoreState };

/** The errors of a record's shown fields, by field key, as its widgets show them (empty when it validates). */
export function recordErrors(block: RecordsBlock, record: FormModel, store: ModelStoreState, ctx: PageEngineContext): Record<string, string[]> {
  const config = findConfig(ctx.options.modelConfigs, ctx.options.formType, block.model);
  const models = modelsScope(store);
  const out: Record<string, string[]> = {};
  for (const field of block.fields) {
    const state = computeFieldState(field, record, config, models, ctx);
    const shown = state.visible ? shownMessages(field, state.errors) : [];
    if (shown.length > 0) out[field.key] = shown;
  }
  return out;
}

const withoutDocuments = (documents: DocumentFile[], ids: ReadonlySet<string>): DocumentFile[] =>
  documents.some((d) => ids.has(d.clientId)) ? documents.filter((d) => !ids.has(d.clientId)) : documents;

/**
 * An open record saved as its Save or Upload saves it, and as the primary button saves one left
 * open: its fields must validate (a document record's file is chosen); its document must not be
 * uploading nor failed (one never sent, where nothing uploads, goes with the submit), and no saved
 * document has its name. A refused record is left as it was: what to do with it is the caller's
 * (Upload drops it, the primary button refuses).
 */
export function saveOpenRecord(block: RecordsBlock, clientId: string, store: ModelStoreState, documents: readonly DocumentFile[], ctx: PageEngineContext): OpenRecordSave {
  const record = getDrafts(store, block.model, block.fixedValues).find((d) => d.clientId === clientId);
  if (!record) return { kind: 'invalid', errors: {}, firstFieldId: '' };
  const errors = recordErrors(block, record, store, ctx);
  const firstField = block.fields.find((f) => errors[f.key] !== undefined);
  if (firstField) return { kind: 'invalid', errors, firstFieldId: fieldDomId(block.model, clientId, firstField.key) };
  if (block.kind !== 'file') return { kind: 'saved', store: saveDraft(store, clientId, true) };
  const wait = uploadsToWaitFor(documents, [clientId]);
  if (wait) return wait;
  const field = block.fields.find((f) => f.widget === 'file')?.key ?? 'file';
  const upload = documents.find((d) => d.clientId === clientId)?.upload;
  if (upload?.state === 'failed') {
    const message = upload.error ? ctx.t(upload.error) : textOr(ctx.t, USER_MESSAGES.uploadFailed.key, USER_MESSAGES.uploadFailed.en);
    return { kind: 'refused', reason: 'uploadFailed', field, message };
  }
  const result = saveFileDraft(store, clientId, true);
  if (!result.saved) return { kind: 'refused', reason: 'nameTaken', field, message: textOr(ctx.t, result.errorKey ?? USER_MESSAGES.fileExists.key, USER_MESSAGES.fileExists.en) };
  return { kind: 'saved', store: result.state };
}

/**
 * A record's Save or Upload (spec §4): validates its fields; a document record is saved once its
 * document is stored, and is dropped with it when the upload failed or a saved document has its
 * name; a saved record may reset what depends on the list, and a block that asks for it opens a
 * new record.
 */
export function saveRecord(page: PageConfig, block: RecordsBlock, clientId: string, store: ModelStoreState, documents: DocumentFile[], ctx: PageEngineContext, ids: IdSource): RecordSave {
  const checked = saveOpenRecord(block, clientId, store, documents, ctx);
  if (checked.kind === 'invalid' || checked.kind === 'waitForUploads') return checked;
  if (checked.kind === 'refused') {
    const { reason, field, message } = checked;
    return { kind: 'dropped', reason, store: discardDraft(store, clientId), documents: withoutDocuments(documents, new Set([clientId])), field, message };
  }
  const next = applyDependencyResets(page, checked.store, ctx.options);
  if (block.newDraftAfterSave === true && getDrafts(next, block.model, block.fixedValues).length === 0) {
    const fresh = openDraft(block, next, findConfig(ctx.options.modelConfigs, ctx.options.formType, block.model), ids);
    return { kind: 'saved', store: fresh.store, clientId, opened: fresh.clientId };
  }
  return { kind: 'saved', store: next, clientId, opened: null };
}

/** Cancel: the open record and its chosen document are dropped. */
export function cancelRecord(clientId: string, store: ModelStoreState, documents: DocumentFile[]): { store: ModelStoreState; documents: DocumentFile[] } {
  return { store: discardDraft(store, clientId), documents: withoutDocuments(documents, new Set([clientId])) };
}

/** Delete: a saved record goes with the records linked to it and their documents; an open one is cancelled. */
export function removeRecord(page: PageConfig, clientId: string, store: ModelStoreState, documents: DocumentFile[], options: GroupOptions): { store: ModelStoreState; documents: DocumentFile[] } {
  if (isDraft(store, clientId)) return cancelRecord(clientId, store, documents);
  const gone = withDescendants(store, clientId);
  return { store: applyDependencyResets(page, deleteRecord(store, clientId), options), documents: withoutDocuments(documents, gone) };
}
