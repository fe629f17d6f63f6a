/** The forms plugin is registered under this prefix; flows name their calls by full path. */
export const FORMS_PREFIX = '/api/forms';

/** A flow's endpoint ('/api/forms/automotive/authorize') as a route of this plugin ('/automotive/authorize'). */
export function routePath(endpoint: string): string {
  if (!endpoint.startsWith(`${FORMS_PREFIX}/`)) throw new Error(`The form call ${endpoint} is not under ${FORMS_PREFIX}/`);
  return endpoint.slice(FORMS_PREFIX.length);
}
