#!/usr/bin/env node
/**
 * `npm start`: build the front end (dist/app, and the start pages' prerenderer in dist/server, as
 * `npm run build` does) when either is missing or older than its sources, then run
 * the server (server/main.ts through tsx) on the embedded default — a SQLite file in ./data.
 * NODE_ENV defaults to development, where the sample settlement's captcha emulator runs
 * in-process; with NODE_ENV=production the server refuses to start on the emulator.
 */
/* global process, console */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtFiles = [path.join(root, 'dist', 'app', 'index.html'), path.join(root, 'dist', 'server', 'prerender.js')];
const SOURCES = ['runtime', 'themes', 'locales', 'flows', 'vite.config.ts', 'package.json'];

/** Newest modification time under the given paths (skipping node_modules). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return max;
}

const sourcesChanged = newest(SOURCES);
const needsBuild = builtFiles.some((file) => !existsSync(file) || statSync(file).mtimeMs < sourcesChanged);
if (needsBuild) {
  console.log('Building the front end (vite build, then vite build --ssr)…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  const prerenderer = result.status === 0 ? spawnSync('npx', ['vite', 'build', '--ssr'], { cwd: root, stdio: 'inherit' }) : result;
  if (prerenderer.status !== 0) {
    console.error('The front-end build failed; the server starts anyway and serves the last build, if any.');
  }
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
