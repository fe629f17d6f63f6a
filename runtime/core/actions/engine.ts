import type { IdSource } from '../models';
import type { DocumentFile, ModelStoreState, PageConfig, RecordsBlock } from '../types';
// The address form's fields, given to the page engine as this loads: the pages after sign-in draw and check addresses.
import '../view/address-fields';
import type { GroupOptions } from '../view/page-groups';
import type { PageFieldError, ValidationEnv } from '../view/types';
import { pressPrimary } from './page-press';
import { recordToFill, removeRecord, saveRecord, type AddRecord, type RecordSave } from './record-actions';

/** The last press of the primary button that the page refused (spec §4): what refused it, and the open records that show their errors. */
export interface PressRefusal {
  pageId: string;
  errors: PageFieldError[];
  invalid: string[];
}

/** What the last records button did (Add more, Save/Upload), for the one who pressed it to draw. */
export type RecordOutcome = AddRecord | RecordSave;

/** A records button as the form machine's events name it. */
export type RecordButton =
  /** The record the claimant fills next in a block: its untouched open record, else a new one (Add more). */
  | { type: 'RECORD_START'; block: RecordsBlock }
  /** A record's Save or Upload; `documents`: the files chosen beside the answers (their upload state). */
  | { type: 'RECORD_SAVE'; block: RecordsBlock; clientId: string; env: ValidationEnv; documents?: DocumentFile[] }
  /** Cancel of an open record, or Delete of a saved one (with the records linked to it). */
  | { type: 'RECORD_REMOVE'; clientId: string };

/**
 * The page engine bound to one form: its model configs and settings, and the source of new
 * records' client ids. The form machine runs its PRESS and records events through the engine it is
 * given, so pages that never send them (the claimant's start pages) do not load what they do.
 */
export interface PageEngine {
  /** The primary button: the answers after it, and what refused it (null: it goes on); `documents`: the files chosen beside the answers (their upload state). */
  press(page: PageConfig, store: ModelStoreState, env: ValidationEnv, documents: readonly DocumentFile[]): { store: ModelStoreState; pressRefusal: PressRefusal | null };
  /** A records button: the answers after it, and what it did. */
  button(page: PageConfig, store: ModelStoreState, button: RecordButton): { store: ModelStoreState; recordOutcome: RecordOutcome | null };
}

export function createPageEngine(options: GroupOptions, ids: IdSource): PageEngine {
  return {
    press(page, store, env, documents) {
      const press = pressPrimary(page, store, documents, { ...env, options });
      return { store: press.store, pressRefusal: press.errors.length > 0 ? { pageId: page.id, errors: press.errors, invalid: press.invalid } : null };
    },
    button(page, store, button) {
      if (button.type === 'RECORD_REMOVE') return { store: removeRecord(page, button.clientId, store, [], options).store, recordOutcome: null };
      const outcome = button.type === 'RECORD_START' ? recordToFill(button.block, store, options, ids) : saveRecord(page, button.block, button.clientId, store, button.documents ?? [], { ...button.env, options }, ids);
      return { store: 'store' in outcome ? outcome.store : store, recordOutcome: outcome };
    },
  };
}
