import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { findConfig, getDrafts, getModel, getRecords, modelsScope } from '../models';
import { isPageSkipped } from '../navigation/skip';
import type { BlockConfig, FieldConfig, FormModel, FormType, ModelConfig, ModelStoreState, PageConfig, SummaryGroup } from '../types';
import { addressFields } from './address-fields';
import { allCountries } from './address-lists';
import { asksNoneConfirmation, noneConfirmationField } from './records';

/** The fields of one model or record as a page shows them. */
export interface FieldGroup {
  block: BlockConfig;
  /** 'single' for model and address blocks; 'draft' or 'saved' for records. */
  kind: 'single' | 'draft' | 'saved';
  model: FormModel;
  config: ModelConfig;
  fields: FieldConfig[];
}

export interface GroupOptions {
  formType: FormType;
  modelConfigs: ModelConfig[];
  internationalAddresses?: boolean;
  /** Country options of the address selector (labels localized by the caller); default: English labels. */
  countries?: Array<{ value: string; label: string }>;
}

export const defaultCountryOptions = () => allCountries().map((c) => ({ value: c.code, label: c.label }));

/** Whether a block shows now (its `when` condition, read from the single-instance models). */
export function blockVisible(block: BlockConfig, scope: ConditionScope): boolean {
  return block.when === undefined || evaluateCondition(block.when, scope);
}

/**
 * Whether the review lists a summary group: not when the page it edits is one the flow skips for
 * these answers (its answers are not part of the claim, and its edit link would lead off the flow).
 */
export function summaryGroupShown(group: SummaryGroup, pages: readonly PageConfig[], scope: ConditionScope): boolean {
  const editPage = pages.find((p) => p.id === group.editPage);
  return editPage === undefined || !isPageSkipped(editPage, scope);
}

/** The default country options, made once (the server checks every address block with them). */
let defaultCountries: Array<{ value: string; label: string }> | undefined;
/** An address block's fields by country options and international support: the same configs every time, not ~300 new objects per block. */
const addressFieldsOf = new WeakMap<object, { domestic?: FieldConfig[]; international?: FieldConfig[] }>();

function addressBlockFields(international: boolean, countries: Array<{ value: string; label: string }>): FieldConfig[] {
  const made = addressFieldsOf.get(countries) ?? {};
  addressFieldsOf.set(countries, made);
  const variant = international ? 'international' : 'domestic';
  return (made[variant] ??= addressFields(international, countries));
}

/** The field configs a block renders (address blocks compute theirs). */
export function blockFields(block: BlockConfig, options: Pick<GroupOptions, 'internationalAddresses' | 'countries'>): FieldConfig[] {
  if (block.block === 'model' || block.block === 'records') return block.fields;
  if (block.block === 'address') return addressBlockFields(Boolean(block.international && options.internationalAddresses), options.countries ?? (defaultCountries ??= defaultCountryOptions()));
  return [];
}

/** Every model and record whose fields the page shows, block by block. */
export function pageFieldGroups(page: PageConfig, store: ModelStoreState, options: GroupOptions): FieldGroup[] {
  const scope: ConditionScope = { models: modelsScope(store) };
  const groups: FieldGroup[] = [];
  for (const block of page.blocks) {
    if (!blockVisible(block, scope)) continue;
    if (block.block === 'model' || block.block === 'address') {
      const config = findConfig(options.modelConfigs, options.formType, block.model);
      groups.push({ block, kind: 'single', model: getModel(store, block.model), config, fields: blockFields(block, options) });
    } else if (block.block === 'records') {
      const config = findConfig(options.modelConfigs, options.formType, block.model);
      for (const model of getDrafts(store, block.model, block.fixedValues)) groups.push({ block, kind: 'draft', model, config, fields: block.fields });
      for (const model of getRecords(store, block.model, block.fixedValues)) groups.push({ block, kind: 'saved', model, config, fields: block.fields });
      // 'None of the above' (spec §5): a field of its single-instance model while the list is empty.
      const confirmation = noneConfirmationField(block);
      if (block.noneConfirmation && confirmation && asksNoneConfirmation(block, store)) {
        const holder = findConfig(options.modelConfigs, options.formType, block.noneConfirmation.model);
        groups.push({ block, kind: 'single', model: getModel(store, block.noneConfirmation.model), config: holder, fields: [confirmation] });
      }
    }
  }
  return groups;
}

export { fieldDomId, recordsDomId } from './dom-ids';
