import { createElement, use, type ComponentType } from 'react';
import type { AppRoute } from './routes';

export interface ChunkComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Requests the module (once); resolves when it is in. */
  preload(): Promise<unknown>;
}

/**
 * A lazily loaded component that renders at once when its module is already in. React.lazy
 * suspends on its first render even then, and React holds a Suspense boundary's content back for
 * up to 300 ms after its fallback showed; the first page's chunks are preloaded (the server names
 * them in the page, main.tsx requests them and mounts once they are in), so it paints in one go.
 */
export function chunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ChunkComponent<P> {
  // Marked with its outcome the way React's use() reads a promise (status, value, reason): once the
  // module is in, use() returns it at once instead of suspending.
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    if (!pending) {
      const promise = load().then((m) => m.default);
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      );
      pending = promise;
    }
    return pending;
  };
  // Suspends (like React.lazy) until the module is in; a failed load throws to the error boundary.
  const Chunk = (props: P) => createElement(use(preload()), props);
  return Object.assign(Chunk, { preload });
}

export const Layout = chunk(() => import('./layouts/Layout'));
export const FormHost = chunk(() => import('./forms/FormHost'));
export const NotFoundPage = chunk(() => import('./pages/NotFoundPage'));
export const ErrorPage = chunk(() => import('./pages/ErrorPage'));
export const DeadlinePage = chunk(() => import('./pages/DeadlinePage'));
export const SessionExpiredPage = chunk(() => import('./pages/SessionExpiredPage'));
export const ResumePage = chunk(() => import('./pages/ResumePage'));

export const PLAIN_PAGES: Record<Exclude<AppRoute['kind'], 'form'>, ChunkComponent<Record<string, never>>> = {
  catchAll: NotFoundPage,
  notFound: NotFoundPage,
  error: ErrorPage,
  defaultDeadline: DeadlinePage,
  sessionExpired: SessionExpiredPage,
  resume: ResumePage,
};

/** The chunks the page of a route renders first: the layout and the page. */
export function firstChunks(route: AppRoute): Array<Promise<unknown>> {
  return [Layout.preload(), route.kind === 'form' ? FormHost.preload() : PLAIN_PAGES[route.kind].preload()];
}
