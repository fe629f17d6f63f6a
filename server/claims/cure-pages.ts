/**
 * The pages of a claim a cure asks to answer again (a deficiency kind cured by a page): the claim's
 * filed answers to them, for the cure to start from, and the check of the answers a cure sends,
 * with the page save's checks (validate.ts, page-logic.ts: structure, types, rules, required shown
 * fields, minimum records) on the claim as it would read with them. The answers kept are those of
 * the asked pages' models only; the claim's own answers are never changed (the cure stores these).
 * A page with files (a records block of documents) is asked again as a claim's page is: each record
 * with a file has its document uploaded on add to the cure in progress, named by the record's
 * client id (cure-in-progress.ts), and the cure sent files them (cure.ts, `fileRecords`). A
 * records block that links its records to another model's (`linkOptions`) is given the claim's
 * filed records of that model as read-only context (`linkedRecords`), and a link to a record the
 * claim does not have is refused on its select.
 */
import type { FastifyInstance } from 'fastify';
import { camelCase, FILE_MODEL_FIELDS, matchesFixedValues, type FixedValues } from '../../runtime/core/models/index.js';
import { isPageSkipped } from '../../runtime/core/navigation/index.js';
import { emptyPayload, isClientId, UNSTORABLE_TEXT, unstorableTextPaths } from '../../runtime/core/payload/index.js';
import { isRecord } from '../../runtime/core/guards.js';
import { asksForFiles, deficiencyOf } from '../../runtime/core/statuses/index.js';
import { formatMessage } from '../../runtime/core/rules/index.js';
import type { FieldValue, FlowFile, FormModel, PageConfig, RecordsBlock, SubmissionPayload, SubmitFieldError } from '../../runtime/core/types.js';
import { fieldDomId, linkedKeptMessage, linkingBlocks, recordsDomId } from '../../runtime/core/view/index.js';
import { isStoredModel } from '../db/claim-cures.js';
import type { FiledClaim, StatusChange } from '../db/claim-statuses.js';
import { httpError } from '../errors.js';
import { flowOf } from '../settlement/load.js';
import { claimFormOf, type ClaimForm } from './claim-form.js';
import { modelOf, modelsOf } from './payload-models.js';
import { validateSubmission } from './validate.js';

/** The models the pages read: one instance (model and address blocks, a records block's 'none of the above' holder), or a records block's records (of its kind, with its fixed values). */
function pageKinds(pages: readonly PageConfig[]): { single: Set<string>; records: Array<{ kind: string; fixedValues?: FixedValues }> } {
  const single = new Set<string>();
  const records: Array<{ kind: string; fixedValues?: FixedValues }> = [];
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.block === 'model' || block.block === 'address') single.add(camelCase(block.model));
      if (block.block === 'records') {
        records.push({ kind: camelCase(block.model), ...(block.fixedValues ? { fixedValues: block.fixedValues } : {}) });
        if (block.noneConfirmation) single.add(camelCase(block.noneConfirmation.model));
      }
    }
  }
  return { single, records };
}

/** Whether a record is one of the asked pages' records blocks'. */
const ofRecordsBlocks = (model: FormModel, kind: string, records: ReturnType<typeof pageKinds>['records']) =>
  records.some((r) => r.kind === kind && matchesFixedValues(model, r.fixedValues));

/** The claim's filed answers as a payload of its form's models (the stored answers were checked on submit). */
function filedPayload(claimForm: ClaimForm, claim: FiledClaim): SubmissionPayload {
  const stored = isRecord(claim.payload) ? claim.payload : {};
  const payload: SubmissionPayload = emptyPayload(claim.culture);
  for (const kind of claimForm.kinds.single) payload[kind] = isStoredModel(stored[kind]) ? stored[kind] : null;
  for (const kind of claimForm.kinds.lists) {
    const list = stored[kind];
    payload[kind] = Array.isArray(list) ? list.filter(isStoredModel) : [];
  }
  return payload;
}

/** The pages asked, in the flow's order, and the pages up to the last of them (the page logic walks those). */
interface AskedPages {
  claimForm: ClaimForm;
  /** The claim's whole flow. */
  flow: Pick<FlowFile, 'pages'>;
  pages: PageConfig[];
  walked: Pick<FlowFile, 'pages'>;
  filed: SubmissionPayload;
}

/**
 * The claim's pages `pageIds` name; refused (409 CURE_PAGE_UNSUPPORTED, the claimant contacts the
 * administrator) when its flow has no such page or when the claim's answers skip it.
 */
