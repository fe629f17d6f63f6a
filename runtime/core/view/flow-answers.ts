import { camelCase, findConfig, getRecords, isRepeating, modelsScope, setFieldValues } from '../models';
import { isPageSkipped } from '../navigation/skip';
import { pruneSkipped } from '../payload/prune';
import type { BlockConfig, FieldConfig, FieldValue, FlowFile, FormModel, ModelConfig, ModelStoreState, PageConfig } from '../types';
import { computeFieldState, dependencyOutcome, rulesApply } from './field-state';
import { blockFields, blockVisible, fieldDomId, pageFieldGroups, type GroupOptions } from './page-groups';
import { resetNoneConfirmations } from './records';
import type { PageFieldError } from './types';
import { fieldError, hasError, validatePage, type ValidatePageContext } from './validatePage';

type FlowPages = Pick<FlowFile, 'pages'>;

/** The pages the answers reach: every page not skipped, with only the blocks whose `when` holds. */
function reachedAndUnreached(flow: FlowPages, store: ModelStoreState): { reached: PageConfig[]; unreached: PageConfig[] } {
  const scope = { models: modelsScope(store) };
  const reached: PageConfig[] = [];
  const unreached: PageConfig[] = [];
  for (const page of flow.pages) {
    if (isPageSkipped(page, scope)) {
      unreached.push(page);
      continue;
    }
    const hidden = page.blocks.filter((b) => !blockVisible(b, scope));
    if (hidden.length === 0) {
      reached.push(page);
      continue;
    }
    reached.push({ ...page, blocks: page.blocks.filter((b) => !hidden.includes(b)) });
    unreached.push({ ...page, blocks: hidden });
  }
  return { reached, unreached };
}

/** The keys of a field list's fields that have dependencies, by the list (a block's own, or an address block's shared one: both made once). */
const dependentKeysOf = new WeakMap<readonly FieldConfig[], readonly string[]>();

function dependentKeys(fields: readonly FieldConfig[]): readonly string[] {
  let keys = dependentKeysOf.get(fields);
  if (!keys) dependentKeysOf.set(fields, (keys = fields.filter((f) => (f.dependencies?.length ?? 0) > 0).map((f) => f.key)));
  return keys;
}

/**
 * The models (camel-cased) whose fields a block shows, each with the keys of those fields that have
 * dependencies; a records block's 'none of the above' holder shows its confirmation, which has none.
 */
function blockModels(block: BlockConfig, options: GroupOptions): Array<{ model: string; dependent: readonly string[] }> {
  if (block.block === 'model' || block.block === 'address') return [{ model: camelCase(block.model), dependent: dependentKeys(blockFields(block, options)) }];
  if (block.block !== 'records') return [];
  const own = { model: camelCase(block.model), dependent: dependentKeys(block.fields) };
  return block.noneConfirmation ? [own, { model: camelCase(block.noneConfirmation.model), dependent: [] }] : [own];
}

/**
 * The reset value of every field (saved records included) whose dependency does not hold on every
 * reached page that shows it; a field some reached page shows with its dependency met keeps its value.
 * Only a field with dependencies can be reset, so only those fields' keys are looked at (on every
 * page that shows them, with or without dependencies there), and a page showing none of them is
 * not grouped at all: most pages have no dependent field, and a save reads every reached page.
 */
function resetHiddenFields(pages: PageConfig[], store: ModelStoreState, options: GroupOptions): ModelStoreState {
  const resettable = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const block of page.blocks) {
      for (const { model, dependent } of blockModels(block, options)) {
        if (dependent.length === 0) continue;
        const known = resettable.get(model) ?? new Set<string>();
        for (const key of dependent) known.add(key);
        resettable.set(model, known);
      }
    }
  }
  if (resettable.size === 0) return store;
  const models = modelsScope(store);
  const resets = new Map<string, Record<string, FieldValue>>();
  const shown = new Set<string>();
  for (const page of pages) {
    if (!page.blocks.some((block) => blockModels(block, options).some(({ model }) => resettable.has(model)))) continue;
    for (const group of pageFieldGroups(page, store, options)) {
      const keys = resettable.get(camelCase(group.model.metadata.dtoMapping));
      if (!keys) continue;
      for (const field of group.fields) {
        if (!keys.has(field.key)) continue;
        const outcome = dependencyOutcome(field, group.model, models);
        const at = `${group.model.clientId}\n${field.key}`;
        if (outcome.visible && !outcome.disabled) shown.add(at);
        else if (outcome.reset) resets.set(group.model.clientId, { ...resets.get(group.model.clientId), [field.key]: outcome.reset.value });
      }
    }
  }
  let next = store;
  for (const [clientId, values] of resets) {
    const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !shown.has(`${clientId}\n${key}`)));
    if (Object.keys(kept).length > 0) next = setFieldValues(next, clientId, kept);
  }
  return next;
}

