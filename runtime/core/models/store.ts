import { devError } from '../errors';
import { USER_MESSAGES } from '../errors';
import type { FieldValue, FormModel, FormType, ModelConfig, ModelStoreState } from '../types';
import type { IdSource } from './clientId';
import { camelCase, emptyFields } from './config';
import { isRepeatingConfig, SPEC_LIST_KEYS, SPEC_PARENT_LINK, storeRecords } from './declared';

/**
 * The model store (spec §3, §4): plain data (`ModelStoreState`) changed by pure functions.
 * Every change returns a new state; nothing is mutated in place.
 */

/** Spec §3's repeating models: never part of the initial saved models, created as records by the claimant. */
export const REPEATING_DTO_MAPPINGS: readonly string[] = SPEC_LIST_KEYS;

/** The spec's field linking a record to its parent claim transaction. */
export const PARENT_LINK_FIELD = SPEC_PARENT_LINK.field;

/** Field values selecting a kind of record, e.g. { claimTransactionType: 'denial' }. */
export type FixedValues = Record<string, FieldValue>;

/** Whether a model holds records: as the store's declared records say, else spec §3's defaults. */
export function isRepeating(dtoMapping: string, state?: Pick<ModelStoreState, 'records'> | null): boolean {
  return (state?.records?.repeating ?? REPEATING_DTO_MAPPINGS).includes(camelCase(dtoMapping));
}

/** The fields linking a record to its parent record in this store (the spec's claimTransactionId by default). */
export function linkFields(state: Pick<ModelStoreState, 'records'>): string[] {
  return state.records ? [...new Set(state.records.links.map((l) => l.field))] : [PARENT_LINK_FIELD];
}

export function emptyStore(): ModelStoreState {
  return { drafts: [], saved: [], everEdited: {} };
}

/** The config of one dtoMapping for a form type (PascalCase or camel-cased name). */
export function findConfig(configs: ModelConfig[], formType: FormType, dtoMapping: string): ModelConfig {
  const wanted = camelCase(dtoMapping);
  const matches = configs.filter((c) => c.metadata.formType === formType && camelCase(c.metadata.dtoMapping) === wanted);
  const what = `${formType}/${wanted}`;
  if (matches.length === 0) throw devError('NO_MATCHING_MODEL', what);
  if (matches.length > 1) throw devError('SEVERAL_MATCHING_MODELS', what);
  return matches[0] as ModelConfig;
}

/** A new model of a config: fields all null, dtoMapping camel-cased, a fresh client id. */
export function createFormModel(config: ModelConfig, ids: IdSource): FormModel {
  return {
    id: null,
    clientId: ids.next(),
    metadata: { formType: config.metadata.formType, dtoMapping: camelCase(config.metadata.dtoMapping) },
    metadataHash: config.metadataHash,
    fields: emptyFields(config),
  };
}

/**
 * One saved model per single-instance dtoMapping of the form type; repeating models are left out.
 * A form whose configs declare records (`repeating`, `parent`) gets them in the store.
 */
export function initStore(configs: readonly ModelConfig[], formType: FormType, ids: IdSource): ModelStoreState {
  const saved: FormModel[] = [];
  const seen = new Set<string>();
  for (const config of configs) {
    if (config.metadata.formType !== formType) continue;
    const dto = camelCase(config.metadata.dtoMapping);
    if (isRepeatingConfig(config) || seen.has(dto)) continue;
    seen.add(dto);
    saved.push(createFormModel(config, ids));
  }
  const records = storeRecords(configs, formType);
  return records ? { drafts: [], saved, everEdited: {}, records } : { drafts: [], saved, everEdited: {} };
}

export function matchesFixedValues(model: FormModel, fixedValues?: FixedValues): boolean {
  if (!fixedValues) return true;
  return Object.entries(fixedValues).every(([field, value]) => (model.fields[field] ?? null) === value);
}

function ofMapping(models: FormModel[], dtoMapping: string, fixedValues?: FixedValues): FormModel[] {
  const wanted = camelCase(dtoMapping);
  return models.filter((m) => m.metadata.dtoMapping === wanted && matchesFixedValues(m, fixedValues));
}