export function askedPages(app: FastifyInstance, claim: FiledClaim, pageIds: readonly string[]): AskedPages {
  const flow = flowOf(app.settlement, claim.formType);
  if (!flow) throw httpError('CURE_PAGE_UNSUPPORTED');
  const claimForm = claimFormOf(app, flow);
  const at = pageIds.map((id) => flow.pages.findIndex((p) => p.id === id));
  if (at.some((i) => i < 0)) throw httpError('CURE_PAGE_UNSUPPORTED');
  const pages = flow.pages.filter((_, i) => at.includes(i));
  const filed = filedPayload(claimForm, claim);
  const scope = { models: Object.fromEntries(claimForm.kinds.single.map((kind) => [kind, modelOf(filed[kind])?.fields])) };
  if (pages.some((p) => isPageSkipped(p, scope))) throw httpError('CURE_PAGE_UNSUPPORTED');
  return { claimForm, flow, pages, walked: { pages: flow.pages.slice(0, Math.max(...at) + 1) }, filed };
}

/**
 * The deficiency kind of the claim's deficient change that asks again a page with files: the kind
 * a document uploaded for one of that page's records is kept under; null when none does.
 */
export function filesPageDeficiency(app: FastifyInstance, claim: FiledClaim, change: StatusChange): string | null {
  const flow = flowOf(app.settlement, claim.formType);
  for (const kind of change.deficiencies) {
    const cure = deficiencyOf(app.settlement.statuses, kind)?.cure;
    const page = cure?.kind === 'page' ? flow?.pages.find((p) => p.id === cure.page) : undefined;
    if (page && asksForFiles(page)) return kind;
  }
  return null;
}

/** The records among the asked pages' answers that have a file (a field of data type file filled in): each is sent with its document. */
export function fileRecords(asked: AskedPages, answers: readonly FormModel[]): FormModel[] {
  const configs = new Map(asked.claimForm.models.map((m) => [camelCase(m.metadata.dtoMapping), m]));
  return answers.filter((m) => Object.entries(configs.get(camelCase(m.metadata.dtoMapping))?.fields ?? {}).some(([field, c]) => c.dataType === 'file' && typeof m.fields[field] === 'string' && m.fields[field] !== ''));
}

/** The fields of a model that say which document it holds: its file fields and what they write (name, size, type). */
function documentFields(asked: AskedPages, model: FormModel): string[] {
  const config = asked.claimForm.models.find((m) => camelCase(m.metadata.dtoMapping) === camelCase(model.metadata.dtoMapping));
  return [...Object.entries(config?.fields ?? {}).flatMap(([field, c]) => (c.dataType === 'file' ? [field] : [])), ...FILE_MODEL_FIELDS];
}

/**
 * The records with a file among `answers` that keep the claim's own document: a record the claim
 * filed (same client id), its document the same (its file fields, name, size and type as filed),
 * whatever else was corrected (a document type, a link). Its document stays where it is; the
 * corrected answers are the cure's.
 */
export function filedDocumentRecords(asked: AskedPages, answers: readonly FormModel[]): FormModel[] {
  const filed = new Map(filedPageAnswers(asked).map((m) => [m.clientId, m]));
  return fileRecords(asked, answers).filter((m) => {
    const was = filed.get(m.clientId);
    return was !== undefined && was.metadata.dtoMapping === m.metadata.dtoMapping && documentFields(asked, m).every((field) => sameValue(was.fields[field], m.fields[field]));
  });
}

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The asked pages' records blocks, each with its page. */
function recordsBlocks(pages: readonly PageConfig[]): Array<{ page: PageConfig; block: RecordsBlock }> {
  return pages.flatMap((page) => page.blocks.flatMap((block) => (block.block === 'records' ? [{ page, block }] : [])));
}

/**
 * Where the page shows a refusal of one of its records' fields (the record's document, its link):
 * the page and the field's element id, as a page's own check names it; null when the record is of
 * no asked page's records block.
 */
export function recordFieldAt(asked: AskedPages, record: FormModel, field: (block: RecordsBlock) => string | undefined): { pageId: string; fieldId: string } | null {
  const kind = camelCase(record.metadata.dtoMapping);
  for (const { page, block } of recordsBlocks(asked.pages)) {
    if (camelCase(block.model) !== kind || !matchesFixedValues(record, block.fixedValues)) continue;
    const key = field(block);
    return key === undefined ? null : { pageId: page.id, fieldId: fieldDomId(block.model, record.clientId, key) };
  }
  return null;
}

/** A records block's file field (a block of kind file holds exactly one). */
export const fileFieldOf = (block: RecordsBlock) => block.fields.find((f) => f.widget === 'file')?.key;

