/** Builds the studio's front end (vite, studio/vite.config.ts) when its build is missing or older than its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const STUDIO_CONFIG = path.join(ROOT, 'studio/vite.config.ts');
export const DEFAULT_STUDIO_DIST = path.join(ROOT, 'dist/studio');
/** What the bundle is made of: its code, and the schemas its forms are generated from. */
const SOURCES = ['studio/app', 'studio/vite.config.ts', 'schemas', 'package.json'].map((p) => path.join(ROOT, p));

function newest(paths: readonly string[]): number {
  let max = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else max = Math.max(max, st.mtimeMs);
  };
  paths.forEach(visit);
  return max;
}

/** Builds into `outDir` unless a build there is newer than every source. */
export async function buildStudioApp(outDir = DEFAULT_STUDIO_DIST, logLevel: 'info' | 'warn' = 'warn'): Promise<string> {
  const index = path.join(outDir, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newest(SOURCES)) return outDir;
  await build({ configFile: STUDIO_CONFIG, root: path.join(ROOT, 'studio/app'), logLevel, build: { outDir, emptyOutDir: true } });
  return outDir;
}
