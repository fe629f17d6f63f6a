import { useEffect } from 'react';

/** How long typing pauses before what was typed is kept without a press (a claim's pages, the cure form). */
export const TYPED_SAVE_DELAY_MS = 2000;

/**
 * Calls `onHidden` when the claimant leaves the tab or the page (a phone's browser may discard a
 * tab in the background; a reload or a closed tab ends the page), so what was typed is kept then:
 * its save must be sent at once and outlive the page (the api's `leaving`). `pagehide` too, for the
 * browsers that do not tell an unload as the tab hidden. Give a stable callback: it is listened to
 * once, not again on every keystroke.
 */
export function useTabHidden(onHidden: () => void): void {
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'hidden') onHidden();
    };
    document.addEventListener('visibilitychange', listener);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('pagehide', onHidden);
    };
  }, [onHidden]);
}
