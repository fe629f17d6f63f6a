/**
 * The flow's page logic on a submitted claim, with the view model the browser draws
 * (runtime/core/view): the answers of pages the flow skips and of fields it hides are dropped
 * (set back to null or the dependency's reset value; a skipped page's records removed with their
 * documents), and every page the flow walks must pass as it passes in the browser — required shown
 * fields, minimum records. A refusal names the page and the field in the claimant's words.
 */
import { camelCase, payloadKinds, storeRecords, type PayloadKinds } from '../../runtime/core/models/index.js';
import type { FlowFile, FormModel, FormType, ModelConfig, ModelStoreState, PageConfig, SubmissionPayload } from '../../runtime/core/types.js';
import { DevError } from '../../runtime/core/errors.js';
import { modelOf, modelsOf } from './payload-models.js';
import { danglingLinks, errorLine, flowErrors, keepReachedAnswers, type FlowPageError, type Translate, type ValidatePageContext, type ViewSettings } from '../../runtime/core/view/index.js';

export interface PageLogicInput {
  formType: FormType;
  flow: Pick<FlowFile, 'pages'>;
  payload: SubmissionPayload;
  models: readonly ModelConfig[];
  settings?: ViewSettings;
  whitelist: string;
  now: Date;
  /** The claimant's language: the text of a key, the key itself when there is none. */
  t: Translate;
  /** The rule adapters; the full registry when absent. */
  adapters?: ValidatePageContext['adapters'];
  /**
   * The pages whose records' links are checked over the whole claim, walked or not (the form's
   * whole flow: a page save checks the pages up to its own, and a document on a later page must
   * still name a repair the claim has); the flow's pages when absent.
   */
  linkPages?: readonly PageConfig[];
}

export interface PageLogicProblem {
  /** The page that refuses it ('' when no page does). */
  pageId: string;
  clientId: string;
  field: string;
  /** The field's element id on its page ('' when no field), so that the page can show `message` under it. */
  fieldId: string;
  /** The message alone, as the page shows it under the field. */
  message: string;
  /** 'Page title — Field label: message', as the page shows it. */
  text: string;
}

export interface PageLogicResult {
  /** The answers to store: what the flow keeps of the submitted ones. */
  payload: SubmissionPayload;
  /**
   * The pages' verdict on the kept answers; asked for once every model is known to be sound.
   * `onRulesRun` is told of each field whose rules the pages ran (by clientId and field).
   */
  problems(onRulesRun?: ValidatePageContext['onRulesRun']): PageLogicProblem[];
}

/** The pages of a flow as the page logic reads them, derived once per flow, model configs and form. */
interface FlowPages {
  /** The flow's pages without the blocks of models the form does not submit (a page reachable by address only has no answers here). */
  pages: PageConfig[];
  /** Those pages as they are checked: the sign-in page's blocks left out (authorize checked them; its PIN is not sent again after a reload). */
  checked: Pick<FlowFile, 'pages'>;
  /** The single-instance models (camel-cased) the pages read: a model or address block's, a records block's 'none of the above' holder. */
  singles: ReadonlySet<string>;
  /** The form's payload kinds. */
  kinds: PayloadKinds;
  /** The form's records (storeRecords), for the store the pages read. */
  records: ReturnType<typeof storeRecords>;
}

const flowPagesCache = new WeakMap<Pick<FlowFile, 'pages'>, WeakMap<readonly ModelConfig[], Map<FormType, FlowPages>>>();

/**
 * The flow's pages for the page logic, cached by the flow and model config objects (a settlement's
 * are loaded once and never changed in place), so that a page save does not rebuild them.
 */
function flowPagesOf(flow: Pick<FlowFile, 'pages'>, models: readonly ModelConfig[], formType: FormType): FlowPages {
  let byModels = flowPagesCache.get(flow);
  if (!byModels) flowPagesCache.set(flow, (byModels = new WeakMap()));
  let byForm = byModels.get(models);
  if (!byForm) byModels.set(models, (byForm = new Map()));
  const cached = byForm.get(formType);
  if (cached) return cached;
  const submitted = new Set(models.filter((m) => m.metadata.formType === formType).map((m) => camelCase(m.metadata.dtoMapping)));
  const pages = flow.pages.map((page) => ({ ...page, blocks: page.blocks.filter((b) => !('model' in b) || submitted.has(camelCase(b.model))) }));
  const checked = { pages: pages.map((page) => (page.action === 'authorize' ? { ...page, blocks: [] } : page)) };
  const singles = new Set<string>();
  for (const page of pages) {
    for (const block of page.blocks) {
      const single = block.block === 'model' || block.block === 'address' ? block.model : block.block === 'records' ? block.noneConfirmation?.model : undefined;
      if (single !== undefined) singles.add(camelCase(single));
    }
  }
  const built: FlowPages = { pages, checked, singles, kinds: payloadKinds(models, formType), records: storeRecords(models, formType) };
  byForm.set(formType, built);
  return built;
}

