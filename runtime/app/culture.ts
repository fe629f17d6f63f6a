import { contentToDictionary } from '../core/i18n';
import type { Culture } from '../core/types';
import type { AppApi } from './api';
import type { AppStore } from './appState';
import { ERROR_PATH } from './routes';
import { textsExtended } from './translate';

/**
 * Spec §4 localization: a different culture loads its content; the same culture does nothing;
 * a load failure sends the claimant to the error page. The deadline keys of §9 are read from the
 * deadline settings when a text names one (createTranslate).
 */
export async function loadCulture(store: AppStore, api: AppApi, culture: Culture, navigate?: (to: string) => void): Promise<void> {
  if (store.get().culture === culture && store.get().contentLoaded) return;
  store.set({ culture });
  document.documentElement.lang = culture;
  try {
    const result = await api.getCultureContent(culture);
    if (store.get().culture !== culture) return; // a later choice won
    if (!result.ok) throw new Error(result.detail ?? result.error);
    store.set({ localizations: contentToDictionary(result.data), contentLoaded: true, contentPartial: false });
  } catch (error) {
    console.error(error);
    store.set({ contentLoaded: false });
    if (navigate) navigate(ERROR_PATH);
    else window.history.replaceState(null, '', ERROR_PATH);
  }
}

/** The pending fetch of the culture's whole content, per store (one at a time). */
const completing = new WeakMap<AppStore, Promise<boolean>>();

/**
 * The culture's whole content, when the texts are only the start page's part (AppState.contentPartial):
 * fetched once (GET /api/culture/content, the call the app makes for any culture) and put in place
 * of the part, which holds the same texts for its keys, so nothing shown changes. A later choice of
 * culture wins. Whether the whole is in (or not needed): a failure leaves the part, and the next
 * call asks again.
 */
export function completeCulture(store: AppStore, api: AppApi): Promise<boolean> {
  const pending = completing.get(store);
  if (pending) return pending;
  const { culture, contentPartial } = store.get();
  if (!contentPartial || culture === null) return Promise.resolve(true);
  const done = api
    .getCultureContent(culture)
    .then((result) => {
      if (!result.ok) throw new Error(result.detail ?? result.error);
      const { culture: current, contentPartial: partial, localizations: part } = store.get();
      if (current !== culture || !partial) return true;
      const whole = contentToDictionary(result.data);
      // The texts drawn stay the same: the translators that drew them take the rest.
      textsExtended(part, whole);
      store.set({ localizations: whole, contentPartial: false });
      return true;
    })
    .catch((error: unknown) => {
      console.error(error);
      return false;
    })
    .finally(() => completing.delete(store));
  completing.set(store, done);
  return done;
}
