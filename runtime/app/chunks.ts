import { chunk, type ChunkComponent } from '../react/chunk';
import type { AppRoute } from './routes';

export const Layout = chunk(() => import('./layouts/Layout'));
export const FormHost = chunk(() => import('./forms/FormHost'));
export const NotFoundPage = chunk(() => import('./pages/NotFoundPage'));
export const ErrorPage = chunk(() => import('./pages/ErrorPage'));
export const DeadlinePage = chunk(() => import('./pages/DeadlinePage'));
export const SessionExpiredPage = chunk(() => import('./pages/SessionExpiredPage'));
export const ResumePage = chunk(() => import('./pages/ResumePage'));
export const StatusPage = chunk(() => import('./pages/StatusPage'));

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
