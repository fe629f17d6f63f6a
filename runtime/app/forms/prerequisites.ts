import { useEffect } from 'react';
import { USER_MESSAGES } from '../../core/errors';
import { useApp, useServices } from '../context';

/** The form layout (and a cure's pages) load the server's model config and the character whitelist when not yet loaded (spec §1). */
export function useFormPrerequisites(): boolean {
  const { store, api } = useServices();
  const modelConfigs = useApp((s) => s.modelConfigs);
  const whitelistLoaded = useApp((s) => s.whitelistLoaded);
  useEffect(() => {
    if (modelConfigs) return;
    let live = true;
    void api.getFormsConfig().then((result) => {
      if (!live) return;
      if (result.ok && result.data) store.set({ modelConfigs: result.data });
      else store.set({ errorDialog: { showError: true, header: null, message: USER_MESSAGES.requestFailed.key } });
    });
    return () => {
      live = false;
    };
  }, [modelConfigs, api, store]);
  useEffect(() => {
    if (whitelistLoaded) return;
    let live = true;
    void api.getCharactersWhitelist().then((result) => {
      if (!live) return;
      // Not available (403, data null) or failed: no whitelist, so typing is not restricted here;
      // the server checks every submitted character against its own.
      if (result.ok) store.set({ whitelist: result.data, whitelistLoaded: true });
      else store.set({ whitelist: null, whitelistLoaded: true, errorDialog: { showError: true, header: null, message: USER_MESSAGES.whitelistFailed.key } });
    });
    return () => {
      live = false;
    };
  }, [whitelistLoaded, api, store]);
  return modelConfigs !== null && whitelistLoaded;
}
