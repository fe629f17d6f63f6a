import { useSyncExternalStore } from 'react';
import { endpointsFromFlows, type FormEndpoints } from '../core/api';
import { devError } from '../core/errors';
import type { DeadlineKey, FlowFile, FormType, PageConfig } from '../core/types';

/** Route kinds by name (spec §2). */
export type RouteKind = 'form' | 'catchAll' | 'notFound' | 'error' | 'defaultDeadline' | 'sessionExpired' | 'resume' | 'status';

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
/** Continue a claim saved for later; /resume/<code> fills the code in. */
export const RESUME_PATH = '/resume';
/** A filed claim's status, with its reference code and the claim's own sign-in details. */
export const STATUS_PATH = '/status';

/** The resume code of a resume link's address (/resume/<code>), or null. */
export function resumeLinkCode(pathname: string): string | null {
  const match = /^\/resume\/([A-Za-z0-9-]{1,64})$/.exec(pathname);
  return match ? match[1]! : null;
}

/** The non-form routes of the §2 table. The catch-all has no path: it matches what nothing else does. */
export const PLAIN_ROUTES: Array<PlainRoute & { path: string }> = [
  { kind: 'notFound', path: NOT_FOUND_PATH },
  { kind: 'error', path: ERROR_PATH },
  { kind: 'defaultDeadline', path: DEADLINE_PATH },
  { kind: 'sessionExpired', path: SESSION_EXPIRED_PATH },
  { kind: 'resume', path: RESUME_PATH },
  { kind: 'status', path: STATUS_PATH },
];

const RESUME_LINK_ROUTE: PlainRoute = { kind: 'resume', path: RESUME_PATH };

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
  return new Map<string, AppRoute>([...flows.flatMap(formRoutes), ...PLAIN_ROUTES].map((r) => [r.path, r]));
}

const CATCH_ALL: PlainRoute = { kind: 'catchAll', path: null };

/**
 * Every flow the app hosts, by form type: the server's flow files (GET /api/forms/flows), set by
 * startup before the app mounts and replaced in place by live preview. The route table, the form
 * machines, the API client's endpoints and the deadline keys of each route derive from them.
 * One per app, created at startup and reached through the app's services.
 */
export interface HostedFlows {
  /** The flow of a form type; a form type with no loaded flow is a developer error. */
  flow(formType: FormType): FlowFile;
  /** The loaded flow of a form type, or undefined (an address's query may name anything). */
  find(formType: string): FlowFile | undefined;
  /** Every loaded flow. */
  all(): FlowFile[];
  /** The authorize and submit endpoints of the loaded flows: one object, updated in place, that the API client reads on each call. */
  readonly endpoints: FormEndpoints;
  /** The route an address opens: exact path match, else the catch-all (shown as the not-found page). */
  match(pathname: string): AppRoute;
  pageConfig(formType: FormType, pageId: string): PageConfig;
  /** The canonical path of a page of a form. */
  pagePath(formType: FormType, pageId: string): string;
  /** Replaces the hosted flows: the route table and the endpoints follow; subscribers hear of it. */
  replace(flows: readonly FlowFile[]): void;
  /** Called after every replace; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A number that changes whenever the flows are replaced. */
  version(): number;
}

export function createHostedFlows(initial: readonly FlowFile[] = []): HostedFlows {
  let byType = new Map<string, FlowFile>();
  let byPath = routeTable([]);
  let version = 0;
  const endpoints: FormEndpoints = {};
  const listeners = new Set<() => void>();

  const hosted: HostedFlows = {
    flow(formType) {
      const flow = byType.get(formType);
      if (!flow) throw devError('FORM_TYPE_NOT_FOUND');
      return flow;
    },
    find: (formType) => byType.get(formType),
    all: () => [...byType.values()],
    endpoints,
    match: (pathname) => byPath.get(pathname) ?? (resumeLinkCode(pathname) !== null ? RESUME_LINK_ROUTE : CATCH_ALL),
    pageConfig(formType, pageId) {
      const page = hosted.flow(formType).pages.find((p) => p.id === pageId);
      if (!page) throw new Error(`No page ${pageId} in the ${formType} flow`);
      return page;
    },
    pagePath: (formType, pageId) => hosted.pageConfig(formType, pageId).path,
    replace(flows) {
      byType = new Map(flows.map((flow) => [flow.formType, flow]));
      for (const formType of Object.keys(endpoints)) delete endpoints[formType];
      Object.assign(endpoints, endpointsFromFlows([...flows]));
      byPath = routeTable(flows);
      version += 1;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
  if (initial.length > 0) hosted.replace(initial);
  return hosted;
}

/** A number that changes whenever the flows are replaced (re-render and re-key on it). */
export function useFlowsVersion(flows: HostedFlows): number {
  return useSyncExternalStore(flows.subscribe, flows.version, flows.version);
}
