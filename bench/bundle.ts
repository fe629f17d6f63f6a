/**
 * Bundle figure: a production build of the app (vite.config.ts, into a temp folder, with the Vite
 * manifest), JS and CSS per chunk with gzip -9 and brotli (quality 11), the JS each form's start
 * page loads (the entry's static imports + the lazy route chunks a form route renders + the
 * theme), and the whole app. Floor: React 19 + react-dom alone, built the same way in the same run.
 *
 *   tsx bench/bundle.ts [--smoke]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { FIXTURES, ROOT } from './lib/paths.js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const KB = 1024;
const kb = (bytes: number) => round(bytes / KB, 1);

export const START_PAGE_BUDGET_KB = 120;
export const WHOLE_APP_BUDGET_KB = 250;

/**
 * Lazy modules (manifest keys, relative to runtime/app) a form route renders, per App.tsx; a key
 * the manifest lacks is a module of the entry's chunk (vite.config.ts puts both there).
 */
const FORM_ROUTE_LAZY = ['layouts/Layout.tsx', 'forms/FormHost.tsx'];
/** The sample settlement's theme (settings.json "theme": "default"), loaded by theme.ts. */
const DEFAULT_THEME = '../../themes/default/theme.css';
/** Start pages measured; every form route renders the same lazy chunks, so one total serves all three. */
export const START_PAGES = ['/automotive', '/vinlookup', '/exclusion'];

function sizeOf(dir: string, file: string): FileSize {
  const bytes = readFileSync(path.join(dir, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
}

/** Files (JS and CSS) reachable from a manifest key through static imports. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export async function viteBuild(options: { configFile: string | false; root?: string; outDir: string }): Promise<Manifest> {
  await build({
    configFile: options.configFile,
    ...(options.root ? { root: options.root, base: '/', plugins: [react()] } : {}),
    logLevel: 'warn',
    build: { outDir: options.outDir, emptyOutDir: true, manifest: true, target: 'es2022', sourcemap: false },
  });
  return JSON.parse(readFileSync(path.join(options.outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

const total = (sizes: FileSize[], key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((s, f) => s + f[key], 0);
const isJs = (f: string) => f.endsWith('.js') || f.endsWith('.mjs');
const isCss = (f: string) => f.endsWith('.css');

/**
 * The sizes of a production build (its folder and Vite manifest): each JS and CSS file, those a
 * form's start page loads (the entry's static imports, the lazy route chunks a form route renders,
 * the default theme), and the whole app's.
 */
export function measureApp(dir: string, manifest: Manifest) {
  const allFiles = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))].filter((f) => isJs(f) || isCss(f)).sort();
  const sizes = new Map(allFiles.map((f) => [f, sizeOf(dir, f)]));
  const sized = (files: string[]) => files.flatMap((f) => sizes.get(f) ?? []);
  const entryKey = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entryKey) throw new Error('the manifest has no entry');
  const startKeys = [entryKey, ...FORM_ROUTE_LAZY, DEFAULT_THEME].filter((k) => manifest[k]);
  const startFiles = [...closure(manifest, startKeys)];
  return {
    sizes,
    startFiles,
    startJs: sized(startFiles.filter(isJs)),
    startCss: sized(startFiles.filter(isCss)),
    allJs: sized(allFiles.filter(isJs)),
    allCss: sized(allFiles.filter(isCss)),
  };
}

