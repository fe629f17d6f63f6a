import { createApiClient, type ApiClient, type FormEndpoints, type StartupAnswers, type UploadTransport } from '../core/api';
import { HONEYPOT_FIELD } from '../core/payload/honeypot';

/** The calls of spec §7 the app makes: the core client, with the endpoints of the flows loaded from the server. */
export type AppApi = ApiClient;

/**
 * `endpoints`: the hosted flows' endpoints (read on each call, so live preview's changes apply);
 * `preloaded`: the startup answers embedded in the page (each used once in place of its GET);
 * `earlyCsrf`: the page's early GET /api/csrf (used by the first getCsrf()).
 */
export function createAppApi(endpoints: FormEndpoints, preloaded?: StartupAnswers, earlyCsrf?: Promise<Response | null>): AppApi {
  // The honeypot is in index.html, outside the app's tree: only a script filling every input fills it.
  const honeypot = () => document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
  return createApiClient({ fetch: window.fetch.bind(window), endpoints, honeypot, upload: uploadLater, tab: tabHandle, ...(preloaded ? { preloaded } : {}), ...(earlyCsrf ? { earlyCsrf } : {}) });
}

/** The upload transport's code: not on the start page, made ready in idle time once the claimant is in a form's fields. */
export const loadUploadTransport = () => import('./upload');

/** The upload transport, its code loaded by the first upload at the latest; not arriving (offline), an upload with no answer. */
const uploadLater: UploadTransport = (request) => loadUploadTransport().then((m) => m.xhrUpload(request), () => null);

const TAB_KEY = 'claims.tab';

/**
 * This tab's handle: random, naming no one, kept in the tab's own sessionStorage so that a reload
 * keeps it and another tab has its own. Without storage (blocked), one per page load. Read at the
 * first call the client sends, not at start: the page's first read of its storage waits on the
 * browser's process, on a busy phone for tens of milliseconds, and the start page's calls are
 * answered from the page.
 */
function tabHandle(): string {
  let handle: string = crypto.randomUUID();
  try {
    handle = sessionStorage.getItem(TAB_KEY) || (sessionStorage.setItem(TAB_KEY, handle), handle);
  } catch {
    // Storage blocked: this page load's handle.
  }
  return handle;
}
