import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppApi } from './api';
import { App } from './App';
import { CORE_GUARDS } from './guards';
import { startApp } from './startup';
import { loadTheme } from './theme';

void startApp({
  doc: document,
  createApi: createAppApi,
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
