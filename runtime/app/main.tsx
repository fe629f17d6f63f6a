import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppApi } from './api';
import { App } from './App';
import { CORE_GUARDS } from './guards';
import { startApp } from './startup';
import { loadTheme } from './theme';

// The layout and the form host are lazy chunks every form page renders: requested now, beside the
// startup calls, instead of after the mount (two round trips fewer before the first page paints).
void import('./layouts/Layout').catch(() => undefined);
void import('./forms/FormHost').catch(() => undefined);

void startApp({
  doc: document,
  createApi: (_settings, preloaded) => createAppApi(preloaded),
  loadTheme,
  // Widgets, blocks, masks and rule adapters register themselves in their modules' registries.
  registerComponents: () => undefined,
  mount(store, api) {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing from index.html');
    createRoot(root).render(
      <StrictMode>
        <App services={{ store, api }} guards={CORE_GUARDS} />
      </StrictMode>,
    );
  },
});
