import { useEffect, useRef } from 'react';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * After each page change (not the first render): scroll smoothly to the top and move focus to the
 * page heading, waiting for a lazily loaded page to put its heading on screen, and for an open
 * modal dialog (an error alert the new page raised) to close: focus stays in the dialog. A
 * refusal that brought the claimant back to a page (a save refused after Next) keeps the focus
 * its notice or error summary took.
 */
export function usePageFocus(pageKey: string): void {
  const previous = useRef<string | null>(null);
  // The page whose heading is still to be focused. React may run an effect's cleanup and the
  // effect again for the same page (as for a part of the tree hidden and shown again):
  // the cleanup stops the wait for the heading, and the effect run again takes it up.
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pageKey;
    if (before === null || (before === pageKey && pending.current !== pageKey)) return;
    pending.current = pageKey;
    const done = () => {
      if (pending.current === pageKey) pending.current = null;
    };
    let frame = 0;
    let tries = 0;
    // Scrolling lays the page out: in the frame's callback that layout is the one the frame needs
    // anyway; in the effect it came before the new page's remaining DOM work, and was done twice.
    const scrollUp = () => {
      window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
      focusHeading();
    };
    const focusHeading = () => {
      if (document.querySelector('[aria-modal="true"]')) {
        frame = window.requestAnimationFrame(focusHeading);
        return;
      }
      if (document.activeElement?.closest('#main-content .cf-notice, #main-content .cf-error-summary')) return done();
      const heading = document.querySelector<HTMLElement>('#main-content h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return done();
      }
      if (++tries < 300) frame = window.requestAnimationFrame(focusHeading);
      else done();
    };
    frame = window.requestAnimationFrame(scrollUp);
    return () => window.cancelAnimationFrame(frame);
  }, [pageKey]);
}
