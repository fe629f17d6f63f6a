import { contentToDictionary } from '../core/i18n';
import type { Culture } from '../core/types';
import type { AppApi } from './api';
import type { AppStore } from './appState';
import { ERROR_PATH } from './routes';

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
    store.set({ localizations: contentToDictionary(result.data), contentLoaded: true });
  } catch (error) {
    console.error(error);
    store.set({ contentLoaded: false });
    if (navigate) navigate(ERROR_PATH);
    else window.history.replaceState(null, '', ERROR_PATH);
  }
}
