import { createElement, use, type ComponentType } from 'react';

export interface ChunkComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Requests the module (once); resolves when it is in. */
  preload(): Promise<unknown>;
}

/**
 * A lazily loaded component that renders at once when its module is already in. React.lazy
 * suspends on its first render even then, and React holds a Suspense boundary's content back for
 * up to 300 ms after its fallback showed; callers preload what the next render needs (the first
 * page's chunks before mounting, a later page's blocks in idle time), so it paints in one go.
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
