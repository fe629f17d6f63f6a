import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { signsIn } from '../../core/flow/pages';
import { withCulture } from '../../core/i18n/culture';
import { backTarget, progress, scopeFromStore, skipPredicate } from '../../core/navigation';
import type { FormType, ModelStoreState } from '../../core/types';
import { preparePage } from '../../core/view/dependencies';
import { addressFieldsProvided } from '../../core/view/page-groups';
import { onFirstMove, whenIdle } from '../../react/prepare';
import { AddressBlock } from '../../widgets/blocks/later';
import { LoadingPlaceholder } from '../../widgets/Spinner';
import type { AppStore } from '../appState';
import { useApp, useServices, useT } from '../context';
import { ERROR_PATH, SESSION_EXPIRED_PATH } from '../routes';
import { FormPages } from './FormPages';
import { useFormSelector } from './formActor';
import { loadSkipSelectors, skipScopedSelect } from './skipScoped';
import { loadFormEngine, type FormSession } from './formSessions';
import { SessionWarning } from './SessionWarning';
import { useFormPrerequisites } from './prerequisites';


/**
 * A submit failure with no answer (offline, status null) or a fault of the server (500): not the
 * claimant's to act on. A 503 (try again later) and an answer without its reference code (no
 * status: not a failed call) are told on the page.
 */
function isFailureOfTheServer(status: number | null | undefined): boolean {
  return status === null || (status !== undefined && status >= 500 && status !== 503);
}

const ACTIVITY_EVENTS = ['keydown', 'wheel', 'mousedown', 'mousemove', 'touchstart'] as const;
/** At most one keep-alive a minute, while the claimant is active. */
const KEEP_ALIVE_INTERVAL_MS = 60_000;

/**
 * Tells the server the claimant is active (POST /api/session/keep-alive) and the machine the
 * session's new expiry. Unless `always` (Continue in the warning), only on a page with the session
 * timer, at most once a minute, and when the server's expiry is nearer than the browser's own
 * duration less a minute: so an idle claimant is warned a whole duration after their last activity.
 */
function useKeepAlive(session: FormSession): (always: boolean) => void {
  const { api } = useServices();
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (always: boolean) => {
      const { actor } = session;
      const snapshot = actor.getSnapshot();
      if (snapshot.status !== 'active' || !snapshot.matches({ open: { session: 'counting' } })) return;
      const now = Date.now();
      if (!always) {
        const known = api.sessionExpiresAt();
        if (known === null || now - last.current < KEEP_ALIVE_INTERVAL_MS) return;
        if (Date.parse(known) - now > snapshot.context.session.durationMs - KEEP_ALIVE_INTERVAL_MS) return;
      }
      last.current = now;
      void api.keepAlive().then((result) => {
        // No answer: the next activity tries again after the interval; the timer keeps its last expiry.
        if (result.ok && actor.getSnapshot().status === 'active') actor.send({ type: 'SESSION_EXTENDED', expiresAt: Date.parse(api.sessionExpiresAt() ?? result.data.sessionExpiresAt) });
      });
    },
    [api, session],
  );
}

