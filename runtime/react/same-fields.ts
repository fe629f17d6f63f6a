import { findByClientId, getModel } from '../core/models';
import type { ModelStoreState } from '../core/types';
import { fieldGroupReads } from '../core/view/field-reads';
import type { FieldGroupProps } from './types';

// A module of its own, loaded with the later pages' code (ModelFields' loadSameFields): no start
// page needs it, and until it is in, every group of fields is drawn on every render.

/** The page-wide inputs of a field's widget props, besides the answers (compared one by one). */
const CONTEXT_INPUTS = ['t', 'whitelist', 'showAllErrors', 'refusalErrors', 'modelConfigs', 'formType', 'widgets', 'getMask', 'culture', 'settings', 'page'] as const;

/**
 * Whether a group of fields draws the same as before: the same configs and page-wide inputs, the
 * same model or record object, its errors shown and edits the same, and none of the other models
 * its dependencies and rules read changed (fieldGroupReads). A keystroke in one model thus computes
 * only that model's fields and those that depend on it. The context's clock (`now`, a new Date on
 * every render of the app) is left out: it moves the date rules only across a day, and any change
 * of the group's own answers draws it with the clock of that render.
 */
export function sameFieldGroup(a: FieldGroupProps, b: FieldGroupProps): boolean {
  if (a.model !== b.model || a.clientId !== b.clientId || a.fields !== b.fields || a.legendKey !== b.legendKey || a.documents !== b.documents) return false;
  if (CONTEXT_INPUTS.some((key) => a.ctx[key] !== b.ctx[key])) return false;
  if (a.store === b.store && a.shown === b.shown) return true;
  if (a.store.records !== b.store.records) return false;
  try {
    const modelOf = (p: FieldGroupProps) => (p.clientId ? findByClientId(p.store, p.clientId) : getModel(p.store, p.model));
    const model = modelOf(b);
    if (modelOf(a) !== model) return false;
    const clientId = model.clientId;
    if (a.shown[clientId] !== b.shown[clientId] || a.store.everEdited[clientId] !== b.store.everEdited[clientId]) return false;
    const isDraft = (store: ModelStoreState) => store.drafts.some((d) => d.clientId === clientId);
    if (isDraft(a.store) !== isDraft(b.store)) return false;
    for (const read of fieldGroupReads(b.fields, b.ctx.modelConfig(b.model))) {
      if (a.ctx.scope.models[read] !== b.ctx.scope.models[read]) return false;
    }
    return true;
  } catch {
    // Drawn again, so that the render reports what is wrong.
    return false;
  }
}
