import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { devError } from '../errors';
import { findConfig, getDrafts, getModel, getRecords, modelsScope } from '../models';
import { isPageSkipped } from '../navigation/skip';
import type { BlockConfig, FieldConfig, FormModel, FormType, ModelConfig, ModelStoreState, PageConfig, SummaryGroup } from '../types';
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

/** An address block's field configs: its country options and whether it takes addresses outside the US. */
export type AddressBlockFields = (international: boolean, countries: Array<{ value: string; label: string }> | undefined) => FieldConfig[];

let addressBlockFields: AddressBlockFields | null = null;

/**
 * Gives the page engine the address form's fields (address-fields.ts calls it when it loads). Not
 * imported here: the address form and its state and country lists are not in a start page's
 * JavaScript, as no start page draws an address. What draws or checks an address page loads them
 * first: the form machine's code (every page after a press; runtime/app/forms/formEngine.ts), the
 * address block (the first page of a load, and of a form entered within the app: FormHost), the
 * review's display values, the cure page, the page engine (runtime/core/actions/engine.ts) and the
 * view's index (the server, the studio and the tests).
 */
export function provideAddressFields(make: AddressBlockFields): void {
  addressBlockFields = make;
}

/** Whether the address form's fields are in (see provideAddressFields). */
export function addressFieldsProvided(): boolean {
  return addressBlockFields !== null;
}

/** The field configs a block renders (address blocks compute theirs). */
export function blockFields(block: BlockConfig, options: Pick<GroupOptions, 'internationalAddresses' | 'countries'>): FieldConfig[] {
  if (block.block === 'model' || block.block === 'records') return block.fields;
  if (block.block === 'address') {
    if (!addressBlockFields) throw devError('ADDRESS_FIELDS_NOT_LOADED');
    return addressBlockFields(Boolean(block.international && options.internationalAddresses), options.countries);
  }
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
