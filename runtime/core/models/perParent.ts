import type { FormModel, ModelStoreState, RecordModels } from '../types';
import { camelCase } from './config';
import { MINIMUM_PER_PARENT_FALLBACK, MINIMUM_PER_PARENT_KEY } from './declared';
import type { MessageRef } from './minimumInstances';

/** A parent record with fewer child records than its model's `minimumPerParent` asks for. */
export interface ParentShortfall {
  parent: FormModel;
  /** 1-based position of the parent among its model's saved records. */
  position: number;
  children: number;
  minimum: number;
  message: MessageRef;
}

/**
 * The per-record rule of a child model (`parent.minimumPerParent` in its model config): each saved
 * record of the parent model needs at least that many saved records of `childModel` linked to it.
 * Empty when the model declares no such rule or every parent has enough.
 */
export function childShortfalls(store: ModelStoreState, childModel: string): ParentShortfall[] {
  const child = camelCase(childModel);
  const out: ParentShortfall[] = [];
  for (const link of linksOf(store).filter((l) => l.model === child && l.minimumPerParent > 0)) {
    const parents = store.saved.filter((m) => m.metadata.dtoMapping === link.parent);
    parents.forEach((parent, i) => {
      const children = store.saved.filter((m) => m.metadata.dtoMapping === child && m.fields[link.field] === parent.clientId).length;
      if (children >= link.minimumPerParent) return;
      const args = [link.minimumPerParent, i + 1];
      const fallback = MINIMUM_PER_PARENT_FALLBACK.replace('{0}', String(link.minimumPerParent)).replace('{1}', String(i + 1));
      out.push({ parent, position: i + 1, children, minimum: link.minimumPerParent, message: { key: link.messageKey ?? MINIMUM_PER_PARENT_KEY, args, fallback } });
    });
  }
  return out;
}

const linksOf = (store: ModelStoreState): RecordModels['links'] => store.records?.links ?? [];
