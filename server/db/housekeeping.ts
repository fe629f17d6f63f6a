/** Periodic removal of expired sessions, tokens and counter windows (any instance may run it). */

interface Purgeable {
  purgeExpired(): Promise<number>;
}

/** Runs every store's purgeExpired() each `intervalMs` on an unref'd timer; returns stop(). */
export function startHousekeeping(stores: Purgeable[], intervalMs = 10 * 60_000, onError: (error: unknown) => void = () => {}): () => void {
  const timer = setInterval(() => {
    for (const store of stores) store.purgeExpired().catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
