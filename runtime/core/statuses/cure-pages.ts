/**
 * The pages a cure asks to answer again, in the browser: the store they start from (the claim's
 * filed answers to them over a fresh store of the form, as a restored claim starts) and the
 * models the cure sends for them (as a page save sends a page's: its single-instance models and
 * its records blocks' saved records).
 */
import { camelCase, findModel, getRecords, initStore, type IdSource } from '../models';
import type { FormModel, FormType, ModelConfig, ModelStoreState, PageConfig } from '../types';

/** The store a cure's pages start from: the filed answers replace the fresh models of their kinds. */
export function cureStore(modelConfigs: readonly ModelConfig[], formType: FormType, ids: IdSource, filed: readonly FormModel[]): ModelStoreState {
  const initial = initStore(modelConfigs, formType, ids);
  const kinds = new Set(filed.map((m) => camelCase(m.metadata.dtoMapping)));
  const keep = (m: FormModel) => !kinds.has(camelCase(m.metadata.dtoMapping));
  return { ...initial, saved: [...initial.saved.filter(keep), ...filed], drafts: initial.drafts.filter(keep) };
}

/** The models the pages' answers are: each model or address block's model once, each records block's saved records. */
export function curePageModels(pages: readonly PageConfig[], store: ModelStoreState): FormModel[] {
  const out: FormModel[] = [];
  const add = (model: FormModel | null) => {
    if (model && !out.some((m) => m.clientId === model.clientId)) out.push(model);
  };
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.block === 'model' || block.block === 'address') add(findModel(store, block.model));
      if (block.block === 'records') {
        for (const record of getRecords(store, block.model, block.fixedValues)) add(record);
        if (block.noneConfirmation) add(findModel(store, block.noneConfirmation.model));
      }
    }
  }
  return out;
}
