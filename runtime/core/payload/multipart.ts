import { isOneOf } from '../guards';
import type { PayloadKinds } from '../models/declared';
import type { DocumentFile, SubmissionPayload } from '../types';
import { jsonNestedDeeperThan } from './json';
import { checkPayloadStructure } from './structure';

/**
 * Part names of the multipart submit (spec §7), shared by the client and the server. Text parts
 * carry their value as is (absent when null); JSON parts carry models and lists as JSON text.
 * Each file is its own part, named by the clientId of its document context, with its file name.
 */
export const MULTIPART_FIELDS = {
  text: ['reCaptchaResponse', 'userPreferredCulture', 'captchaRawValue'],
  json: ['signature', 'claimantInfo', 'credentials', 'claimDetails', 'prepopulatedData', 'documentContexts', 'claimTransactions'],
} as const;

export type MultipartTextField = (typeof MULTIPART_FIELDS.text)[number];
export type MultipartJsonField = (typeof MULTIPART_FIELDS.json)[number];

/** The JSON parts of a form's submit: spec §7's, and one per model the settlement declares (its camel-cased dtoMapping). */
export function jsonParts(kinds?: PayloadKinds): string[] {
  return [...new Set<string>([...MULTIPART_FIELDS.json, ...(kinds?.single ?? []), ...(kinds?.lists ?? [])])];
}

/** Whether a part name is a payload field (any other part is a file named by a document context clientId). */
export function isPayloadFieldPart(name: string, kinds?: PayloadKinds): boolean {
  return isOneOf(MULTIPART_FIELDS.text, name) || jsonParts(kinds).includes(name);
}

function toBlob(file: DocumentFile): Blob {
  if (file.data instanceof Blob) return file.data;
  return new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type });
}

const NOT_JSON = new Set<string>([...MULTIPART_FIELDS.text, 'documents']);

/** The payload as multipart form data: one part per top-level field (a declared model's too), files under their clientId. */
export function payloadToFormData(payload: SubmissionPayload): FormData {
  const form = new FormData();
  for (const name of MULTIPART_FIELDS.text) {
    const value = payload[name];
    if (value !== null && value !== undefined) form.append(name, value);
  }
  for (const name of MULTIPART_FIELDS.json) form.append(name, JSON.stringify(payload[name] ?? null));
  for (const [name, value] of Object.entries(payload)) {
    if (!NOT_JSON.has(name) && !isOneOf(MULTIPART_FIELDS.json, name)) form.append(name, JSON.stringify(value ?? null));
  }
  for (const file of payload.documents ?? []) form.append(file.clientId, toBlob(file), file.name);
  return form;
}

/**
 * The reverse, for the server: the text of the field parts plus the received files back into a
 * payload. Returns the structure errors (including unreadable JSON); the payload is null when
 * there are any. `parsed` holds JSON parts the caller has already parsed (and checked for depth),
 * taken as they are so that no part is parsed twice.
 */
export function payloadFromParts(
  parts: Record<string, string | undefined>,
  files: DocumentFile[],
  kinds?: PayloadKinds,
  parsed?: ReadonlyMap<string, unknown>,
): { payload: SubmissionPayload | null; errors: string[] } {
  const errors: string[] = [];
  const out: Record<string, unknown> = {};
  const lists = new Set<string>(['prepopulatedData', 'documentContexts', 'claimTransactions', ...(kinds?.lists ?? [])]);
  for (const name of MULTIPART_FIELDS.text) out[name] = parts[name] ?? null;
  for (const name of jsonParts(kinds)) {
    const text = parts[name];
    const emptyValue = lists.has(name) ? [] : null;
    if (text === undefined || text === '') {
      out[name] = emptyValue;
      continue;
    }
    if (parsed?.has(name)) {
      out[name] = parsed.get(name);
      continue;
    }
    if (jsonNestedDeeperThan(text)) {
      errors.push(`${name}: the part is nested too deeply.`);
      out[name] = emptyValue;
      continue;
    }
    try {
      out[name] = JSON.parse(text);
    } catch {
      errors.push(`${name}: the part is not valid JSON.`);
      out[name] = emptyValue;
    }
  }
  for (const name of Object.keys(parts)) {
    if (!isPayloadFieldPart(name, kinds)) errors.push(`${name}: unexpected text part.`);
  }
  out.documents = files.length > 0 ? files : null;
  errors.push(...checkPayloadStructure(out, kinds));
  return errors.length > 0 ? { payload: null, errors } : { payload: out as unknown as SubmissionPayload, errors };
}
