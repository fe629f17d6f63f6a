import { useSyncExternalStore } from 'react';
import type { SiteBanner } from '../core/site/chrome';
import type {
  AppSettings,
  CaptchaConfig,
  CsrfToken,
  Culture,
  DeadlineSettings,
  FormType,
  ModelConfig,
  SignatureDateInfo,
} from '../core/types';

/** Banner of spec §1: shown with a header and two copy lines only when enabled (starts as site.json says). */
export type BannerState = SiteBanner;

/** Error dialog of spec §3: the alert modal opens while showError is true. */
export interface ErrorDialogState {
  showError: boolean;
  header: string | null;
  message: string | null;
}

/** App state of spec §3 that lives above any one form (the forms' answers live in their machines). */
export interface AppState {
  settings: AppSettings;
  /** null until chosen by the first guard run. */
  culture: Culture | null;
  localizations: Record<string, string>;
  contentLoaded: boolean;
  /**
   * The texts are the start page's part of the culture's content (the page's startup answers): the
   * whole is fetched once the app runs, and no other page shows before it is in (culture.ts).
   */
  contentPartial: boolean;
  deadlines: DeadlineSettings;
  csrf: CsrfToken | null;
  captcha: CaptchaConfig | null;
  signatureDate: SignatureDateInfo | null;
  /**
   * The allowed characters as one string; null until loaded and when it cannot be loaded (a 403
   * or a failure): the browser then restricts nothing and the server checks on submit.
   */
  whitelist: string | null;
  /** The whitelist call has answered, with the characters or without (loaded once). */
  whitelistLoaded: boolean;
  modelConfigs: ModelConfig[] | null;
  banner: BannerState;
  errorDialog: ErrorDialogState;
  /** Authorized flag per form type, mirrored from the form machines for guard step 3. */
  /** Per form the settlement declares; a form absent is not authorized. */
  authorized: Partial<Record<FormType, boolean>>;
  activeForm: FormType | null;
  /** The server's error text shown on /error (authorize or submit refused with redirect-on-error). */
  serverError: string | null;
}

type Listener = () => void;

export interface AppStore {
  get(): AppState;
  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void;
  subscribe(listener: Listener): () => void;
}

export function createAppStore(initial: AppState): AppStore {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function initialAppState(settings: AppSettings): AppState {
  return {
    settings,
    culture: null,
    localizations: {},
    contentLoaded: false,
    contentPartial: false,
    deadlines: {},
    csrf: null,
    captcha: null,
    signatureDate: null,
    whitelist: null,
    whitelistLoaded: false,
    modelConfigs: null,
    // The settlement's banner (site.json); state, so the app may switch it later.
    banner: { ...settings.site.banner },
    errorDialog: { showError: false, header: null, message: null },
    authorized: {},
    activeForm: null,
    serverError: null,
  };
}

export function useAppState<T>(store: AppStore, select: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}