/** Wires one form session to the router and the app: page sync, emitted effects, activity, authorized mirror. */
function useSessionWiring(session: FormSession, pageId: string, store: AppStore, keepAlive: (always: boolean) => void) {
  const [pathname, navigate] = useLocation();
  const { api, flows } = useServices();
  const { actor, formType } = session;
  const current = useFormSelector(actor, (s) => s.context.navigation.currentPage);
  // The address as the router has it, for handlers that run between renders.
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  // Mirror the authorized flag for guard step 3, before any navigation the machine asks for. A form
  // not in the map is not authorized: the first mirror of a form not signed in changes nothing (a
  // change redraws the routes and the page at once, in the task that runs the page's first effects).
  const syncAuthorized = useCallback(() => {
    const value = actor.getSnapshot().context.authorized;
    if ((store.get().authorized[formType] ?? false) !== value) store.set((s) => ({ authorized: { ...s.authorized, [formType]: value } }));
  }, [actor, formType, store]);
  useEffect(() => {
    syncAuthorized();
    const sub = actor.subscribe(syncAuthorized);
    return () => sub.unsubscribe();
  }, [actor, syncAuthorized]);

  // The new page's defaults and dependency resets, stored before it renders (the renderer would
  // apply the same ones after its first render, and the page would render twice): the store with
  // them, or null when they change nothing.
  const preparedStore = useCallback((): ModelStoreState | null => {
    const { context } = actor.getSnapshot();
    const page = flows.flow(formType).pages.find((p) => p.id === context.navigation.currentPage);
    const { modelConfigs, settings } = store.get();
    if (!page || !modelConfigs) return null;
    const prepared = preparePage(page, context.store, { formType, modelConfigs, internationalAddresses: settings.internationalAddresses });
    return prepared === context.store ? null : prepared;
  }, [actor, formType, store, flows]);

  // The address changed (a route change the machine asked for, browser back/forward, a link):
  // the route change has ended, and the machine follows when it may.
  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') {
      // Submitted: the browser's Back (or any address of the form but its first page) shows the
      // confirmation again; the claim cannot be changed any more.
      const confirmation = flows.flow(formType).pages.find((p) => p.id === snapshot.context.navigation.currentPage)?.path;
      if (current !== pageId && confirmation) navigate(withCulture(confirmation, store.get().culture), { replace: true });
      return;
    }
    if (snapshot.context.navigation.isNavigating) actor.send({ type: 'ROUTE_CHANGE_END' });
    if (current !== pageId) actor.send({ type: 'GOTO', pageId });
    // Only the address drives this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId, actor]);

  // A route change that leaves the form (a guard's redirect) ends with it.
  useEffect(
    () => () => {
      if (actor.getSnapshot().status === 'active' && actor.getSnapshot().context.navigation.isNavigating) actor.send({ type: 'ROUTE_CHANGE_END' });
    },
    [actor],
  );

  /**
   * The claim saved for later opened after its sign-in: the page after sign-in (shown until then)
   * leaves the history, its entry taken by the page the form's Back goes to from the resumed page,
   * or by the resumed page itself when that Back is the sign-in page, so that the browser's Back
   * does what the form's Back does.
   */
  const replaceEntryAfterSignIn = useCallback(
    (path: string) => {
      const { context } = actor.getSnapshot();
      const pages = flows.flow(formType).pages;
      const back = backTarget({ ...context.navigation, isNavigating: false }, skipPredicate(flows.flow(formType), scopeFromStore(context.store)));
      const backPage = pages.find((p) => p.id === back);
      const culture = store.get().culture;
      if (!backPage?.requiresAuthorization) return navigate(withCulture(path, culture), { replace: true });
      if (backPage.path !== pathnameRef.current) navigate(withCulture(backPage.path, culture), { replace: true });
      navigate(withCulture(path, culture));
    },
    [actor, flows, formType, navigate, store],
  );

  // Effects the machine emits.
  useEffect(() => {
    const subs = [
      actor.on('pageChanged', (e) => {
        const resumed = session.resumingAfterSignIn;
        session.resumingAfterSignIn = false;
        const leaves = pathnameRef.current !== e.path;
        // Spec §4: Next and Back are refused, and the action buttons disabled, until the new page
        // shows. Started at once (the machine takes it right after the event that moved it), so that
        // no render sees the machine on another page with no route change started: the page being
        // left would give way to the placeholder for a frame, and the new page mount anew. The
        // machine's snapshot is already the new page's here, and its defaults go with the start.
        const starts = leaves && actor.getSnapshot().status === 'active';
        if (starts) {
          const prepared = preparedStore();
          actor.send(prepared ? { type: 'ROUTE_CHANGE_START', store: prepared } : { type: 'ROUTE_CHANGE_START' });
        }
        // Emitted during the transition: navigate once the new snapshot (and authorization) is in.
        queueMicrotask(() => {
          syncAuthorized();
          if (!starts) {
            const prepared = preparedStore();
            if (prepared) actor.send({ type: 'UPDATE_STORE', store: prepared });
          }
          if (!leaves) return;
          if (resumed) replaceEntryAfterSignIn(e.path);
          else navigate(withCulture(e.path, store.get().culture));
        });
      }),
      actor.on('gotoRefused', () => {
        const page = actor.getSnapshot().context.navigation.currentPage;
        const path = flows.flow(formType).pages.find((p) => p.id === page)?.path;
        if (path && pathnameRef.current !== path) navigate(withCulture(path, store.get().culture), { replace: true });
      }),
      actor.on('failure', (e) => {
        // A Submit that failed shows on the submit page (its answers kept, Submit usable again).
        // Only a failure the claimant cannot act on there (no answer, a fault of the server) goes
        // to /error, and only when the settlement asks for it.
        if (e.failure.source === 'submit') {
          if (store.get().settings.redirectOnError && isFailureOfTheServer(e.failure.status)) {
            store.set({ serverError: null });
            navigate(withCulture(ERROR_PATH, store.get().culture));
          }
          return;
        }
        store.set({ errorDialog: { showError: true, header: null, message: e.failure.messageKey } });
      }),
      actor.on('sessionExpired', () => {
        void api.sessionTimeout();
        const query = new URLSearchParams({ form: formType, culture: store.get().culture ?? 'en' });
        store.set((s) => ({ authorized: { ...s.authorized, [formType]: false } }));
        navigate(`${SESSION_EXPIRED_PATH}?${query.toString()}`);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, session, formType, navigate, store, api, flows, syncAuthorized, preparedStore, replaceEntryAfterSignIn]);

  // Spec §4: any key, wheel, mouse or touch activity resets the session deadline (at most once a second).
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      actor.send({ type: 'ACTIVITY' });
      keepAlive(false);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [actor, keepAlive]);
}

interface Steps {
  step: number;
  total: number;
}

/** Steps compared by value: a change of the navigation that leaves them as they were does not draw the bar. */
const sameSteps = (a: Steps, b: Steps) => a.step === b.step && a.total === b.total;

function ProgressIndicator({ session }: { session: FormSession }) {
  const t = useT();
  const flow = useServices().flows.flow(session.formType);
  // Not before the claimant's first move: a start page only looked at loads no more than its own code.
  useEffect(() => onFirstMove(document, () => whenIdle(() => void loadSkipSelectors().catch(() => undefined), 2000)), []);
  const select = useMemo(() => skipScopedSelect(flow, progress), [flow]);
  const { step, total } = useFormSelector(session.actor, select, sameSteps);
  if (total <= 1 || step === 0) return null;
  return (
    <div className="cf-form-progress">
      <p className="cf-form-progress__text">{t('LocKey_Progress_Step', step, total)}</p>
      <div className="cf-form-progress__bar" aria-hidden="true">
        <div className="cf-form-progress__fill" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}

function RunningForm({ formType, pageId }: { formType: FormType; pageId: string }) {
  const { store, api, sessions, flows } = useServices();
  const modelConfigs = useApp((s) => s.modelConfigs) ?? [];
  const minSessionDuration = useApp((s) => s.settings.client.minSessionDuration);
  const [session] = useState(() =>
    sessions.formSession(formType, pageId, { api, modelConfigs, minSessionDuration, culture: () => store.get().culture ?? 'en' }),
  );
  const keepAlive = useKeepAlive(session);
  useSessionWiring(session, pageId, store, keepAlive);
  // The form machine's code, left out of the start page, comes with the claimant's first move on a
  // sign-in page (one only looked at loads no more than its own code), once the page has painted on
  // any other; the machine itself is made in the idle time after it (it takes up the answers typed
  // meanwhile), so that the sign-in's press does not make it in the claimant's wait: its definition
  // in one idle callback, its actor in the next, each a task short enough on a slow phone. A press
  // before either makes what is missing at once (formActor.ts).
  const [signInFirst] = useState(() => {
    const first = flows.flow(formType).pages[0];
    return first?.id === pageId && signsIn(first);
  });
  useEffect(() => {
    const prepare = () =>
      void loadFormEngine().then(
        () =>
          whenIdle(() => {
            session.actor.prepare();
            whenIdle(() => void session.actor.ready().catch(() => undefined), 2000);
          }, 2000),
        () => undefined,
      );
    if (signInFirst) return onFirstMove(document, prepare);
    whenIdle(prepare, 2000);
  }, [session, signInFirst]);
  // One value, so that the end of a route change (the page shown is already the machine's) does not draw the form again.
  const waiting = useFormSelector(session.actor, (s) => s.context.navigation.currentPage !== pageId && !s.context.navigation.isNavigating);
  const timer = useFormSelector(session.actor, (s) => (s.matches('open') ? JSON.stringify((s.value as { open: { session: unknown } }).open.session) : String(s.value)));
  // Until the machine has followed the address, show nothing rather than another page. During a
  // route change the machine asked for, the page it leaves stays, its actions disabled, until the new one shows.
  if (waiting) return <LoadingPlaceholder />;
  // A form entered within the app on a page that draws an address, before the form machine's code
  // (which brings the address form's fields) is in: the page engine reads those fields as it draws.
  if (!addressFieldsProvided() && flows.flow(formType).pages.find((p) => p.id === pageId)?.blocks.some((b) => b.block === 'address')) use(AddressBlock.preload());
  return (
    <div className={`cf-form cf-form--${formType.toLowerCase()}`} data-session={timer}>
      <ProgressIndicator session={session} />
      <FormPages session={session} pageId={pageId} />
      <SessionWarning session={session} keepAlive={keepAlive} />
    </div>
  );
}

/** Hosts a form's routed page: prerequisites, then the running form. */
export default function FormHost({ formType, pageId }: { formType: FormType; pageId: string }) {
  const ready = useFormPrerequisites();
  if (!ready) return <LoadingPlaceholder />;
  return <RunningForm formType={formType} pageId={pageId} />;
}
