/**
 * The rows of a settlement's class lists (class-members.csv, class-vehicles.csv) as the import
 * checks them: the CSV read into rows keyed by header, the header's columns, and each row's values.
 * The server's import refuses a file with any of these problems; the folder checker and the studio
 * report the same problems, with their lines, before an import is tried.
 */
import { parse } from 'csv-parse/sync';
import { SPEC_CLASS_LIST, type ClassListHeader } from '../runtime/core/forms/index.js';
import { isRecord, messageOf, propertyOf } from '../runtime/core/guards.js';
import { CLASS_LIST_HEADERS } from './files.js';

/** One problem of a class-list file, at its 1-based line. */
export interface ClassListProblem {
  line: number;
  message: string;
}

/** The problem of a class list holding its header row only (a new settlement's, before its members). */
export const HEADER_ONLY = 'the file has a header but no rows';

/** A well-formed VIN: 17 characters, no I, O or Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export interface ClassListRow {
  line: number;
  values: Map<string, string>;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** One record csv-parse gives with `info: true` (its typings only know the plain rows). */
function isParsedRecord(value: unknown): value is ParsedRecord {
  return isRecord(value) && Array.isArray(value.record) && value.record.every((cell) => typeof cell === 'string') && typeof propertyOf(value.info, 'lines') === 'number';
}

/**
 * The file's column separator, read off its header row: a comma, else the semicolon or tab that a
 * spreadsheet saving "CSV" in many languages' settings writes (no column name holds either).
 */
export function csvSeparator(csv: string): ',' | ';' | '\t' {
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  return header.includes('\t') ? '\t' : ',';
}

/** Parses CSV into rows keyed by header name; structural problems are added to `problems`. */
export function readClassListCsv(csv: string, problems: ClassListProblem[]): { header: string[]; rows: ClassListRow[] } {
  let records: ParsedRecord[];
  try {
    const parsed: unknown[] = parse(csv, { bom: true, info: true, trim: true, skip_empty_lines: true, relax_column_count: true, delimiter: csvSeparator(csv) });
    records = parsed.filter(isParsedRecord);
  } catch (error) {
    const lines = propertyOf(error, 'lines');
    problems.push({ line: typeof lines === 'number' ? lines : 1, message: `unreadable CSV: ${messageOf(error)}` });
    return { header: [], rows: [] };
  }
  const [first, ...rest] = records;
  if (!first) {
    problems.push({ line: 1, message: 'the file is empty (a header row is required)' });
    return { header: [], rows: [] };
  }
  const header = first.record;
  const rows: ClassListRow[] = [];
  for (const { record, info } of rest) {
    if (record.length !== header.length) {
      problems.push({ line: info.lines, message: `expected ${header.length} fields, found ${record.length}` });
      continue;
    }
    rows.push({ line: info.lines, values: new Map(header.map((h, i) => [h, record[i] ?? ''])) });
  }
  if (rest.length === 0) problems.push({ line: 2, message: HEADER_ONLY });
  return { header, rows };
}

/** The header's problems: a column twice, an unknown column (when `strict`), a required column missing. */
export function checkClassListHeader(header: string[], known: readonly string[], required: readonly string[], strict: boolean, problems: ClassListProblem[]): void {
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) problems.push({ line: 1, message: `column "${name}" appears twice` });
    seen.add(name);
    if (strict && !known.includes(name)) problems.push({ line: 1, message: `unknown column "${name}" (known columns: ${known.join(', ')})` });
  }
  for (const name of required) if (!seen.has(name)) problems.push({ line: 1, message: `missing column "${name}"` });
}

/** A member row's values as the import reads them. */
export function memberRowValues(values: Map<string, string>, declared: ClassListHeader) {
  const get = (c: string | undefined) => (c ? (values.get(c) ?? '') : '');
  return {
    get,
    identifier: get(declared.identifier).toUpperCase(),
    secret: get(declared.secret),
    vin: get(declared.vin).toUpperCase(),
    country: (get('mailingCountry') || 'US').toUpperCase(),
    email: get('emailAddress'),
  };
}

/**
 * The problems of one member row whose header is `declared`: the identifier names one row only
 * (`firstLineOf` remembers the rows seen), the secret (a PIN, a ZIP code) is 4–32 letters or
 * digits, the declared VIN is well formed, every other required column is filled.
 */
export function memberRowProblems(row: ClassListRow, declared: ClassListHeader, firstLineOf: Map<string, number>): string[] {
  const { get, identifier, secret, vin, country, email } = memberRowValues(row.values, declared);
  const credentialColumns = [declared.identifier, declared.secret, declared.vin];
  const otherRequired = declared.required.filter((c) => !credentialColumns.includes(c));
  const problems: string[] = [];
  if (!/^[A-Z0-9][A-Z0-9-]{0,63}$/.test(identifier)) problems.push(`${declared.identifier} "${identifier}" must be 1–64 letters, digits or hyphens`);
  else if (firstLineOf.has(identifier)) problems.push(`${declared.identifier} ${identifier} already appears on line ${firstLineOf.get(identifier)}`);
  else firstLineOf.set(identifier, row.line);
  if (declared.secret && !/^[A-Za-z0-9]{4,32}$/.test(secret)) problems.push(`${declared.secret} must be 4–32 letters or digits`);
  for (const column of otherRequired) if (!get(column)) problems.push(`${column} is required`);
  if (declared.vin && !VIN_PATTERN.test(vin)) problems.push(`${declared.vin} "${vin}" is not a well-formed VIN (17 characters from A–Z without I, O, Q, and 0–9)`);
  if (!/^[A-Z]{2}$/.test(country)) problems.push(`mailingCountry "${country}" must be a two-letter country code`);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push(`emailAddress "${email}" is not an e-mail address`);
  return problems;
}

/** The problem of one class-vehicles row, if any. */
export function vehicleRowProblem(row: ClassListRow): string | null {
  const vin = (row.values.get('vin') ?? '').toUpperCase();
  return VIN_PATTERN.test(vin) ? null : `vin "${vin}" is not a well-formed VIN (17 characters from A–Z without I, O, Q, and 0–9)`;
}

/**
 * Every problem an import of this CSV text would report, each with its line, without importing
 * it. A file holding its header only is not a problem here: it is how a new settlement's class
 * list starts. Problems of rows are not looked for while the header has one.
 */
export function classListProblems(file: 'members' | 'vehicles', csv: string, declared: ClassListHeader = SPEC_CLASS_LIST): ClassListProblem[] {
  const problems: ClassListProblem[] = [];
  const { header, rows } = readClassListCsv(csv, problems);
  const rule = file === 'members' ? { known: declared.known, required: declared.required, strict: true } : { ...CLASS_LIST_HEADERS.vehicles, strict: false };
  if (header.length) checkClassListHeader(header, rule.known, rule.required, rule.strict, problems);
  if (!problems.some((p) => p.line === 1)) {
    const firstLineOf = new Map<string, number>();
    for (const row of rows) {
      if (file === 'members') problems.push(...memberRowProblems(row, declared, firstLineOf).map((message) => ({ line: row.line, message })));
      else {
        const problem = vehicleRowProblem(row);
        if (problem) problems.push({ line: row.line, message: problem });
      }
    }
  }
  return problems.filter((p) => p.message !== HEADER_ONLY).sort((a, b) => a.line - b.line);
}
