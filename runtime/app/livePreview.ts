import { contentToDictionary } from '../core/i18n';
import type { SiteChrome } from '../core/site/chrome';
import type { AppSettings } from '../core/types';
import type { AppServices } from './context';
import { fetchFlows } from './flowsSource';

/** The element the server adds to the page under `npm run dev`: {"events": "<event stream path>"}. */
export const LIVE_PREVIEW_ELEMENT = 'live-preview';

/**
 * Live preview (`npm run dev`): the flows and the culture's content are fetched again, the site
 * chrome and page settings the server sent (site.json, the logo, settings.json) replace the settings' ones, and the page re-renders
 * in place. Running forms keep their answers (replaceSessionFlows); nothing reloads.
 */
export async function refreshConfiguration({ store, api, flows: hosted, sessions }: AppServices, site?: SiteChrome, settings?: LiveSettings): Promise<void> {
  if (settings) store.set((s) => ({ settings: { ...s.settings, ...settings } }));
  if (site) store.set((s) => ({ settings: { ...s.settings, site }, banner: { ...site.banner } }));
  const flows = await fetchFlows();
  sessions.replaceSessionFlows(flows);
  hosted.replace(flows);
  const culture = store.get().culture;
  if (!culture) return;
  const content = await api.getCultureContent(culture);
  if (!content.ok || store.get().culture !== culture) return;
  store.set({ localizations: contentToDictionary(content.data) });
}

/** The page settings a settings.json edit changes in place (the server's livePageSettings). */
type LiveSettings = Partial<Pick<AppSettings, 'theme' | 'redirectOnError' | 'internationalAddresses'>>;

/** Listens to the server's live preview events when the page names them; otherwise does nothing. */
export function startLivePreview(doc: Document, services: AppServices, log: Pick<Console, 'info' | 'warn' | 'error'> = console): (() => void) | null {
  const tag = doc.getElementById(LIVE_PREVIEW_ELEMENT);
  if (!tag?.textContent) return null;
  const { events } = JSON.parse(tag.textContent) as { events: string };
  const source = new EventSource(events);
  let version: string | null = null;
  let queue = Promise.resolve();
  const refresh = (site?: SiteChrome, settings?: LiveSettings) => {
    queue = queue
      .then(() => refreshConfiguration(services, site, settings))
      .then(() => log.info('Live preview: flows and texts updated.'))
      .catch((error: unknown) => log.error('Live preview: the update failed', error));
  };
  source.addEventListener('ready', (e: MessageEvent<string>) => {
    // After a reconnect: a change made meanwhile is fetched too.
    const data = JSON.parse(e.data) as { version: string; site?: SiteChrome; settings?: LiveSettings };
    if (version !== null && data.version !== version) refresh(data.site, data.settings);
    version = data.version;
  });
  source.addEventListener('reload', (e: MessageEvent<string>) => {
    const data = JSON.parse(e.data) as { version: string; site?: SiteChrome; settings?: LiveSettings };
    version = data.version;
    refresh(data.site, data.settings);
  });
  source.addEventListener('invalid', (e: MessageEvent<string>) => {
    const { problems } = JSON.parse(e.data) as { problems: Array<{ file: string; pointer: string; message: string; line?: number; column?: number }> };
    log.warn(
      `Live preview: the change was not applied (the last good version stays):\n${problems
        .map((p) => `  ${p.file}${p.line !== undefined ? `:${p.line}:${p.column}` : ''}${p.pointer ? ` at ${p.pointer}` : ''}: ${p.message}`)
        .join('\n')}`,
    );
  });
  return () => source.close();
}
