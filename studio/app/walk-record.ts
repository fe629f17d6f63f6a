/**
 * What a walk records, as plain data: the answers typed on a page, and the fixture a walk makes
 * (schemas/flow-fixture.schema.json), the sign-in answers as the real server gave them.
 */
import { camelCase, modelsScope } from '../../runtime/core/models';
import type { AuthorizeResponse, FieldValue, ModelStoreState, PageConfig } from '../../runtime/core/types';
import { dependencyOutcome } from '../../runtime/core/view/field-state';
import { pageFieldGroups, type GroupOptions } from '../../runtime/core/view/page-groups';

export type Answers = Record<string, Record<string, FieldValue>>;

/** One recorded page visit, in the fixture's words (schemas/flow-fixture.schema.json `step`). */
export interface WalkStep {
  page: string;
  answers?: Answers;
  press?: 'back';
  expectErrors?: Record<string, string>;
  expectResult?: { feedback: 'success' | 'warning'; text?: string };
}

/** What a walk has recorded so far: the steps, every page shown, and each sign-in's answer. */
export interface WalkRecord {
  formType: string;
  culture: string;
  now: string;
  steps: WalkStep[];
  pages: string[];
  authorize: AuthorizeResponse[];
  submitted: boolean;
}

/** The fixture of a walk: its steps, the pages shown, the real server's sign-in answers (as the headless player injects them). */
export function fixtureOfWalk(walk: WalkRecord, description: string): Record<string, unknown> {
  const answer = (a: AuthorizeResponse) => ({
    authorized: a.authorized,
    ...(a.error ? { error: a.error } : {}),
    ...(a.code ? { code: a.code } : {}),
    ...(a.prepopulatedData && Object.keys(a.prepopulatedData).length > 0 ? { prepopulatedData: a.prepopulatedData } : {}),
  });
  return {
    version: 1,
    description,
    formType: walk.formType,
    ...(walk.culture !== 'en' ? { culture: walk.culture } : {}),
    now: walk.now,
    ...(walk.authorize.length === 1 ? { authorize: answer(walk.authorize[0]!) } : walk.authorize.length > 1 ? { authorize: walk.authorize.map(answer) } : {}),
    steps: walk.steps,
    expectPages: walk.pages,
    ...(walk.submitted ? {} : { expectNoSubmission: true }),
  };
}

/** The answers typed on a page: the fields shown now whose value changed since it opened, in the order first changed. */
export function answersOnPage(page: PageConfig, opened: ModelStoreState, now: ModelStoreState, order: readonly string[], options: GroupOptions): Answers | undefined {
  const before = modelsScope(opened);
  const after = modelsScope(now);
  const shown = new Set<string>();
  for (const group of pageFieldGroups(page, now, options)) {
    if (group.kind !== 'single') continue;
    for (const field of group.fields) {
      const outcome = dependencyOutcome(field, group.model, after);
      if (outcome.visible && !outcome.disabled) shown.add(`${group.model.metadata.dtoMapping}\u0000${field.key}`);
    }
  }
  const answers: Answers = {};
  for (const key of order) {
    if (!shown.has(key)) continue;
    const [model, field] = key.split('\u0000') as [string, string];
    const value = after[model]?.[field] ?? null;
    if (Object.is(value, before[model]?.[field] ?? null)) continue;
    (answers[camelCase(model)] ??= {})[field] = value;
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}

