/**
 * The server's drawing of a start page (the SSR build's entry, see runtime/core/site/prerender.ts):
 * the app's own components, on the state startup would give them from the same embedded settings
 * and startup answers, so that the browser hydrates what it would have drawn.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createApiClient } from '../core/api';
import { normalizeDeadlines } from '../core/deadlines';
import { contentToDictionary } from '../core/i18n';
import type { PrerenderInput, PrerenderPage } from '../core/site/prerender';
import { App } from './App';
import { createAppStore, initialAppState } from './appState';
import { firstPageReady } from './chunks';
import type { AppServices } from './context';
import { FLOWS_PATH, flowsFromBody } from './flowsSource';
import { createFormSessions } from './forms/formSessions';
import { CORE_GUARDS, runGuards } from './guards';
import { createHostedFlows } from './routes';
import { DrawnTitleContext } from './useDocumentTitle';

/** The server draws; it never calls the API (the page's calls start once the app runs in the browser). */
const refuseCalls: typeof fetch = () => Promise.reject(new Error('A prerendered page makes no API calls'));

export const prerenderPage: PrerenderPage = async ({ url, settings, answers, now }: PrerenderInput) => {
  const [pathname = '/', search = ''] = url.split('?');
  const flows = createHostedFlows(flowsFromBody(answers[FLOWS_PATH]));
  const api = createApiClient({ fetch: refuseCalls, endpoints: flows.endpoints, preloaded: { ...answers } });
  const store = createAppStore(initialAppState(settings));

  // As startup sets the state before the mount (runtime/app/startup.ts), from the same answers.
  const { culture } = CORE_GUARDS.resolveCulture({ query: search, path: url, current: null, supported: settings.site.languages.map((l) => l.culture) });
  const [deadlines, content, captcha, config, whitelist] = await Promise.all([
    api.getDeadlines(),
    api.getCultureContent(culture),
    api.getCaptcha(),
    api.getFormsConfig(),
    api.getCharactersWhitelist(),
  ]);
  if (!deadlines.ok || !content.ok) return null;
  store.set({ deadlines: normalizeDeadlines(deadlines.data), culture, localizations: contentToDictionary(content.data), contentLoaded: true });
  if (captcha.ok) store.set({ captcha: captcha.data });
  if (config.ok && config.data) store.set({ modelConfigs: config.data });
  if (whitelist.ok) store.set({ whitelist: whitelist.data, whitelistLoaded: true });

  // A page the guards send elsewhere (past its deadline, not signed in) is the browser's to handle.
  const state = store.get();
  const outcome = runGuards(
    { route: flows.match(pathname), pathname, search, culture, cultures: settings.site.languages.map((l) => l.culture), deadlines: state.deadlines, now, isAuthorized: () => false },
    CORE_GUARDS,
  );
  if (outcome.kind !== 'render') return null;

  await firstPageReady(flows, pathname);
  const services: AppServices = { store, api, flows, sessions: createFormSessions(flows) };
  // Waits for every part of the page; a part that fails to draw fails the page (the browser then draws it).
  const failures: unknown[] = [];
  // The title the page's last drawing names (useDocumentTitle), for the served HTML's <title>.
  let title: string | null = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <DrawnTitleContext.Provider value={(named) => void (title = named)}>
        <App services={services} guards={CORE_GUARDS} now={() => now} ssrPath={url} leaveApp={() => undefined} />
      </DrawnTitleContext.Provider>
    </StrictMode>,
    // Every boundary in place: React would otherwise send a large one after the rest with an
    // inline script to move it in, which the page's security policy refuses.
    { onError: (error) => void failures.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // Bytes split anywhere, a character's too: decoded as one stream.
  const decoder = new TextDecoder();
  let html = '';
  for await (const part of prelude) html += typeof part === 'string' ? part : decoder.decode(part, { stream: true });
  html += decoder.decode();
  if (failures.length > 0) throw new Error(`${url} could not be drawn on the server`, { cause: failures[0] });
  // A script in the page (a boundary still to come) would not run under the page's policy.
  if (html.includes('<script')) throw new Error(`${url} was not drawn whole on the server`);
  return { html, title };
};
