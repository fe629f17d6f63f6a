import { answerKey, API_PATHS, PARTIAL_ANSWERS, type FormEndpoints, type StartupAnswers } from '../core/api';
import { normalizeDeadlines } from '../core/deadlines';
import { STARTUP_LOGS, USER_MESSAGES } from '../core/errors';
import type { AppSettings, FlowFile } from '../core/types';
import type { AppApi } from './api';
import { createAppStore, initialAppState, type AppStore } from './appState';
import type { AppServices } from './context';
import { completeCulture, loadCulture } from './culture';
import { whenIdle } from '../react/prepare';
import { fetchFlows, FLOWS_PATH, flowsFromBody } from './flowsSource';
import { CORE_GUARDS } from './guards';
import { createFormSessions } from './forms/formSessions';
import { createHostedFlows, ERROR_PATH } from './routes';
import { assertTheme, readAppSettings, readStartupAnswers, takeEarlyCsrf } from './settings';

export interface StartupDeps {
  doc: Document;
  /**
   * `endpoints`: the hosted flows' endpoints (filled in once the flows are in, read on each call);
   * `preloaded`: the startup answers embedded in the page, for the client to use before fetching;
   * `earlyCsrf`: the page's own GET /api/csrf, started while it was parsed.
   */
  createApi(settings: AppSettings, endpoints: FormEndpoints, preloaded: StartupAnswers, earlyCsrf?: Promise<Response | null>): AppApi;
  loadTheme(theme: AppSettings['theme']): Promise<void>;
  registerComponents(): void;
  /** Renders the app on the shell's state, created here once. */
  mount(services: AppServices): void;
  /** The settlement's flow files; default GET /api/forms/flows. */
  loadFlows?(): Promise<FlowFile[]>;
  log?: Pick<Console, 'error' | 'warn'>;
}

/** The user-facing generic message of §8 in the error alert (localized once content is in). */
function showGeneric(store: AppStore): void {
  store.set({ errorDialog: { showError: true, header: null, message: USER_MESSAGES.generic.key } });
}

/**
 * Spec §4 startup order: set up the app, load settings (theme checked, its one stylesheet loaded),
 * register components, initialise deadlines, fetch the anti-forgery token, load the culture's
 * content, initialise captcha, then mount. A failure is only logged.
 *
 * The flow files are fetched once, alongside, and set before the app mounts: the route table,
 * the form machines, the API client's endpoints and the deadline keys all come from them. When
 * they cannot be loaded the app mounts on the error page with the request-failed message (§8).
 *
 * The server embeds the answers of the startup GETs in the page (deadlines, the address's culture
 * content, flows, captcha settings, model configs, whitelist): each is used in place of its call,
 * in the same order; an answer missing from the page, or not usable, is fetched as before. The
 * anti-forgery token is always fetched (it belongs to the session), by the page itself while it is
 * parsed when the server wrote that request into it (EARLY_CSRF_GLOBAL). Answers left unused when the
 * app mounts are dropped, so every later call fetches.
 */
/** The app's pages that render no form. */
const FIXED_MESSAGE_PATHS = ['/page-not-found', '/error', '/deadline', '/session-expired'];