/**
 * The claim's filed records the asked pages' records are linked with, that the cure does not ask
 * again, as read-only context: those they link to (a records block's `linkOptions`: a document to
 * a repair or a denial, a receipt to its expense), with their label fields, so that the cure form's
 * link selects list them with their labels as in the claim; and those linking to them (the
 * documents of a repair, when the cure asks the repairs page again), with their link and display
 * fields, so that the cure form's Delete of such a record says what keeps it.
 */
export function linkedRecords(asked: AskedPages): FormModel[] {
  const { records } = pageKinds(asked.pages);
  const fieldsOf = new Map<string, Set<string>>();
  const want = (kind: string, fields: readonly string[]) => fieldsOf.set(kind, new Set([...(fieldsOf.get(kind) ?? []), ...fields]));
  for (const { block } of recordsBlocks(asked.pages)) if (block.linkOptions) want(camelCase(block.linkOptions.model), block.linkOptions.labelFields);
  const askedKinds = new Set(records.map((r) => r.kind));
  const askedIds = new Set(asked.pages.map((p) => p.id));
  const linking: Array<{ kind: string; fixedValues?: FixedValues; field: string }> = [];
  for (const { page, block } of linkingBlocks(asked.flow.pages)) {
    if (askedIds.has(page.id) || !askedKinds.has(camelCase(block.linkOptions.model))) continue;
    const kind = camelCase(block.model);
    want(kind, [block.linkOptions.field, ...block.displayFields, ...Object.keys(block.fixedValues ?? {})]);
    linking.push({ kind, field: block.linkOptions.field, ...(block.fixedValues ? { fixedValues: block.fixedValues } : {}) });
  }
  const askedRecords = new Set(pagesModels(asked.filed, asked.pages).map((m) => m.clientId));
  const wanted = (m: FormModel, kind: string) => {
    if (ofRecordsBlocks(m, kind, records)) return false;
    const links = linking.filter((l) => l.kind === kind && matchesFixedValues(m, l.fixedValues));
    // A record of a linking block is context when it links to a record asked again; a record linked to is context always.
    return links.length === 0 || links.some((l) => askedRecords.has(String(m.fields[l.field])));
  };
  return [...fieldsOf].flatMap(([kind, fields]) =>
    modelsOf(asked.filed[kind])
      .filter((m) => wanted(m, kind))
      .map((m) => ({ ...m, fields: Object.fromEntries([...fields].filter((f) => Object.hasOwn(m.fields, f)).map((f) => [f, m.fields[f] ?? null])) })),
  );
}

/**
 * The records asked again that the claim's other records link to and that the cure removes (a
 * repair its filed documents name, when the cure of the repairs page leaves it out): the claim
 * would read with links to nothing, so the removal is refused on the records block that held it,
 * naming the records linked to it (links.ts `linkedKeptMessage`, as the cure form's Delete says it).
 */
function removedLinkedTo(app: FastifyInstance, asked: AskedPages, payload: SubmissionPayload, culture: string): Array<SubmitFieldError & { text: string }> {
  const t = (key: string, ...args: Array<string | number>) => formatMessage(app.locales.text(key, culture) ?? key, ...args);
  const flowPages = asked.flow.pages;
  const askedIds = new Set(asked.pages.map((p) => p.id));
  const problems: Array<SubmitFieldError & { text: string }> = [];
  for (const { block } of linkingBlocks(flowPages.filter((p) => !askedIds.has(p.id)))) {
    const link = block.linkOptions;
    const kind = camelCase(link.model);
    const kept = new Set(modelsOf(payload[kind]).map((m) => m.clientId));
    const removed = new Set(modelsOf(asked.filed[kind]).flatMap((m) => (kept.has(m.clientId) ? [] : [m.clientId])));
    const linked = modelsOf(payload[camelCase(block.model)]).filter((m) => matchesFixedValues(m, block.fixedValues) && removed.has(String(m.fields[link.field])));
    if (linked.length === 0) continue;
    const shown = linkedKeptMessage(flowPages, linked, t);
    for (const { page, block: held } of recordsBlocks(asked.pages)) {
      if (camelCase(held.model) !== kind) continue;
      const title = page.titleKey ? t(page.titleKey) : page.id;
      problems.push({ pageId: page.id, fieldId: recordsDomId(held.model, held.fixedValues), message: shown, text: `${title} — ${shown}` });
    }
  }
  return problems;
}

