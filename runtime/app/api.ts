import { createApiClient, endpointsFromFlows, type ApiClient } from '../core/api';
import { FLOWS } from './routes';

/** The calls of spec §7 the app makes: the core client, with the flows' endpoints. */
export type AppApi = ApiClient;

export function createAppApi(): AppApi {
  return createApiClient({ fetch: window.fetch.bind(window), endpoints: endpointsFromFlows(Object.values(FLOWS)) });
}
