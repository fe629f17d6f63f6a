import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClassListImportError } from '../../../server/db/errors.js';
import { createClassList, VIN_PATTERN } from '../../../server/db/class-list.js';
import { hashPinScrypt } from '../../../server/db/pin-hash.js';
import { seedSampleData } from '../../../server/db/seed.js';
import { classVehiclesCsv } from '../../../server/admin/generate-class-vehicles.js';
import type { ClassList } from '../../../server/db/types.js';
import { DIALECTS, openTestDatabase, type TestDatabase } from './helpers.js';

const HEADER = 'noticeId,pin,firstName,lastName,mailingCity,mailingCountry,emailAddress,vin';
const PIN_SECRET = 'class-list-test-pin-secret-0123456789';
const GOOD = `${HEADER}\nEXM-1,482913,Maria,Garcia,Oakland,US,maria@example.com,5EXMA1B20HC000101\nEXM-2,730155,James,O'Neil,Springfield,,,5EXMA1B20JC000202\n`;

async function importError(run: Promise<unknown>): Promise<ClassListImportError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClassListImportError);
  return error as ClassListImportError;
}

describe.each(DIALECTS)('class list over %s', (dialect) => {
  let t: TestDatabase;
  let list: ClassList;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    list = createClassList(t.database, { pinSecret: PIN_SECRET });
  });
  afterEach(async () => t.cleanup());

  it('imports members, stores the PIN hashed, and verifies it', async () => {
    expect(await list.importMembers(GOOD)).toEqual({ rows: 2, inserted: 2, updated: 0, removed: 0 });
    const stored = await t.database.db.selectFrom('class_members').select(['notice_id', 'pin_hash']).orderBy('notice_id').execute();
    expect(stored[0]!.pin_hash).toMatch(/^hmac-sha256\$[\w-]{8}\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(stored[0]!.pin_hash).not.toContain('482913');
    expect(stored[0]!.pin_hash).not.toBe(stored[1]!.pin_hash);

    expect(await list.verifyPin('EXM-1', '482913')).toMatchObject({ noticeId: 'EXM-1', firstName: 'Maria', mailingCountry: 'US', vin: '5EXMA1B20HC000101' });
    expect(await list.verifyPin(' exm-1 ', '482913')).not.toBeNull();
    expect(await list.verifyPin('EXM-1', '482914')).toBeNull();
    expect(await list.verifyPin('EXM-1', '')).toBeNull();
    expect(await list.verifyPin('EXM-404', '482913')).toBeNull();
    expect(await list.findMember('EXM-2')).toMatchObject({ lastName: "O'Neil", mailingCountry: 'US', emailAddress: null });
  });

  it('refuses a file with bad rows as a whole, naming every line, and imports nothing', async () => {
    await list.importMembers(GOOD);
    const bad = `${HEADER}\nEXM-3,111111,Ann,Lee,,US,,5EXMA1B20HC000111\nEXM-4,12,Bob,,,US,not-an-email,1HGCM82633A0043\nEXM-3,222222,Cy,Day,,USA,,5EXMA1B20HC000112\n`;
    const error = await importError(list.importMembers(bad, 'replace'));
    expect(error.problems.map((p) => p.line)).toEqual([3, 3, 3, 3, 4, 4]);
    expect(error.message).toMatch(/line 3: pin must be/);
    expect(error.message).toMatch(/line 4: noticeId EXM-3 already appears on line 2/);
    expect(error.message).toMatch(/nothing was written/);
    expect(await list.counts()).toEqual({ members: 2, vehicles: 0 });
    expect(await list.findMember('EXM-3')).toBeNull();
  });

  it('refuses unknown or missing columns, ragged rows, unreadable CSV and empty files', async () => {
    expect((await importError(list.importMembers('noticeId,pin,firstName,lastName,vin,pinn\n'))).problems[0]).toEqual({ line: 1, message: expect.stringMatching(/unknown column "pinn"/) });
    expect((await importError(list.importMembers('noticeId,pin,firstName\n'))).message).toMatch(/missing column "lastName"/);
    expect((await importError(list.importMembers(`${HEADER}\nEXM-1,1234\n`))).problems).toEqual([{ line: 2, message: 'expected 8 fields, found 2' }]);
    expect((await importError(list.importMembers(`${HEADER}\n"EXM-1,1234\n`))).message).toMatch(/unreadable CSV/);
    expect((await importError(list.importMembers(''))).message).toMatch(/empty/);
    expect((await importError(list.importVehicles('vin\n'))).message).toMatch(/no rows/);
    expect(await list.counts()).toEqual({ members: 0, vehicles: 0 });
  });

  it('upserts by notice ID, or replaces the whole list', async () => {
    await list.importMembers(GOOD);
    const next = `${HEADER}\nEXM-2,999999,Jim,O'Neil,,US,,5EXMA1B20JC000202\nEXM-5,555555,Eve,Ng,,CA,,5EXMS2D41KC000303\n`;
    expect(await list.importMembers(next)).toEqual({ rows: 2, inserted: 1, updated: 1, removed: 0 });
    expect(await list.verifyPin('EXM-2', '999999')).toMatchObject({ firstName: 'Jim' });
    expect(await list.verifyPin('EXM-2', '730155')).toBeNull();
    expect((await list.counts()).members).toBe(3);
    expect(await list.importMembers(next, 'replace')).toEqual({ rows: 2, inserted: 0, updated: 2, removed: 1 });
    expect(await list.findMember('EXM-1')).toBeNull();
  });

  it('imports class vehicles and answers whether a VIN is one', async () => {
    const bad = 'vin\n5EXMA1B20HC000101\n5exma1b20jc000202\nNOTAVIN\n1HGCM82633A00435O\n';
    const error = await importError(list.importVehicles(bad));
    expect(error.problems.map((p) => p.line)).toEqual([4, 5]);
    expect(await list.importVehicles('vin\n5EXMA1B20HC000101\n5exma1b20jc000202\n5EXMA1B20HC000101\n')).toMatchObject({ rows: 2, inserted: 2 });
    expect(await list.isClassVehicle('5EXMA1B20JC000202')).toBe(true);
    expect(await list.isClassVehicle('5exma1b20hc000101')).toBe(true);
    expect(await list.isClassVehicle('1HGCM82633A004352')).toBe(false);
  });

  it('seeds the sample settlement once, leaving an imported list alone', async () => {
    expect(await seedSampleData(t.database, 'server-fixtures', { pinSecret: PIN_SECRET })).toEqual({ members: 3, vehicles: 1203 });
    expect(await list.verifyPin('EXM-100001', '482913')).toMatchObject({ firstName: 'Maria', lastName: 'Garcia', phoneNumber: '(510) 555-0142', vin: '5EXMA1B20HC000101' });
    expect(await list.verifyPin('EXM-100003', '160482')).toMatchObject({ mailingCountry: 'CA', mailingSubDivisionNonUS: 'ON', mailingPostalCodeNonUS: 'M5V 2T6' });
    expect(await list.isClassVehicle('1HGCM82633A004352')).toBe(false);
    expect(await seedSampleData(t.database, 'server-fixtures')).toEqual({ members: 'kept', vehicles: 'kept' });
  });

  it('starts a new settlement whose class lists hold their header only: nothing seeded, no error; its members are seeded once they are added', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'header-only-'));
    try {
      const members = readFileSync('server-fixtures/class-members.csv', 'utf8');
      writeFileSync(path.join(dir, 'class-members.csv'), members.split('\n')[0] + '\n');
      writeFileSync(path.join(dir, 'class-vehicles.csv'), 'vin\n');
      expect(await seedSampleData(t.database, dir, { pinSecret: PIN_SECRET })).toEqual({ members: 'no rows', vehicles: 'no rows' });
      writeFileSync(path.join(dir, 'class-members.csv'), members);
      writeFileSync(path.join(dir, 'class-vehicles.csv'), 'vin\nNOTAVIN\n');
      // Any other problem of the file still stops the start, naming its line.
      expect((await importError(seedSampleData(t.database, dir, { pinSecret: PIN_SECRET }))).problems.map((p) => p.line)).toEqual([2]);
      writeFileSync(path.join(dir, 'class-vehicles.csv'), 'vin\n');
      expect(await seedSampleData(t.database, dir, { pinSecret: PIN_SECRET })).toEqual({ members: 3, vehicles: 'no rows' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)('PIN hashes over %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
  });
  afterEach(async () => t.cleanup());

  const pinHashOf = async (noticeId: string) =>
    (await t.database.db.selectFrom('class_members').select('pin_hash').where('notice_id', '=', noticeId).executeTakeFirstOrThrow()).pin_hash;

  it('verifies a scrypt hash stored before PINs were keyed and re-hashes it with the key on success only', async () => {
    const list = createClassList(t.database, { pinSecret: PIN_SECRET });
    await list.importMembers(GOOD);
    const legacy = await hashPinScrypt('482913', 1024);
    await t.database.db.updateTable('class_members').set({ pin_hash: legacy }).where('notice_id', '=', 'EXM-1').execute();

    // A wrong PIN leaves the old hash as it is.
    expect(await list.verifyPin('EXM-1', '482914')).toBeNull();
    expect(await pinHashOf('EXM-1')).toBe(legacy);
    // The right PIN is accepted, and the row now holds a keyed hash that still verifies.
    expect(await list.verifyPin('EXM-1', '482913')).toMatchObject({ noticeId: 'EXM-1', firstName: 'Maria' });
    const migrated = await pinHashOf('EXM-1');
    expect(migrated).toMatch(/^hmac-sha256\$/);
    expect(migrated).not.toContain('482913');
    expect(await list.verifyPin('EXM-1', '482913')).not.toBeNull();
    expect(await list.verifyPin('EXM-1', '482914')).toBeNull();
    expect(await pinHashOf('EXM-1')).toBe(migrated);
  });

  it('needs the PIN secret: without it no PIN is imported or checked, and another secret matches no PIN', async () => {
    const keyless = createClassList(t.database);
    await expect(keyless.importMembers(GOOD)).rejects.toThrow(/PIN_SECRET/);
    expect(await keyless.counts()).toEqual({ members: 0, vehicles: 0 });
    await expect(createClassList(t.database, { pinSecret: 'too-short' }).verifyPin('EXM-1', '482913')).rejects.toThrow(/at least 32/);

    await createClassList(t.database, { pinSecret: PIN_SECRET }).importMembers(GOOD);
    await expect(keyless.verifyPin('EXM-1', '482913')).rejects.toThrow(/PIN_SECRET/);
    expect(await createClassList(t.database, { pinSecret: `other-${PIN_SECRET}` }).verifyPin('EXM-1', '482913')).toBeNull();
    // The secret is not in the database: no stored value contains it.
    const dump = JSON.stringify(await t.database.db.selectFrom('class_members').selectAll().execute());
    expect(dump).not.toContain(PIN_SECRET);
  });

  it('sees class vehicles imported by another handle (another process) within the check interval', async () => {
    let now = 1_000_000;
    const server = createClassList(t.database, { clock: () => now, vehicleCheckIntervalMs: 1000 });
    expect(await server.isClassVehicle('5EXMA1B20HC000101')).toBe(false);
    await createClassList(await t.reopen()).importVehicles('vin\n5EXMA1B20HC000101\n');
    // Held in memory until the next version check…
    expect(await server.isClassVehicle('5EXMA1B20HC000101')).toBe(false);
    now += 1000;
    // …which sees the import.
    expect(await server.isClassVehicle('5exma1b20hc000101')).toBe(true);
    await createClassList(await t.reopen()).importVehicles('vin\n5EXMA1B20JC000202\n', 'replace');
    now += 1000;
    expect(await server.isClassVehicle('5EXMA1B20HC000101')).toBe(false);
    expect(await server.isClassVehicle('5EXMA1B20JC000202')).toBe(true);
  });
});

describe('the sample class-vehicle list', () => {
  it('is the generator output: the members’ VINs and more than 1,000 unique well-formed VINs', () => {
    const text = readFileSync('server-fixtures/class-vehicles.csv', 'utf8');
    expect(text).toBe(classVehiclesCsv());
    const vins = text.trim().split('\n').slice(1);
    expect(vins.length).toBeGreaterThanOrEqual(1003);
    expect(new Set(vins).size).toBe(vins.length);
    expect(vins.every((v) => VIN_PATTERN.test(v))).toBe(true);
    expect(vins).toEqual(expect.arrayContaining(['5EXMA1B20HC000101', '5EXMA1B20JC000202', '5EXMS2D41KC000303']));
    expect(vins).not.toContain('1HGCM82633A004352');
  });
});