/** The one saved model of a single-instance dtoMapping ('claimantInfo' or 'ClaimantInfo'). */
export function getModel(state: ModelStoreState | null | undefined, dtoMapping: string): FormModel {
  if (!state) throw devError('MODELS_NOT_LOADED');
  const matches = ofMapping(state.saved, dtoMapping);
  if (matches.length === 0) throw devError('NO_MATCHING_MODEL', camelCase(dtoMapping));
  if (matches.length > 1) throw devError('SEVERAL_MATCHING_MODELS', camelCase(dtoMapping));
  return matches[0] as FormModel;
}

/** The one saved model of a dtoMapping, or null when there is none (several is still an error). */
export function findModel(state: ModelStoreState | null | undefined, dtoMapping: string): FormModel | null {
  if (!state) throw devError('MODELS_NOT_LOADED');
  const matches = ofMapping(state.saved, dtoMapping);
  if (matches.length > 1) throw devError('SEVERAL_MATCHING_MODELS', camelCase(dtoMapping));
  return matches[0] ?? null;
}

/** Saved records of a dtoMapping, optionally only those carrying the fixed values. */
export function getRecords(state: ModelStoreState | null | undefined, dtoMapping: string, fixedValues?: FixedValues): FormModel[] {
  if (!state) throw devError('MODELS_NOT_LOADED');
  return ofMapping(state.saved, dtoMapping, fixedValues);
}

/** Draft records of a dtoMapping, optionally only those carrying the fixed values. */
export function getDrafts(state: ModelStoreState | null | undefined, dtoMapping: string, fixedValues?: FixedValues): FormModel[] {
  if (!state) throw devError('MODELS_NOT_LOADED');
  return ofMapping(state.drafts, dtoMapping, fixedValues);
}

/** A draft or saved model by client id. */
export function findByClientId(state: ModelStoreState, clientId: string): FormModel {
  const model = state.drafts.find((m) => m.clientId === clientId) ?? state.saved.find((m) => m.clientId === clientId);
  if (!model) throw devError('NO_FORM_MODEL_WITH_CLIENT_ID', clientId);
  return model;
}

export function isDraft(state: ModelStoreState, clientId: string): boolean {
  return state.drafts.some((m) => m.clientId === clientId);
}

function replaceModel(state: ModelStoreState, clientId: string, change: (m: FormModel) => FormModel): ModelStoreState {
  findByClientId(state, clientId);
  const apply = (list: FormModel[]) => list.map((m) => (m.clientId === clientId ? change(m) : m));
  return { ...state, drafts: apply(state.drafts), saved: apply(state.saved) };
}

function withFields(model: FormModel, values: Record<string, FieldValue>): FormModel {
  return { ...model, fields: { ...model.fields, ...values } };
}

export function isEmptyValue(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || value === '';
}

export function wasEverEdited(state: ModelStoreState, clientId: string, field: string): boolean {
  return state.everEdited[clientId]?.includes(field) ?? false;
}

/** The claimant's edit of one field: '' is stored as null and the field is marked ever edited. */
export function setFieldValue(state: ModelStoreState, clientId: string, field: string, value: FieldValue): ModelStoreState {
  const stored = value === '' ? null : value;
  const next = replaceModel(state, clientId, (m) => withFields(m, { [field]: stored }));
  const edited = state.everEdited[clientId] ?? [];
  if (edited.includes(field)) return next;
  return { ...next, everEdited: { ...next.everEdited, [clientId]: [...edited, field] } };
}

/** Sets several fields without marking them edited (fixed values, dependency resets). */
export function setFieldValues(state: ModelStoreState, clientId: string, values: Record<string, FieldValue>): ModelStoreState {
  return replaceModel(state, clientId, (m) => withFields(m, values));
}

