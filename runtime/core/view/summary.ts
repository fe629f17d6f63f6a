import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { camelCase } from '../models/config';
import { maskAccount } from '../models/declared';
import { findModel, getRecords, isRepeating, modelsScope } from '../models/store';
import type { FieldConfig, FormModel, ModelStoreState, PageConfig, SummaryBlock } from '../types';
import { displayValue, findFieldConfig } from './display-value';
import { summaryGroupShown } from './page-groups';
import type { Translate } from './types';

/** One answer as a summary lists it. */
export interface SummaryRow {
  label: string;
  /** '' when unanswered. */
  value: string;
}

/** One group of a summary: a single model's answers, or one list of rows per record. */
export interface SummaryGroupView {
  title: string;
  rows: SummaryRow[] | null;
  records: SummaryRow[][] | null;
}

export interface SummaryViewContext {
  store: ModelStoreState;
  pages: PageConfig[];
  culture: string;
  t: Translate;
  /** Fields never listed, as `model.field` (flow/secrets.ts `secretFields`). */
  secrets?: ReadonlySet<string>;
  /** Account fields, listed masked (last 4), as `model.field` (models/declared.ts `accountFields`). */
  accounts?: ReadonlySet<string>;
}

/** A field its page hides for these answers (a non-US address line for a US address, a disposal date of a current owner). */
export function hiddenOnPage(field: FieldConfig | undefined, model: FormModel, scope: ConditionScope): boolean {
  const own = { own: model.fields, models: scope.models };
  return (field?.dependencies ?? []).some((d) => (d.behavior ?? 'hide') === 'hide' && !evaluateCondition(d.when, own));
}

/**
 * A summary block's groups as text, what the review and the confirmation pages list: groups of
 * skipped pages left out, fields their page hides left out, secret fields never listed. Read by
 * the e-mail receipt, which writes what the confirmation page shows.
 */
export function summaryView(block: SummaryBlock, ctx: SummaryViewContext): SummaryGroupView[] {
  const scope: ConditionScope = { models: modelsScope(ctx.store) };
  const rowsOf = (group: SummaryBlock['groups'][number], model: FormModel): SummaryRow[] =>
    group.fields.flatMap((key) => {
      if (ctx.secrets?.has(`${camelCase(group.model)}.${key}`)) return [];
      const field = findFieldConfig(ctx.pages, group.editPage, group.model, key, ctx.culture);
      if (field?.secret || hiddenOnPage(field, model, scope)) return [];
      const value = model.fields[key];
      const masked = ctx.accounts?.has(`${camelCase(group.model)}.${key}`) && typeof value === 'string' && value !== '';
      return [{ label: ctx.t(field?.label ?? key), value: masked ? maskAccount(value) : displayValue(field, value, ctx.t) }];
    });
  return block.groups.flatMap((group): SummaryGroupView[] => {
    if (!summaryGroupShown(group, ctx.pages, scope)) return [];
    const title = ctx.t(group.titleKey);
    if (isRepeating(group.model, ctx.store) || group.fixedValues) {
      return [{ title, rows: null, records: getRecords(ctx.store, group.model, group.fixedValues).map((record) => rowsOf(group, record)) }];
    }
    const single = findModel(ctx.store, group.model);
    return [{ title, rows: single ? rowsOf(group, single) : [], records: null }];
  });
}
