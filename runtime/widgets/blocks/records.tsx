import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { failedUpload, type PageEngineContext } from '../../core/actions/page-press';
import { addRecord, cancelRecord, removeRecord, saveRecord } from '../../core/actions/record-actions';
import { devError, USER_MESSAGES } from '../../core/errors';
import { checkRequiredManager, childShortfalls, fileNameTaken, getDrafts, getRecords, type MessageRef } from '../../core/models';
import type { DocumentFile, FieldConfig, FieldValue, FormModel, ModelStoreState, RecordsBlock as RecordsBlockConfig } from '../../core/types';
import type { BlockProps, PageContext, Translate } from '../../react/types';
import { Button } from '../Button';
import { DisplayValuesRow, MAX_DISPLAY_FIELDS_WITH_BUTTONS } from '../DisplayValuesRow';
import { fieldDomId, missingChildrenDomId, recordsDomId } from '../../core/view/dom-ids';
import { displayValue, fieldForKey, findFieldConfig } from '../../core/view/display-value';
import { linkedRemoval } from '../../core/view/linked-removal';
import { asksNoneConfirmation, blockMinimum, noneConfirmationField, openInitialDrafts } from '../../core/view/records';

export const RECORDS_KEYS = {
  addMore: 'LocKey_Button_AddMore',
  cancel: 'LocKey_Button_Cancel',
  upload: 'LocKey_Button_Upload',
  edit: 'LocKey_Button_Edit',
  delete: 'LocKey_Button_Delete',
  keep: 'LocKey_Records_Keep',
  done: 'LocKey_Button_Done',
  saved: 'LocKey_Common_Saved',
  record: 'LocKey_Records_Record',
  waitForUpload: 'LocKey_Documents_WaitForUpload',
  uploadFailed: 'LocKey_Documents_UploadFailed',
} as const;

/** The 'Saved' message disappears after 5 seconds (spec §9). */
export const SAVED_MESSAGE_MS = 5000;

const translatedOr = (t: Translate, key: string, fallback: string, ...args: Array<string | number>) => {
  const text = t(key, ...args);
  return text === key ? fallback : text;
};
const orFallback = (ctx: PageContext, key: string, fallback: string, ...args: Array<string | number>) => translatedOr(ctx.t, key, fallback, ...args);

function messageText(ctx: PageContext, ref: MessageRef): string {
  return ref.key === '' ? ref.fallback : orFallback(ctx, ref.key, ref.fallback, ...ref.args);
}

/**
 * A linked record's value of a field no page lets the claimant edit (a records block's fixed value,
 * e.g. claimTransactionType 'repair'): the legend of the block that creates such records ('Repair').
 */
function fixedValueLabel(ctx: PageContext, model: string, field: string, value: FieldValue | undefined): string | null {
  for (const page of ctx.pages) {
    for (const block of page.blocks) {
      if (block.block !== 'records' || block.model !== model || !block.legendKey) continue;
      if (block.fixedValues?.[field] !== undefined && block.fixedValues[field] === value) return ctx.t(block.legendKey);
    }
  }
  return null;
}

/** Field configs with the linking select's options built from saved records of the other model. */
function withLinkOptions(config: RecordsBlockConfig, store: ModelStoreState, ctx: PageContext): FieldConfig[] {
  const link = config.linkOptions;
  if (!link) return config.fields;
  const options = getRecords(store, link.model).map((record, index) => ({
    value: record.clientId,
    label:
      link.labelFields
        .map((f) => {
          const value = record.fields[f];
          const field = findFieldConfig(ctx.pages, null, link.model, f);
          return field ? displayValue(field, value, ctx.t) : (fixedValueLabel(ctx, link.model, f, value) ?? displayValue(undefined, value, ctx.t));
        })
        .filter(Boolean)
        .join(' – ') || `${index + 1}`,
  }));
  return config.fields.map((f) => (f.key === link.field ? { ...f, options } : f));
}

interface SavedRecordRowProps {
  record: FormModel;
  rowLabel: string;
  displayFields: string[];
  fields: FieldConfig[];
  t: Translate;
  editLabel: string;
  deleteLabel: string;
  onEdit?: (clientId: string) => void;
  onDelete: (record: FormModel) => void;
}

