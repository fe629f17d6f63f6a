import { camelCase } from '../models/config';
import type { Condition, PageConfig, SummaryBlock } from '../types';
import { findFieldConfig } from './display-value';

// A module of its own, outside the view's index: only the review page's (lazily loaded) block reads it.

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
