import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTarget, scopeFromStore, skipPredicate } from '../../core/navigation';
import { whenIdle } from '../../react/prepare';
import { chunk } from '../../react/chunk';
import { pageCodeReady } from '../chunks';
import { useServices } from '../context';
import { FormPage } from './FormPage';
import { loadFormEngine, type FormSession } from './formSessions';
import type { PageAheadProps } from './PageAhead';

/** Drawing a page ahead, in a chunk of its own: it comes with the later pages' code. */
const PageAhead = chunk<PageAheadProps>(() => import('./PageAhead'));

/** The page drawn ahead of its opening. */
interface Ahead {
  pageId: string;
  /** It has shown: leaving it drops it (a later sign-in draws the page anew, as a fresh page). */
  shown: boolean;
}

/**
 * The form's routed page and, on a sign-in page, the page that sign-in opens, drawn ahead: once the claimant is in the sign-in's fields and its code
 * is in, it is drawn hidden in idle time (React's Activity: rendered at the lowest priority, its
 * effects not run) into an element kept out of the document, so that nothing of it is found,
 * focused, read or laid out there. When the sign-in's answer opens that page, it shows in place:
 * its elements are made already, and only what the answer changed (the prefilled answers, the
 * authorization) is drawn again, so the claimant does not wait for the page to be made after the
 * server answered.
 */
export function FormPages({ session, pageId }: { session: FormSession; pageId: string }) {
  const { flows } = useServices();
  const flow = flows.flow(session.formType);
  const signInPage = flow.pages.find((p) => p.id === pageId)?.action === 'authorize';
  const [ahead, setAhead] = useState<Ahead | null>(null);
  if (ahead !== null) {
    if (ahead.pageId === pageId && !ahead.shown) setAhead({ pageId, shown: true });
    else if (ahead.pageId !== pageId && (ahead.shown || !signInPage)) setAhead(null);
  }
  const shownPage = useRef(pageId);
  shownPage.current = pageId;
  const drawing = useRef(false);

  const drawAhead = useCallback(() => {
    if (drawing.current) return;
    const from = shownPage.current;
    const { context } = session.actor.getSnapshot();
    const target = nextTarget(context.navigation, skipPredicate(flow, scopeFromStore(context.store)));
    if (target === null) return;
    drawing.current = true;
    const onSignInPage = () => shownPage.current === from && session.actor.getSnapshot().context.navigation.currentPage === from;
    void Promise.all([loadFormEngine(), PageAhead.preload(), pageCodeReady(flow.pages.find((p) => p.id === target))]).then(
      () =>
        whenIdle(() => {
          // Pressed meanwhile and already answered: the page is drawn as it comes.
          if (onSignInPage()) setAhead((current) => current ?? { pageId: target, shown: false });
          else drawing.current = false;
        }, 2000),
      () => {
        // Not in (offline): the page is drawn when it opens, as it asks for its code then.
        drawing.current = false;
      },
    );
  }, [session, flow]);
  // A later visit of the sign-in page draws the page after it anew.
  useEffect(() => {
    if (!signInPage) drawing.current = false;
  }, [signInPage]);

  const showsAhead = ahead?.pageId === pageId;
  return (
    <>
      {/* Each page its own: blocks at the same place on two pages (a records block) share no state. */}
      {showsAhead ? null : <FormPage key={pageId} session={session} pageId={pageId} onEntered={signInPage ? drawAhead : undefined} />}
      {ahead ? <PageAhead key={`ahead:${ahead.pageId}`} session={session} pageId={ahead.pageId} shown={showsAhead} /> : null}
    </>
  );
}
