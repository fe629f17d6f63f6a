/**
 * Links between records (a records block's `linkOptions`: a document to its repair or denial, a
 * receipt to its expense), checked the same way in the browser and on the server: a saved record's
 * link must name a saved record of the model it links to (a link select lists only those; a
 * hostile client can send any id), and a record other records link to is not removed without
 * them (what a Delete takes with it, or what keeps it).
 */
import { camelCase, getRecords, withDescendants } from '../models';
import type { FormModel, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { displayValue } from './display-value';
import { fieldDomId } from './dom-ids';
import type { PageFieldError, Translate } from './types';

/** A link naming no record of the claim: its key, and its text when a locale lacks it. */
export const LINK_NOT_FOUND = { key: 'LocKey_Records_LinkNotFound', text: 'Choose again from the list: the one chosen is not part of your claim.' } as const;
/** A Delete that takes the records linked to the deleted one along, asked first ({0}: those records). */
export const DELETE_LINKED = { key: 'LocKey_Records_DeleteLinked', text: 'Deleting it also deletes what is linked to it: {0}.' } as const;
/** A record that records the page cannot change link to: it is kept ({0}: those records). */
export const LINKED_KEPT = { key: 'LocKey_Records_LinkedKept', text: 'It cannot be removed here, because these parts of your claim are linked to it: {0}. Keep it, or contact us to change them.' } as const;

const textOf = (t: Translate, ref: { key: string; text: string }, ...args: Array<string | number>) => {
  const text = t(ref.key, ...args);
  return text === ref.key ? ref.text.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? '')) : text;
};

/** The records blocks of the pages that link their records to another model's, each with its page. */
export function linkingBlocks(pages: readonly PageConfig[]): Array<{ page: PageConfig; block: RecordsBlock & { linkOptions: NonNullable<RecordsBlock['linkOptions']> } }> {
  const out: Array<{ page: PageConfig; block: RecordsBlock & { linkOptions: NonNullable<RecordsBlock['linkOptions']> } }> = [];
  for (const page of pages) {
    for (const block of page.blocks) {
      const link = block.block === 'records' ? block.linkOptions : undefined;
      if (block.block === 'records' && link) out.push({ page, block: { ...block, linkOptions: link } });
    }
  }
  return out;
}

/** A link that names no record of the claim, as the page shows it under the record's select. */
export interface DanglingLink {
  page: PageConfig;
  block: RecordsBlock;
  record: FormModel;
  error: PageFieldError;
}

/**
 * The saved records of the pages' linking blocks whose link names no saved record of the model it
 * links to (an empty link is the field's own rules' to refuse): an error each on the link's select.
 */
export function danglingLinks(pages: readonly PageConfig[], store: ModelStoreState, t: Translate): DanglingLink[] {
  const out: DanglingLink[] = [];
  for (const { page, block } of linkingBlocks(pages)) {
    const link = block.linkOptions;
    const linkable = new Set(getRecords(store, link.model).map((m) => m.clientId));
    const field = block.fields.find((f) => f.key === link.field);
    for (const record of getRecords(store, block.model, block.fixedValues)) {
      const value = record.fields[link.field];
      if (typeof value !== 'string' || value === '' || linkable.has(value)) continue;
      const error: PageFieldError = {
        fieldId: fieldDomId(block.model, record.clientId, link.field),
        clientId: record.clientId,
        field: link.field,
        message: textOf(t, LINK_NOT_FOUND),
        ...(field ? { label: t(field.label) } : {}),
      };
      out.push({ page, block, record, error });
    }
  }
  return out;
}

/** A record as a claimant knows it in a list of records: the first of its block's display fields that has a value (a document's file name). */
export function recordName(pages: readonly PageConfig[], record: FormModel, t: Translate): string {
  const kind = camelCase(record.metadata.dtoMapping);
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.block !== 'records' || camelCase(block.model) !== kind) continue;
      for (const key of block.displayFields) {
        const shown = displayValue(block.fields.find((f) => f.key === key), record.fields[key], t);
        if (shown !== '') return shown;
      }
    }
  }
  return '';
}

/** Records as a claimant knows them, in a list ('invoice.pdf, receipt.jpg'). */
export const recordNames = (pages: readonly PageConfig[], records: readonly FormModel[], t: Translate) => records.map((m, i) => recordName(pages, m, t) || `${i + 1}`).join(', ');

/** Why a record stays: the records that cannot be changed here and link to it. */
export const linkedKeptMessage = (pages: readonly PageConfig[], linked: readonly FormModel[], t: Translate) => textOf(t, LINKED_KEPT, recordNames(pages, linked, t));

/** What deleting a saved record does to the records linked to it. */
export type LinkedRemoval =
  /** Nothing links to it: it goes alone. */
  | { kind: 'alone' }
  /** Records link to it and go with it: the claimant is asked first (`message`: which). */
  | { kind: 'withLinked'; linked: FormModel[]; message: string }
  /** Records that cannot be changed here link to it (a cure's filed records of pages it does not ask again): it stays (`message`: why). */
  | { kind: 'kept'; linked: FormModel[]; message: string };

/**
 * What deleting the saved record `clientId` takes with it: the saved records linked to it
 * (recursively); `fixed` names the records that cannot be removed here (read-only context).
 */
export function linkedRemoval(store: ModelStoreState, clientId: string, pages: readonly PageConfig[], t: Translate, fixed: ReadonlySet<string> = new Set()): LinkedRemoval {
  const ids = withDescendants(store, clientId);
  ids.delete(clientId);
  const linked = store.saved.filter((m) => ids.has(m.clientId));
  if (linked.length === 0) return { kind: 'alone' };
  const held = linked.filter((m) => fixed.has(m.clientId));
  if (held.length > 0) return { kind: 'kept', linked: held, message: linkedKeptMessage(pages, held, t) };
  return { kind: 'withLinked', linked, message: textOf(t, DELETE_LINKED, recordNames(pages, linked, t)) };
}
