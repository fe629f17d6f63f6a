/**
 * Server-side checks of a submission, with the same core code the browser uses: the structure
 * rules (runtime/core/payload) and every model against its model config with the rule engine
 * (runtime/core/rules, side 'server'), the whitelist included, after each value's type is checked
 * against its field's data type, then the flow's page logic (page-logic.ts). Returns
 * claimant-readable problems and the answers to store. Each field's rules run once: the pages run
 * those of the fields they show, the model pass those of the others.
 */
import { camelCase, payloadKinds, type PayloadKinds } from '../../runtime/core/models/index.js';
import { checkFieldTypes, formatMessage, validateModelFields, type RuleContext } from '../../runtime/core/rules/index.js';
import type { FieldValue, FlowFile, FormModel, FormType, ModelConfig, PageConfig, SubmissionPayload, SubmitFieldError } from '../../runtime/core/types.js';
import type { ViewSettings } from '../../runtime/core/view/index.js';
import { applyPageLogic } from './page-logic.js';
import { modelOf, modelsOf } from './payload-models.js';

export interface ValidationInput {
  formType: FormType;
  payload: SubmissionPayload;
  models: readonly ModelConfig[];
  whitelist: string;
  now: Date;
  text: (key: string) => string | undefined;
  /** The form's flow: its pages decide which answers are kept and which pages must pass. */
  flow?: Pick<FlowFile, 'pages'>;
  settings?: ViewSettings;
  /**
   * A claim in progress (a draft): only the models the flow's pages read are required, the
   * documents' files are not expected (they come with the submit), and a rule failure of a field
   * no page refuses is left for its own page's save and the submit.
   */
  partial?: boolean;
  /**
   * With `partial`: the pages the claimant is still on (a record saved or deleted there, Save and
   * finish later, a cure in progress's pages asked again). Their fields left empty and their
   * records rules not met yet (at least one record) are not refused; what was typed there, and
   * every saved record, is checked as always.
   */
  unfinishedPageIds?: readonly string[];
  /** The rule adapters, for the pages and the model pass alike; the full registry when absent. */
  adapters?: RuleContext['adapters'];
  /** The pages whose records' links are checked over the whole claim (page-logic.ts); the flow's pages when absent. */
  linkPages?: readonly PageConfig[];
}

export interface ValidationProblems {
  /** Wrong form type, unknown model, stale metadataHash, unknown field, a value of the wrong type, missing model or document. */
  structure: string[];
  /** Failures of the pages the flow walks, as 'Page — Field: message', then other rule failures as 'model.field: message'. */
  fields: string[];
  /** Of those, the ones a page refuses, by page and field element id: the submit page shows its own under the field. */
  fieldErrors: SubmitFieldError[];
  /** The answers to store: those the flow keeps (answers of skipped pages and hidden fields dropped). */
  payload: SubmissionPayload;
}

/** Every model of the payload with the kind it was sent as (spec §3's kinds, and those `kinds` adds). */
export function payloadModels(payload: SubmissionPayload, kinds: PayloadKinds = payloadKinds([])): Array<{ kind: string; model: FormModel }> {
  const out: Array<{ kind: string; model: FormModel }> = [];
  for (const kind of kinds.single) {
    const model = modelOf(payload[kind]);
    if (model) out.push({ kind, model });
  }
  for (const kind of ['prepopulatedData', ...kinds.lists]) {
    for (const model of modelsOf(payload[kind])) out.push({ kind, model });
  }
  return out;
}

/** The single-instance models (camel-cased kinds) the pages read: a model or address block's, a records block's 'none of the above' holder. */
export function pagesSingleModels(pages: FlowFile['pages']): Set<string> {
  const kinds = new Set<string>();
  for (const page of pages) {
    for (const block of page.blocks) {
      const single = block.block === 'model' || block.block === 'address' ? block.model : block.block === 'records' ? block.noneConfirmation?.model : undefined;
      if (single !== undefined) kinds.add(camelCase(single));
    }
  }
  return kinds;
}

/** The file fields of each model config (configs are loaded once per settlement and never changed in place). */
const fileFields = new WeakMap<ModelConfig, readonly string[]>();

function fileFieldsOf(config: ModelConfig): readonly string[] {
  let fields = fileFields.get(config);
  if (!fields) fileFields.set(config, (fields = Object.entries(config.fields).flatMap(([field, c]) => (c.dataType === 'file' ? [field] : []))));
  return fields;
}