// Memoized: typing in the draft re-renders the block, and the saved records are unchanged objects.
const SavedRecordRow = memo(function SavedRecordRow({ record, rowLabel, displayFields, fields, t, editLabel, deleteLabel, onEdit, onDelete }: SavedRecordRowProps) {
  return (
    <DisplayValuesRow
      recordClientId={record.clientId}
      rowLabel={rowLabel}
      fields={displayFields.map((key) => {
        const field = fieldForKey(fields, key);
        return { key, label: field ? t(field.label) : key, value: displayValue(field, record.fields[key], t) };
      })}
      editLabel={editLabel}
      deleteLabel={deleteLabel}
      onEdit={onEdit ? () => onEdit(record.clientId) : undefined}
      onDelete={() => onDelete(record)}
    />
  );
});

// The server's refusal of a saved record's field (its document, its link) is told under its row,
// where the error summary's link leads; the record's form, once opened, tells it under the field.
function rowRefusals(refusalErrors: Readonly<Record<string, string>> | undefined, model: string, record: FormModel, fields: FieldConfig[]): { id: string; message: string }[] {
  if (!refusalErrors) return [];
  return fields.flatMap((f) => {
    const fieldId = fieldDomId(model, record.clientId, f.key);
    const message = refusalErrors[fieldId];
    return message ? [{ id: fieldId, message }] : [];
  });
}

interface SavedRowsProps {
  records: FormModel[];
  displayFields: string[];
  fields: FieldConfig[];
  t: Translate;
  onEdit?: (clientId: string) => void;
  onDelete: (record: FormModel) => void;
  model: string;
  /** The server's refusals by field id: one of a saved record's fields (its document, its link) is told under its row. */
  refusalErrors: Readonly<Record<string, string>> | undefined;
  /** The saved record being edited (its form instead of its row), if any. */
  editing: string | null;
  editForm: (record: FormModel) => ReactNode;
}

