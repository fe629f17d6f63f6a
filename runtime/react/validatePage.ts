import { checkMinimumInstances, checkRequiredManager, getRecords, minimumFromFlow, modelsScope, type MessageRef } from '../core/models';
import type { ModelConfig, ModelStoreState, PageConfig } from '../core/types';
import { computeFieldState } from './field-state';
import { blockVisible, fieldDomId, pageFieldGroups, recordsDomId, type GroupOptions } from './page-groups';
import type { PageFieldError, RendererSettings, ValidationEnv } from './types';

export interface ValidatePageContext extends ValidationEnv {
  formType: GroupOptions['formType'];
  settings?: RendererSettings;
  /** Whether the claimant changed anything on the form (shows required-manager messages). Default true. */
  formDirty?: boolean;
}

/** A core message reference in the claimant's language (the English text when the key is missing). */
export function messageText(ref: MessageRef, t: ValidationEnv['t']): string {
  if (ref.key === '') return ref.fallback;
  const text = t(ref.key, ...ref.args);
  return text === ref.key ? ref.fallback : text;
}

/**
 * Every error that refuses Next on this page: the rules of each shown field of its single-instance
 * models (hidden and disabled fields are skipped), and the record blocks' minimum-instances and
 * required-manager rules. Drafts in progress do not count.
 */
export function validatePage(page: PageConfig, modelConfigs: ModelConfig[], store: ModelStoreState, ctx: ValidatePageContext): { errors: PageFieldError[] } {
  const options: GroupOptions = { formType: ctx.formType, modelConfigs, internationalAddresses: ctx.settings?.internationalAddresses };
  const models = modelsScope(store);
  const errors: PageFieldError[] = [];
  for (const group of pageFieldGroups(page, store, options)) {
    if (group.kind !== 'single') continue;
    for (const field of group.fields) {
      const state = computeFieldState(field, group.model, group.config, models, ctx);
      const message = state.errors[0];
      if (state.visible && message !== undefined) {
        errors.push({ fieldId: fieldDomId(group.model.metadata.dtoMapping, null, field.key), clientId: group.model.clientId, field: field.key, message, label: ctx.t(field.label) });
      }
    }
  }
  const scope = { models };
  for (const block of page.blocks) {
    if (block.block !== 'records' || !blockVisible(block, scope)) continue;
    const saved = getRecords(store, block.model, block.fixedValues).length;
    const minimum = checkMinimumInstances(saved, minimumFromFlow(block.minimumInstances, scope));
    const required = checkRequiredManager(saved, ctx.formDirty ?? true, block.required);
    const ref = minimum.message ?? (required.show ? required.message : null);
    if (ref) errors.push({ fieldId: recordsDomId(block.model, block.fixedValues), clientId: '', field: block.model, message: messageText(ref, ctx.t) });
  }
  return { errors };
}
