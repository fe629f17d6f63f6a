import { createApiClient, type ApiClient } from '../core/api';
import { FORM_ENDPOINTS } from './routes';

/** The calls of spec §7 the app makes: the core client, with the endpoints of the flows loaded from the server. */
export type AppApi = ApiClient;

export function createAppApi(): AppApi {
  return createApiClient({ fetch: window.fetch.bind(window), endpoints: FORM_ENDPOINTS });
}
