/**
 * npm run flows:check [flowsDir] [--models file] [--locales dir]
 * Checks the flow files, the model configs and the locale files; prints one line per problem,
 * `file:line:col pointer — message (hint)`, and exits non-zero when there is any.
 */
import path from 'node:path';
import { checkFolder } from '../runtime/core/flow/check-folder';
import { formatIssue } from '../runtime/core/flow/issues';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

const args = process.argv.slice(2);
const modelsFile = option(args, '--models') ?? 'server-fixtures/models.json';
const localesDir = option(args, '--locales') ?? 'locales';
const flowsDir = args[0] ?? 'flows';

const rel = (p: string) => path.relative(process.cwd(), path.resolve(p)) || '.';
const report = checkFolder({ flowsDir: rel(flowsDir), modelsFile: rel(modelsFile), localesDir: rel(localesDir) });

if (report.issues.length > 0) {
  for (const issue of report.issues) console.error(formatIssue(issue));
  console.error(`flows:check: ${report.issues.length} problem(s) found`);
  process.exit(1);
}
console.log(`flows:check: ${report.flows} flows, ${report.pages} pages, ${report.models} model configs, ${report.locales} locales — no problems`);
