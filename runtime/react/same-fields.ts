import { findByClientId, getModel } from '../core/models';
import type { FieldConfig, FormModel, ModelConfig, ModelStoreState } from '../core/types';
import { fieldGroupReads } from '../core/view/field-reads';
import { fieldRules } from '../core/view/field-state';
import type { ComputedWidgetProps } from './field-widget';
import type { FieldGroupProps } from './types';

/** A group's fields' widget props (null: not shown) by field key, with what each was computed from. */
export type KeptFields = Map<string, [readonly unknown[], ComputedWidgetProps | null]>;

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

/** Whether a field's errors show by its model's entry (blurred, or all of them). */
const shownOf = (entry: ReadonlySet<string> | 'all' | undefined, key: string) => entry === 'all' || Boolean(entry?.has(key));

/** Every string of a value (a field's dependencies, its rules' parameters), in `out`. */
function stringsOf(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => stringsOf(item, out));
  return out;
}

const namesOf = new WeakMap<FieldConfig, Map<ModelConfig | null, readonly string[]>>();

/**
 * What one field's dependencies and rules may read: every string of them, taken as a field of its
 * own model ('purchaseDate') or, with a dot, as another model's field ('claimDetails.note'). Reading
 * every string errs on the side of more reads (a field computed too often), never fewer. Made once
 * per field and model config (both loaded once and never changed in place).
 */
function fieldNames(field: FieldConfig, config: ModelConfig | null): readonly string[] {
  let byConfig = namesOf.get(field);
  if (!byConfig) namesOf.set(field, (byConfig = new Map()));
  let names = byConfig.get(config);
  if (!names) byConfig.set(config, (names = [...stringsOf([field.dependencies ?? [], fieldRules(field, config)], new Set([field.key]))]));
  return names;
}

/**
 * Everything one field's widget props are computed from (ModelFields' widgetProps), in a list that
 * is element by element the same while they draw the same: the field's config, the page-wide
 * inputs, whether its errors show and it was edited, its record's draft state and documents, and
 * the answers its dependencies and rules may read. A keystroke in one field of a record thus
 * computes that field and those that read it, not the record's other fields. The clock is left out,
 * as for a whole group (sameFieldGroup).
 */
function fieldInputs(field: FieldConfig, model: FormModel, props: FieldGroupProps): readonly unknown[] {
  const { ctx, store } = props;
  const config = ctx.modelConfig(props.model);
  const clientId = model.clientId;
  const inputs: unknown[] = [
    field,
    config,
    clientId,
    ctx.t,
    ctx.whitelist,
    ctx.adapters,
    ctx.showAllErrors,
    ctx.refusalErrors,
    ctx.getMask,
    shownOf(props.shown[clientId], field.key),
    Boolean(store.everEdited[clientId]?.includes(field.key)),
    store.drafts.some((d) => d.clientId === clientId),
    props.documents,
  ];
  for (const name of fieldNames(field, config)) {
    const dot = name.indexOf('.');
    inputs.push(dot < 0 ? model.fields[name] : ctx.scope.models[name.slice(0, dot)]);
  }
  return inputs;
}

/** A field's widget props: those kept for it when what it reads is the same, else `compute`d and kept. */
export function keptField(
  kept: KeptFields,
  field: FieldConfig,
  model: FormModel,
  props: FieldGroupProps,
  compute: (field: FieldConfig, model: FormModel, props: FieldGroupProps) => ComputedWidgetProps | null,
): ComputedWidgetProps | null {
  const inputs = fieldInputs(field, model, props);
  const last = kept.get(field.key);
  if (last?.[0].length === inputs.length && inputs.every((input, i) => input === last[0][i])) return last[1];
  const computed = compute(field, model, props);
  kept.set(field.key, [inputs, computed]);
  return computed;
}
