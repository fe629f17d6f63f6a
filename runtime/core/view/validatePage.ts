import { checkRequiredManager, childShortfalls, findConfig, getDrafts, getRecords, modelsScope, type MessageRef } from '../models';
import type { FieldConfig, ModelConfig, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { computeFieldState, dependencyOutcome, rulesApply } from './field-state';
import { blockVisible, fieldDomId, pageFieldGroups, recordsDomId, type GroupOptions } from './page-groups';
import { missingChildrenDomId } from './dom-ids';
import { LINK_NOT_FOUND } from './links';
import { blockMinimum, draftHasEntries, recordFieldErrors } from './records';
import type { FieldState, PageFieldError, ValidationEnv, ViewSettings } from './types';

export interface ValidatePageContext extends ValidationEnv {
  formType: GroupOptions['formType'];
  settings?: ViewSettings;
  /** Whether the claimant changed anything on the form (shows required-manager messages). Default true. */
  formDirty?: boolean;
  /** Told of each field whose rules ran (shown and enabled), by the clientId of its model or record. */
  onRulesRun?: (clientId: string, field: string) => void;
}

/** A core message reference in the claimant's language (the English text when the key is missing). */
export function messageText(ref: MessageRef, t: ValidationEnv['t']): string {
  if (ref.key === '') return ref.fallback;
  const text = t(ref.key, ...ref.args);
  return text === ref.key ? ref.fallback : text;
}

/** Whether a field shows an error (fieldError answers one). */
export const hasError = (state: Pick<FieldState, 'visible' | 'errors'>): boolean => state.visible && state.errors.length > 0;

/** A shown field's first error as a page lists it; null when the field is hidden or has none. */
export function fieldError(field: FieldConfig, state: FieldState, at: { fieldId: string; clientId: string }, t: ValidationEnv['t']): PageFieldError | null {
  const message = state.errors[0];
  if (!state.visible || message === undefined) return null;
  return { ...at, field: field.key, message, label: t(field.label), ...(state.firstErrorNamesField ? { namesField: true } : {}) };
}

/**
 * An error as one line of the error summary (the server's refusal words it the same way): the
 * message alone when it names its field, else 'Label: message'. A label that ends as a question
 * or a sentence ('Do you own or lease the vehicle?') is followed by the message without a colon.
 */
export function errorLine(error: PageFieldError): string {
  const label = error.label?.trim().replace(/\s*:$/, '') ?? '';
  if (error.namesField || label === '') return error.message;
  return /[?.!]$/.test(label) ? `${label} ${error.message}` : `${label}: ${error.message}`;
}

/** Key of the message that refuses Next while a record's draft holds typed answers. */
export const UNSAVED_RECORD_KEY = 'LocKey_Records_Unsaved';
export const UNSAVED_RECORD_TEXT = 'You started a record but did not save it. Save it or cancel it before you continue.';
/** Key of the message that refuses Next while a typed record does not validate (Next saves one that does). */
export const INCOMPLETE_RECORD_KEY = 'LocKey_Records_Incomplete';
export const INCOMPLETE_RECORD_TEXT = 'The record you started is not complete. Correct it or cancel it before you continue.';

/**
 * The open draft of a records block that holds something the claimant entered (a field they edited
 * that is not empty; fixed values and defaults do not count), as an error linked to the draft's
 * first field in error, or its first shown field; null when there is none. Next saves such a draft
 * when it validates (saveEnteredDrafts), and a document record once its document is stored, so what
 * is left is a draft with errors, or a document not chosen, not stored or whose name is taken.
 */
export function unsavedDraftError(block: RecordsBlock, store: ModelStoreState, t: ValidationEnv['t'], check?: { config: ModelConfig | null; env: ValidationEnv }): PageFieldError | null {
  const models = modelsScope(store);
  for (const draft of getDrafts(store, block.model, block.fixedValues)) {
    if (!draftHasEntries(block, draft, store)) continue;
    const wrong = check && block.kind !== 'file' ? Object.keys(recordFieldErrors(block, draft, store, check.config, check.env)) : [];
    const first = block.fields.find((f) => (wrong.length > 0 ? wrong.includes(f.key) : dependencyOutcome(f, draft, models).visible)) ?? block.fields[0];
    if (!first) continue;
    const message = wrong.length > 0 ? { key: INCOMPLETE_RECORD_KEY, args: [], fallback: INCOMPLETE_RECORD_TEXT } : { key: UNSAVED_RECORD_KEY, args: [], fallback: UNSAVED_RECORD_TEXT };
    return {
      fieldId: fieldDomId(block.model, draft.clientId, first.key),
      clientId: '',
      field: block.model,
      message: messageText(message, t),
      ...(block.legendKey ? { label: t(block.legendKey) } : {}),
    };
  }
  return null;
}

/**
 * Every error that refuses Next on this page: the rules of each shown field of its single-instance
 * models (hidden and disabled fields are skipped) and records blocks' 'none of the above'
 * confirmations, a records block's open draft holding typed answers that were neither saved nor
 * cancelled, the record blocks' minimum-instances and required-manager rules, and each saved
 * record's link to a record the claim does not have (links.ts). The rules of a draft's fields
 * count only through that draft's message.
 */
export function validatePage(page: PageConfig, modelConfigs: ModelConfig[], store: ModelStoreState, ctx: ValidatePageContext): { errors: PageFieldError[] } {
  const options: GroupOptions = { formType: ctx.formType, modelConfigs, internationalAddresses: ctx.settings?.internationalAddresses };
  const models = modelsScope(store);
  const errors: PageFieldError[] = [];
  for (const group of pageFieldGroups(page, store, options)) {
    if (group.kind !== 'single') continue;
    for (const field of group.fields) {
      const state = computeFieldState(field, group.model, group.config, models, ctx);
      if (ctx.onRulesRun && rulesApply(field, state)) ctx.onRulesRun(group.model.clientId, field.key);
      // Where the error is shown is spelled out only for a field that has one.
      if (!hasError(state)) continue;
      const error = fieldError(field, state, { fieldId: fieldDomId(group.model.metadata.dtoMapping, null, field.key), clientId: group.model.clientId }, ctx.t);
      if (error) errors.push(error);
    }
  }
  const scope = { models };
  for (const block of page.blocks) {
    if (block.block !== 'records' || !blockVisible(block, scope)) continue;
    const unsaved = unsavedDraftError(block, store, ctx.t, { config: findConfig(modelConfigs, ctx.formType, block.model), env: ctx });
    if (unsaved) errors.push(unsaved);
    const saved = getRecords(store, block.model, block.fixedValues).length;
    const minimum = blockMinimum(block, store, scope);
    const required = checkRequiredManager(saved, ctx.formDirty ?? true, block.required);
    const ref = minimum.message ?? (required.show ? required.message : null);
    if (ref) errors.push({ fieldId: recordsDomId(block.model, block.fixedValues), clientId: '', field: block.model, message: messageText(ref, ctx.t) });
    // A per-record rule of the block's model: each parent record needs its children (a receipt per expense).
    for (const shortfall of childShortfalls(store, block.model)) {
      errors.push({ fieldId: missingChildrenDomId(recordsDomId(block.model, block.fixedValues), shortfall.parent.clientId), clientId: shortfall.parent.clientId, field: block.model, message: messageText(shortfall.message, ctx.t) });
    }
    // A saved record linked to a record the claim does not have (a link select lists only the claim's).
    // (The page's own records; links.ts `danglingLinks` checks every page's for the server.)
    const link = block.linkOptions;
    if (!link) continue;
    const linkable = new Set(getRecords(store, link.model).map((m) => m.clientId));
    const label = block.fields.find((f) => f.key === link.field)?.label;
    for (const record of getRecords(store, block.model, block.fixedValues)) {
      const value = record.fields[link.field];
      if (typeof value !== 'string' || value === '' || linkable.has(value)) continue;
      const message = messageText({ key: LINK_NOT_FOUND.key, args: [], fallback: LINK_NOT_FOUND.text }, ctx.t);
      errors.push({ fieldId: fieldDomId(block.model, record.clientId, link.field), clientId: record.clientId, field: link.field, message, ...(label ? { label: ctx.t(label) } : {}) });
    }
  }
  return { errors };
}
