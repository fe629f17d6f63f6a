/**
 * Whether a request reached a route of the API. Protections of the API (session loading, the CSRF
 * check, the API rate limit, `Cache-Control: no-store`) decide on this, never on the URL as sent:
 * the router matches the decoded path, so `/%61pi/session-timeout` and `/api/%73ession-timeout`
 * reach the route registered as `/api/session-timeout`.
 */
import type { FastifyRequest } from 'fastify';

export const API_PREFIX = '/api/';

/** The route the router matched is under /api/ (false when no route matched: the 404 answer). */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(API_PREFIX) === true;
}

/** The built assets' prefix (vite's base). */
const ASSETS_PREFIX = '/app/dist/';

/** A request for a page of the app (what the not-found page answers): a GET or HEAD outside the API and the built assets. */
export function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith(API_PREFIX) && !url.startsWith(ASSETS_PREFIX);
}
