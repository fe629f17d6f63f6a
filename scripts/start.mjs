#!/usr/bin/env node
/**
 * `npm start`: build the front end when dist/app is missing or older than its sources, then run
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
const built = path.join(root, 'dist', 'app', 'index.html');
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

const needsBuild = !existsSync(built) || statSync(built).mtimeMs < newest(SOURCES);
if (needsBuild) {
  console.log('Building the front end (vite build)…');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The front-end build failed; the server starts anyway and serves the last build, if any.');
  }
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
