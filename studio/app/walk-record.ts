/**
 * What a walk records, as plain data: the answers typed on a page, the records saved, refused and
 * deleted there, and the fixture a walk makes (schemas/flow-fixture.schema.json), the sign-in and
 * submit answers as the real server gave them and the payload the walk sent.
 *
 * While walking, a record is named by its client id ($as, { "$record" }, deleteRecords); the
 * fixture names the records it refers to by model and number ("claimTransactions 1"), since the
 * player's client ids are its own.
 */
import { camelCase, getDrafts, getRecords, modelsScope, withDescendants } from '../../runtime/core/models';
import type { AuthorizeResponse, FieldValue, FormModel, ModelStoreState, PageConfig, RecordsBlock, SubmissionPayload, SubmitResponse } from '../../runtime/core/types';
import { dependencyOutcome } from '../../runtime/core/view/field-state';
import { pageFieldGroups, type GroupOptions } from '../../runtime/core/view/page-groups';
import type { RecordAnswer } from '../../tooling/fixtures/fixture';

export type Answers = Record<string, Record<string, FieldValue>>;

/** One record of a records block, in the fixture's words: its field values, its name, the errors that refused its Save. */
export type RecordEntry = RecordAnswer;

/** One recorded page visit, in the fixture's words (schemas/flow-fixture.schema.json `step`). */
export interface WalkStep {
  page: string;
  answers?: Answers;
  records?: Record<string, RecordEntry[]>;
  deleteRecords?: string[];
  press?: 'back';
  expectErrors?: Record<string, string | string[]>;
  expectResult?: { feedback: 'success' | 'warning'; text?: string };
}

/** What a walk has recorded so far: the steps, every page shown, each sign-in's and submit's answer, and the payload sent. */
export interface WalkRecord {
  formType: string;
  culture: string;
  now: string;
  steps: WalkStep[];
  pages: string[];
  authorize: AuthorizeResponse[];
  submitted: boolean;
  submit: SubmitResponse[];
  /** The last payload the walk's Submit sent (its files without their bytes). */
  payload: SubmissionPayload | null;
}

/** The fixture of a walk: its steps, the pages shown, the real server's answers (as the headless player injects them), the payload sent. */
export function fixtureOfWalk(walk: WalkRecord, description: string): Record<string, unknown> {
  const answer = (a: AuthorizeResponse) => ({
    authorized: a.authorized,
    ...(a.error ? { error: a.error } : {}),
    ...(a.code ? { code: a.code } : {}),
    ...(a.prepopulatedData && Object.keys(a.prepopulatedData).length > 0 ? { prepopulatedData: a.prepopulatedData } : {}),
  });
  const submitAnswer = (a: SubmitResponse) => ({ submitted: a.submitted, ...(a.error ? { error: a.error } : {}), ...(a.referenceCodeForm ? { referenceCodeForm: a.referenceCodeForm } : {}) });
  const payload = walk.payload ? expectedPayload(walk.payload) : undefined;
  const names = recordNames(walk.steps, payload);
  return {
    version: 1,
    description,
    formType: walk.formType,
    ...(walk.culture !== 'en' ? { culture: walk.culture } : {}),
    now: walk.now,
    ...(walk.authorize.length === 1 ? { authorize: answer(walk.authorize[0]!) } : walk.authorize.length > 1 ? { authorize: walk.authorize.map(answer) } : {}),
    ...(walk.submit.length === 1 ? { submit: submitAnswer(walk.submit[0]!) } : walk.submit.length > 1 ? { submit: walk.submit.map(submitAnswer) } : {}),
    steps: walk.steps.map((step) => named(step, names)),
    expectPages: walk.pages,
    ...(payload ? { expectPayload: named(payload, names) } : {}),
    ...(walk.submitted ? {} : { expectNoSubmission: true }),
  };
}

const isRef = (v: unknown): v is { $record: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { $record?: unknown }).$record === 'string';

/**
 * The names of the records the fixture refers to (a link, a deletion, the payload): the block's
 * model and its number among that model's records in the walk, in the order they were saved.
 */
