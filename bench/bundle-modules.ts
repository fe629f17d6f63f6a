/**
 * What the start page's JavaScript is made of: a production build with source maps (vite.config.ts,
 * into a temp folder), each start-page chunk's generated code attributed to its source module through
 * the map. Per module: what it adds to its chunk gzipped (gzip -9 of the chunk with and without
 * its code: what moving it out of the start page would save) and its code gzipped alone. The bundle
 * figure itself is bench/bundle.ts's.
 *
 *   tsx bench/bundle-modules.ts [--top 25]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from './lib/paths.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Lazy modules (manifest keys) a form route renders first, as bench/bundle.ts counts them (absent: in the entry's chunk). */
const FORM_ROUTE_LAZY = ['layouts/Layout.tsx', 'forms/FormHost.tsx'];
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each generated line's segments as [generated column, source index or -1], from a map's VLQ mappings. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    if (!line) return [];
    return line.split(',').map((segment): [number, number] => {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length < 4) return [column, -1];
      source += values[1] ?? 0;
      return [column, source];
    });
  });
}

/** Chunk files reachable from the manifest keys through static imports. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

/** A map's source as a path from the project's root (a package's from its node_modules). */
const fromRoot = (mapFile: string, source: string) =>
  path.relative(ROOT, path.resolve(path.dirname(mapFile), source)).replace(/^.*node_modules\//, 'node_modules/');

export async function startPageModules(): Promise<Array<{ chunk: string; module: string; raw: number; gzip: number; saved: number }>> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-modules-'));
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true } });
    const manifest: Manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
    if (!entry) throw new Error('the manifest has no entry');
    const pieces = new Map<string, Array<{ module: string; text: string }>>();
    for (const file of closure(manifest, [entry, ...FORM_ROUTE_LAZY.filter((key) => manifest[key])])) {
      const mapFile = path.join(outDir, `${file}.map`);
      if (!file.endsWith('.js') || !existsSync(mapFile)) continue;
      const map: SourceMap = JSON.parse(readFileSync(mapFile, 'utf8'));
      const segmentsByLine = decodeMappings(map.mappings);
      const chunkPieces: Array<{ module: string; text: string }> = [];
      readFileSync(path.join(outDir, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const segments = segmentsByLine[index] ?? [];
          segments.forEach(([column, source], i) => {
            const module = source >= 0 ? fromRoot(mapFile, map.sources[source] ?? '?') : '(bundler glue)';
            chunkPieces.push({ module, text: line.slice(column, segments[i + 1]?.[0] ?? line.length) });
          });
          chunkPieces.push({ module: '(bundler glue)', text: '\n' });
        });
      pieces.set(path.basename(file).replace(/-[\w-]{8}\.js$/, ''), chunkPieces);
    }
    const gz = (text: string) => gzipSync(text, { level: 9 }).length;
    const rows = [...pieces].flatMap(([chunk, chunkPieces]) => {
      const modules = [...new Set(chunkPieces.map((p) => p.module))];
      const whole = gz(chunkPieces.map((p) => p.text).join(''));
      return modules.map((module) => {
        const own = chunkPieces.filter((p) => p.module === module).map((p) => p.text).join('');
        const without = chunkPieces.filter((p) => p.module !== module).map((p) => p.text).join('');
        return { chunk, module, raw: Buffer.byteLength(own), gzip: gz(own), saved: whole - gz(without) };
      });
    });
    return rows.sort((a, b) => b.saved - a.saved);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const topArg = process.argv.indexOf('--top');
const top = topArg >= 0 ? Number(process.argv[topArg + 1]) : 25;
const rows = await startPageModules();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('| gzip KB it adds to its chunk | gzip KB alone | raw KB | chunk | module |\n|---:|---:|---:|---|---|');
for (const row of rows.slice(0, top)) console.log(`| ${kb(row.saved)} | ${kb(row.gzip)} | ${kb(row.raw)} | ${row.chunk} | ${row.module} |`);
