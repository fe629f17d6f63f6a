import { useSyncExternalStore } from 'react';
import { endpointsFromFlows, type FormEndpoints } from '../core/api';
import type { DeadlineKey, FlowFile, FormType, PageConfig } from '../core/types';

/**
 * Every flow the app hosts, by form type: the server's flow files (GET /api/forms/flows), set by
 * startup before the app mounts (setFlows) and replaced in place by live preview. The route table,
 * the form machines, the API client's endpoints and the deadline keys of each route derive from them.
 */
export const FLOWS: Record<FormType, FlowFile> = {} as Record<FormType, FlowFile>;

/** The authorize and submit endpoints of the loaded flows; the API client reads it on each call. */
export const FORM_ENDPOINTS: FormEndpoints = {};

/** Route kinds by name (spec §2). */
export type RouteKind = 'form' | 'catchAll' | 'notFound' | 'error' | 'defaultDeadline' | 'sessionExpired';

export interface FormRoute {
  kind: 'form';
  path: string;
  formType: FormType;
  pageId: string;
  requiresAuthorization: boolean;
  deadlineKeys: DeadlineKey[];
}

export interface PlainRoute {
  kind: Exclude<RouteKind, 'form'>;
  path: string | null;
}

export type AppRoute = FormRoute | PlainRoute;

export const NOT_FOUND_PATH = '/page-not-found';
export const ERROR_PATH = '/error';
export const DEADLINE_PATH = '/deadline';
export const SESSION_EXPIRED_PATH = '/session-expired';

/** The non-form routes of the §2 table. The catch-all has no path: it matches what nothing else does. */
export const PLAIN_ROUTES: PlainRoute[] = [
  { kind: 'notFound', path: NOT_FOUND_PATH },
  { kind: 'error', path: ERROR_PATH },
  { kind: 'defaultDeadline', path: DEADLINE_PATH },
  { kind: 'sessionExpired', path: SESSION_EXPIRED_PATH },
];

/** The routes of one flow: each page's path and aliases. */
export function formRoutes(flow: FlowFile): FormRoute[] {
  return flow.pages.flatMap((page: PageConfig) =>
    [page.path, ...(page.aliases ?? [])].map((path) => ({
      kind: 'form' as const,
      path,
      formType: flow.formType,
      pageId: page.id,
      requiresAuthorization: page.requiresAuthorization,
      deadlineKeys: flow.deadlineKeys,
    })),
  );
}

/** The route table of a set of flows: their pages, then the plain routes. */
export function routeTable(flows: readonly FlowFile[]): Map<string, AppRoute> {
  return new Map<string, AppRoute>([...flows.flatMap(formRoutes), ...PLAIN_ROUTES].map((r) => [r.path as string, r]));
}

let byPath = routeTable([]);
let version = 0;
const listeners = new Set<() => void>();

/** Replaces the hosted flows: the route table and the endpoints follow; subscribers hear of it. */
export function setFlows(flows: readonly FlowFile[]): void {
  for (const formType of Object.keys(FLOWS) as FormType[]) delete FLOWS[formType];
  for (const flow of flows) FLOWS[flow.formType] = flow;
  for (const formType of Object.keys(FORM_ENDPOINTS) as FormType[]) delete FORM_ENDPOINTS[formType];
  Object.assign(FORM_ENDPOINTS, endpointsFromFlows([...flows]));
  byPath = routeTable(flows);
  version += 1;
  for (const listener of [...listeners]) listener();
}

/** Called after every setFlows; returns the unsubscribe. */
export function subscribeFlows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the flows are replaced (re-render and re-key on it). */
export function useFlowsVersion(): number {
  return useSyncExternalStore(subscribeFlows, () => version, () => version);
}

const CATCH_ALL: PlainRoute = { kind: 'catchAll', path: null };

/** The route an address opens: exact path match, else the catch-all (shown as the not-found page). */
export function matchRoute(pathname: string): AppRoute {
  return byPath.get(pathname) ?? CATCH_ALL;
}

function flowOf(formType: FormType): FlowFile {
  const flow = FLOWS[formType] as FlowFile | undefined;
  if (!flow) throw new Error(`No ${formType} flow is loaded`);
  return flow;
}

/** The canonical path of a page of a form. */
export function pagePath(formType: FormType, pageId: string): string {
  return pageConfig(formType, pageId).path;
}

export function pageConfig(formType: FormType, pageId: string): PageConfig {
  const page = flowOf(formType).pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`No page ${pageId} in the ${formType} flow`);
  return page;
}