function recordNames(steps: readonly WalkStep[], payload: unknown): Map<string, string> {
  const referred = new Set<string>();
  const visit = (v: unknown) => {
    if (isRef(v)) referred.add(v.$record);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(payload);
  for (const step of steps) {
    visit(step.records);
    for (const id of step.deleteRecords ?? []) referred.add(id);
    for (const records of Object.values(step.records ?? {})) for (const r of records) if (r.$continue !== undefined) referred.add(r.$continue);
  }
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const step of steps) {
    for (const [model, records] of Object.entries(step.records ?? {})) {
      for (const record of records) {
        if (record.$as === undefined) continue;
        const n = (counts.get(model) ?? 0) + 1;
        counts.set(model, n);
        if (referred.has(record.$as)) names.set(record.$as, `${model} ${n}`);
      }
    }
  }
  return names;
}

/** A step or payload with its records named (client ids become names; an unreferred record loses its $as). */
function named<T>(value: T, names: Map<string, string>): T {
  const rename = (v: unknown): unknown => {
    if (isRef(v)) return { $record: names.get(v.$record) ?? v.$record };
    if (Array.isArray(v)) return v.map(rename);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (k === '$as') {
          if (typeof x === 'string' && names.has(x)) out.$as = names.get(x);
        } else if (k === '$continue' && typeof x === 'string') out[k] = names.get(x) ?? x; else if (k === 'deleteRecords' && Array.isArray(x)) out[k] = x.map((id: string) => names.get(id) ?? id);
        else out[k] = rename(x);
      }
      return out;
    }
    return v;
  };
  return rename(value) as T;
}

/**
 * What the fixture expects of the walk's payload, as the headless player builds it: every model's
 * fields; the records, documents and links by the records' client ids (named later); not the
 * captcha values, nor the client ids of single models (the player's ids are its own).
 */
export function expectedPayload(payload: SubmissionPayload): Record<string, unknown> {
  const ids = new Set<string>();
  for (const value of Object.values(payload)) {
    if (Array.isArray(value)) for (const item of value) if (item && 'fields' in item) ids.add(item.clientId);
  }
  const linked = (fields: Record<string, FieldValue>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' && ids.has(v) ? { $record: v } : v]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'reCaptchaResponse' || key === 'captchaRawValue') continue;
    if (key === 'documents') {
      out[key] = value === null ? null : (value as Array<{ clientId: string; name: string; type: string; size: number }>).map((d) => ({ clientId: { $record: d.clientId }, name: d.name, type: d.type, size: d.size }));
    } else if (key === 'prepopulatedData' && Array.isArray(value)) {
      out[key] = (value as FormModel[]).map((m) => ({ fields: m.fields }));
    } else if (Array.isArray(value)) {
      out[key] = (value as FormModel[]).map((m) => ({ clientId: { $record: m.clientId }, fields: linked(m.fields) }));
    } else if (value && typeof value === 'object' && 'fields' in value) {
      out[key] = { fields: linked((value as FormModel).fields) };
    } else out[key] = value;
  }
  return out;
}

/** The saved records of a page's records blocks, by block. */
export function blockRecords(page: PageConfig, state: ModelStoreState): Array<{ block: RecordsBlock; records: FormModel[] }> {
  return page.blocks.filter((b): b is RecordsBlock => b.block === 'records').map((block) => ({ block, records: getRecords(state, block.model, block.fixedValues) }));
}

/**
 * A record of a block as the fixture fills it: each shown, enabled field with a value, in the
 * block's order; a file field as { name, type, size }; a link to a record of the walk as { "$record" }.
 */
export function recordEntry(block: RecordsBlock, record: FormModel, state: ModelStoreState, recorded: ReadonlySet<string>): RecordEntry {
  const entry: RecordEntry = {};
  const models = modelsScope(state);
  for (const field of block.fields) {
    const value = record.fields[field.key] ?? null;
    if (value === null || value === '') continue;
    const outcome = dependencyOutcome(field, record, models);
    if (!outcome.visible || outcome.disabled) continue;
    if (field.widget === 'file') entry[field.key] = { name: String(record.fields.name ?? value), type: String(record.fields.type ?? ''), size: Number(record.fields.size ?? 0) };
    else entry[field.key] = typeof value === 'string' && recorded.has(value) ? { $record: value } : value;
  }
  return entry;
}

