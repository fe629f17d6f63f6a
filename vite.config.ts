import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const shim = (file: string) => fileURLToPath(new URL(`./runtime/react/shims/${file}`, import.meta.url));
const DATE_WIDGET = fileURLToPath(new URL('./runtime/widgets/date.tsx', import.meta.url));

/**
 * The date widget's calendar (react-day-picker with date-fns) is loaded on first open: the widget's
 * `react-day-picker` import resolves to a lazy wrapper, whose own import reaches the package.
 */
function lazyCalendar(): Plugin {
  return {
    name: 'claims:lazy-calendar',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-day-picker' && importer?.split('?')[0] === DATE_WIDGET) return shim('lazy-day-picker.tsx');
      return null;
    },
  };
}

// The server serves the built app under /app/dist/ (spec §7: asset path prefix).
export default defineConfig({
  root: 'runtime/app',
  base: '/app/dist/',
  plugins: [lazyCalendar(), react()],
  resolve: {
    alias: [
      // No markdown renderer in the browser: @rjsf/core renders markdown only where our widgets and
      // templates replace it or where our uiSchemas never ask for it (see the shim's comment).
      { find: /^markdown-to-jsx(\/react)?$/, replacement: shim('markdown-to-jsx.tsx') },
    ],
  },
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
