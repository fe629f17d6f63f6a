import { modelsScope, setFieldValues, applyDefaults } from '../models';
import type { FieldValue, ModelStoreState, PageConfig } from '../types';
import { dependencyOutcome } from './field-state';
import { pageFieldGroups, type FieldGroup, type GroupOptions } from './page-groups';
import { resetNoneConfirmations } from './records';

/**
 * Stores the reset value of every field whose dependency does not hold (default null), until
 * nothing changes (a reset may in turn break another dependency); a records block's 'none of the
 * above' confirmation goes back to null once its list has a record. Resets are not edits.
 */
export function applyDependencyResets(page: PageConfig, store: ModelStoreState, options: GroupOptions): ModelStoreState {
  let next = store;
  for (let round = 0; round < 5; round += 1) {
    const models = modelsScope(next);
    let changed = false;
    for (const group of pageFieldGroups(page, next, options)) {
      if (group.kind === 'saved') continue;
      const values: Record<string, FieldValue> = {};
      for (const field of group.fields) {
        const outcome = dependencyOutcome(field, group.model, models);
        if (outcome.reset) values[field.key] = outcome.reset.value;
      }
      if (Object.keys(values).length > 0) {
        next = setFieldValues(next, group.model.clientId, values);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return resetNoneConfirmations([page], next);
}

/** Default values of one group's fields, written only onto empty fields; a checkbox with no stored boolean starts false (spec §4). */
export function applyGroupDefaults(store: ModelStoreState, group: Pick<FieldGroup, 'model' | 'fields'>): ModelStoreState {
  const defaults: Record<string, FieldValue | undefined> = {};
  for (const field of group.fields) {
    if (field.defaultValue !== undefined) defaults[field.key] = field.defaultValue;
    else if (field.widget === 'checkbox' && typeof group.model.fields[field.key] !== 'boolean') defaults[field.key] = false;
  }
  return Object.keys(defaults).length === 0 ? store : applyDefaults(store, group.model.clientId, defaults);
}

/** Defaults of every shown model and draft of the page (empty fields only), then dependency resets. */
export function preparePage(page: PageConfig, store: ModelStoreState, options: GroupOptions): ModelStoreState {
  let next = store;
  for (const group of pageFieldGroups(page, store, options)) {
    if (group.kind === 'saved') continue;
    next = applyGroupDefaults(next, group);
  }
  return applyDependencyResets(page, next, options);
}