/** A record left open when its page refused its button: its block, and its fields as the fixture has filled them so far. */
export interface OpenRecord {
  block: RecordsBlock;
  entry: RecordEntry;
}

const sameBlock = (a: RecordsBlock, b: RecordsBlock) => camelCase(a.model) === camelCase(b.model) && JSON.stringify(a.fixedValues ?? {}) === JSON.stringify(b.fixedValues ?? {});

/**
 * The records a refused press leaves open on its page (the drafts of its records blocks), which the
 * fixture must leave open too: a new one as `$unsaved`, named by its client id; one left open by an
 * earlier refusal as `$continue` with what was typed since, when anything was. Notes them in `open`.
 */
export function leftOpen(page: PageConfig, state: ModelStoreState, open: Map<string, OpenRecord>, recorded: ReadonlySet<string>): Array<{ block: RecordsBlock; entry: RecordEntry }> {
  const out: Array<{ block: RecordsBlock; entry: RecordEntry }> = [];
  for (const block of page.blocks) {
    if (block.block !== 'records') continue;
    for (const draft of getDrafts(state, block.model, block.fixedValues)) {
      const entry = recordEntry(block, draft, state, recorded);
      const before = open.get(draft.clientId);
      if (!before) out.push({ block, entry: { $as: draft.clientId, $unsaved: true, ...entry } });
      else {
        const typed = typedSince(block, draft, state, before.entry, entry);
        if (Object.keys(typed).length > 0) out.push({ block, entry: { $continue: draft.clientId, $unsaved: true, ...typed } });
      }
      open.set(draft.clientId, { block, entry });
    }
  }
  return out;
}

/** A record left open earlier and saved now, as the fixture finishes it: `$continue` with what was typed since. Forgets it in `open`. */
export function continuedRecord(record: FormModel, state: ModelStoreState, open: Map<string, OpenRecord>, recorded: ReadonlySet<string>): RecordEntry | undefined {
  const before = open.get(record.clientId);
  if (!before) return undefined;
  open.delete(record.clientId);
  return { $continue: record.clientId, ...typedSince(before.block, record, state, before.entry, recordEntry(before.block, record, state, recorded)) };
}

/** The records left open earlier in a block of this page that are gone now (Cancel): the fixture's deleteRecords cancel them. Forgets them in `open`. */
export function cancelledOpen(page: PageConfig, state: ModelStoreState, open: Map<string, OpenRecord>): string[] {
  const present = new Set([...state.drafts, ...state.saved].map((m) => m.clientId));
  const gone = [...open.entries()].filter(([id, o]) => !present.has(id) && page.blocks.some((b) => b.block === 'records' && sameBlock(b, o.block))).map(([id]) => id);
  for (const id of gone) open.delete(id);
  return gone;
}

/** The fields of an open record changed since the fixture last filled it; a shown field emptied since is given as null. */
function typedSince(block: RecordsBlock, record: FormModel, state: ModelStoreState, before: RecordEntry, now: RecordEntry): RecordEntry {
  const typed: RecordEntry = {};
  for (const [key, value] of Object.entries(now)) if (JSON.stringify(value) !== JSON.stringify(before[key])) typed[key] = value;
  const models = modelsScope(state);
  for (const field of block.fields) {
    if (!(field.key in before) || field.key in now || field.widget === 'file') continue;
    const outcome = dependencyOutcome(field, record, models);
    if (outcome.visible && !outcome.disabled) typed[field.key] = null;
  }
  return typed;
}

/**
 * The records deleted on a page since it opened, of those the walk recorded: each once (a record
 * deleted with its parent goes with it, as the player's deletion takes it too).
 */
export function deletedRecords(page: PageConfig, opened: ModelStoreState, now: ModelStoreState, recorded: ReadonlySet<string>): string[] {
  const kept = new Set(now.saved.map((m) => m.clientId));
  const gone = blockRecords(page, opened).flatMap(({ records }) => records.map((r) => r.clientId)).filter((id) => !kept.has(id) && recorded.has(id));
  return gone.filter((id) => !gone.some((other) => other !== id && withDescendants(opened, other).has(id)));
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

