/**
 * npm run flows:check [folder] [--models file] [--locales dir]
 *
 * `folder` is a settlement folder (default server-fixtures/): its flows/ (else the repository's
 * flows/), its models.json, its locales/ (else the repository's locales/), its deadlines (time
 * zones, dates that exist), settings, captcha and whitelist files against their schemas, site.json
 * when present (schema, form links, localization keys, languages, logo), and the
 * headers of its class-list CSV files are checked. A folder
 * holding flow files only (no models.json, no flows/ inside) is checked as a flows folder against
 * the sample settlement's model configs. Prints one line per problem,
 * `file:line:col pointer — message (hint)`, and exits non-zero when there is any.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkFolder, SETTLEMENT_FILES, settlementPaths, type FolderPaths } from '../tooling/flow/check-folder';
import { formatIssue } from '../runtime/core/flow/issues';

const SAMPLE_SETTLEMENT = 'server-fixtures';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

/** A settlement folder has its models.json or its own flows/. */
const isSettlementFolder = (dir: string) => existsSync(path.join(dir, 'models.json')) || existsSync(path.join(dir, 'flows'));

/** A folder without any of deadlines, settings, captcha or whitelist borrows them from the shipped settlement (a fixture's folder). */
const hasSettlementFiles = (dir: string) => Object.keys(SETTLEMENT_FILES).some((f) => existsSync(path.join(dir, f)));

const args = process.argv.slice(2);
const modelsOption = option(args, '--models');
const localesOption = option(args, '--locales');
const folder = args[0] ?? SAMPLE_SETTLEMENT;

const rel = (p: string) => path.relative(process.cwd(), path.resolve(p)) || '.';
const paths: FolderPaths = isSettlementFolder(folder)
  ? settlementPaths(folder)
  : { flowsDir: folder, modelsFile: path.join(SAMPLE_SETTLEMENT, 'models.json'), localesDir: settlementPaths(SAMPLE_SETTLEMENT).localesDir };
const report = checkFolder({
  flowsDir: rel(paths.flowsDir),
  modelsFile: rel(modelsOption ?? paths.modelsFile),
  localesDir: rel(localesOption ?? paths.localesDir),
  // A settlement folder's other files are checked too: deadlines, settings, captcha, whitelist, class-list headers.
  ...(isSettlementFolder(folder) ? { settlementDir: rel(folder), partialSettlement: !hasSettlementFiles(folder) } : {}),
});

// Warnings do not fail the check: the folder works, but something in it may not be meant.
for (const warning of report.warnings) console.error(`warning: ${formatIssue(warning)}`);
if (report.issues.length > 0) {
  for (const issue of report.issues) console.error(formatIssue(issue));
  console.error(`flows:check: ${report.issues.length} problem(s) found`);
  process.exit(1);
}
console.log(`flows:check: ${report.flows} flows, ${report.pages} pages, ${report.models} model configs, ${report.locales} locales — no problems`);