/** Default values apply only to fields that are still empty; they do not count as edits. */
export function applyDefaults(state: ModelStoreState, clientId: string, defaults: Record<string, FieldValue | undefined>): ModelStoreState {
  const model = findByClientId(state, clientId);
  const values: Record<string, FieldValue> = {};
  for (const [field, value] of Object.entries(defaults)) {
    if (value === undefined) continue;
    if (isEmptyValue(model.fields[field])) values[field] = value;
  }
  return Object.keys(values).length === 0 ? state : setFieldValues(state, clientId, values);
}

/** What applyPrepopulated needs of a field config, plus the model it sits on. */
export interface PrepopulatedFieldConfig {
  /** dtoMapping of the model holding the field (PascalCase or camel-cased). */
  model: string;
  key: string;
  prepopulatedDataKey?: string;
  defaultValue?: FieldValue;
  overrideEverDirtyFieldConstraint?: boolean;
}

/**
 * Copies prepopulated values (keys compared camel-cased) into the saved single-instance models:
 * only onto fields never edited or still equal to their default, unless the field config sets
 * overrideEverDirtyFieldConstraint.
 */
export function applyPrepopulated(
  state: ModelStoreState,
  prepopulatedData: Record<string, FieldValue | undefined> | null | undefined,
  fieldConfigs: PrepopulatedFieldConfig[],
): ModelStoreState {
  if (!prepopulatedData) return state;
  const data = new Map<string, FieldValue>();
  for (const [key, value] of Object.entries(prepopulatedData)) {
    if (value !== undefined) data.set(camelCase(key), value);
  }
  let next = state;
  for (const config of fieldConfigs) {
    if (!config.prepopulatedDataKey) continue;
    const key = camelCase(config.prepopulatedDataKey);
    if (!data.has(key)) continue;
    const model = findModel(next, config.model);
    if (!model) continue;
    const current = model.fields[config.key] ?? null;
    const stillDefault = config.defaultValue !== undefined && current === config.defaultValue;
    const allowed = config.overrideEverDirtyFieldConstraint || !wasEverEdited(next, model.clientId, config.key) || stillDefault;
    if (allowed) next = setFieldValues(next, model.clientId, { [config.key]: data.get(key) ?? null });
  }
  return next;
}

/* ------------------------------------------------------------------------------------------------
 * Record lifecycle (spec §4)
 * ----------------------------------------------------------------------------------------------*/

/** Starts a draft record of a (repeating) model; the fixed values are written onto it. */
export function addDraft(
  state: ModelStoreState,
  config: ModelConfig,
  ids: IdSource,
  fixedValues?: FixedValues,
): { state: ModelStoreState; clientId: string } {
  const created = createFormModel(config, ids);
  const model = fixedValues ? withFields(created, fixedValues) : created;
  return { state: { ...state, drafts: [...state.drafts, model] }, clientId: model.clientId };
}

function withoutEdits(everEdited: Record<string, string[]>, clientIds: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, fields] of Object.entries(everEdited)) if (!clientIds.has(id)) out[id] = fields;
  return out;
}

/** Cancel: the draft is dropped (a client id that is no draft leaves the state as it is). */
export function discardDraft(state: ModelStoreState, clientId: string): ModelStoreState {
  if (!isDraft(state, clientId)) return state;
  return {
    ...state,
    drafts: state.drafts.filter((m) => m.clientId !== clientId),
    everEdited: withoutEdits(state.everEdited, new Set([clientId])),
  };
}

/** A draft becomes saved only when it validates; otherwise the state is unchanged. */
export function saveDraft(state: ModelStoreState, clientId: string, isValid: boolean): ModelStoreState {
  if (!isValid) return state;
  const draft = state.drafts.find((m) => m.clientId === clientId);
  if (!draft) {
    findByClientId(state, clientId); // already saved: nothing to do; unknown: error
    return state;
  }
  return { ...state, drafts: state.drafts.filter((m) => m.clientId !== clientId), saved: [...state.saved, draft] };
}

/** Client ids of a record and, recursively, of every record linked to it (claimTransactionId, or a declared link field). */
export function withDescendants(state: ModelStoreState, clientId: string): Set<string> {
  const all = [...state.drafts, ...state.saved];
  const fields = linkFields(state);
  const ids = new Set([clientId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all) {
      if (ids.has(m.clientId)) continue;
      if (fields.some((f) => typeof m.fields[f] === 'string' && ids.has(m.fields[f] as string))) {
        ids.add(m.clientId);
        grew = true;
      }
    }
  }
  return ids;
}

