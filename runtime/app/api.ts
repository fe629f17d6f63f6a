import { createApiClient, type ApiClient, type StartupAnswers } from '../core/api';
import { HONEYPOT_FIELD } from '../core/payload';
import { FORM_ENDPOINTS } from './routes';

/** The calls of spec §7 the app makes: the core client, with the endpoints of the flows loaded from the server. */
export type AppApi = ApiClient;

/**
 * `preloaded`: the startup answers embedded in the page (each used once in place of its GET);
 * `earlyCsrf`: the page's early GET /api/csrf (used by the first getCsrf()).
 */
export function createAppApi(preloaded?: StartupAnswers, earlyCsrf?: Promise<Response | null>): AppApi {
  // The honeypot is in index.html, outside the app's tree: only a script filling every input fills it.
  const honeypot = () => document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
  return createApiClient({ fetch: window.fetch.bind(window), endpoints: FORM_ENDPOINTS, honeypot, ...(preloaded ? { preloaded } : {}), ...(earlyCsrf ? { earlyCsrf } : {}) });
}
