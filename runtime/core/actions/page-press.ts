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
import { openInitialDrafts, saveEnteredDrafts } from '../view/records';
import type { PageFieldError, ValidationEnv } from '../view/types';
import { validatePage } from '../view/validatePage';

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
  /** The answers after the press: the typed records that validate are saved (spec §4: typed answers are never lost). */
  store: ModelStoreState;
  /** The records the press saved. */
  saved: string[];
  /** Open records whose fields now show their errors (typed, and not valid). */
  invalid: string[];
  /** What refuses the press, in the error summary's order; empty: the press goes through. */
  errors: PageFieldError[];
}

/** The page's primary button: saves the typed records that validate, then validates the page. */
export function pressPrimary(page: PageConfig, store: ModelStoreState, ctx: PageEngineContext): PrimaryPress {
  const entered = saveEnteredDrafts(page, store, ctx.options, ctx);
  const next = entered.saved.length > 0 ? applyDependencyResets(page, entered.store, ctx.options) : entered.store;
  const { errors } = validatePage(page, ctx.options.modelConfigs, next, {
    t: ctx.t,
    whitelist: ctx.whitelist,
    now: ctx.now,
    formType: ctx.options.formType,
    settings: { internationalAddresses: ctx.options.internationalAddresses ?? false },
  });
  return { store: next, saved: entered.saved, invalid: entered.invalid, errors };
}

/**
 * A press made while documents are still uploading (a record's Upload or Save, Next, Submit):
 * nothing is done yet. The page waits until these uploads have settled, then makes the same press
 * on what they settled to, unless one of them failed (failedUpload). Presses that wait are made in
 * the order they were pressed, so an Upload pressed before Next is saved before Next looks.
 */
export interface WaitForUploads {
  kind: 'waitForUploads';
  /** The client ids of the documents the press waits for. */
  uploads: string[];
}

/** The documents still uploading (among `clientIds`, when given) as the wait of a press; null: the press is made now. */
export function uploadsToWaitFor(documents: readonly DocumentFile[], clientIds?: readonly string[]): WaitForUploads | null {
  const uploads = documents.filter((d) => d.upload?.state === 'uploading' && (clientIds === undefined || clientIds.includes(d.clientId))).map((d) => d.clientId);
  return uploads.length > 0 ? { kind: 'waitForUploads', uploads } : null;
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
