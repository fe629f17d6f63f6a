import { isRecord } from '../core/guards';
import type { FlowFile } from '../core/types';

/** GET /api/forms/flows: the settlement's flow files, one per form type (validated by the server at start-up). */
export const FLOWS_PATH = '/api/forms/flows';

export class FlowsLoadError extends Error {
  override name = 'FlowsLoadError';
}

function isFlow(value: unknown): value is FlowFile {
  return isRecord(value) && typeof value.formType === 'string' && Array.isArray(value.pages) && Array.isArray(value.deadlineKeys) && typeof value.authorize === 'object';
}

/**
 * The server's flow files. The answer is revalidated by ETag, so a repeated call (live preview)
 * costs a 304 when nothing changed. Throws FlowsLoadError on any failure.
 */
export async function fetchFlows(fetchFn: typeof fetch = window.fetch.bind(window), init: RequestInit = {}): Promise<FlowFile[]> {
  let response: Response;
  try {
    response = await fetchFn(FLOWS_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin', ...init });
  } catch (error) {
    throw new FlowsLoadError(`GET ${FLOWS_PATH} failed: ${String(error)}`);
  }
  if (!response.ok) throw new FlowsLoadError(`GET ${FLOWS_PATH} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new FlowsLoadError(`GET ${FLOWS_PATH} did not answer JSON`);
  }
  return flowsFromBody(body);
}

/** The flow files of a GET /api/forms/flows body (fetched, or embedded in the page); throws FlowsLoadError when it is not a list of them. */
export function flowsFromBody(body: unknown): FlowFile[] {
  if (!Array.isArray(body) || !body.every(isFlow)) throw new FlowsLoadError(`GET ${FLOWS_PATH} did not answer a list of flow files`);
  return body;
}