/** The models of the asked pages a payload holds. */
function pagesModels(payload: SubmissionPayload, pages: readonly PageConfig[]): FormModel[] {
  const { single, records } = pageKinds(pages);
  const lists = [...new Set(records.map((r) => r.kind))];
  return [...[...single].flatMap((kind) => modelOf(payload[kind]) ?? []), ...lists.flatMap((kind) => modelsOf(payload[kind]).filter((m) => ofRecordsBlocks(m, kind, records)))];
}

/** The claim's filed answers to the asked pages: where the cure starts from. */
export function filedPageAnswers(asked: AskedPages): FormModel[] {
  return pagesModels(asked.filed, asked.pages);
}

/** The answers a cure sends for the asked pages as its multipart field (JSON text), read; 400 STRUCTURE_INVALID when they are not a list of models. */
export function sentPageAnswers(text: string | undefined): FormModel[] {
  let sent: unknown;
  try {
    sent = text === undefined ? undefined : JSON.parse(text);
  } catch {
    sent = undefined;
  }
  if (!Array.isArray(sent) || !sent.every(isStoredModel)) throw httpError('STRUCTURE_INVALID', { details: ['pageModels: send the answers to the page as a list of its models.'] });
  return sent;
}

/**
 * The answers to the asked pages (a list of their models), checked as a page save checks them on
 * the claim as it would read with them: 400 STRUCTURE_INVALID for a model of no asked page or one
 * missing, 400 VALIDATION_FAILED with the pages' field errors. `unfinished` (a cure in progress
 * kept to finish later) leaves the pages' fields not filled in yet and their records rules not met
 * yet unrefused, as Save and finish later does a claim's page; what was typed is checked as always.
 * Returns the models to keep (hidden fields reset as on a save).
 */
export function checkedPageAnswers(app: FastifyInstance, asked: AskedPages, sent: readonly FormModel[], culture: string, options: { unfinished?: boolean } = {}): FormModel[] {
  const { claimForm, pages, walked } = asked;
  const unstorable = unstorableTextPaths(sent, 'pageModels').map((path) => `${path}: ${UNSTORABLE_TEXT}`);
  if (unstorable.length) throw httpError('BAD_REQUEST', { details: unstorable });

  const { single, records } = pageKinds(pages);
  const lists = new Set(records.map((r) => r.kind));
  const payload: SubmissionPayload = { ...asked.filed };
  // The asked pages' records are replaced by those the cure sends (a record left out is removed); the other pages' records stay.
  for (const kind of lists) payload[kind] = modelsOf(payload[kind]).filter((m) => !ofRecordsBlocks(m, kind, records));
  const structure: string[] = [];
  const given = new Set<string>();
  for (const model of sent) {
    const kind = camelCase(model.metadata.dtoMapping);
    if (!isClientId(model.clientId)) structure.push(`${kind}: the clientId is not one the form makes.`);
    else if (single.has(kind)) {
      if (given.has(kind)) structure.push(`${kind}: sent more than once.`);
      given.add(kind);
      payload[kind] = model;
    } else if (lists.has(kind) && ofRecordsBlocks(model, kind, records)) payload[kind] = [...modelsOf(payload[kind]), model];
    else structure.push(`${kind}: not a part of the page asked again.`);
  }
  for (const kind of single) if (!given.has(kind)) structure.push(`${kind}: the page's answers are missing.`);
  if (structure.length) throw httpError('STRUCTURE_INVALID', { details: structure });

  const problems = validateSubmission({
    formType: claimForm.formType,
    flow: walked,
    linkPages: pages,
    settings: app.settlement.settings,
    payload,
    models: claimForm.models,
    whitelist: [...app.settlement.allowedCharacters].join(''),
    now: new Date(app.clock()),
    text: (key) => app.locales.text(key, culture),
    partial: true,
    ...(options.unfinished ? { unfinishedPageIds: pages.map((p) => p.id) } : {}),
  });
  if (problems.structure.length) throw httpError('STRUCTURE_INVALID', { details: problems.structure });
  // A record the claim's other records link to, removed: refused on the block that held it when the
  // cure is sent (a cure kept to finish later may be without it for now, as without its "at least
  // one"); a link to a record the claim does not have is the page logic's, on its select.
  const links = options.unfinished ? [] : removedLinkedTo(app, asked, problems.payload, culture);
  if (problems.fields.length || links.length) {
    throw httpError('VALIDATION_FAILED', { details: [...problems.fields, ...links.map((l) => l.text)], fieldErrors: [...problems.fieldErrors, ...links.map(({ pageId, fieldId, message }) => ({ pageId, fieldId, message }))] });
  }
  return pagesModels(problems.payload, pages);
}
