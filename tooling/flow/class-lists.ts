/**
 * A settlement folder's class-list files (class-members.csv, class-vehicles.csv), checked as the
 * import checks them before the server start imports them: the header against the columns the
 * import needs (a misspelt column is named with its nearest known name, at line 1 and its column),
 * then, once the header is right, the rows (the first few problems, each at its line).
 */
import { parse } from 'csv-parse/sync';
import { classListProblems, csvSeparator } from '../../settlement/class-list-rows';
import { CLASS_LIST_HEADERS, CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE } from '../../settlement/files';
import type { SettlementFolder } from '../../settlement/read';
import { SPEC_CLASS_LIST, type ClassListHeader } from '../../runtime/core/forms';
import { hasValidVinCheckDigit, vinCheckDigitOf } from '../../runtime/core/rules/adapters/vinCheckDigit';
import { messageOf } from '../../runtime/core/guards';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { didYouMean, nearestName } from '../../runtime/core/flow/nearest';

interface HeaderRule {
  known: readonly string[];
  required: readonly string[];
  otherColumns: 'refused' | 'ignored';
}

/** The first row's cells and the 1-based column where each starts. */
function headerCells(text: string): Array<{ name: string; column: number }> {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const [cells = []] = parse(firstLine, { trim: true, relax_column_count: true, delimiter: csvSeparator(firstLine) });
  let from = 0;
  return cells.map((name) => {
    const at = firstLine.indexOf(name, from);
    from = at < 0 ? from : at + name.length;
    return { name, column: (at < 0 ? 0 : at) + 1 };
  });
}

/**
 * Every problem of the class-list headers of a settlement folder, each at line 1 and the column of the cell
 * (pointer '/0/<cell index>': first row, that cell); a file the folder does not have is not checked.
 * `members` is the class-members.csv header the settlement declares (forms.json `classList`).
 */
export function classListIssues(folder: SettlementFolder, members: ClassListHeader = SPEC_CLASS_LIST, shownRows = 5): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const files: Array<{ name: string; kind: 'members' | 'vehicles'; header: HeaderRule }> = [
    { name: CLASS_MEMBERS_FILE, kind: 'members', header: { known: members.known, required: members.required, otherColumns: 'refused' } },
    { name: CLASS_VEHICLES_FILE, kind: 'vehicles', header: CLASS_LIST_HEADERS.vehicles },
  ];
  for (const { name, kind, header } of files) {
    const entry = folder.files.get(name);
    if (!entry) continue;
    const file = entry.path;
    const headerIssues = issues.length;
    let cells: Array<{ name: string; column: number }>;
    try {
      cells = headerCells(entry.text);
    } catch (err) {
      issues.push({ file, pointer: '/0', line: 1, column: 1, message: `unreadable CSV header: ${messageOf(err)}`, hint: 'the first row names the columns, separated by commas' });
      continue;
    }
    const known: readonly string[] = header.known;
    const names = cells.map((c) => c.name);
    const unknown = cells.filter((c) => !known.includes(c.name));
    cells.forEach((cell, i) => {
      const where = { file, pointer: `/0/${i}`, line: 1, column: cell.column };
      if (names.indexOf(cell.name) !== i) issues.push({ ...where, message: `column "${cell.name}" appears twice`, hint: 'keep one column of each name' });
      else if (!known.includes(cell.name) && header.otherColumns === 'refused') {
        issues.push({ ...where, message: `unknown column "${cell.name}"`, hint: didYouMean(cell.name, known) });
      }
    });
    for (const required of header.required) {
      if (names.includes(required)) continue;
      // A misspelt required column is the cell nearest to it.
      const near = unknown.find((c) => nearestName(c.name, [required]) === required);
      // Where unknown columns are refused, the misspelt cell is reported already, with this name as its hint.
      if (near && header.otherColumns === 'refused' && nearestName(near.name, known) === required) continue;
      issues.push({
        file,
        pointer: near ? `/0/${cells.indexOf(near)}` : '/0',
        line: 1,
        column: near?.column ?? 1,
        message: `missing column "${required}"`,
        hint: near ? `rename the column "${near.name}" to "${required}"` : `add a "${required}" column to the header (required: ${header.required.join(', ')})`,
      });
    }
    if (issues.length > headerIssues) continue;
    // A credential column forms.json names and the header lacks is forms.json's problem, told there; its rows would all be refused for it.
    const credentialColumns = kind === 'members' ? [members.identifier, members.secret, members.vin] : [];
    if (credentialColumns.some((column) => column !== undefined && !names.includes(column))) continue;
    // The rows, as the import reads them: the first few problems, then how many more.
    const rows = classListProblems(kind, entry.text, members);
    const more = rows.length - shownRows;
    rows.slice(0, shownRows).forEach(({ line, message }, k) => {
      const last = k === shownRows - 1 && more > 0;
      issues.push({ file, pointer: `/${line - 1}`, line, column: 1, message, hint: `correct the row, or remove it${last ? ` (${more} more problem(s) in ${name})` : ''}: the import refuses the whole file while a row has a problem` });
    });
  }
  return issues;
}

/**
 * Warnings (not problems) for a settlement whose VIN credential verifies the check digit: the VINs
 * of its class lists (class-vehicles.csv, and the members' `vin` column) that fail it could never
 * sign in. Each names its file and line; at most `shown` are listed, then how many more.
 */
export function checkDigitWarnings(folder: SettlementFolder, members: ClassListHeader, shown = 5): FlowIssue[] {
  const warnings: FlowIssue[] = [];
  const sources: Array<{ name: string; column: string }> = [{ name: CLASS_VEHICLES_FILE, column: 'vin' }];
  if (members.vin) sources.push({ name: CLASS_MEMBERS_FILE, column: members.vin });
  for (const { name, column } of sources) {
    const entry = folder.files.get(name);
    if (!entry) continue;
    const file = entry.path;
    let rows: Array<Record<string, string>>;
    try {
      rows = parse<Record<string, string>>(entry.text.replace(/^\uFEFF/, ''), { columns: true, trim: true, skip_empty_lines: true, relax_column_count: true });
    } catch {
      continue; // An unreadable file is the header check's problem.
    }
    const failing: Array<{ line: number; vin: string }> = [];
    rows.forEach((row, i) => {
      const vin = (row[column] ?? '').toUpperCase();
      if (vinCheckDigitOf(vin) !== null && !hasValidVinCheckDigit(vin)) failing.push({ line: i + 2, vin });
    });
    const more = failing.length - shown;
    failing.slice(0, shown).forEach(({ line, vin }, k) => {
      warnings.push({
        file,
        pointer: `/${line - 1}`,
        line,
        column: 1,
        message: `${column} "${vin}" fails its check digit (9th character should be "${vinCheckDigitOf(vin)}"), so it can never sign in while forms.json verifies the check digit`,
        hint: k === shown - 1 && more > 0 ? `correct the VIN, or remove "checkDigit" from the VIN credential (${more} more VIN(s) of ${name} fail too)` : 'correct the VIN, or remove "checkDigit" from the VIN credential',
      });
    });
  }
  return warnings;
}