// The saved records: while none is being edited, typing in the open record leaves every saved one
// the same object, so the list is not drawn again (20 saved repairs: 20 rows and their labels).
const SavedRows = memo(
  function SavedRows({ records, displayFields, fields, t, onEdit, onDelete, model, refusalErrors, editing, editForm }: SavedRowsProps) {
    // Translated once per render, not once per saved record.
    const editLabel = translatedOr(t, RECORDS_KEYS.edit, 'Edit');
    const deleteLabel = translatedOr(t, RECORDS_KEYS.delete, 'Delete');
    return records.map((record, index) => (
      <li className="cf-records__item" key={record.clientId}>
        {editing === record.clientId ? (
          editForm(record)
        ) : (
          <SavedRecordRow
            record={record}
            rowLabel={translatedOr(t, RECORDS_KEYS.record, `Record ${index + 1}`, index + 1)}
            displayFields={displayFields}
            fields={fields}
            t={t}
            editLabel={editLabel}
            deleteLabel={deleteLabel}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
        {editing === record.clientId
          ? null
          : rowRefusals(refusalErrors, model, record, fields).map((r) => (
              <p className="cf-records__message cf-records__message--error cf-field__error" id={r.id} tabIndex={-1} key={r.id}>
                {r.message}
              </p>
            ))}
      </li>
    ));
  },
  (a, b) =>
    a.editing === null &&
    b.editing === null &&
    a.displayFields === b.displayFields &&
    a.fields === b.fields &&
    a.t === b.t &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.model === b.model &&
    a.refusalErrors === b.refusalErrors &&
    a.records.length === b.records.length &&
    a.records.every((record, i) => record === b.records[i]),
);

interface DraftActionsProps {
  clientId: string;
  isFile: boolean;
  saveLabel: string;
  cancelLabel: string;
  onUpload: (clientId: string) => Promise<void>;
  onCancel: (clientId: string) => void;
}

// Memoized like the rows: typing in a draft does not re-render its buttons. Save or Upload is busy
// while it waits for the record's document to finish uploading.
const DraftActions = memo(function DraftActions({ clientId, isFile, saveLabel, cancelLabel, onUpload, onCancel }: DraftActionsProps) {
  return (
    <div className="cf-records__actions">
      <Button variant="primary" icon={isFile ? 'send' : 'confirm'} label={saveLabel} disableOnClick onClick={() => onUpload(clientId)} />
      <Button variant="outline-secondary" icon="close" label={cancelLabel} onClick={() => onCancel(clientId)} />
    </div>
  );
});

/**
 * The record manager (spec §4): saved records as display rows with edit and delete; each open
 * draft with Upload and Cancel; Add more starts a draft and moves focus to its first field. What
 * each button does is the page engine's (runtime/core/actions): Upload validates and saves (a file
 * whose name is already saved is rejected and its draft dropped); the saved record's form then
 * closes, leaving the list and Add more, unless the flow asks for a new draft after each save
 * (newDraftAfterSave). The page opens the block's initial drafts (spec §3); Next saves an open
 * draft that its Save or Upload would save (the engine's pressPrimary). While the list is empty, a
 * block that declares it asks the claimant to confirm that none applies (spec §5).
 */
export function RecordsBlock({ config, ctx }: BlockProps<RecordsBlockConfig>) {
  if (config.displayFields.length > MAX_DISPLAY_FIELDS_WITH_BUTTONS) throw devError('MAX_DISPLAY_FIELDS', MAX_DISPLAY_FIELDS_WITH_BUTTONS);
  const modelConfig = ctx.modelConfig(config.model);
  const fields = withLinkOptions(config, ctx.store, ctx);
  const drafts = getDrafts(ctx.store, config.model, config.fixedValues);
  const saved = getRecords(ctx.store, config.model, config.fixedValues);
  const [fileError, setFileError] = useState<string | null>(null);
  // Counts the saves, so that each one shows "Saved" for its own 5 seconds (0: none shown).
  const [savedNotice, setSavedNotice] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  // A Delete of a record others link to: asked first (they go with it), or refused (they cannot be changed here).
  const [removal, setRemoval] = useState<{ clientId: string; asks: boolean; message: string } | null>(null);
  const removalRef = useRef<HTMLDivElement | null>(null);
  const regionRef = useRef<HTMLElement | null>(null);
  const addMoreRef = useRef<HTMLDivElement | null>(null);
  const id = recordsDomId(config.model, config.fixedValues);
  const legendId = `${id}-legend`;

  /** What the page engine needs to compute a press. */
  const engine = (): PageEngineContext => ({
    t: ctx.t,
    whitelist: ctx.whitelist,
    now: ctx.now,
    options: { formType: ctx.formType, modelConfigs: ctx.modelConfigs, internationalAddresses: ctx.settings.internationalAddresses },
  });
  const setDocuments = (next: DocumentFile[]) => {
    if (next !== ctx.documents) ctx.setDocuments(next);
  };

  // The drafts the block opens with when the page opens (initial instances, a draft at init).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const opened = openInitialDrafts(config, ctx.store, modelConfig, ctx.ids);
    if (opened !== ctx.store) ctx.setStore(opened);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!savedNotice) return;
    const timer = setTimeout(() => setSavedNotice(0), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedNotice]);

  // Focus moves once React has drawn what the action opened or closed.
  const focusLater = (find: () => HTMLElement | null | undefined) => {
    setTimeout(() => find()?.focus(), 0);
  };

  /** The first field a draft (or a record opened by Edit) shows (a field hidden by its dependency is not drawn), where the claimant starts typing. */
  const focusDraft = (clientId: string) =>
    focusLater(() => fields.map((f) => document.getElementById(fieldDomId(config.model, clientId, f.key))).find((el) => el !== null));

  /** Add more, once the draft that held focus is closed (or the region when another draft is still open). */
  const focusAddMore = () => focusLater(() => addMoreRef.current?.querySelector('button') ?? regionRef.current);

  const addMore = () => {
    const added = addRecord(config, ctx.store, engine().options, ctx.ids);
    if (added.kind !== 'added') return;
    ctx.setErrorsShown(added.clientId, 'all', false);
    setFileError(null);
    ctx.setStore(added.store);
    focusDraft(added.clientId);
  };

  const cancel = (clientId: string) => {
    const next = cancelRecord(clientId, ctx.store, ctx.documents);
    setDocuments(next.documents);
    setFileError(null);
    ctx.setStore(next.store);
    focusAddMore();
  };

  const upload = async (clientId: string): Promise<void> => {
    const outcome = saveRecord(ctx.page, config, clientId, ctx.store, ctx.documents, engine(), ctx.ids);
    switch (outcome.kind) {
      case 'invalid':
        if (outcome.firstFieldId === '') return;
        ctx.setErrorsShown(clientId, 'all', true);
        focusLater(() => document.getElementById(outcome.firstFieldId));
        return;
      case 'waitForUploads':
        // Its document still uploads (its progress in view): saved once stored. A failed upload
        // keeps the record open, the focus on its file field, which shows the upload's error.
        await ctx.pressAfterUploads(outcome.uploads, (documents) => {
          const failed = failedUpload(ctx.page, ctx.store, documents, outcome.uploads);
          if (failed) {
            focusLater(() => document.getElementById(failed.fieldId));
            return;
          }
          return latest.current.upload(clientId);
        });
        return;
      case 'dropped':
        setDocuments(outcome.documents);
        setFileError(outcome.message);
        ctx.setStore(outcome.store);
        // The dropped draft held the focus; the alert tells why.
        focusAddMore();
        return;
      case 'saved':
        setFileError(null);
        setSavedNotice((count) => count + 1);
        if (outcome.opened !== null) ctx.setErrorsShown(outcome.opened, 'all', false);
        ctx.setStore(outcome.store);
        if (outcome.opened !== null) focusDraft(outcome.opened);
        else focusAddMore();
    }
  };

  const remove = (record: FormModel, confirmed = false) => {
    const linked = confirmed ? null : linkedRemoval(ctx.store, record.clientId, ctx.pages, ctx.t, ctx.fixedRecords);
    if (linked && linked.kind !== 'alone') {
      setRemoval({ clientId: record.clientId, asks: linked.kind === 'withLinked', message: linked.message });
      focusLater(() => removalRef.current);
      return;
    }
    setRemoval(null);
    const next = removeRecord(ctx.page, record.clientId, ctx.store, ctx.documents, engine().options);
    setDocuments(next.documents);
    if (editing === record.clientId) setEditing(null);
    ctx.setStore(next.store);
    regionRef.current?.focus();
  };

  // Stable handlers for the memoized rows and buttons, calling this render's functions.
  // Edit opens the record's form in place of its row (and of the button pressed): the focus goes to its first field.
  const edit = (clientId: string) => {
    setEditing(clientId);
    focusDraft(clientId);
  };
  const latest = useRef({ remove, edit, upload, cancel, addMore });
  latest.current = { remove, edit, upload, cancel, addMore };
  const onEditRecord = useCallback((clientId: string) => latest.current.edit(clientId), []);
  const onDeleteRecord = useCallback((record: FormModel) => latest.current.remove(record), []);
  const confirmRemoval = (clientId: string) => {
    const record = saved.find((r) => r.clientId === clientId);
    if (record) remove(record, true);
  };
  /** The asked Delete given up: the focus goes back to the Delete pressed (its row's last button). */
  const keepRecord = (clientId: string) => {
    setRemoval(null);
    focusLater(() => [...(regionRef.current?.querySelectorAll<HTMLElement>(`[data-client-id="${clientId}"] button`) ?? [])].at(-1));
  };
  const onUpload = useCallback((clientId: string) => latest.current.upload(clientId), []);
  const onCancel = useCallback((clientId: string) => latest.current.cancel(clientId), []);
  const onAddMore = useCallback(() => latest.current.addMore(), []);

  const finishEdit = (record: FormModel) => {
    const errors = ctx.validateFields({ model: config.model, clientId: record.clientId, fields });
    const first = errors[0];
    if (first) {
      ctx.setErrorsShown(record.clientId, 'all', true);
      focusLater(() => document.getElementById(first.fieldId));
      return;
    }
    // Another file chosen in its Edit: refused, as an Upload is, when another saved document has its name.
    const current = saved.find((r) => r.clientId === record.clientId) ?? record;
    const fileField = config.kind === 'file' ? fields.find((f) => f.widget === 'file') : undefined;
    if (fileField && fileNameTaken(ctx.store, current)) {
      setFileError(orFallback(ctx, USER_MESSAGES.fileExists.key, USER_MESSAGES.fileExists.en));
      focusLater(() => document.getElementById(fieldDomId(config.model, record.clientId, fileField.key)));
      return;
    }
    setFileError(null);
    setEditing(null);
    // Done closes the form it was in: the focus goes back to the record's row, on its first button.
    focusLater(() => regionRef.current?.querySelector<HTMLElement>(`[data-client-id="${record.clientId}"] button`));
  };

  const minimum = blockMinimum(config, ctx.store, ctx.scope);
  const confirmation = asksNoneConfirmation(config, ctx.store) ? noneConfirmationField(config) : null;
  const required = checkRequiredManager(saved.length, ctx.showAllErrors, config.required);
  const blockMessage = ctx.showAllErrors ? (minimum.message ?? (required.show ? required.message : null)) : null;
  // Each parent record this block's records belong to that still lacks them (an expense without its receipt), on its own line.
  const missing = ctx.showAllErrors ? childShortfalls(ctx.store, config.model) : [];
  // Said while it holds: a press (this block's Upload, or Next) waits for an open record's document.
  const waitsForUpload = drafts.some((d) => ctx.awaitedUploads.includes(d.clientId) && ctx.documents.some((doc) => doc.clientId === d.clientId && doc.upload?.state === 'uploading'));

  return (
    <section className="cf-records" id={id} ref={regionRef} tabIndex={-1} aria-labelledby={config.legendKey ? legendId : undefined}>
      {config.legendKey ? (
        <h2 className="cf-records__legend" id={legendId}>
          {ctx.t(config.legendKey)}
        </h2>
      ) : null}
      {saved.length > 0 ? (
        <ul className="cf-records__list">
          <SavedRows
            records={saved}
            displayFields={config.displayFields}
            fields={fields}
            t={ctx.t}
            onEdit={config.kind === 'file' && !ctx.editFileRecords ? undefined : onEditRecord}
            onDelete={onDeleteRecord}
            model={config.model}
            refusalErrors={ctx.refusalErrors}
            editing={editing}
            editForm={(record) => (
              <div className="cf-records__edit">
                {ctx.renderFields({ model: config.model, clientId: record.clientId, fields })}
                <div className="cf-records__actions">
                  <Button variant="primary" icon="confirm" label={orFallback(ctx, RECORDS_KEYS.done, 'Done')} onClick={() => finishEdit(record)} />
                </div>
              </div>
            )}
          />
        </ul>
      ) : null}
      {removal ? (
        <div className="cf-records__removal" role="alert" tabIndex={-1} ref={removalRef}>
          <p className="cf-records__message">{removal.message}</p>
          <div className="cf-records__actions">
            {removal.asks ? <Button variant="primary" icon="delete" label={orFallback(ctx, RECORDS_KEYS.delete, 'Delete')} onClick={() => confirmRemoval(removal.clientId)} /> : null}
            <Button variant="outline-secondary" label={orFallback(ctx, removal.asks ? RECORDS_KEYS.cancel : RECORDS_KEYS.keep, removal.asks ? 'Cancel' : 'Keep it')} onClick={() => keepRecord(removal.clientId)} />
          </div>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <ul className="cf-records__missing">
          {missing.map((shortfall) => (
            <li className="cf-records__message cf-records__message--error cf-field__error" id={missingChildrenDomId(id, shortfall.parent.clientId)} tabIndex={-1} key={shortfall.parent.clientId}>
              {messageText(ctx, shortfall.message)}
            </li>
          ))}
        </ul>
      ) : null}
      {drafts.length > 0 ? (
        drafts.map((draft) => (
          <div className="cf-records__draft" key={draft.clientId}>
            {ctx.renderFields({ model: config.model, clientId: draft.clientId, fields })}
            <DraftActions
              clientId={draft.clientId}
              isFile={config.kind === 'file'}
              saveLabel={ctx.t(config.saveLabelKey ?? RECORDS_KEYS.upload)}
              cancelLabel={ctx.t(RECORDS_KEYS.cancel)}
              onUpload={onUpload}
              onCancel={onCancel}
            />
          </div>
        ))
      ) : (
        <div className="cf-records__actions" ref={addMoreRef}>
          <Button variant="outline-primary" icon="add" label={ctx.t(config.addLabelKey ?? RECORDS_KEYS.addMore)} onClick={onAddMore} />
        </div>
      )}
      {confirmation && config.noneConfirmation ? (
        <div className="cf-records__none">{ctx.renderFields({ model: config.noneConfirmation.model, fields: [confirmation] })}</div>
      ) : null}
      {fileError ? (
        <div className="cf-records__message cf-records__message--error" role="alert">
          {fileError}
        </div>
      ) : null}
      <div className="cf-records__status" role="status">
        {waitsForUpload ? orFallback(ctx, RECORDS_KEYS.waitForUpload, 'Please wait until your document has finished uploading.') : savedNotice > 0 && !ctx.refused ? orFallback(ctx, RECORDS_KEYS.saved, 'Saved') : null}
      </div>
      {blockMessage ? (
        <div className="cf-records__message cf-records__message--error cf-field__error" id={`${id}-error`}>
          {messageText(ctx, blockMessage)}
        </div>
      ) : null}
    </section>
  );
}
RecordsBlock.blockName = 'records' as const;

/**
 * What the block draws of the answers: the saved models (its records, the records its links name,
 * those its minimum and its parents' shortfalls count, the answers its minimum's rule reads) and
 * which of its records are open. Typing in an open record changes neither (the store keeps every
 * other model the same object): only that record's fields draw, which read their own answers.
 */
RecordsBlock.sameAnswers = (config: RecordsBlockConfig, a: ModelStoreState, b: ModelStoreState): boolean => {
  if (a.records !== b.records || a.saved.length !== b.saved.length || a.saved.some((model, i) => model !== b.saved[i])) return false;
  const before = getDrafts(a, config.model, config.fixedValues);
  const after = getDrafts(b, config.model, config.fixedValues);
  return before.length === after.length && before.every((draft, i) => draft.clientId === after[i]?.clientId);
};
