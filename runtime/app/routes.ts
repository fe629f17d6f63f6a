import automotiveFlow from '../../flows/automotive.json';
import exclusionFlow from '../../flows/exclusion.json';
import lookupFlow from '../../flows/lookup.json';
import type { DeadlineKey, FlowFile, FormType, PageConfig } from '../core/types';

/** Every flow the app hosts, by form type. The files are data; the route table is derived from them. */
export const FLOWS: Record<FormType, FlowFile> = {
  Automotive: automotiveFlow as unknown as FlowFile,
  Lookup: lookupFlow as unknown as FlowFile,
  Exclusion: exclusionFlow as unknown as FlowFile,
};

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

function formRoutes(flow: FlowFile): FormRoute[] {
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

export const FORM_ROUTES: FormRoute[] = Object.values(FLOWS).flatMap(formRoutes);

const BY_PATH = new Map<string, AppRoute>([...FORM_ROUTES, ...PLAIN_ROUTES].map((r) => [r.path as string, r]));
const CATCH_ALL: PlainRoute = { kind: 'catchAll', path: null };

/** The route an address opens: exact path match, else the catch-all (shown as the not-found page). */
export function matchRoute(pathname: string): AppRoute {
  return BY_PATH.get(pathname) ?? CATCH_ALL;
}

/** The canonical path of a page of a form. */
export function pagePath(formType: FormType, pageId: string): string {
  const page = FLOWS[formType].pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`No page ${pageId} in the ${formType} flow`);
  return page.path;
}

export function pageConfig(formType: FormType, pageId: string): PageConfig {
  const page = FLOWS[formType].pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`No page ${pageId} in the ${formType} flow`);
  return page;
}
