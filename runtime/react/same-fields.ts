import { findByClientId, getModel } from '../core/models';
import type { FieldConfig, FormModel, ModelConfig, ModelStoreState } from '../core/types';
import { fieldGroupReads } from '../core/view/field-reads';
import { fieldRules } from '../core/view/field-state';
import type { ComputedWidgetProps } from './field-widget';
import type { DrawnFieldGroup, FieldGroupProps } from './types';

/** A group's fields' widget props (null: not shown) by field key, with what each was computed from. */
export type KeptFields = Map<string, [readonly unknown[], ComputedWidgetProps | null]>;

// A module of its own, loaded with the later pages' code (ModelFields' loadSameFields): no start
// page needs it, and until it is in, every group of fields is drawn on every render and every
// change of the answers.

/** The page-wide inputs of a field's widget props, besides the answers (compared one by one). */
const CONTEXT_INPUTS = ['t', 'whitelist', 'showAllErrors', 'refusalErrors', 'modelConfigs', 'formType', 'widgets', 'getMask', 'culture', 'settings', 'page'] as const;

/** The model or record a group edits in a store. */
const modelOf = (p: FieldGroupProps, store: ModelStoreState): FormModel => (p.clientId ? findByClientId(store, p.clientId) : getModel(store, p.model));

/**
 * Whether a group of fields draws the same for the answers `b` as for `a`: the same model or record
 * object, its edits and draft state the same, and none of the other models its dependencies and
 * rules read changed (fieldGroupReads). A keystroke in one model thus draws only that model's
 * groups and those that read it; the group reads the answers itself, and this decides which of
 * their changes draw it.
 */
export function sameGroupAnswers(p: FieldGroupProps, a: ModelStoreState, b: ModelStoreState): boolean {
  if (a === b) return true;
  if (a.records !== b.records) return false;
  try {
    const model = modelOf(p, b);
    if (modelOf(p, a) !== model) return false;
    const clientId = model.clientId;
    if (a.everEdited[clientId] !== b.everEdited[clientId]) return false;
    const isDraft = (store: ModelStoreState) => store.drafts.some((d) => d.clientId === clientId);
    if (isDraft(a) !== isDraft(b)) return false;
    const reads = fieldGroupReads(p.fields, p.ctx.modelConfig(p.model));
    if (reads.size === 0) return true;
    const before = p.scopeOf(a).models;
    const after = p.scopeOf(b).models;
    for (const read of reads) if (before[read] !== after[read]) return false;
    return true;
  } catch {
    // Drawn again, so that the render reports what is wrong (or its block leaves it out).
    return false;
  }
}

/**
 * Whether a group of fields draws the same as before for its props: the same configs and page-wide
 * inputs, the same source of answers (and answers given, compared as sameGroupAnswers does), and
 * its errors shown the same. The context's clock (`now`, a new Date on every render of the app) is
 * left out: it moves the date rules only across a day, and any change of the group's own answers
 * draws it with the clock of that render.
 */
export function sameFieldGroup(a: FieldGroupProps, b: FieldGroupProps): boolean {
  if (a.model !== b.model || a.clientId !== b.clientId || a.fields !== b.fields || a.legendKey !== b.legendKey || a.documents !== b.documents) return false;
  if (a.source !== b.source || a.scopeOf !== b.scopeOf) return false;
  if (CONTEXT_INPUTS.some((key) => a.ctx[key] !== b.ctx[key])) return false;
  if (a.given !== b.given && !(a.given && b.given && sameGroupAnswers(b, a.given, b.given))) return false;
  if (a.shown === b.shown) return true;
  try {
    const clientId = b.clientId ?? modelOf(b, b.given ?? b.source.get()).clientId;
    return a.shown[clientId] === b.shown[clientId];
  } catch {
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
function fieldInputs(field: FieldConfig, model: FormModel, group: DrawnFieldGroup): readonly unknown[] {
  const { ctx, store } = group;
  const config = ctx.modelConfig(group.model);
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
    shownOf(group.shown[clientId], field.key),
    Boolean(store.everEdited[clientId]?.includes(field.key)),
    store.drafts.some((d) => d.clientId === clientId),
    group.documents,
  ];
  for (const name of fieldNames(field, config)) {
    const dot = name.indexOf('.');
    inputs.push(dot < 0 ? model.fields[name] : group.scope.models[name.slice(0, dot)]);
  }
  return inputs;
}

/** A field's widget props: those kept for it when what it reads is the same, else `compute`d and kept. */
export function keptField(
  kept: KeptFields,
  field: FieldConfig,
  model: FormModel,
  group: DrawnFieldGroup,
  compute: (field: FieldConfig, model: FormModel, group: DrawnFieldGroup) => ComputedWidgetProps | null,
): ComputedWidgetProps | null {
  const inputs = fieldInputs(field, model, group);
  const last = kept.get(field.key);
  if (last?.[0].length === inputs.length && inputs.every((input, i) => input === last[0][i])) return last[1];
  const computed = compute(field, model, group);
  kept.set(field.key, [inputs, computed]);
  return computed;
}
