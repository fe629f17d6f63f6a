/**
 * The folder's class lists (class-members.csv, class-vehicles.csv) as tables: their header and rows,
 * and rows written back, so an author puts test members in to walk the forms with.
 *
 *   GET /api/class-lists          every class list of the folder: file, columns, required columns, rows
 *   PUT /api/class-lists/:file    { rows: [[…], …] }: the file's rows (under its header, unchanged),
 *                                 refused (422, nothing written) with each row's problem as the
 *                                 import (`npm run admin -- import-class-list`) would report it
 *
 * A row the author did not change keeps its line as it was (its quoting, its spacing); only added and
 * edited rows are written anew, so `git diff` shows the rows that changed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { classListProblems, csvSeparator } from '../../settlement/class-list-rows';
import { CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE } from '../../settlement/files';
import { readSettlementFolder } from '../../settlement/read';
import { declaredClassListHeader } from '../../server/settlement/forms';

export interface ClassListTable {
  file: string;
  columns: string[];
  /** Columns every row must fill (the credentials, and forms.json `classList.required`). */
  required: string[];
  rows: string[][];
}

/** A row refused, by its number among the rows (1 is the first under the header). */
export interface ClassListRowProblem {
  row: number;
  message: string;
}

const FILES = [CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE] as const;
const isClassListFile = (name: string): name is (typeof FILES)[number] => FILES.some((file) => file === name);

/** One CSV line's cells as the import reads them (trimmed), or null when it is not one whole record. */
function cellsOf(line: string, separator: string): string[] | null {
  try {
    const records: string[][] = parse(line, { trim: true, relax_column_count: true, delimiter: separator });
    const [only] = records;
    return records.length === 1 && only !== undefined ? only : null;
  } catch {
    return null;
  }
}

/** A cell as CSV: quoted when it holds the file's separator or a quote. */
const csvCell = (value: string, separator: string) => (value.includes('"') || value.includes(separator) ? `"${value.replace(/"/g, '""')}"` : value);

interface CsvFile {
  bom: string;
  eol: string;
  /** The column separator the file uses (the import's reading of its header row). */
  separator: string;
  header: string;
  columns: string[];
  /** Each row's raw line and its cells. */
  lines: Array<{ raw: string; cells: string[] | null }>;
}

function readCsvFile(text: string): CsvFile {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const [header = '', ...rest] = text.slice(bom.length).split(/\r?\n/);
  const separator = csvSeparator(text);
  return {
    bom,
    eol,
    separator,
    header,
    columns: cellsOf(header, separator) ?? [],
    lines: rest.filter((raw) => raw.trim() !== '').map((raw) => ({ raw, cells: cellsOf(raw, separator) })),
  };
}

/** The new text: the header as it was, each unchanged row's own line, the other rows written as CSV. */
function csvText(csv: CsvFile, rows: readonly string[][]): string {
  const unchanged = new Map<string, string[]>();
  for (const { raw, cells } of csv.lines) {
    if (!cells) continue;
    const key = JSON.stringify(cells);
    unchanged.set(key, [...(unchanged.get(key) ?? []), raw]);
  }
  const lines = rows.map((row) => unchanged.get(JSON.stringify(row))?.shift() ?? row.map((cell) => csvCell(cell, csv.separator)).join(csv.separator));
  return `${csv.bom}${[csv.header, ...lines].map((line) => `${line}${csv.eol}`).join('')}`;
}

export async function classListRoutes(app: FastifyInstance, options: { folder: string }): Promise<void> {
  const { folder } = options;
  // The folder's class lists, or those of the folder it extends; a save writes the folder's own (which then replaces the other's).
  const classListText = (name: string): string | undefined => readSettlementFolder(folder).files.get(name)?.text;
  const has = (name: string) => classListText(name) !== undefined;
  const table = (name: string): ClassListTable => {
    const csv = readCsvFile(classListText(name) ?? '');
    const required = name === CLASS_MEMBERS_FILE ? declaredClassListHeader(folder).required : ['vin'];
    return { file: name, columns: csv.columns, required: required.filter((c) => csv.columns.includes(c)), rows: csv.lines.map((l) => l.cells ?? []) };
  };

  app.get('/api/class-lists', async () => ({ lists: FILES.filter(has).map(table) }));

  app.put<{ Params: { file: string }; Body: { rows: string[][] } }>(
    '/api/class-lists/:file',
    {
      schema: {
        body: {
          type: 'object',
          required: ['rows'],
          additionalProperties: false,
          properties: { rows: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
    async (request, reply) => {
      const name = request.params.file;
      const file = path.join(folder, name);
      const current = isClassListFile(name) ? classListText(name) : undefined;
      if (current === undefined) {
        return reply.code(404).send({ message: `"${name}" is not a class list of this settlement (it has ${FILES.filter(has).join(', ') || 'none'}).` });
      }
      const csv = readCsvFile(current);
      const rows = request.body.rows.map((row) => row.map((cell) => cell.trim()));
      const problems: ClassListRowProblem[] = [];
      rows.forEach((row, i) => {
        if (row.length !== csv.columns.length) problems.push({ row: i + 1, message: `it has ${row.length} values, and ${name} has ${csv.columns.length} columns (${csv.columns.join(', ')})` });
        else if (row.some((cell) => /[\r\n]/.test(cell))) problems.push({ row: i + 1, message: 'a value cannot hold a line break' });
      });
      const text = csvText(csv, rows);
      if (problems.length === 0) {
        const header = declaredClassListHeader(folder);
        // The import's own checks, by line: line 2 is the first row.
        for (const p of classListProblems(name === CLASS_MEMBERS_FILE ? 'members' : 'vehicles', text, header)) problems.push({ row: p.line - 1, message: p.message });
      }
      const [first] = problems;
      if (first !== undefined) {
        return reply.code(422).send({ message: `Not saved (nothing was written): row ${first.row}: ${first.message}.`, problems });
      }
      writeFileSync(file, text);
      return table(name);
    },
  );
}
