import { CLIENT_ID_PATTERN } from '../models/clientId';
import type { PayloadKinds } from '../models/declared';
import { LIST_MODEL_KINDS, SINGLE_MODEL_KINDS } from './kinds';
import { UNSTORABLE_TEXT, unstorableTextPaths } from './text';

/** The longest clientId accepted (a short prefix, 7 digits, 8 random characters). */
const CLIENT_ID_MAX_LENGTH = 64;

/** Whether a model's clientId has the grammar of spec §3 (models/clientId.ts makes them). */
export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= CLIENT_ID_MAX_LENGTH && CLIENT_ID_PATTERN.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFormModel(value: unknown): value is { clientId: string; fields: Record<string, unknown> } {
  return isRecord(value) && typeof value.clientId === 'string' && isRecord(value.fields);
}

const MODEL_KEYS = new Set(['id', 'clientId', 'metadata', 'metadataHash', 'fields']);

/** What a form model holds beyond spec §3's shape (id, clientId, metadata, metadataHash, fields), which would be stored unchecked. */
function modelShapeProblems(m: Record<string, unknown>, label: string): string[] {
  const problems: string[] = [];
  const extra = Object.keys(m).filter((k) => !MODEL_KEYS.has(k));
  if (extra.length) problems.push(`${label}: unexpected propert${extra.length > 1 ? 'ies' : 'y'} ${extra.map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}.`);
  if (m.id !== undefined && m.id !== null && (typeof m.id !== 'string' || m.id.length > 100)) problems.push(`${label}: id must be short text or null.`);
  if (m.metadataHash !== undefined && typeof m.metadataHash !== 'string') problems.push(`${label}: metadataHash must be text.`);
  const metadata = m.metadata;
  if (metadata !== undefined && (!isRecord(metadata) || Object.entries(metadata).some(([k, v]) => (k !== 'formType' && k !== 'dtoMapping') || typeof v !== 'string'))) {
    problems.push(`${label}: metadata must hold formType and dtoMapping only, as text.`);
  }
  return problems;
}

/**
 * The structure rules of spec §5 on a payload, as human-readable errors (empty when sound).
 * Shared by the browser (before submit) and the server (on every submit); it takes `unknown`
 * because the server checks what arrived. Field values are checked by the rule engine, not here.
 * `kinds` adds the models the settlement declares (models/declared.ts payloadKinds).
 */
export function checkPayloadStructure(payload: unknown, kinds?: PayloadKinds): string[] {
  const singles = [...new Set<string>([...SINGLE_MODEL_KINDS, ...(kinds?.single ?? [])])];
  const lists = [...new Set<string>([...LIST_MODEL_KINDS, ...(kinds?.lists ?? [])])];
  if (!isRecord(payload)) return ['The payload must be an object.'];
  const errors: string[] = [];
  if (typeof payload.userPreferredCulture !== 'string' || payload.userPreferredCulture === '') {
    errors.push('userPreferredCulture: a culture is required.');
  }
  for (const key of ['reCaptchaResponse', 'captchaRawValue'] as const) {
    const value = payload[key];
    if (value !== null && value !== undefined && typeof value !== 'string') errors.push(`${key}: must be text or null.`);
  }
  for (const kind of singles) {
    const value = payload[kind];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) errors.push(`${kind}: at most one model is allowed, got ${value.length}.`);
    else if (!isFormModel(value)) errors.push(`${kind}: must be a form model with a clientId and fields.`);
    else errors.push(...modelShapeProblems(value, kind));
  }
  for (const kind of lists) {
    const value = payload[kind];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) errors.push(`${kind}: must be a list of form models.`);
    else value.forEach((m, i) => {
      if (!isFormModel(m)) errors.push(`${kind}[${i}]: must be a form model with a clientId and fields.`);
      else errors.push(...modelShapeProblems(m, `${kind}[${i}]`));
    });
  }

  // prepopulatedData echoes authorize's record under a fixed name (build.ts prepopulatedModel).
  for (const kind of [...singles, ...lists.filter((k) => k !== 'prepopulatedData')]) {
    const value = payload[kind];
    const models = Array.isArray(value) ? value : value ? [value] : [];
    models.forEach((m, i) => {
      if (!isFormModel(m) || isClientId(m.clientId)) return;
      errors.push(`${Array.isArray(value) ? `${kind}[${i}]` : kind}: the clientId is not in the expected format (letters, 7 digits, 8 letters or digits).`);
    });
  }

  const contexts = Array.isArray(payload.documentContexts) ? payload.documentContexts.filter(isFormModel) : [];
  const contextIds = new Set(contexts.map((m) => m.clientId));
  const names = new Map<string, number>();
  for (const m of contexts) {
    const name = m.fields.name;
    if (typeof name === 'string' && name !== '') names.set(name, (names.get(name) ?? 0) + 1);
  }
  for (const [name, count] of names) {
    if (count > 1) errors.push(`documentContexts: the file name "${name}" is used by ${count} document contexts; file names must be unique.`);
  }

  const documents = payload.documents;
  if (documents !== null && documents !== undefined && !Array.isArray(documents)) {
    errors.push('documents: must be a list of files or null.');
  } else if (Array.isArray(documents)) {
    const perContext = new Map<string, number>();
    documents.forEach((file, i) => {
      if (!isRecord(file) || typeof file.clientId !== 'string') {
        errors.push(`documents[${i}]: must name the clientId of its document context.`);
        return;
      }
      const label = typeof file.name === 'string' ? ` (${file.name})` : '';
      if (!contextIds.has(file.clientId)) {
        errors.push(`documents[${i}]${label}: no document context has the clientId ${file.clientId}.`);
      }
      perContext.set(file.clientId, (perContext.get(file.clientId) ?? 0) + 1);
    });
    for (const [clientId, count] of perContext) {
      if (count > 1 && contextIds.has(clientId)) {
        errors.push(`documentContexts ${clientId}: at most one file per document context is allowed, got ${count}.`);
      }
    }
  }

  // Every text that would be stored: the text fields, the models whole (keys too), file names.
  const texts: Record<string, unknown> = {};
  for (const key of ['userPreferredCulture', 'reCaptchaResponse', 'captchaRawValue', ...singles, ...lists]) texts[key] = payload[key];
  const where: string[] = [];
  for (const [key, value] of Object.entries(texts)) unstorableTextPaths(value, key, where);
  if (Array.isArray(documents)) {
    documents.forEach((file, i) => {
      if (isRecord(file)) for (const key of ['clientId', 'name', 'type'] as const) unstorableTextPaths(file[key], `documents[${i}].${key}`, where);
    });
  }
  for (const path of where) errors.push(`${path}: ${UNSTORABLE_TEXT}`);
  return errors;
}
