import { evaluateCondition, type ConditionScope } from '../conditions/evaluate';
import { camelCase } from '../models/config';
import { maskAccount } from '../models/declared';
import { findModel, getRecords, isRepeating, modelsScope } from '../models/store';
import type { Condition, FieldConfig, FormModel, ModelStoreState, PageConfig, SummaryBlock } from '../types';
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

/** Adds the models (camel-cased) a condition reads through 'model.field' paths. */
function conditionModels(condition: Condition, out: Set<string>): void {
  if ('all' in condition) condition.all.forEach((c) => conditionModels(c, out));
  else if ('any' in condition) condition.any.forEach((c) => conditionModels(c, out));
  else if ('not' in condition) conditionModels(condition.not, out);
  else if (condition.scope.includes('.')) out.add(condition.scope.slice(0, condition.scope.indexOf('.')));
}

/**
 * The models (camel-cased dtoMappings) whose saved answers a summary block shows or decides on:
 * its groups' models, and those the skip rules of their pages and the dependencies of their fields
 * read. A change to any other model (the signature typed on the review page) changes nothing the
 * block draws.
 */
export function summaryReads(block: SummaryBlock, pages: PageConfig[], culture: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const group of block.groups) {
    out.add(camelCase(group.model));
    const editPage = pages.find((p) => p.id === group.editPage);
    if (editPage?.skipWhen) conditionModels(editPage.skipWhen, out);
    for (const key of group.fields) {
      for (const dependency of findFieldConfig(pages, group.editPage, group.model, key, culture)?.dependencies ?? []) conditionModels(dependency.when, out);
    }
  }
  return out;
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
