/**
 * The pages of a claim a cure asks to answer again (a deficiency kind cured by a page): the claim's
 * filed answers to them, for the cure to start from, and the check of the answers a cure sends,
 * with the page save's checks (validate.ts, page-logic.ts: structure, types, rules, required shown
 * fields, minimum records) on the claim as it would read with them. The answers kept are those of
 * the asked pages' models only; the claim's own answers are never changed (the cure stores these).
 * A page with files (a records block of documents) is asked again as a claim's page is: each record
 * with a file has its document uploaded on add to the cure in progress, named by the record's
 * client id (cure-in-progress.ts), and the cure sent files them (cure.ts, `fileRecords`).
 */
import type { FastifyInstance } from 'fastify';
import { camelCase, matchesFixedValues, type FixedValues } from '../../runtime/core/models/index.js';
import { isPageSkipped } from '../../runtime/core/navigation/index.js';
import { emptyPayload, isClientId, UNSTORABLE_TEXT, unstorableTextPaths } from '../../runtime/core/payload/index.js';
import { isRecord } from '../../runtime/core/guards.js';
import { asksForFiles, deficiencyOf } from '../../runtime/core/statuses/index.js';
import type { FlowFile, FormModel, PageConfig, SubmissionPayload } from '../../runtime/core/types.js';
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
  return { claimForm, pages, walked: { pages: flow.pages.slice(0, Math.max(...at) + 1) }, filed };
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

/**
 * The records with a file among `answers` that are sent exactly as the claim filed them (same
 * client id, same answers): their document is the claim's own, kept where it is.
 */
export function filedFileRecords(asked: AskedPages, answers: readonly FormModel[]): FormModel[] {
  const filed = new Map(filedPageAnswers(asked).map((m) => [m.clientId, m]));
  return fileRecords(asked, answers).filter((m) => {
    const was = filed.get(m.clientId);
    return was !== undefined && was.metadata.dtoMapping === m.metadata.dtoMapping && sameFields(was.fields, m.fields);
  });
}

/** Whether two models' answers are the same, whatever their keys' order. */
function sameFields(a: FormModel['fields'], b: FormModel['fields']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
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
  if (problems.fields.length) throw httpError('VALIDATION_FAILED', { details: problems.fields, fieldErrors: problems.fieldErrors });
  return pagesModels(problems.payload, pages);
}
