import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppApi } from './api';
import { App } from './App';
import { firstChunks, FormHost, Layout } from './chunks';
import { CORE_GUARDS } from './guards';
import { startApp } from './startup';
import { loadTheme } from './theme';
import { preloadBlocks } from '../widgets/blocks/later';
import { preloadWidgets } from '../widgets/later';

// The layout and the form host are lazy chunks every form page renders: requested now, beside the
// startup calls, instead of after the mount (two round trips fewer before the first page paints).
void Layout.preload().catch(() => undefined);
void FormHost.preload().catch(() => undefined);

void startApp({
  doc: document,
  createApi: (_settings, endpoints, preloaded, earlyCsrf) => createAppApi(endpoints, preloaded, earlyCsrf),
  loadTheme,
  // Widgets, blocks, masks and rule adapters register themselves in their modules' registries.
  registerComponents: () => undefined,
  mount(services) {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing from index.html');
    // Rendered once the first page's chunks are in (or failed: the app then shows its own error),
    // so the page paints at once instead of behind a Suspense fallback.
    // A transition: React renders the first page in slices that yield to the browser between them,
    // instead of one long task that holds off input.
    const route = services.flows.match(window.location.pathname);
    // A reload of a later page also needs the blocks and widgets start pages leave out.
    const page = route.kind === 'form' ? services.flows.flow(route.formType).pages.find((p) => p.id === route.pageId) : undefined;
    const widgets = page?.blocks.flatMap((b) => ('fields' in b && Array.isArray(b.fields) ? b.fields.map((f: { widget?: string }) => f.widget ?? '') : [])) ?? [];
    void Promise.allSettled([...firstChunks(route), preloadBlocks(page?.blocks.map((b) => b.block) ?? []), preloadWidgets(widgets)]).then(() =>
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <App services={services} guards={CORE_GUARDS} />
          </StrictMode>,
        ),
      ),
    );
  },
});
