/** The models of a submission payload by kind, narrowed from the payload's open index (checked payloads hold form models there). */
import type { DocumentFile, FormModel, SubmissionPayload } from '../../runtime/core/types.js';

/** The single-instance model a payload holds under `kind`, or null. */
export function modelOf(value: SubmissionPayload[string] | undefined): FormModel | null {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The models a payload holds in the list `kind` ([] when none). */
export function modelsOf(value: SubmissionPayload[string] | undefined): FormModel[] {
  if (!Array.isArray(value)) return [];
  const items: ReadonlyArray<FormModel | DocumentFile> = value;
  return items.filter((item): item is FormModel => 'fields' in item);
}