export async function startApp(deps: StartupDeps): Promise<AppServices | null> {
  const log = deps.log ?? console;
  try {
    // Set up the app and load its settings.
    const settings = readAppSettings(deps.doc);
    assertTheme(settings.theme);
    const theme = deps.loadTheme(settings.theme);
    const store = createAppStore(initialAppState(settings));
    const hostedFlows = createHostedFlows();
    const preloaded = readStartupAnswers(deps.doc);
    // The answers that are a part of their GET's body (a start page's texts): the whole comes after the mount.
    const partial = preloaded[PARTIAL_ANSWERS];
    delete preloaded[PARTIAL_ANSWERS];
    const partialKeys = new Set(Array.isArray(partial) ? partial.filter((key) => typeof key === 'string') : []);
    const api = deps.createApi(settings, hostedFlows.endpoints, preloaded, takeEarlyCsrf(deps.doc));
    const services: AppServices = { store, api, flows: hostedFlows, sessions: createFormSessions(hostedFlows) };

    deps.registerComponents();

    // Flows: requested now (unless in the page), awaited before the mount (the other calls do not depend on them).
    const embeddedFlows = Object.hasOwn(preloaded, FLOWS_PATH) ? preloaded[FLOWS_PATH] : undefined;
    delete preloaded[FLOWS_PATH];
    const loadFlows =
      deps.loadFlows ??
      (() => (embeddedFlows === undefined ? fetchFlows() : Promise.resolve(embeddedFlows).then(flowsFromBody).catch(() => fetchFlows())));
    const flows = loadFlows().then(
      (list) => {
        hostedFlows.replace(list);
        return true;
      },
      (error: unknown) => {
        log.error(error);
        return false;
      },
    );

    // Deadlines, the anti-forgery token and the captcha settings: requested together now, applied
    // below in this order (the culture content, which needs the deadlines, follows them).
    const settle = <T>(request: () => Promise<T>) => request().then((value) => ({ value }), (error: unknown) => ({ error }));
    const unwrap = async <T>(pending: Promise<{ value: T } | { error: unknown }>): Promise<T> => {
      const outcome = await pending;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
    const deadlinesRequest = settle(() => api.getDeadlines());
    // A token the client already holds stays (a second GET would only repeat it); startup says so (§8).
    const csrfRequest = api.csrfToken() === null ? settle(() => api.getCsrf()) : null;
    const captchaRequest = settle(() => api.getCaptcha());
    // A form page needs the model configs and the character whitelist (the form host loads them
    // when missing): requested now on any address but the fixed message pages, set before the mount.
    const formPrerequisites = FIXED_MESSAGE_PATHS.includes(deps.doc.location.pathname)
      ? null
      : Promise.all([settle(() => api.getFormsConfig()), settle(() => api.getCharactersWhitelist())]);

    // Deadlines: a failure shows the generic message; the guards then find no deadline settings.
    try {
      const deadlines = await unwrap(deadlinesRequest);
      if (deadlines.ok) store.set({ deadlines: normalizeDeadlines(deadlines.data) });
      else showGeneric(store);
    } catch (error) {
      log.error(error);
      showGeneric(store);
    }

    if (!csrfRequest) {
      log.warn(STARTUP_LOGS.tokenAlreadyInitialized);
      store.set({ csrf: api.csrfToken() });
    } else {
      try {
        const csrf = await unwrap(csrfRequest);
        if (!csrf.ok) log.error(STARTUP_LOGS.antiforgery, csrf.detail ?? csrf.error);
        else store.set({ csrf: csrf.data });
      } catch (error) {
        log.error(STARTUP_LOGS.antiforgery, error);
      }
    }

    // Culture content for the address's culture (guard step 1 keeps it until the query changes it).
    const { pathname, search } = deps.doc.location;
    const supported = settings.site.languages.map((l) => l.culture);
    const { culture } = CORE_GUARDS.resolveCulture({ query: search, path: `${pathname}${search}`, current: null, supported });
    const contentKey = answerKey(API_PATHS.cultureContent, { culture });
    const contentPartial = partialKeys.has(contentKey) && Object.hasOwn(preloaded, contentKey);
    await loadCulture(store, api, culture);
    if (contentPartial && store.get().contentLoaded) store.set({ contentPartial: true });

    try {
      const captcha = await unwrap(captchaRequest);
      if (captcha.ok) store.set({ captcha: captcha.data });
      else if (settings.captchaEnabled) showGeneric(store);
    } catch (error) {
      log.error(error);
      showGeneric(store);
    }

    if (!(await flows)) {
      store.set((s) => ({ serverError: s.localizations[USER_MESSAGES.requestFailed.key] ?? USER_MESSAGES.requestFailed.en }));
      deps.doc.defaultView?.history.replaceState(null, '', ERROR_PATH);
    }

    if (formPrerequisites) {
      const [config, whitelist] = await formPrerequisites;
      if ('value' in config && config.value.ok && config.value.data) store.set({ modelConfigs: config.value.data });
      if ('value' in whitelist && whitelist.value.ok) store.set({ whitelist: whitelist.value.data, whitelistLoaded: true });
    }

    await theme;
    for (const key of Object.keys(preloaded)) delete preloaded[key];
    deps.mount(services);
    // The culture's whole content, when the page carried only its own texts: in idle time once the
    // page runs (GuardedRoutes waits for it before showing any other page).
    if (store.get().contentPartial) whenIdle(() => void completeCulture(store, api), 2000);

    // npm run dev names its live preview event stream in the page; the listener loads only then.
    if (deps.doc.getElementById('live-preview')) {
      void import('./livePreview').then(({ startLivePreview }) => startLivePreview(deps.doc, services), (error: unknown) => log.error(error));
    }
    return services;
  } catch (error) {
    log.error(STARTUP_LOGS.init, error);
    return null;
  }
}