/**
 * Whether two lists of saved models hold the same answers (as their JSON would tell): a model the
 * round left untouched is the same object, so only those it rebuilt are compared as text.
 */
function sameModels(a: readonly FormModel[], b: readonly FormModel[]): boolean {
  return a === b || (a.length === b.length && a.every((model, i) => model === b[i] || JSON.stringify(model) === JSON.stringify(b[i])));
}

/**
 * What the flow keeps of a set of answers (the server's view of a submitted claim): the answers of
 * skipped pages and of blocks whose `when` does not hold are pruned as the browser prunes skipped
 * pages (fields back to null, their records removed, unless a reached page shows them too), and a
 * field whose dependency does not hold takes its reset value, records included; a 'none of the
 * above' confirmation of a list that has records goes back to null. Repeated until
 * nothing changes, since a pruned answer may skip another page or hide another field.
 */
export function keepReachedAnswers(flow: FlowPages, store: ModelStoreState, options: GroupOptions): ModelStoreState {
  let current = store;
  for (let round = 0; round < 5; round += 1) {
    const { reached, unreached } = reachedAndUnreached(flow, current);
    let next = unreached.length === 0 ? current : pruneSkipped(current, { pages: [...reached, ...unreached] }, (p) => unreached.includes(p));
    next = resetNoneConfirmations(reached, resetHiddenFields(reached, next, options));
    if (sameModels(next.saved, current.saved)) return next;
    current = next;
  }
  return current;
}

/** An error of a page, with the page it was found on. */
export interface FlowPageError {
  page: PageConfig;
  error: PageFieldError;
}

/**
 * Every error that would refuse Next on a page the flow walks (in flow, not skipped) for these
 * answers: the page's own verdict (validatePage: shown fields, minimum instances, required
 * records), and the shown fields of its saved records, which the browser checked when each record
 * was saved. A page reachable by address only (`inFlow: false`) is not required.
 */
export function flowErrors(flow: FlowPages, modelConfigs: ModelConfig[], store: ModelStoreState, ctx: ValidatePageContext): FlowPageError[] {
  const models = modelsScope(store);
  const scope = { models };
  const out: FlowPageError[] = [];
  const pageCtx = { ...ctx, formDirty: true };
  for (const page of flow.pages) {
    if (page.inFlow === false || isPageSkipped(page, scope)) continue;
    for (const error of validatePage(page, modelConfigs, store, pageCtx).errors) out.push({ page, error });
    // The saved records of its shown records blocks (pageFieldGroups' 'saved' groups, without
    // building the page's other groups again).
    for (const block of page.blocks) {
      if (block.block !== 'records' || !isRepeating(block.model, store) || !blockVisible(block, scope)) continue;
      const config = findConfig(modelConfigs, ctx.formType, block.model);
      for (const record of getRecords(store, block.model, block.fixedValues)) {
        for (const field of block.fields) {
          const state = computeFieldState(field, record, config, models, ctx);
          if (ctx.onRulesRun && rulesApply(field, state)) ctx.onRulesRun(record.clientId, field.key);
          if (!hasError(state)) continue;
          const error = fieldError(field, state, { fieldId: fieldDomId(record.metadata.dtoMapping, record.clientId, field.key), clientId: record.clientId }, ctx.t);
          if (error) out.push({ page, error });
        }
      }
    }
  }
  return out;
}
