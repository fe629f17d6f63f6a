import { LIST_MODEL_KINDS, SINGLE_MODEL_KINDS } from './build';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFormModel(value: unknown): value is { clientId: string; fields: Record<string, unknown> } {
  return isRecord(value) && typeof value.clientId === 'string' && isRecord(value.fields);
}

/**
 * The structure rules of spec §5 on a payload, as human-readable errors (empty when sound).
 * Shared by the browser (before submit) and the server (on every submit); it takes `unknown`
 * because the server checks what arrived. Field values are checked by the rule engine, not here.
 */
export function checkPayloadStructure(payload: unknown): string[] {
  if (!isRecord(payload)) return ['The payload must be an object.'];
  const errors: string[] = [];
  if (typeof payload.userPreferredCulture !== 'string' || payload.userPreferredCulture === '') {
    errors.push('userPreferredCulture: a culture is required.');
  }
  for (const key of ['reCaptchaResponse', 'captchaRawValue'] as const) {
    const value = payload[key];
    if (value !== null && value !== undefined && typeof value !== 'string') errors.push(`${key}: must be text or null.`);
  }
  for (const kind of SINGLE_MODEL_KINDS) {
    const value = payload[kind];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) errors.push(`${kind}: at most one model is allowed, got ${value.length}.`);
    else if (!isFormModel(value)) errors.push(`${kind}: must be a form model with a clientId and fields.`);
  }
  for (const kind of LIST_MODEL_KINDS) {
    const value = payload[kind];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) errors.push(`${kind}: must be a list of form models.`);
    else value.forEach((m, i) => {
      if (!isFormModel(m)) errors.push(`${kind}[${i}]: must be a form model with a clientId and fields.`);
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
  return errors;
}
