import type { FormType, ModelConfig, RecordModels } from '../types';
import { camelCase } from './config';

/**
 * The models a settlement declares (models.json): any dtoMapping, answered once or repeating,
 * records linked to parent records. The spec's six payload keys keep their meaning (§3); any
 * other model is submitted under its camel-cased dtoMapping.
 */

/** Spec §3's single-instance payload keys. */
export const SPEC_SINGLE_KEYS: readonly string[] = ['signature', 'claimantInfo', 'credentials', 'claimDetails'];
/** Spec §3's repeating payload keys (models left out of the initial saved models). */
export const SPEC_LIST_KEYS: readonly string[] = ['claimTransactions', 'documentContexts'];
/** The spec's link of a record to its parent claim transaction (§3). */
export const SPEC_PARENT_LINK = { model: 'claimTransactions', field: 'claimTransactionId' } as const;
/** The message of a parent record with too few children ({0}: the minimum, {1}: the record's position). */
export const MINIMUM_PER_PARENT_KEY = 'LocKey_Records_MinimumPerParent';
export const MINIMUM_PER_PARENT_FALLBACK = 'Add at least {0} for record {1}.';

/** What the payload carries of a form's models: single-instance keys and list keys (prepopulatedData aside). */
export interface PayloadKinds {
  single: string[];
  lists: string[];
}

const ofForm = (configs: readonly ModelConfig[], formType: FormType | undefined) => configs.filter((c) => formType === undefined || c.metadata.formType === formType);

/** Whether a model config declares records: its `repeating`, else spec §3's default. A spec key keeps its kind. */
export function isRepeatingConfig(config: ModelConfig): boolean {
  const key = camelCase(config.metadata.dtoMapping);
  if (SPEC_SINGLE_KEYS.includes(key)) return false;
  if (SPEC_LIST_KEYS.includes(key)) return true;
  return config.metadata.repeating === true;
}

/**
 * The payload keys of a form type's models: the spec's six always, and each declared model's
 * camel-cased dtoMapping as a single key or a list key.
 */
export function payloadKinds(configs: readonly ModelConfig[], formType?: FormType): PayloadKinds {
  const single = [...SPEC_SINGLE_KEYS];
  const lists = [...SPEC_LIST_KEYS];
  for (const config of ofForm(configs, formType)) {
    const key = camelCase(config.metadata.dtoMapping);
    if (single.includes(key) || lists.includes(key) || key === 'prepopulatedData') continue;
    (isRepeatingConfig(config) ? lists : single).push(key);
  }
  return { single, lists };
}

/**
 * The records of a form type: its repeating models and each child model's link to its parent
 * (declared `parent`, else the spec's claimTransactionId link for a model that has that field).
 */
export function recordModelsOf(configs: readonly ModelConfig[], formType: FormType): RecordModels {
  const own = ofForm(configs, formType);
  const repeating = own.filter(isRepeatingConfig).map((c) => camelCase(c.metadata.dtoMapping));
  const links: RecordModels['links'] = [];
  for (const config of own) {
    const model = camelCase(config.metadata.dtoMapping);
    const parent = config.metadata.parent;
    if (parent) {
      links.push({ model, field: parent.field, parent: camelCase(parent.model), minimumPerParent: parent.minimumPerParent ?? 0, ...(parent.messageKey ? { messageKey: parent.messageKey } : {}) });
    } else if (Object.hasOwn(config.fields, SPEC_PARENT_LINK.field) && repeating.includes(model)) {
      links.push({ model, field: SPEC_PARENT_LINK.field, parent: SPEC_PARENT_LINK.model, minimumPerParent: 0 });
    }
  }
  return { repeating, links };
}

/** Whether a form's configs declare anything of records beyond spec §3's defaults (a store then carries them). */
export function declaresRecords(configs: readonly ModelConfig[], formType: FormType): boolean {
  return ofForm(configs, formType).some((c) => c.metadata.repeating !== undefined || c.metadata.parent !== undefined);
}

/** The records description a store carries for a form: undefined when spec §3's defaults hold. */
export function storeRecords(configs: readonly ModelConfig[], formType: FormType): RecordModels | undefined {
  return declaresRecords(configs, formType) ? recordModelsOf(configs, formType) : undefined;
}

/** `model.field` (model camel-cased) of every account field of a form's models. */
export function accountFields(configs: readonly ModelConfig[], formType?: FormType): Set<string> {
  const out = new Set<string>();
  for (const config of ofForm(configs, formType)) {
    for (const [name, field] of Object.entries(config.fields)) if (field.account) out.add(`${camelCase(config.metadata.dtoMapping)}.${name}`);
  }
  return out;
}

/** An account number as the review, the receipt and the logs show it: its last four characters. */
export function maskAccount(value: string): string {
  const plain = value.replace(/[\s-]/g, '');
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
}