/** Removes a record from drafts or saved, with its child records (recursively). */
export function deleteRecord(state: ModelStoreState, clientId: string): ModelStoreState {
  findByClientId(state, clientId);
  const ids = withDescendants(state, clientId);
  return {
    ...state,
    drafts: state.drafts.filter((m) => !ids.has(m.clientId)),
    saved: state.saved.filter((m) => !ids.has(m.clientId)),
    everEdited: withoutEdits(state.everEdited, ids),
  };
}

/** What a file input writes onto its model (spec §3). */
export interface FileInfo {
  name: string;
  size: number;
  type: string;
}

/** The model fields a file field writes: the field itself holds the name, plus name, size, type. */
export const FILE_MODEL_FIELDS = ['name', 'size', 'type'] as const;

/** A file chosen in a file field: the field and name, size and type ('unknown' if empty) are written. */
export function setFileField(state: ModelStoreState, clientId: string, field: string, file: FileInfo): ModelStoreState {
  const next = setFieldValues(state, clientId, {
    [field]: file.name,
    name: file.name,
    size: file.size,
    type: file.type === '' ? 'unknown' : file.type,
  });
  const edited = next.everEdited[clientId] ?? [];
  if (edited.includes(field)) return next;
  return { ...next, everEdited: { ...next.everEdited, [clientId]: [...edited, field] } };
}

/**
 * Whether another saved record of a document record's model holds a document of its name (a
 * draft's Upload, and a saved record's Done after another file was chosen in its Edit).
 */
export function fileNameTaken(state: ModelStoreState, record: FormModel): boolean {
  const name = record.fields.name ?? null;
  return name !== null && ofMapping(state.saved, record.metadata.dtoMapping).some((m) => m.clientId !== record.clientId && (m.fields.name ?? null) === name);
}

export interface SaveFileDraftResult {
  state: ModelStoreState;
  /** Whether the draft became saved. */
  saved: boolean;
  /** Localization key of the user-facing message when the file was rejected, else null. */
  errorKey: string | null;
}

/**
 * Upload of a file record: invalid drafts stay drafts; a draft whose `name` equals that of an
 * already saved record of the same model is rejected (message key: file exists) and dropped.
 */
export function saveFileDraft(state: ModelStoreState, clientId: string, isValid: boolean): SaveFileDraftResult {
  const draft = state.drafts.find((m) => m.clientId === clientId);
  if (!draft) {
    findByClientId(state, clientId);
    return { state, saved: false, errorKey: null };
  }
  if (!isValid) return { state, saved: false, errorKey: null };
  if (fileNameTaken(state, draft)) return { state: discardDraft(state, clientId), saved: false, errorKey: USER_MESSAGES.fileExists.key };
  return { state: saveDraft(state, clientId, true), saved: true, errorKey: null };
}

/** Unlinks records whose parent is in `parents` (their link field set to null). */
export function unlinkChildren(state: ModelStoreState, parents: Set<string>): ModelStoreState {
  const fields = linkFields(state);
  const unlink = (m: FormModel): FormModel => {
    const cleared: Record<string, FieldValue> = {};
    for (const f of fields) if (typeof m.fields[f] === 'string' && parents.has(m.fields[f] as string)) cleared[f] = null;
    return Object.keys(cleared).length ? withFields(m, cleared) : m;
  };
  return { ...state, drafts: state.drafts.map(unlink), saved: state.saved.map(unlink) };
}

/** Single-instance saved models by dtoMapping, as condition scopes read them ('claimDetails'). */
export function modelsScope(state: ModelStoreState): Record<string, Record<string, FieldValue>> {
  const out: Record<string, Record<string, FieldValue>> = {};
  for (const m of state.saved) {
    if (!isRepeating(m.metadata.dtoMapping, state)) out[m.metadata.dtoMapping] = m.fields;
  }
  return out;
}
