/**
 * npm run studio [folder] [--port n]
 *
 * The settlement studio for a settlement folder (default: the sample, server-fixtures/), on
 * 127.0.0.1 only: development only, never part of the claimant server. Builds the studio's
 * front end first when it is missing or out of date.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildStudioServer } from './app';
import { buildStudioApp } from './build';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 4000;
const folder = path.resolve(args[0] ?? 'server-fixtures');
if (!existsSync(path.join(folder, 'models.json'))) {
  console.error(`studio: ${folder} is not a settlement folder (it has no models.json)`);
  process.exit(2);
}

const appDir = await buildStudioApp(undefined, 'info');
const app = await buildStudioServer({ folder, appDir });
const url = await app.listen({ host: '127.0.0.1', port });
console.log(`Settlement studio for ${path.relative(process.cwd(), folder) || '.'} at ${url}/`);

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