/** The fields of a model its config does not declare (none, nearly always: no list made then). */
function unknownFields(fields: Record<string, FieldValue>, config: ModelConfig): string[] {
  let unknown: string[] | null = null;
  for (const field in fields) {
    if (Object.hasOwn(fields, field) && !Object.hasOwn(config.fields, field)) (unknown ??= []).push(field);
  }
  return unknown ?? [];
}

/** A form's model configs by camel-cased kind, and its payload kinds. */
interface FormConfigs {
  configs: ReadonlyMap<string, ModelConfig>;
  kinds: PayloadKinds;
}

const formConfigsCache = new WeakMap<readonly ModelConfig[], Map<FormType, FormConfigs>>();

/** The form's configs and kinds, made once per model config list (a settlement's are loaded once and never changed in place). */
function formConfigsOf(models: readonly ModelConfig[], formType: FormType): FormConfigs {
  let byForm = formConfigsCache.get(models);
  if (!byForm) formConfigsCache.set(models, (byForm = new Map()));
  let found = byForm.get(formType);
  if (!found) {
    found = { configs: new Map(models.filter((m) => m.metadata.formType === formType).map((m) => [camelCase(m.metadata.dtoMapping), m])), kinds: payloadKinds(models, formType) };
    byForm.set(formType, found);
  }
  return found;
}

const isEmpty = (value: FieldValue | undefined) => value === undefined || value === null || value === '' || value === false;
const fieldKey = (clientId: string, field: string) => `${clientId}\n${field}`;

// The messages' functions are made by functions rather than written in validateSubmission: the
// server's runner names each closure it makes (a property write), on every save.
/** The page logic's words: a key's text with its arguments (the key itself when it has none). */
const keyedMessages =
  (text: ValidationInput['text']) =>
  (key: string, ...args: Array<string | number>): string =>
    formatMessage(text(key) ?? key, ...args);
/** The rules' words: a key's text with its arguments (undefined when it has none). */
const foundMessages =
  (text: ValidationInput['text']) =>
  (key: string, ...args: Array<string | number>): string | undefined => {
    const template = text(key);
    return template === undefined ? undefined : formatMessage(template, ...args);
  };

/**
 * On the page the claimant is still on: a field not filled in yet, and a records rule (at least
 * one record, a record for each parent, 'none of these apply') not met yet, are for its Next to
 * say. A saved record's own field is not excused: the browser checked the record when it was saved.
 */
function leftForNext(
  p: { pageId: string; clientId: string; field: string },
  input: Pick<ValidationInput, 'partial' | 'unfinishedPageIds'>,
  sent: ReadonlyArray<{ kind: string; model: FormModel }>,
  kinds: PayloadKinds,
  configs: ReadonlyMap<string, ModelConfig>,
): boolean {
  if (input.partial !== true || input.unfinishedPageIds?.includes(p.pageId) !== true) return false;
  const found = sent.find(({ model }) => model.clientId === p.clientId);
  const recordField = found !== undefined && kinds.lists.includes(found.kind) && Object.hasOwn(configs.get(found.kind)?.fields ?? {}, p.field);
  return !recordField && isEmpty(found?.model.fields[p.field]);
}

