/**
 * The records a claimant is typing on a page and has not saved yet (an open record with something
 * entered): kept with the claim in progress, so that a reload, a crash or a resume opens that
 * record again as it was typed. They are no part of the claim until their Save.
 */
import type { FormModel, FormType, ModelConfig, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { camelCase } from './config';
import { isEmptyValue, matchesFixedValues } from './store';

const blockOf = (page: PageConfig, record: FormModel): RecordsBlock | undefined =>
  page.blocks.find((b): b is RecordsBlock => b.block === 'records' && camelCase(b.model) === camelCase(record.metadata.dtoMapping) && matchesFixedValues(record, b.fixedValues));

/**
 * A document record is not kept open: its file lives in the browser until uploaded, and a record
 * restored without it could not be saved as it shows.
 */
const holdsFile = (block: RecordsBlock) => block.kind === 'file' || block.fields.some((f) => f.widget === 'file');

const keptBlockOf = (page: PageConfig, record: FormModel): RecordsBlock | undefined => {
  const block = blockOf(page, record);
  return block && !holdsFile(block) ? block : undefined;
};

const entered = (value: FormModel['fields'][string] | undefined) => !isEmptyValue(value) && value !== false;

const enteredFields = (record: FormModel) =>
  Object.entries(record.fields)
    .filter(([, value]) => entered(value))
    .map(([key]) => key);

/** Whether the claimant entered something in an open record (as view/records `draftHasEntries`: defaults and fixed values do not count). */
const typedIn = (store: ModelStoreState, record: FormModel) => (store.everEdited[record.clientId] ?? []).some((key) => entered(record.fields[key]));

/** The open records of a page's records blocks (not document records) in which the claimant entered something. */
export function typedOpenRecords(page: PageConfig, store: ModelStoreState): FormModel[] {
  return store.drafts.filter((d) => keptBlockOf(page, d) !== undefined && typedIn(store, d));
}

/**
 * The answers with kept open records put back as open records of `page`: each replaces an open
 * record of its block that nothing was typed in, and what it holds counts as entered by the
 * claimant (so that the page keeps it again and its Save checks it).
 */
export function withOpenRecords(page: PageConfig | undefined, store: ModelStoreState, records: readonly FormModel[]): ModelStoreState {
  if (!page || records.length === 0) return store;
  const kept = records.filter((r) => keptBlockOf(page, r) !== undefined && !store.saved.some((m) => m.clientId === r.clientId));
  if (kept.length === 0) return store;
  const replaced = (d: FormModel) => {
    if (kept.some((r) => r.clientId === d.clientId)) return true;
    const block = blockOf(page, d);
    return block !== undefined && kept.some((r) => blockOf(page, r) === block) && !typedIn(store, d);
  };
  const everEdited = { ...store.everEdited };
  for (const record of kept) {
    const fixed = blockOf(page, record)?.fixedValues ?? {};
    everEdited[record.clientId] = enteredFields(record).filter((key) => !(key in fixed));
  }
  return { ...store, drafts: [...store.drafts.filter((d) => !replaced(d)), ...kept], everEdited };
}

/**
 * What is wrong with the open records a save keeps for `page` (empty: nothing): each must be a
 * record of one of its records blocks, of this form, with the fields its model declares. Their
 * values are not checked against the rules yet: the claimant is still typing (their Save checks).
 */
export function openRecordProblems(page: PageConfig, records: readonly FormModel[], configs: readonly ModelConfig[], formType: FormType): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const name = `${record.metadata.dtoMapping} ${record.clientId}`;
    if (seen.has(record.clientId)) problems.push(`${name}: sent more than once.`);
    seen.add(record.clientId);
    if (record.metadata.formType !== formType || !keptBlockOf(page, record)) {
      problems.push(`${name}: not a record of this page.`);
      continue;
    }
    const config = configs.find((c) => c.metadata.formType === formType && camelCase(c.metadata.dtoMapping) === camelCase(record.metadata.dtoMapping));
    const unknown = Object.keys(record.fields).filter((key) => !config || !(key in config.fields));
    if (unknown.length > 0) problems.push(`${name}: unknown fields ${unknown.join(', ')}.`);
  }
  return problems;
}
