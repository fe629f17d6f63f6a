/**
 * A new settlement in an empty folder: the forms the author picks among the product's three
 * (Automotive, Lookup, Exclusion), each starting from the shipped flow of that kind, with their
 * model configs, English and Spanish locales, the settlement files (settings, deadlines, captcha,
 * whitelist) and class lists that hold only their header. Written only when the checker passes
 * on the whole new folder, so `npm run flows:check <folder>` accepts it; the author then edits it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFolder, settlementPaths } from '../../tooling/flow/check-folder';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { editJsonText } from './json-edit';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = path.join(ROOT, 'server-fixtures');

/** The forms a new settlement may start with: the spec's three. */
export const NEW_SETTLEMENT_FORMS = ['Automotive', 'Lookup', 'Exclusion'] as const;
export const NEW_SETTLEMENT_CULTURES = ['en', 'es'] as const;
/** The settlement files a new settlement starts with (site.json is optional: the default chrome). */
const SETTLEMENT_FILES = ['settings.json', 'deadlines.json', 'captcha.json', 'whitelist.json'];
const CLASS_LISTS = ['class-members.csv', 'class-vehicles.csv'];

/** Whether the folder is missing or holds nothing: the only folder a settlement is created in. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/** The file's `$schema` pointed at the repository's schema from where it will live. */
function withSchemaFrom(text: string, from: string, target: string): string {
  return text.replace(/("\$schema"\s*:\s*")([^"]*)(")/, (_match, before: string, schemaPath: string, after: string) => {
    const schema = path.resolve(path.dirname(from), schemaPath);
    return `${before}${path.relative(path.dirname(target), schema).split(path.sep).join('/')}${after}`;
  });
}

/** Writes the new settlement's files into `dir`. */
function writeSettlement(dir: string, forms: readonly string[], folder: string): string[] {
  const written: string[] = [];
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
    written.push(name);
  };
  const samplePaths = settlementPaths(SAMPLE);
  for (const name of readdirSync(samplePaths.flowsDir).filter((f) => f.endsWith('.json')).sort()) {
    const source = path.join(samplePaths.flowsDir, name);
    const text = readFileSync(source, 'utf8');
    const formType = (JSON.parse(text) as { formType?: string }).formType;
    if (formType && forms.includes(formType)) write(`flows/${name}`, withSchemaFrom(text, source, path.join(folder, 'flows', name)));
  }
  const modelsSource = path.join(SAMPLE, 'models.json');
  const modelsText = readFileSync(modelsSource, 'utf8');
  const models = JSON.parse(modelsText) as { models: Array<{ metadata: { formType: string } }> };
  write('models.json', withSchemaFrom(editJsonText(modelsText, { ...models, models: models.models.filter((m) => forms.includes(m.metadata.formType)) }), modelsSource, path.join(folder, 'models.json')));
  for (const culture of NEW_SETTLEMENT_CULTURES) {
    const source = path.join(samplePaths.localesDir, `${culture}.json`);
    write(`locales/${culture}.json`, withSchemaFrom(readFileSync(source, 'utf8'), source, path.join(folder, 'locales', `${culture}.json`)));
  }
  for (const name of SETTLEMENT_FILES) {
    const source = path.join(SAMPLE, name);
    write(name, withSchemaFrom(readFileSync(source, 'utf8'), source, path.join(folder, name)));
  }
  for (const name of CLASS_LISTS) write(name, `${readFileSync(path.join(SAMPLE, name), 'utf8').split(/\r?\n/)[0]}\n`);
  return written;
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; issues: FlowIssue[] };

/**
 * Creates the settlement in `folder` (missing or empty) with `forms`: built in a scratch folder,
 * checked there, and copied in only when the checker finds nothing.
 */
export function createSettlement(folder: string, forms: readonly string[]): CreateResult {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-new-'));
  try {
    const created = writeSettlement(scratch, forms, folder);
    const report = checkFolder({ ...settlementPaths(scratch), settlementDir: scratch });
    if (report.issues.length > 0) {
      return { ok: false, issues: report.issues.map((issue) => ({ ...issue, file: path.relative(scratch, issue.file) })) };
    }
    mkdirSync(folder, { recursive: true });
    cpSync(scratch, folder, { recursive: true });
    return { ok: true, created };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
