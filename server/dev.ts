/**
 * `npm run dev`: the server (development settings, captcha emulator when the settlement uses it)
 * plus `vite build --watch`, which rebuilds dist/app on every change; the server re-reads the
 * app's index.html on each page request, so a browser reload shows a code change. (Vite's dev
 * middleware would need a connect adapter for Fastify, which is not a dependency here.)
 *
 * Live preview: the settlement's flows/ and locales/ (or the repository's, when it has none), its
 * site.json, settings.json and its logo are watched; a valid edit updates the open pages in place, keeping the answers typed so far; an
 * invalid one prints each problem and the last good version stays (server/plugins/app/live-preview.ts).
 */
import { spawn } from 'node:child_process';
import { readConfig } from './config.js';
import { startServer } from './main.js';

process.env.NODE_ENV ??= 'development';
const config = readConfig();
const vite = spawn('npx', ['vite', 'build', '--watch', '--mode', 'development'], { stdio: 'inherit' });
const server = await startServer(config, { reloadAppIndex: true, livePreview: true });
console.log(`Development server at ${server.url} (front end rebuilt by vite build --watch; reload the page after a code change)`);
console.log(`Live preview: editing ${server.app.livePreview.watched.join(' or ')} updates open pages in place.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  server.stop().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
vite.once('exit', (code) => {
  if (!stopping && code !== 0) console.error(`vite build --watch exited with ${code}; the server keeps serving the last build.`);
});
