import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppApi } from './api';
import { App } from './App';
import { firstPageReady } from './chunks';
import { CORE_GUARDS } from './guards';
import { documentParsed } from './settings';
import { startApp } from './startup';
import { loadTheme } from './theme';

/**
 * Resolves in a task of its own: what follows runs after the browser has had its turn (input, a
 * frame), not in the task that came before. On a slow phone the module's evaluation, the startup's
 * reads and React's setup of the page are each tens of milliseconds: run back to back they make one
 * long task that holds off the claimant's first key.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app starts once the page is parsed (the script is async: it may run before the startup
// answers that follow it in the page have arrived), in a task of its own: after the evaluation of
// its modules (React and the runtime) and after the parse's end.
void documentParsed(document)
  .then(nextTask)
  .then(() =>
    startApp({
      doc: document,
      createApi: (_settings, endpoints, preloaded, earlyCsrf) => createAppApi(endpoints, preloaded, earlyCsrf),
      loadTheme,
      // Widgets, blocks, masks and rule adapters register themselves in their modules' registries.
      registerComponents: () => undefined,
      mount(services) {
        const root = document.getElementById('root');
        if (!root) throw new Error('#root is missing from index.html');
        // Rendered once the first page's chunks are in (or failed: the app then shows its own error),
        // so the page paints at once instead of behind a Suspense fallback; in a task after the
        // startup's own (React's setup of the root, its event listeners, is a task's worth).
        // A transition: React renders the first page in slices that yield to the browser between them,
        // instead of one long task that holds off input.
        void firstPageReady(services.flows, window.location.pathname)
          .then(nextTask)
          .then(() =>
            startTransition(() => {
              // A start page the server drew (app-shell): the app takes it over instead of drawing it
              // again; the fields keep what the claimant typed or chose in them meanwhile (the widgets
              // report it, use-text-mask and use-drawn-answer; the status and resume pages start from
              // it, drawnFields).
              if (root.firstElementChild) {
                hydrateRoot(
                  root,
                  <StrictMode>
                    <App services={services} guards={CORE_GUARDS} />
                  </StrictMode>,
                );
                return;
              }
              createRoot(root).render(
                <StrictMode>
                  <App services={services} guards={CORE_GUARDS} />
                </StrictMode>,
              );
            }),
          );
      },
    }),
  );
