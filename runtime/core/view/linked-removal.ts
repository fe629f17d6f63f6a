/**
 * A record other records link to is not removed without them: a Delete says what it takes along
 * (asked first), or what keeps the record (records no page here can change: a cure's filed
 * records of pages it does not ask again). The records block and the server's cure check use it.
 */
import { camelCase, withDescendants } from '../models';
import type { FormModel, ModelStoreState, PageConfig } from '../types';
import { displayValue } from './display-value';
import { textOf } from './links';
import type { Translate } from './types';

/** A Delete that takes the records linked to the deleted one along, asked first ({0}: those records). */
export const DELETE_LINKED = { key: 'LocKey_Records_DeleteLinked', text: 'Deleting it also deletes what is linked to it: {0}.' } as const;
/** A record that records the page cannot change link to: it is kept ({0}: those records). */
export const LINKED_KEPT = { key: 'LocKey_Records_LinkedKept', text: 'It cannot be removed here, because these parts of your claim are linked to it: {0}. Keep it, or contact us to change them.' } as const;

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
