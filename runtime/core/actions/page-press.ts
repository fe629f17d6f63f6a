/**
 * The page engine: what each button of a page does (spec §4 record lifecycle), as pure functions
 * of the page config, the answers and the documents. The form machine's events call these; the
 * renderer, the headless fixture player and the studio's walk draw what they return. One copy:
 * a press computed anywhere else is a defect.
 */
import { findConfig, modelsScope, type IdSource } from '../models';
import type { ModelStoreState, PageConfig, RecordsBlock } from '../types';
import { applyDependencyResets, preparePage } from '../view/dependencies';
import { blockVisible, type GroupOptions } from '../view/page-groups';
import { openInitialDrafts, saveEnteredDrafts } from '../view/records';
import type { PageFieldError, ValidationEnv } from '../view/types';
import { validatePage } from '../view/validatePage';

/** What a press needs besides the page and the answers: the form's models and settings, the clock, texts and whitelist. */
export interface PageEngineContext extends ValidationEnv {
  options: GroupOptions;
}

/** The blocks of a page whose buttons are records buttons, shown on these answers. */
export function shownRecordsBlocks(page: PageConfig, store: ModelStoreState): RecordsBlock[] {
  const scope = { models: modelsScope(store) };
  return page.blocks.filter((b): b is RecordsBlock => b.block === 'records' && blockVisible(b, scope));
}

/**
 * Opening a page: defaults on empty fields, dependency resets, and the drafts its shown records
 * blocks open with (initial instances, a draft at init or for a minimum; spec §3).
 */
export function openPage(page: PageConfig, store: ModelStoreState, options: GroupOptions, ids: IdSource): ModelStoreState {
  let next = preparePage(page, store, options);
  for (const block of shownRecordsBlocks(page, next)) next = openInitialDrafts(block, next, findConfig(options.modelConfigs, options.formType, block.model), ids);
  return next;
}

/** What pressing the page's primary button (Next, Continue, Look up, Submit) does before it goes anywhere. */
export interface PrimaryPress {
  /** The answers after the press: the typed records that validate are saved (spec §4: typed answers are never lost). */
  store: ModelStoreState;
  /** The records the press saved. */
  saved: string[];
  /** Open records whose fields now show their errors (typed, and not valid). */
  invalid: string[];
  /** What refuses the press, in the error summary's order; empty: the press goes through. */
  errors: PageFieldError[];
}

/** The page's primary button: saves the typed records that validate, then validates the page. */
export function pressPrimary(page: PageConfig, store: ModelStoreState, ctx: PageEngineContext): PrimaryPress {
  const entered = saveEnteredDrafts(page, store, ctx.options, ctx);
  const next = entered.saved.length > 0 ? applyDependencyResets(page, entered.store, ctx.options) : entered.store;
  const { errors } = validatePage(page, ctx.options.modelConfigs, next, {
    t: ctx.t,
    whitelist: ctx.whitelist,
    now: ctx.now,
    formType: ctx.options.formType,
    settings: { internationalAddresses: ctx.options.internationalAddresses ?? false },
  });
  return { store: next, saved: entered.saved, invalid: entered.invalid, errors };
}
