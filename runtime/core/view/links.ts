/**
 * Links between records (a records block's `linkOptions`: a document to its repair or denial, a
 * receipt to its expense), checked the same way in the browser and on the server: a saved record's
 * link must name a saved record of the model it links to (a link select lists only those; a
 * hostile client can send any id). What a Delete of a record linked to takes along is
 * linked-removal.ts's (the records block's and the cure's only, not the start page's).
 */
import { getRecords } from '../models';
import type { FormModel, ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { fieldDomId } from './dom-ids';
import type { PageFieldError, Translate } from './types';

/** A link naming no record of the claim: its key, and its text when a locale lacks it. */
export const LINK_NOT_FOUND = { key: 'LocKey_Records_LinkNotFound', text: 'Choose again from the list: the one chosen is not part of your claim.' } as const;

/** A message's text in the claimant's language, its English words when the locale lacks it. */
export const textOf = (t: Translate, ref: { key: string; text: string }, ...args: Array<string | number>) => {
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

