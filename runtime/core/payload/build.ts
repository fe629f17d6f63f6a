import { devError } from '../errors';
import { camelCase, camelCaseKeys, payloadKinds } from '../models';
import type { Culture, DocumentFile, FieldValue, FormModel, FormType, ModelConfig, ModelStoreState, PageConfig, SubmissionPayload } from '../types';
import { LIST_MODEL_KINDS, SINGLE_MODEL_KINDS, type SingleModelKind } from './kinds';
import { isSkippedByRule, pruneSkipped } from './prune';

export { LIST_MODEL_KINDS, SINGLE_MODEL_KINDS, type SingleModelKind } from './kinds';

/** A payload with no answers yet, in the claimant's culture: the server fills it from stored models. */
export function emptyPayload(culture: Culture): SubmissionPayload {
  return {
    reCaptchaResponse: null,
    userPreferredCulture: culture,
    captchaRawValue: null,
    documents: null,
    signature: null,
    claimantInfo: null,
    credentials: null,
    claimDetails: null,
    prepopulatedData: [],
    documentContexts: [],
    claimTransactions: [],
  };
}

export interface BuildPayloadInput {
  formType: FormType;
  store: ModelStoreState;
  /** Files chosen for document contexts; files of drafts or pruned records are left out. */
  files?: DocumentFile[];
  culture: Culture | null | undefined;
  /**
   * The model configs the form submits (its flow's `models`): each beyond spec §3's is sent under
   * its camel-cased dtoMapping, one model or null, or a list when repeating. Omitted: none.
   */
  models?: readonly ModelConfig[];
  reCaptchaResponse?: string | null;
  captchaRawValue?: string | null;
  /**
   * What authorize prepopulated, sent back as prepopulatedData (default none): models as they are,
   * or the authorize response's record, sent as one model (see prepopulatedModel).
   */
  prepopulatedData?: FormModel[] | Record<string, FieldValue> | null;
  /**
   * Pages whose answers must not be sent. `isSkipped` defaults to each page's skip rule evaluated
   * on the store. Omit to send every saved answer.
   */
  skipped?: { flow: { pages: PageConfig[] }; isSkipped?: (page: PageConfig) => boolean };
}

/**
 * Builds the submission payload (spec §3) from the saved models of one form: a culture is
 * required; the answers of skipped pages are pruned first; documents are the files of the saved
 * document contexts, tied by clientId.
 */
export function buildPayload(input: BuildPayloadInput): SubmissionPayload {
  if (!input.culture) throw devError('NO_CULTURE');
  let store = input.store;
  if (input.skipped) {
    const before = store;
    const isSkipped = input.skipped.isSkipped ?? ((page: PageConfig) => isSkippedByRule(page, before));
    store = pruneSkipped(store, input.skipped.flow, isSkipped);
  }
  const saved = store.saved.filter((m) => m.metadata.formType === input.formType);
  const ofKind = (kind: string) => saved.filter((m) => m.metadata.dtoMapping === camelCase(kind));
  const single = (kind: SingleModelKind): FormModel | null => {
    const models = ofKind(kind);
    if (models.length > 1) throw devError('SEVERAL_MATCHING_MODELS', kind);
    return models[0] ?? null;
  };
  const documentContexts = ofKind('documentContexts');
  const contextIds = new Set(documentContexts.map((m) => m.clientId));
  const documents = (input.files ?? []).filter((f) => contextIds.has(f.clientId));
  // The settlement's own models, under their camel-cased dtoMapping.
  const spec = new Set<string>([...SINGLE_MODEL_KINDS, ...LIST_MODEL_KINDS]);
  const declared: Record<string, FormModel | FormModel[] | null> = {};
  if (input.models) {
    const kinds = payloadKinds(input.models, input.formType);
    for (const kind of kinds.single) if (!spec.has(kind)) declared[kind] = null;
    for (const kind of kinds.lists) if (!spec.has(kind)) declared[kind] = [];
  }
  for (const model of saved) {
    const kind = model.metadata.dtoMapping;
    if (spec.has(kind) || !(kind in declared)) continue;
    const current = declared[kind];
    if (Array.isArray(current)) declared[kind] = [...current, model];
    else if (current) throw devError('SEVERAL_MATCHING_MODELS', kind);
    else declared[kind] = model;
  }
  return {
    ...declared,
    reCaptchaResponse: input.reCaptchaResponse ?? null,
    userPreferredCulture: input.culture,
    captchaRawValue: input.captchaRawValue ?? null,
    documents: documents.length > 0 ? documents : null,
    signature: single('signature'),
    claimantInfo: single('claimantInfo'),
    credentials: single('credentials'),
    claimDetails: single('claimDetails'),
    prepopulatedData: Array.isArray(input.prepopulatedData)
      ? input.prepopulatedData
      : input.prepopulatedData
        ? [prepopulatedModel(input.formType, input.prepopulatedData)]
        : [],
    documentContexts,
    claimTransactions: ofKind('claimTransactions'),
  };
}

/** The authorize response's prepopulated values as a model (keys camel-cased) for the payload list. */
export function prepopulatedModel(formType: FormType, data: Record<string, FieldValue>): FormModel {
  return {
    id: null,
    clientId: 'prepopulatedData',
    metadata: { formType, dtoMapping: 'prepopulatedData' },
    metadataHash: '',
    fields: camelCaseKeys(data),
  };
}

/** What a form's submit step holds (runtime/machine's SubmitInput), as the payload needs it. */
export interface SubmitStep {
  formType: FormType;
  store: ModelStoreState;
  captchaToken: string | null;
  captchaRawValue: string | null;
  prepopulatedData: Record<string, FieldValue> | null;
  skippedPages: readonly string[];
}

/**
 * The payload a form's Submit sends, as the claimant app builds it: the form's own model configs
 * (its flow's `models`) under their keys, the answers of the pages skipped now pruned. The app, the
 * headless player and the studio's walk all send this, so a fixture's payload is the app's.
 */
export function submitPayload(
  step: SubmitStep,
  form: { flow: { models: readonly string[]; pages: PageConfig[] }; modelConfigs: readonly ModelConfig[]; files: DocumentFile[]; culture: Culture | null | undefined },
): SubmissionPayload {
  return buildPayload({
    formType: step.formType,
    store: step.store,
    files: form.files,
    culture: form.culture,
    reCaptchaResponse: step.captchaToken,
    captchaRawValue: step.captchaRawValue,
    prepopulatedData: step.prepopulatedData,
    models: form.modelConfigs.filter((c) => c.metadata.formType === step.formType && form.flow.models.includes(c.metadata.dtoMapping)),
    skipped: { flow: form.flow, isSkipped: (page) => step.skippedPages.includes(page.id) },
  });
}