export function validateSubmission(input: ValidationInput): ValidationProblems {
  const { formType } = input;
  const logic = input.flow ? applyPageLogic({ ...input, flow: input.flow, t: keyedMessages(input.text) }) : null;
  const payload = logic?.payload ?? input.payload;
  const ruleProblems: Array<{ clientId: string; field: string; text: string }> = [];
  const structure: string[] = [];
  const fields: string[] = [];
  const { configs, kinds } = formConfigsOf(input.models, formType);

  // Every single-instance model the form declares must be present (an empty claim is not a claim);
  // a draft needs those its pages so far read.
  const required = input.partial ? pagesSingleModels(input.flow?.pages ?? []) : null;
  for (const kind of kinds.single) {
    if (configs.has(kind) && !payload[kind] && (!required || required.has(kind))) structure.push(`${kind}: this part of the form is missing.`);
  }
  if (input.partial && input.flow && !logic && structure.length === 0) structure.push('A part of the form was sent more than once.');

  const scopeModels: Record<string, Record<string, FieldValue> | undefined> = {};
  for (const kind of kinds.single) scopeModels[kind] = modelOf(payload[kind])?.fields;

  const ctx: RuleContext = {
    scope: { models: scopeModels },
    whitelist: input.whitelist,
    now: input.now,
    side: 'server',
    t: foundMessages(input.text),
    ...(input.adapters ? { adapters: input.adapters } : {}),
  };
  /** The sound models whose fields' rules are left to run, with their configs. */
  const ruled: Array<{ model: FormModel; config: ModelConfig; sentKind: string }> = [];

  for (const { kind, model } of payloadModels(payload, kinds)) {
    const where = `${kind} ${model.clientId}`;
    const sentKind = camelCase(model.metadata.dtoMapping);
    if (model.metadata.formType !== formType) {
      structure.push(`${where}: belongs to the form ${model.metadata.formType}, not ${formType}.`);
      continue;
    }
    // prepopulatedData echoes what authorize returned; the server keeps its own copy and ignores
    // it, but what is kept of it holds plain values only.
    if (kind === 'prepopulatedData') {
      for (const [field, value] of Object.entries(model.fields)) {
        if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) structure.push(`prepopulatedData.${field}: must be text, a number, a boolean or empty.`);
      }
      continue;
    }
    const config = configs.get(sentKind);
    if (!config || sentKind !== kind) {
      structure.push(`${where}: unexpected model ${model.metadata.dtoMapping}.`);
      continue;
    }
    if (model.metadataHash !== config.metadataHash) {
      structure.push(`${where}: the form has changed since the page was loaded; please reload the page.`);
      continue;
    }
    const unknown = unknownFields(model.fields, config);
    if (unknown.length) {
      structure.push(`${where}: unknown field(s) ${unknown.join(', ')}.`);
      continue;
    }
    // The rules read text, numbers and booleans only: a list or an object never reaches them.
    const mistyped = Object.entries(checkFieldTypes(model.fields, config.fields));
    if (mistyped.length) {
      for (const [field, problem] of mistyped) structure.push(`${sentKind}.${field} (${model.clientId}): ${problem}`);
      continue;
    }
    const declared = fileFieldsOf(config).some((field) => typeof model.fields[field] === 'string' && model.fields[field] !== '');
    if (declared && !input.partial && !payload.documents?.some((file) => file.clientId === model.clientId)) {
      const name = typeof model.fields.name === 'string' ? ` "${model.fields.name.slice(0, 80)}"` : '';
      structure.push(`The document${name} was not received; please upload it again.`);
    }
    // The sign-in answers were checked by authorize; a submit or a page save is compared with that
    // authorization instead (submission.ts, namesAuthorized), and a page reloaded since has no PIN to send.
    if (kind === 'credentials') continue;
    ruled.push({ model, config, sentKind });
  }
  // The pages' verdict (once every model is sound) names page and field as the claimant reads
  // them; a rule failure of a field no page refuses keeps its model and field names.
  const sent = payloadModels(payload, kinds);
  /** The fields whose rules the pages ran: a failure of their model rules is a failure on the page too (the same rules, and the page's own besides), told there. */
  const ranOnPages = new Set<string>();
  // A claim in progress runs no model pass: which fields the pages ran is not asked then.
  const onRulesRun = input.partial ? undefined : (clientId: string, field: string) => void ranOnPages.add(fieldKey(clientId, field));
  const pageProblems = (logic && structure.length === 0 ? logic.problems(onRulesRun) : []).filter((p) => !leftForNext(p, input, sent, kinds, configs));
  // The other fields' rules; a claim in progress is told the pages' verdict only.
  if (!input.partial) {
    for (const { model, config, sentKind } of ruled) {
      const left = Object.fromEntries(Object.entries(config.fields).filter(([field]) => !ranOnPages.has(fieldKey(model.clientId, field))));
      const errors = validateModelFields(model.fields, left, ctx);
      for (const [field, messages] of Object.entries(errors)) ruleProblems.push({ clientId: model.clientId, field, text: `${sentKind}.${field}: ${messages.join(' ')}` });
    }
  }
  const named = new Set(pageProblems.map((p) => fieldKey(p.clientId, p.field)));
  fields.push(...pageProblems.map((p) => p.text));
  if (!input.partial) fields.push(...ruleProblems.filter((p) => !named.has(`${p.clientId}\n${p.field}`)).map((p) => p.text));
  const fieldErrors = pageProblems.filter((p) => p.fieldId !== '').map(({ pageId, fieldId, message }) => ({ pageId, fieldId, message }));
  return { structure, fields, fieldErrors, payload };
}
