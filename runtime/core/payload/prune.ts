import { evaluateCondition } from '../conditions/evaluate';
import { camelCase, isRepeating, matchesFixedValues, modelsScope, unlinkChildren } from '../models';
import { ADDRESS_FIELDS, type FieldValue, type FormModel, type ModelStoreState, type PageConfig, type RecordsBlock } from '../types';

export { ADDRESS_FIELDS };

/** Whether a page's skip rule holds for the current answers (single-instance models as scope). */
export function isSkippedByRule(page: PageConfig, state: ModelStoreState): boolean {
  return page.skipWhen !== undefined && evaluateCondition(page.skipWhen, { models: modelsScope(state) });
}

/** model (camel-cased) -> field names the page's model and address blocks write, and its records blocks' 'none of the above' confirmations. */
function fieldsOf(pages: PageConfig[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (model: string, keys: readonly string[]) => {
    const name = camelCase(model);
    const set = out.get(name) ?? new Set<string>();
    keys.forEach((k) => set.add(k));
    out.set(name, set);
  };
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.block === 'model') add(block.model, block.fields.map((f) => f.key));
      if (block.block === 'address') add(block.model, ADDRESS_FIELDS);
      if (block.block === 'records' && block.noneConfirmation) add(block.noneConfirmation.model, [block.noneConfirmation.field]);
    }
  }
  return out;
}

function recordsBlocksOf(pages: PageConfig[]): RecordsBlock[] {
  return pages.flatMap((p) => p.blocks.filter((b): b is RecordsBlock => b.block === 'records'));
}

function selectedBy(blocks: RecordsBlock[], model: FormModel): boolean {
  return blocks.some((b) => camelCase(b.model) === model.metadata.dtoMapping && matchesFixedValues(model, b.fixedValues));
}

/**
 * Removes the answers of skipped pages (spec §2 skip rules; STYLE practice 10): the saved records
 * a skipped page's records blocks select (by model + fixedValues), and the fields its model and
 * address blocks name (and its records blocks' confirmations), set back to null. Answers that a page still in the flow also shows are
 * kept. Records a pruned record requires (a declared `parent` with `minimumPerParent`: a receipt
 * per expense) are removed with it; other records linked to it lose the link (the spec's optional
 * claimTransactionId becomes null). Drafts are dropped with their records.
 */
export function pruneSkipped(
  store: ModelStoreState,
  flow: { pages: PageConfig[] },
  isSkipped: (page: PageConfig) => boolean,
): ModelStoreState {
  const skipped = flow.pages.filter((p) => isSkipped(p));
  if (skipped.length === 0) return store;
  const kept = flow.pages.filter((p) => !skipped.includes(p));

  const skippedRecords = recordsBlocksOf(skipped);
  const keptRecords = recordsBlocksOf(kept);
  const pruned = new Set<string>();
  const all = [...store.saved, ...store.drafts];
  for (const m of all) {
    if (isRepeating(m.metadata.dtoMapping, store) && selectedBy(skippedRecords, m) && !selectedBy(keptRecords, m)) pruned.add(m.clientId);
  }
  // Records their parent requires (`minimumPerParent`, a receipt per expense) go with it, recursively.
  const owned = (store.records?.links ?? []).filter((l) => l.minimumPerParent > 0);
  for (let grew = owned.length > 0; grew; ) {
    grew = false;
    for (const m of all) {
      if (pruned.has(m.clientId)) continue;
      const link = owned.find((l) => l.model === m.metadata.dtoMapping);
      const parent = link ? m.fields[link.field] : undefined;
      if (typeof parent === 'string' && pruned.has(parent)) {
        pruned.add(m.clientId);
        grew = true;
      }
    }
  }

  const skippedFields = fieldsOf(skipped);
  const keptFields = fieldsOf(kept);
  const clearFields = (m: FormModel): FormModel => {
    if (isRepeating(m.metadata.dtoMapping, store)) return m;
    const names = skippedFields.get(m.metadata.dtoMapping);
    if (!names) return m;
    const still = keptFields.get(m.metadata.dtoMapping);
    const cleared: Record<string, FieldValue> = {};
    for (const name of names) if (!still?.has(name) && name in m.fields) cleared[name] = null;
    return Object.keys(cleared).length === 0 ? m : { ...m, fields: { ...m.fields, ...cleared } };
  };

  const everEdited: Record<string, string[]> = {};
  for (const [id, fields] of Object.entries(store.everEdited)) if (!pruned.has(id)) everEdited[id] = fields;
  const next: ModelStoreState = {
    ...store,
    drafts: store.drafts.filter((m) => !pruned.has(m.clientId)).map(clearFields),
    saved: store.saved.filter((m) => !pruned.has(m.clientId)).map(clearFields),
    everEdited,
  };
  return unlinkChildren(next, pruned);
}
