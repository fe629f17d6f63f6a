import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { copySampleSettlement, type SettlementCopy } from './settlement-copy';

let copy: SettlementCopy;
let app: FastifyInstance;
let appDir: string;
beforeAll(async () => {
  copy = copySampleSettlement();
  appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
  writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
  app = await buildStudioServer({ folder: copy.dir, appDir, debounceMs: 10 });
});
afterAll(async () => {
  await app.close();
  copy.cleanup();
  rmSync(appDir, { recursive: true, force: true });
});

const MEMBERS = () => path.join(copy.dir, 'class-members.csv');
type Table = { file: string; columns: string[]; required: string[]; rows: string[][] };

describe('the class lists of the studio', () => {
  it('shows each class list as a table, and writes rows back changing only the lines of added, edited or removed rows', async () => {
    // A hand-written file: CRLF line ends, a quoted cell, spaces after commas; its lines must survive.
    const original = readFileSync(MEMBERS(), 'utf8').trimEnd().split('\n');
    const header = original[0]!;
    const maria = original[1]!;
    const james = original[2]!.replace(',James,', ', "James" ,');
    writeFileSync(MEMBERS(), `${[header, maria, james, original[3]!].join('\r\n')}\r\n`);

    const lists = (await app.inject({ method: 'GET', url: '/api/class-lists' })).json<{ lists: Table[] }>().lists;
    expect(lists.map((l) => l.file)).toEqual(['class-members.csv', 'class-vehicles.csv']);
    const members = lists[0]!;
    expect(members.columns).toEqual(header.split(','));
    expect(members.required).toEqual(expect.arrayContaining(['noticeId', 'pin', 'firstName', 'lastName', 'vin']));
    expect(members.rows).toHaveLength(3);
    expect(members.rows[1]![members.columns.indexOf('firstName')]).toBe('James');

    // Edit the third row, remove nothing, add one with a comma in its street.
    const added = members.columns.map((c) => ({ noticeId: 'TST-000001', pin: '123456', firstName: 'Test', lastName: 'Member', mailingStreetLine1: '1 Main St, Suite 2', mailingCountry: 'US', vin: '5EXMA1B20HC000999' })[c] ?? '');
    const edited = members.rows[2]!.map((v, i) => (members.columns[i] === 'lastName' ? 'Tanaka-Smith' : v));
    const res = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [members.rows[0], members.rows[1], edited, added] } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Table>().rows).toHaveLength(4);
    const lines = readFileSync(MEMBERS(), 'utf8').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([header, maria, james]);
    expect(lines[3]).toContain(',Tanaka-Smith,');
    expect(lines[4]).toBe('TST-000001,123456,Test,,Member,"1 Main St, Suite 2",,,,,,,US,,,5EXMA1B20HC000999');
    expect(lines[5]).toBe('');

    // Removing a row takes its line only.
    const removed = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [members.rows[0], edited, added] } });
    expect(removed.statusCode).toBe(200);
    expect(readFileSync(MEMBERS(), 'utf8').split('\r\n').slice(0, 2)).toEqual([header, maria]);
  });

  it('refuses a row that does not fit the columns, naming the row and what to put right, and writes nothing', async () => {
    const before = readFileSync(MEMBERS(), 'utf8');
    const { rows, columns } = (await app.inject({ method: 'GET', url: '/api/class-lists' })).json<{ lists: Table[] }>().lists[0]!;
    const short = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [...rows, ['TST-2', '999999']] } });
    expect(short.statusCode).toBe(422);
    expect(short.json<{ message: string }>().message).toBe(`Not saved (nothing was written): row ${rows.length + 1}: it has 2 values, and class-members.csv has ${columns.length} columns (${columns.join(', ')}).`);
    const noName = columns.map((c) => ({ noticeId: 'TST-000002', pin: '654321', vin: '5EXMA1B20HC000998', lastName: 'Member' })[c] ?? '');
    const missing = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [...rows, noName] } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ message: string }>().message).toBe(`Not saved (nothing was written): row ${rows.length + 1}: firstName is required.`);
    const twice = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [...rows, rows[0]] } });
    expect(twice.json<{ problems: Array<{ row: number; message: string }> }>().problems).toEqual([{ row: rows.length + 1, message: expect.stringMatching(/^noticeId EXM-100001 already appears on line 2$/) }]);
    const badVin = await app.inject({ method: 'PUT', url: '/api/class-lists/class-vehicles.csv', payload: { rows: [['NOT-A-VIN']] } });
    expect(badVin.statusCode).toBe(422);
    expect(badVin.json<{ message: string }>().message).toContain('row 1: vin "NOT-A-VIN" is not a well-formed VIN');
    expect(readFileSync(MEMBERS(), 'utf8')).toBe(before);
    const other = await app.inject({ method: 'PUT', url: '/api/class-lists/settings.json', payload: { rows: [] } });
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe('"settings.json" is not a class list of this settlement (it has class-members.csv, class-vehicles.csv).');
    const notRows = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [[{ street: 'Main' }]] } });
    expect(notRows.statusCode).toBe(400);
  });

  it('reads and writes a list saved with semicolons (a spreadsheet in many languages) with its own separator', async () => {
    const before = readFileSync(MEMBERS(), 'utf8');
    writeFileSync(MEMBERS(), 'noticeId;pin;firstName;lastName;mailingStreetLine1;vin\nEXM-100001;482913;Maria;Garcia;"1 Rue; Apt 2";5EXMA1B20HC000101\n');
    try {
      const members = (await app.inject({ method: 'GET', url: '/api/class-lists' })).json<{ lists: Table[] }>().lists[0]!;
      expect(members.columns).toEqual(['noticeId', 'pin', 'firstName', 'lastName', 'mailingStreetLine1', 'vin']);
      expect(members.rows).toEqual([['EXM-100001', '482913', 'Maria', 'Garcia', '1 Rue; Apt 2', '5EXMA1B20HC000101']]);
      const added = ['TST-000003', '123456', 'Ana', 'Ruiz', '2 Calle Mayor; 3º', '5EXMA1B20HC000997'];
      const res = await app.inject({ method: 'PUT', url: '/api/class-lists/class-members.csv', payload: { rows: [...members.rows, added] } });
      expect(res.statusCode).toBe(200);
      expect(readFileSync(MEMBERS(), 'utf8').split('\n')).toEqual([
        'noticeId;pin;firstName;lastName;mailingStreetLine1;vin',
        'EXM-100001;482913;Maria;Garcia;"1 Rue; Apt 2";5EXMA1B20HC000101',
        'TST-000003;123456;Ana;Ruiz;"2 Calle Mayor; 3º";5EXMA1B20HC000997',
        '',
      ]);
    } finally {
      writeFileSync(MEMBERS(), before);
    }
  });
});