/** Gzip -9 bytes of files measured. */
export const gzipTotal = (sizes: FileSize[]) => total(sizes, 'gzip');

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    ctx.log('bundle: building the app (vite build, manifest) …');
    const appOut = path.join(tmp, 'app');
    const manifest = await viteBuild({ configFile: path.join(ROOT, 'vite.config.ts'), outDir: appOut });
    ctx.log('bundle: building the React floor …');
    const floorOut = path.join(tmp, 'floor');
    const floorManifest = await viteBuild({ configFile: false, root: path.join(FIXTURES, 'react-floor'), outDir: floorOut });

    const { sizes, startFiles, startJs, startCss, allJs, allCss } = measureApp(appOut, manifest);
    const floorFiles = [...new Set(Object.values(floorManifest).flatMap((c) => [c.file, ...(c.css ?? [])]))].filter(isJs);
    const floorSizes = floorFiles.map((f) => sizeOf(floorOut, f));
    const floorGz = total(floorSizes, 'gzip');
    const floor = { name: 'React 19 + react-dom alone', value: kb(floorGz), unit: 'KB gz' };

    const inEntry = FORM_ROUTE_LAZY.filter((k) => !manifest[k]);
    const missing = manifest[DEFAULT_THEME] ? [] : [DEFAULT_THEME];
    const startGz = total(startJs, 'gzip');
    const wholeGz = total(allJs, 'gzip');

    // Which source modules weigh most in the entry (by name: chunks named after their first module).
    const chunkRows = [...sizes.values()]
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => {
        const key = Object.entries(manifest).find(([, c]) => c.file === s.file || (c.css ?? []).includes(s.file))?.[0] ?? '';
        const onStart = startFiles.includes(s.file) ? 'yes' : '';
        return `| ${s.file} | ${key} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} | ${onStart} |`;
      });
    const markdown = [
      '#### Chunks (production build, KB = 1024 bytes)',
      '',
      '| file | source | raw KB | gzip -9 KB | brotli KB | on a form start page |',
      '|---|---|---:|---:|---:|---|',
      ...chunkRows,
      '',
      `Start page of a form (${START_PAGES.join(', ')}: the same lazy chunks — ${FORM_ROUTE_LAZY.join(', ')} — and the default theme): ` +
        `JS ${kb(total(startJs, 'raw'))} KB raw / ${kb(startGz)} KB gz / ${kb(total(startJs, 'brotli'))} KB br; ` +
        `CSS ${kb(total(startCss, 'raw'))} KB raw / ${kb(total(startCss, 'gzip'))} KB gz.`,
      `Whole app: JS ${kb(total(allJs, 'raw'))} KB raw / ${kb(wholeGz)} KB gz / ${kb(total(allJs, 'brotli'))} KB br in ${allJs.length} chunks; ` +
        `CSS ${kb(total(allCss, 'gzip'))} KB gz in ${allCss.length} files.`,
      `Floor (React 19 + react-dom, same Vite/plugin-react/target): ${kb(total(floorSizes, 'raw'))} KB raw / ${kb(floorGz)} KB gz / ${kb(total(floorSizes, 'brotli'))} KB br.`,
    ].join('\n');

    const startNotes = `entry + ${FORM_ROUTE_LAZY.map((k) => path.basename(k)).join(' + ')} + default theme; ${kb(total(startJs, 'brotli'))} KB brotli; ${round(startGz / floorGz, 2)}× the React floor${inEntry.length ? `; in the entry's chunk: ${inEntry.map((k) => path.basename(k)).join(', ')}` : ''}${missing.length ? `; manifest lacks ${missing.join(', ')}` : ''}`;
    const figures: Figure[] = START_PAGES.map((page) => ({
      name: `bundle.start-page-js${page}`,
      value: kb(startGz),
      unit: 'KB gz',
      budget: `≤ ${START_PAGE_BUDGET_KB} KB gz`,
      holds: startGz <= START_PAGE_BUDGET_KB * KB,
      floor,
      notes: startNotes,
      detail: { files: startJs.map((s) => ({ ...s })) },
    }));
    figures.push(
      {
        name: 'bundle.whole-app-js',
        value: kb(wholeGz),
        unit: 'KB gz',
        budget: `≤ ${WHOLE_APP_BUDGET_KB} KB gz`,
        holds: wholeGz <= WHOLE_APP_BUDGET_KB * KB,
        floor,
        notes: `${allJs.length} JS chunks; ${kb(total(allJs, 'brotli'))} KB brotli; CSS ${kb(total(allCss, 'gzip'))} KB gz besides`,
        detail: { chunks: [...sizes.values()] },
        markdown,
      },
      { name: 'bundle.react-floor-js', value: kb(floorGz), unit: 'KB gz', budget: null, holds: null, notes: 'React 19 + react-dom, built in the same run', detail: { files: floorSizes } },
    );
    return figures;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) await standalone(run);
