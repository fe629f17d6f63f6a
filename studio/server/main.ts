/**
 * npm run studio [folder] [--port n]
 *
 * The settlement studio for a settlement folder (default: the sample, server-fixtures/), or for an
 * empty folder, where it offers to make a new settlement; on
 * 127.0.0.1 only: development only, never part of the claimant server. Builds the studio's
 * front end first when it is missing or out of date.
 */
import { existsSync } from 'node:fs';
import { isEmptyFolder } from './new-settlement';
import path from 'node:path';
import { buildStudioServer } from './app';
import { buildStudioApp } from './build';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 4000;
const folder = path.resolve(args[0] ?? 'server-fixtures');
// An empty (or missing) folder is offered a new settlement; any other folder must be one.
if (!existsSync(path.join(folder, 'models.json')) && !isEmptyFolder(folder)) {
  console.error(`studio: ${folder} is not a settlement folder (it has no models.json) and is not empty (a new settlement is made only in an empty folder)`);
  process.exit(2);
}

const appDir = await buildStudioApp(undefined, 'info');
const app = await buildStudioServer({ folder, appDir });
const url = await app.listen({ host: '127.0.0.1', port });
console.log(`Settlement studio for ${path.relative(process.cwd(), folder) || '.'} at ${url}/`);

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
