import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Router, useLocation, useSearch, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { FormHost, Layout, PLAIN_PAGES } from './chunks';
import { useApp, useCulture, useServices, type AppServices, ServicesProvider } from './context';
import { runGuards, type GuardDeps } from './guards';
import type { LayoutVariant } from './layouts/Header';
import { LoadingPlaceholder } from '../widgets/Spinner';
import { SiteLinkContext } from '../widgets/site-links';
import { withCulture } from '../core/i18n/culture';
import { ERROR_PATH, useFlowsVersion } from './routes';
import type { ThemeName } from './settings';
import { usePageFocus } from './usePageFocus';
import { completeCulture, loadCulture } from './culture';
import { resumeClaim } from './forms/resume';
import type { FormType } from '../core/types';

const LAYOUT_OF_THEME: Record<ThemeName, LayoutVariant> = { default: 'standard', ftc: 'ftc', kontent: 'kontent' };

/** Runs the §2 guards on every address change and renders the route, or nothing while redirecting. */
function GuardedRoutes({ guards, now, leaveApp }: { guards: GuardDeps; now: () => Date; leaveApp: (url: string) => void }) {
  const { store, api, flows } = useServices();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const culture = useApp((s) => s.culture);
  const deadlines = useApp((s) => s.deadlines);
  const authorized = useApp((s) => s.authorized);
  const languages = useApp((s) => s.settings.site.languages);
  // The route table follows the flows (replaced in place by live preview).
  const flowsVersion = useFlowsVersion(flows);
  const route = flows.match(pathname);

  const outcome = useMemo(
    () => runGuards({ route, pathname, search, culture, cultures: languages.map((l) => l.culture), deadlines, now: now(), isAuthorized: (f) => authorized[f] === true }, guards),
    // now() is read per navigation on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [route, pathname, search, culture, languages, deadlines, authorized, guards],
  );
  // A page needing authorization opened with no running form (a reload, a second tab): before the
  // guard's redirect to /session-expired, the server is asked once whether the session is
  // authorized and for its claim in progress.
  const services = useServices();
  const needsResume =
    outcome.kind === 'redirect' && route.kind === 'form' && route.requiresAuthorization && !authorized[route.formType] && !services.sessions.resumeAsked.has(route.formType);
  const [resuming, setResuming] = useState<FormType | null>(null);

  useLayoutEffect(() => {
    if (outcome.culture !== culture) void loadCulture(store, api, outcome.culture, navigate);
    if (needsResume && route.kind === 'form') {
      const { formType, pageId } = route;
      services.sessions.resumeAsked.add(formType);
      setResuming(formType);
      void resumeClaim(services, formType, pageId)
        .catch(() => null)
        .then((page) => {
          const path = page === null ? undefined : flows.flow(formType).pages.find((p) => p.id === page)?.path;
          // The page the restored claim opens on, when it is not the addressed one (the form follows the address).
          if (path && page !== pageId) navigate(`${path}${search ? `?${search}` : ''}`, { replace: true });
          setResuming(null);
        });
      return;
    }
    // While the server is asked, the guard waits for its answer.
    if (resuming !== null) return;
    if (outcome.kind === 'redirect') navigate(outcome.to, { replace: true });
    else if (outcome.kind === 'external') leaveApp(outcome.url);
    // route and services change with the outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome, culture, store, api, navigate, leaveApp, needsResume, resuming]);

  // Default non-form routes clear the active form.
  const activeForm = route.kind === 'form' ? route.formType : null;
  useEffect(() => {
    if (store.get().activeForm !== activeForm) store.set({ activeForm });
  }, [activeForm, store]);

  usePageFocus(pathname);

  // A start page carries only its own texts (AppState.contentPartial): any other page waits for
  // the culture's whole content, fetched in idle time since the app started (asked now at the
  // latest); when it cannot be loaded, the error page, as for any culture's content.
  const [firstPath] = useState(pathname);
  // Read as one value: on the first page the whole content's arrival changes nothing here.
  const waitsForTexts = useApp((s) => s.contentPartial && pathname !== firstPath);
  useEffect(() => {
    if (!waitsForTexts) return;
    void completeCulture(store, api).then((complete) => {
      if (complete || !store.get().contentPartial) return;
      store.set({ contentPartial: false, contentLoaded: false });
      navigate(ERROR_PATH, { replace: true });
    });
  }, [waitsForTexts, store, api, navigate]);

  if (resuming !== null || needsResume || waitsForTexts) return <LoadingPlaceholder />;
  if (outcome.kind !== 'render') return null;
  if (route.kind === 'form') return <FormHost key={`${route.formType}:${flowsVersion}`} formType={route.formType} pageId={route.pageId} />;
  const Page = PLAIN_PAGES[route.kind];
  return <Page />;
}

/** Links within the site (settlement copy, the header's) carry the culture in use: a page one opens afresh is in it too. */
export function SiteLinksInCulture({ children }: { children: ReactNode }) {
  const culture = useCulture();
  const sitePath = useCallback((path: string) => withCulture(path, culture), [culture]);
  return <SiteLinkContext.Provider value={sitePath}>{children}</SiteLinkContext.Provider>;
}

export interface AppProps {
  services: AppServices;
  guards: GuardDeps;
  now?: () => Date;
  /** The router's location; default the browser's address (tests pass wouter's memory location). */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  /** Sends the whole browser to an external address (a deadline's redirect target). */
  leaveApp?: (url: string) => void;
  /** The address drawn on the server (runtime/app/prerender.tsx): path and query; the browser's own address otherwise. */
  ssrPath?: string;
}

const assignBrowserLocation = (url: string) => window.location.assign(url);

export function App({ services, guards, now = () => new Date(), location, leaveApp = assignBrowserLocation, ssrPath }: AppProps) {
  const theme = services.store.get().settings.theme;
  return (
    <ServicesProvider value={services}>
      <Router {...location} ssrPath={ssrPath}>
        <SiteLinksInCulture>
          <Suspense fallback={<LoadingPlaceholder />}>
            <Layout variant={LAYOUT_OF_THEME[theme]}>
              <Suspense fallback={<LoadingPlaceholder />}>
                <GuardedRoutes guards={guards} now={now} leaveApp={leaveApp} />
              </Suspense>
            </Layout>
          </Suspense>
        </SiteLinksInCulture>
      </Router>
    </ServicesProvider>
  );
}