// Module functions rather than closures made per save: the server's runner names each closure it makes.
/** Whether a submitted model is of the form and of the kind it was sent as. */
const consistent = (formType: FormType, kind: string, model: FormModel) => model.metadata.formType === formType && camelCase(model.metadata.dtoMapping) === kind;
/** A model with the fields the flow kept of it (as sent when it kept none). */
const keptFields = (model: FormModel, byId: ReadonlyMap<string, FormModel['fields']>): FormModel => ({ ...model, fields: byId.get(model.clientId) ?? model.fields });

/** The submitted models as a store of saved answers (`singles`: the camel-cased single-instance models the pages read, each needed once); null when a page's model is missing or sent twice (the structure check says which). */
function storeOf(input: PageLogicInput, { kinds, singles, records }: Pick<FlowPages, 'kinds' | 'singles' | 'records'>): ModelStoreState | null {
  const saved: FormModel[] = [];
  for (const kind of kinds.single) {
    const model = modelOf(input.payload[kind]);
    if (model && consistent(input.formType, kind, model)) saved.push({ ...model, metadata: { ...model.metadata, dtoMapping: kind } });
  }
  for (const kind of kinds.lists) {
    for (const model of modelsOf(input.payload[kind])) {
      if (consistent(input.formType, kind, model)) saved.push({ ...model, metadata: { ...model.metadata, dtoMapping: kind } });
    }
  }
  const ids = new Set(saved.map((m) => m.clientId));
  if (ids.size !== saved.length) return null;
  const sent = new Map<string, number>();
  for (const model of saved) sent.set(model.metadata.dtoMapping, (sent.get(model.metadata.dtoMapping) ?? 0) + 1);
  for (const kind of singles) {
    if (sent.get(kind) !== 1) return null;
  }
  return records ? { drafts: [], saved, everEdited: {}, records } : { drafts: [], saved, everEdited: {} };
}

/** The payload with the kept answers: the same models as sent, with their kept fields; dropped records and their files left out. */
function payloadOf(payload: SubmissionPayload, kept: ModelStoreState, kinds: PayloadKinds): SubmissionPayload {
  const byId = new Map(kept.saved.map((m) => [m.clientId, m.fields]));
  const next: SubmissionPayload = { ...payload };
  for (const kind of kinds.single) {
    const model = modelOf(payload[kind]);
    if (model) next[kind] = keptFields(model, byId);
  }
  for (const kind of kinds.lists) {
    next[kind] = modelsOf(payload[kind]).filter((m) => byId.has(m.clientId)).map((m) => keptFields(m, byId));
  }
  const documents = payload.documents?.filter((d) => byId.has(d.clientId)) ?? null;
  next.documents = documents && documents.length > 0 ? documents : null;
  return next;
}

/**
 * The flow's verdict on a submission: the kept answers, and the problems of the pages the flow
 * walks for them. null when the payload does not have the models the pages read.
 */
export function applyPageLogic(given: PageLogicInput): PageLogicResult | null {
  const flowPages = flowPagesOf(given.flow, given.models, given.formType);
  const { pages, checked, kinds } = flowPages;
  const input = { ...given, flow: { pages } };
  const store = storeOf(input, flowPages);
  if (!store) return null;
  const modelConfigs = [...input.models];
  const kept = keepReachedAnswers(input.flow, store, { formType: input.formType, modelConfigs, internationalAddresses: input.settings?.internationalAddresses });
  const problems = (onRulesRun?: ValidatePageContext['onRulesRun']): PageLogicProblem[] => {
    let errors: FlowPageError[];
    // Told once the pages' verdict stands (not when the flow cannot read the answers).
    const ran: Array<[string, string]> = [];
    try {
      errors = flowErrors(checked, modelConfigs, kept, {
        formType: input.formType,
        settings: input.settings,
        t: input.t,
        whitelist: input.whitelist,
        now: input.now,
        ...(input.adapters ? { adapters: input.adapters } : {}),
        // Collected only when asked (a submit's model pass skips these fields; a draft's check has none).
        ...(onRulesRun ? { onRulesRun: (clientId: string, field: string) => void ran.push([clientId, field]) } : {}),
      });
    } catch (error) {
      // Answers the flow cannot read (two records where a minimum depends on one) are the claim's fault, not the server's.
      if (error instanceof DevError) return [{ pageId: '', clientId: '', field: '', fieldId: '', message: error.message, text: error.message }];
      throw error;
    }
    for (const [clientId, field] of ran) onRulesRun?.(clientId, field);
    // A record linked to one the claim does not have, on a page the walk did not reach (or skipped: its records are gone then).
    const told = new Set(errors.map(({ error }) => error.fieldId));
    for (const { page, error } of danglingLinks(given.linkPages ?? pages, kept, input.t)) if (!told.has(error.fieldId)) errors.push({ page, error });
    return errors.map(({ page, error }) => {
      const title = page.titleKey ? input.t(page.titleKey) : page.id;
      return { pageId: page.id, clientId: error.clientId, field: error.field, fieldId: error.fieldId, message: error.message, text: `${title} — ${errorLine(error)}` };
    });
  };
  return { payload: payloadOf(input.payload, kept, kinds), problems };
}
