import { chunk, type ChunkComponent } from '../react/chunk';
import { preloadBlocks } from '../widgets/blocks/later';
import { preloadWidgets } from '../widgets/later';
import { loadLaterCalls } from '../core/api';
import type { PageConfig } from '../core/types';
import type { AppRoute, HostedFlows } from './routes';

export const Layout = chunk(() => import('./layouts/Layout'));
export const FormHost = chunk(() => import('./forms/FormHost'));
export const NotFoundPage = chunk(() => import('./pages/NotFoundPage'));
export const ErrorPage = chunk(() => import('./pages/ErrorPage'));
export const DeadlinePage = chunk(() => import('./pages/DeadlinePage'));
export const SessionExpiredPage = chunk(() => import('./pages/SessionExpiredPage'));
export const ResumePage = chunk(() => import('./pages/ResumePage'));
export const StatusPage = chunk(() => import('./pages/StatusPage'));
/** The saves of a page after sign-in while the claimant edits it: no start page saves. */
export const RecordSaves = chunk(() => import('./forms/RecordSaves'));

export const PLAIN_PAGES: Record<Exclude<AppRoute['kind'], 'form'>, ChunkComponent<Record<string, never>>> = {
  catchAll: NotFoundPage,
  notFound: NotFoundPage,
  error: ErrorPage,
  defaultDeadline: DeadlinePage,
  sessionExpired: SessionExpiredPage,
  resume: ResumePage,
  status: StatusPage,
};

/** The chunks the page of a route renders first: the layout and the page. */
export function firstChunks(route: AppRoute): Array<Promise<unknown>> {
  return [Layout.preload(), route.kind === 'form' ? FormHost.preload() : PLAIN_PAGES[route.kind].preload()];
}

/**
 * The blocks and widgets of a form's page that start pages leave out, loaded; and on a page after
 * sign-in, its saves and the calls they make (so that they watch the answers from the page's first
 * draw, and a save as the page unloads reaches fetch at once).
 */
export function pageCodeReady(page: PageConfig | undefined): Promise<unknown> {
  const widgets = page?.blocks.flatMap((b) => ('fields' in b && Array.isArray(b.fields) ? b.fields.map((f: { widget?: string }) => f.widget ?? '') : [])) ?? [];
  const saves = page?.requiresAuthorization ? [RecordSaves.preload(), loadLaterCalls()] : [];
  return Promise.allSettled([preloadBlocks(page?.blocks.map((b) => b.block) ?? []), preloadWidgets(widgets), ...saves]);
}

/**
 * Everything the first page at an address draws, loaded: the layout and the page's chunk and, on a
 * form's page, the blocks and widgets of that page (a reload of a later page needs some that start
 * pages leave out). The app mounts once they are in, and the server draws the same page after the
 * same wait, so that the page paints at once and the app hydrates what the server drew.
 */
export function firstPageReady(flows: HostedFlows, pathname: string): Promise<unknown> {
  const route = flows.match(pathname);
  const page = route.kind === 'form' ? flows.flow(route.formType).pages.find((p) => p.id === route.pageId) : undefined;
  return Promise.allSettled([...firstChunks(route), pageCodeReady(page)]);
}
