/**
 * npm run flows:check [folder] [--models file] [--locales dir]
 *
 * `folder` is a settlement folder (default server-fixtures/), read as the server reads it
 * (settlement/read: the folders its settlement.json extends, the repository's flows/ and locales/
 * when it has none): its flows, its models.json, its locales, its deadlines (time zones, dates
 * that exist), settings, captcha and whitelist files against their schemas, site.json when present
 * (schema, form links, localization keys, languages, logo), and the headers of its class-list CSV
 * files are checked; a problem in a value it inherits names the file the value came from. A folder
 * holding flow files only (no models.json, no flows/, no settlement.json inside) is checked as a
 * flows folder against the sample settlement's model configs. Prints one line per problem,
 * `file:line:col pointer — message (hint)`, and exits non-zero when there is any.
 */
import path from 'node:path';
import { checkFolder } from '../tooling/flow/check-folder';
import { formatIssue } from '../runtime/core/flow/issues';
import { isSettlementFolder, readSettlementFolder } from '../settlement/read';
import { DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR } from '../settlement/files';

const SAMPLE_SETTLEMENT = 'server-fixtures';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

const args = process.argv.slice(2);
const modelsOption = option(args, '--models');
const localesOption = option(args, '--locales');
const folder = args[0] ?? SAMPLE_SETTLEMENT;

const rel = (p: string) => path.relative(process.cwd(), path.resolve(p)) || '.';
const report =
  isSettlementFolder(folder) && modelsOption === undefined && localesOption === undefined
    ? checkFolder(readSettlementFolder(rel(folder), { flowsDir: rel(DEFAULT_FLOWS_DIR), localesDir: rel(DEFAULT_LOCALES_DIR) }))
    : checkFolder(
        isSettlementFolder(folder)
          ? { ...pathsOf(rel(folder)), ...(modelsOption ? { modelsFile: rel(modelsOption) } : {}), ...(localesOption ? { localesDir: rel(localesOption) } : {}), settlementDir: rel(folder) }
          : { flowsDir: rel(folder), modelsFile: rel(modelsOption ?? path.join(SAMPLE_SETTLEMENT, 'models.json')), localesDir: rel(localesOption ?? pathsOf(SAMPLE_SETTLEMENT).localesDir) },
      );

/** Where the reader finds a folder's flows, locales and models.json. */
function pathsOf(dir: string) {
  const read = readSettlementFolder(dir, { flowsDir: rel(DEFAULT_FLOWS_DIR), localesDir: rel(DEFAULT_LOCALES_DIR) });
  return { flowsDir: rel(read.flowsDir), modelsFile: rel(read.modelsFile), localesDir: rel(read.localesDir) };
}

// Warnings do not fail the check: the folder works, but something in it may not be meant.
for (const warning of report.warnings) console.error(`warning: ${formatIssue(warning)}`);
if (report.issues.length > 0) {
  for (const issue of report.issues) console.error(formatIssue(issue));
  console.error(`flows:check: ${report.issues.length} problem(s) found`);
  process.exit(1);
}
console.log(`flows:check: ${report.flows} flows, ${report.pages} pages, ${report.models} model configs, ${report.locales} locales — no problems`);
