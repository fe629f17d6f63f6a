import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import {
  addDraft,
  applyDefaults,
  camelCase,
  checkMinimumInstances,
  findConfig,
  getDrafts,
  getRecords,
  isEmptyValue,
  minimumFromFlow,
  modelsScope,
  saveDraft,
  setFieldValues,
  type IdSource,
  type MinimumInstancesResult,
} from '../models';
import type { FieldConfig, FieldValue, FormModel, ModelConfig, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { computeFieldState } from './field-state';
import type { GroupOptions } from './page-groups';
import type { ValidationEnv } from './types';

/** Default keys of the 'none of the above' checkbox (spec §5). */
export const NONE_CONFIRMATION_KEYS = { label: 'LocKey_Records_NoneApply', required: 'LocKey_Records_NoneApplyRequired' } as const;

/**
 * The 'none of the above' checkbox of a records block as a field of its model: required and
 * ticked (the rules of an attestation), so the page refuses Next until the claimant confirms.
 */
export function noneConfirmationField(block: RecordsBlock): FieldConfig | null {
  const confirmation = block.noneConfirmation;
  if (!confirmation) return null;
  const messageKey = confirmation.messageKey ?? NONE_CONFIRMATION_KEYS.required;
  return {
    key: confirmation.field,
    widget: 'checkbox',
    label: confirmation.labelKey ?? NONE_CONFIRMATION_KEYS.label,
    validations: [
      { type: 'required', messageKey },
      { type: 'mustBeTrue', messageKey },
    ],
  };
}

/** Whether the block asks to confirm that none applies now: it declares the confirmation and has no saved record. */
export function asksNoneConfirmation(block: RecordsBlock, store: ModelStoreState): boolean {
  return block.noneConfirmation !== undefined && getRecords(store, block.model, block.fixedValues).length === 0;
}

/**
 * A confirmation that none applies means nothing once the list has a record: the confirmation of
 * every records block of these pages that holds saved records goes back to null, as a hidden field's.
 */
export function resetNoneConfirmations(pages: PageConfig[], store: ModelStoreState): ModelStoreState {
  let next = store;
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.block !== 'records' || !block.noneConfirmation || asksNoneConfirmation(block, next)) continue;
      const { model, field } = block.noneConfirmation;
      const holder = next.saved.find((m) => m.metadata.dtoMapping === camelCase(model));
      if (holder && (holder.fields[field] ?? null) !== null) next = setFieldValues(next, holder.clientId, { [field]: null });
    }
  }
  return next;
}

/** The saved records a minimum-instances rule depends on (its dependency model, filtered by its fixed values). */
export function dependencyRecords(block: RecordsBlock, store: ModelStoreState): FormModel[] {
  const dependency = block.minimumInstances?.dependency;
  return dependency ? getRecords(store, dependency.model, dependency.fixedValues) : [];
}

/**
 * The block's minimum-instances verdict for these answers: its saved records against the flow's
 * rule, read from the single-instance models or from its dependency record (several matching
 * dependency records is SEVERAL_DEPENDENCY_MODELS).
 */
export function blockMinimum(block: RecordsBlock, store: ModelStoreState, scope: ConditionScope = { models: modelsScope(store) }): MinimumInstancesResult {
  const saved = getRecords(store, block.model, block.fixedValues).length;
  return checkMinimumInstances(saved, minimumFromFlow(block.minimumInstances, scope), dependencyRecords(block, store));
}

/** Default values of a new record's fields; a checkbox starts false (spec §4). */
function recordDefaults(fields: FieldConfig[]): Record<string, FieldValue | undefined> {
  return Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined || f.widget === 'checkbox').map((f) => [f.key, f.defaultValue ?? false]));
}

/** Starts a draft of the block (its fixed values and field defaults written). */
export function openDraft(block: RecordsBlock, store: ModelStoreState, config: ModelConfig, ids: IdSource): { store: ModelStoreState; clientId: string } {
  const added = addDraft(store, config, ids, block.fixedValues);
  const defaults = recordDefaults(block.fields);
  const next = Object.keys(defaults).length > 0 ? applyDefaults(added.state, added.clientId, defaults) : added.state;
  return { store: next, clientId: added.clientId };
}

/**
 * The drafts a block opens with when its page opens (spec §3): as many as its initial instance
 * count needs beside the saved records; and, while the list is empty and nothing is open, one when
 * the block starts a draft at init or its minimum asks for a record. A list that holds records
 * opens closed, with Add more, so no empty form with required markers stands under them.
 */
export function openInitialDrafts(block: RecordsBlock, store: ModelStoreState, config: ModelConfig, ids: IdSource): ModelStoreState {
  const rows = () => getRecords(next, block.model, block.fixedValues).length + getDrafts(next, block.model, block.fixedValues).length;
  let next = store;
  while (rows() < (block.initialInstances ?? 0)) next = openDraft(block, next, config, ids).store;
  if (rows() === 0 && (block.startDraft || blockMinimum(block, next).minimum > 0)) next = openDraft(block, next, config, ids).store;
  return next;
}

/** Whether the claimant entered something in a draft: a field they edited that is not empty (fixed values and defaults do not count). */
export function draftHasEntries(block: RecordsBlock, draft: FormModel, store: ModelStoreState): boolean {
  const edited = store.everEdited[draft.clientId] ?? [];
  return block.fields.some((f) => {
    const value = draft.fields[f.key];
    return edited.includes(f.key) && !isEmptyValue(value) && value !== false;
  });
}

/** The first error of each shown field of a record, by field key (empty when it validates). */
export function recordFieldErrors(block: RecordsBlock, record: FormModel, store: ModelStoreState, config: ModelConfig | null, env: ValidationEnv): Record<string, string> {
  const models = modelsScope(store);
  const out: Record<string, string> = {};
  for (const field of block.fields) {
    const state = computeFieldState(field, record, config, models, env);
    const message = state.errors[0];
    if (state.visible && message !== undefined) out[field.key] = message;
  }
  return out;
}

export interface SavedDrafts {
  store: ModelStoreState;
  /** Client ids of the drafts that were saved. */
  saved: string[];
  /** Client ids of the drafts holding entries that do not validate (they stay open, their errors to be shown). */
  invalid: string[];
}

/**
 * Leaving a page saves the drafts the claimant typed in that validate (spec §4: leaving a draft
 * row after it validates saves it), so Next never loses typed answers. A draft holding entries
 * that do not validate stays open (validatePage then refuses Next on it). A file draft is left to
 * the page engine's press, which saves it with its Upload's checks once its document is stored.
 */
export function saveEnteredDrafts(page: PageConfig, store: ModelStoreState, options: Pick<GroupOptions, 'formType' | 'modelConfigs'>, env: ValidationEnv): SavedDrafts {
  let next = store;
  const saved: string[] = [];
  const invalid: string[] = [];
  const scope: ConditionScope = { models: modelsScope(store) };
  for (const block of page.blocks) {
    if (block.block !== 'records' || block.kind === 'file') continue;
    if (block.when !== undefined && !evaluateCondition(block.when, scope)) continue;
    const config = findConfig(options.modelConfigs, options.formType, block.model);
    for (const draft of getDrafts(next, block.model, block.fixedValues)) {
      if (!draftHasEntries(block, draft, next)) continue;
      if (Object.keys(recordFieldErrors(block, draft, next, config, env)).length > 0) {
        invalid.push(draft.clientId);
        continue;
      }
      next = saveDraft(next, draft.clientId, true);
      saved.push(draft.clientId);
    }
  }
  return { store: next, saved, invalid };
}
