/**
 * The page engine: what each button of a page does (spec §4 record lifecycle), as pure functions
 * of the page config, the answers and the documents. The form machine's events call these; the
 * renderer, the headless fixture player and the studio's walk draw what they return. One copy:
 * a press computed anywhere else is a defect.
 */
import { findConfig, getDrafts, modelsScope, type IdSource } from '../models';
import type { DocumentFile, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { applyDependencyResets, preparePage } from '../view/dependencies';
import { fieldDomId } from '../view/dom-ids';
import { blockVisible, type GroupOptions } from '../view/page-groups';
import { draftHasEntries, openInitialDrafts, saveEnteredDrafts } from '../view/records';
import type { PageFieldError, ValidationEnv } from '../view/types';
import { validatePage } from '../view/validatePage';
import { saveOpenRecord } from './record-actions';

/** What a press needs besides the page and the answers: the form's models and settings, the clock, texts and whitelist. */
export interface PageEngineContext extends ValidationEnv {
  options: GroupOptions;
}

/** The blocks of a page whose buttons are records buttons, shown on these answers. */
export function shownRecordsBlocks(page: PageConfig, store: ModelStoreState): RecordsBlock[] {
  const scope = { models: modelsScope(store) };
  return page.blocks.filter((b): b is RecordsBlock => b.block === 'records' && blockVisible(b, scope));
}

/**
 * Opening a page: defaults on empty fields, dependency resets, and the drafts its shown records
 * blocks open with (initial instances, a draft at init or for a minimum; spec §3).
 */
export function openPage(page: PageConfig, store: ModelStoreState, options: GroupOptions, ids: IdSource): ModelStoreState {
  let next = preparePage(page, store, options);
  for (const block of shownRecordsBlocks(page, next)) next = openInitialDrafts(block, next, findConfig(options.modelConfigs, options.formType, block.model), ids);
  return next;
}

/** What pressing the page's primary button (Next, Continue, Look up, Submit) does before it goes anywhere. */
export interface PrimaryPress {
  /** The answers after the press: the open records that can be saved are saved (spec §4: typed answers are never lost). */
  store: ModelStoreState;
  /** The records the press saved. */
  saved: string[];
  /** Open records whose fields now show their errors (typed, and not valid). */
  invalid: string[];
  /** What refuses the press, in the error summary's order; empty: the press goes through. */
  errors: PageFieldError[];
}

/**
 * The page's primary button: saves the typed records that validate, and the document records left
 * open that their Upload would save (`documents`: the files chosen beside the answers, with their
 * upload state), then validates the page. A document record whose document is not chosen, still
 * uploading, failed or has a saved document's name stays open, and refuses the press.
 */
export function pressPrimary(page: PageConfig, store: ModelStoreState, documents: readonly DocumentFile[], ctx: PageEngineContext): PrimaryPress {
  const entered = saveEnteredDrafts(page, store, ctx.options, ctx);
  const saved = [...entered.saved];
  let next = entered.store;
  for (const block of shownRecordsBlocks(page, next)) {
    if (block.kind !== 'file') continue;
    for (const draft of getDrafts(next, block.model, block.fixedValues)) {
      if (!draftHasEntries(block, draft, next)) continue;
      const checked = saveOpenRecord(block, draft.clientId, next, documents, ctx);
      if (checked.kind !== 'saved') continue;
      next = checked.store;
      saved.push(draft.clientId);
    }
  }
  if (saved.length > 0) next = applyDependencyResets(page, next, ctx.options);
  const { errors } = validatePage(page, ctx.options.modelConfigs, next, {
    t: ctx.t,
    whitelist: ctx.whitelist,
    now: ctx.now,
    formType: ctx.options.formType,
    settings: { internationalAddresses: ctx.options.internationalAddresses ?? false },
  });
  return { store: next, saved, invalid: entered.invalid, errors };
}

/** A document a press waited for whose upload failed: its field shows the upload's error. */
export interface FailedUpload {
  clientId: string;
  /** The DOM id of the document's file field, where the focus goes. */
  fieldId: string;
}

/**
 * After the wait: the first of the awaited documents whose upload failed and whose open record
 * this page shows. Such a press is not made (the claimant chooses another file or cancels the
 * record); a failed document of another page does not hold this page's press.
 */
export function failedUpload(page: PageConfig, store: ModelStoreState, documents: readonly DocumentFile[], awaited: readonly string[]): FailedUpload | null {
  const failed = documents.filter((d) => awaited.includes(d.clientId) && d.upload?.state === 'failed');
  for (const block of shownRecordsBlocks(page, store)) {
    const fileField = block.kind === 'file' ? block.fields.find((f) => f.widget === 'file') : undefined;
    if (!fileField) continue;
    const open = getDrafts(store, block.model, block.fixedValues).find((d) => failed.some((doc) => doc.clientId === d.clientId));
    if (open) return { clientId: open.clientId, fieldId: fieldDomId(block.model, open.clientId, fileField.key) };
  }
  return null;
}
