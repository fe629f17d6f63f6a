/**
 * npm run flows:test [folder] [--browser] [-- vitest options]
 *
 * Plays the flow fixtures of a settlement folder (its fixtures/*.fixture.json) or of a folder of
 * fixtures: headlessly through the real form machine (vitest's unit project), or with --browser
 * in Chromium through the real app against the real server (the e2e project). Without a folder,
 * every fixture of the repository. Further options go to vitest: `-t "wrong PIN"` plays one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const args = process.argv.slice(2);
const browser = args.includes('--browser');
const rest = args.filter((a) => a !== '--browser');
const folder = rest[0] !== undefined && !rest[0].startsWith('-') ? rest.shift() : undefined;

const [project, file] = browser ? ['e2e', 'tests/e2e/fixtures.test.ts'] : ['unit', 'tests/flows/fixtures.test.ts'];
const env = { ...process.env, ...(folder ? { FLOW_FIXTURES: path.resolve(folder) } : {}) };
const result = spawnSync('npx', ['vitest', 'run', '--project', project, file, ...rest], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
