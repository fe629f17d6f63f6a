import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const appFile = (file: string) => fileURLToPath(new URL(`./runtime/app/${file}`, import.meta.url));
const shim = (file: string) => fileURLToPath(new URL(`./runtime/react/shims/${file}`, import.meta.url));
const DATE_WIDGET = fileURLToPath(new URL('./runtime/widgets/date.tsx', import.meta.url));
const TEXT_MASK = fileURLToPath(new URL('./runtime/core/masks/text-mask.ts', import.meta.url));

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

/**
 * Packages in the browser without what this app never runs: the masks' text-mask-core as its two
 * functions from the package's ES module sources (runtime/react/shims/text-mask-core.ts) rather
 * than its whole bundle, and wouter's store hook as React's own. Node (the server, the
 * prerenderer, the tests) reads the packages as they are.
 */
function browserPackageParts(): Plugin {
  return {
    name: 'claims:browser-package-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'text-mask-core' && importer?.split('?')[0] === TEXT_MASK) return shim('text-mask-core.ts');
      // wouter's store hook: React's own rather than the shim for Reacts older than 18.
      if (source === 'use-sync-external-store/shim/index.js' && /[\\/]wouter[\\/]/.test(importer ?? '')) return shim('use-sync-external-store.ts');
      return null;
    },
  };
}

/**
 * The modules a form's start page runs: those the entry reaches through static imports, and those
 * of the lazy chunks every form page renders first (the layout and the form host, see
 * runtime/app/chunks.ts), known once the module graph is built. The entry's chunk holds only
 * these: a module reached through a dynamic import alone (a later page's block, the submit) goes
 * to a chunk of its own, however its folder is named.
 */
function startPageModules(lazyRoots: readonly string[]): { plugin: Plugin; has(id: string): boolean } {
  const reached = new Set<string>();
  return {
    has: (id) => reached.has(id),
    plugin: {
      name: 'claims:start-page-modules',
      apply: 'build',
      buildEnd() {
        reached.clear();
        const visit = (id: string) => {
          if (reached.has(id)) return;
          reached.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
        for (const root of lazyRoots) {
          if (!this.getModuleInfo(root)) this.error(`vite.config.ts: the start page's lazy chunk ${root} is not in the build`);
          visit(root);
        }
      },
    },
  };
}
const startPage = startPageModules([appFile('layouts/Layout.tsx'), appFile('forms/FormHost.tsx')]);

/**
 * Precompressed copies of the built assets (name.js.br, name.js.gz beside name.js), written after
 * the bundle is on disk; the server sends them to browsers that accept the encoding.
 */
function precompress(): Plugin {
  return {
    name: 'claims:precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg|json)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      }
    },
  };
}

/** The SSR build's entry: the start pages the server draws (runtime/core/site/prerender.ts). */
export const PRERENDER_ENTRY = appFile('prerender.tsx');

// The server serves the built app under /app/dist/ (spec §7: asset path prefix).
// `vite build --ssr` builds the second entry, the prerenderer, into dist/server (npm run build runs both).
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'runtime/app',
        base: '/app/dist/',
        plugins: [lazyCalendar(), react()],
        // Self-contained (React and every package in the file): the server loads it from wherever
        // the build was put (APP_DIST_DIR), with no node_modules beside it.
        ssr: { noExternal: true },
        build: {
          ssr: true,
          rolldownOptions: { input: { prerender: PRERENDER_ENTRY } },
          outDir: '../../dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          // The assets (logos) are the client build's: the same names, served from dist/app.
          ssrEmitAssets: false,
        },
      }
    : {
        root: 'runtime/app',
        base: '/app/dist/',
        plugins: [lazyCalendar(), browserPackageParts(), react(), precompress(), startPage.plugin],
        build: {
          outDir: '../../dist/app',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
          // No polyfill for <link rel="modulepreload">: every browser of the target (es2022) has
          // it or, without it, fetches the same modules when the entry imports them.
          modulePreload: { polyfill: false },
          // .vite/manifest.json: the server names the first page's chunks and stylesheets from it.
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // What a form's start page runs, in the entry's one chunk: the app, React, the runtime,
                // the layout and the form host (their dynamic imports then resolve within it). Split
                // into chunks that import each other's names, the same code was 3.7 KB gz more: each
                // chunk's import and export lists, and names kept whole across chunks, which the
                // minifier shortens or inlines within one. The pages that do not file a claim (resume,
                // status, not found) carry the form host with it; they lead to a form's pages anyway.
                // What start pages never run (the blocks and widgets of later pages,
                // widgets/blocks/later.ts and widgets/later.ts, and whatever else is imported only
                // dynamically) stays in chunks of its own.
                groups: [{ name: 'index', test: (id) => startPage.has(id) }],
              },
            },
          },
        },
      },
);
