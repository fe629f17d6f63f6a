/**
 * Builds the production app (and its start pages' prerenderer) once per e2e run, into a folder of its own (never the shared
 * dist/app, never another run's), and removes it when the run ends. Test files reach it through
 * `builtApp()` in the harness.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production build's folder (APP_DIST_DIR) for this run. */
    e2eDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'cf-e2e-dist-')), 'app');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  // The start pages' prerenderer beside it (app/ and server/, as npm run build writes dist/).
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { ssr: true, outDir: path.join(path.dirname(outDir), 'server'), emptyOutDir: true } });
  project.provide('e2eDist', outDir);
  return () => rmSync(path.dirname(outDir), { recursive: true, force: true });
}
