import { useEffect } from 'react';

/** How long typing pauses before what was typed is kept without a press (a claim's pages, the cure form). */
export const TYPED_SAVE_DELAY_MS = 2000;

/**
 * Calls `onHidden` when the claimant leaves the tab (a phone's browser may discard a tab in the
 * background, so what was typed is kept then). Give a stable callback: it is listened to once, not
 * again on every keystroke.
 */
export function useTabHidden(onHidden: () => void): void {
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'hidden') onHidden();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  }, [onHidden]);
}
