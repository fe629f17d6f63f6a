/**
 * The class list: class vehicles (VINs) and class members (notice ID, hashed PIN, contact data).
 * Imports read CSV text, check every row first and report every problem with its line number;
 * only a clean file is written, in one transaction.
 */
import { sql } from 'kysely';
import { ClassListImportError, type ImportProblem } from './errors.js';
import { createPinHasher, type PinHasher } from './pin-hash.js';
import { runTemplate, statementTemplate } from './statement-batch.js';
import type { ClassMembersTable } from './schema.js';
import type { BatchRow, ClassList, ClassMember, Clock, Database, ImportMode, ImportResult } from './types.js';
import { SPEC_CLASS_LIST, type ClassListHeader } from '../../runtime/core/forms/index.js';
import { isRecord } from '../../runtime/core/guards.js';
import { CLASS_LIST_HEADERS } from '../../settlement/files.js';
import { checkClassListHeader, classListProblems, HEADER_ONLY, memberRowProblems, memberRowValues, readClassListCsv, vehicleRowProblem, VIN_PATTERN } from '../../settlement/class-list-rows.js';

export { CLASS_LIST_HEADERS, classListProblems, HEADER_ONLY, VIN_PATTERN };

const emptyToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

interface ParsedMember extends ClassMember {
  pin: string;
}

/**
 * The members of a class-members.csv whose header is `declared` (forms.json `classList`, else the
 * spec's sample): the identifier column names the row, the secret column (a PIN, a ZIP code) is
 * kept only to be hashed, the VIN column (when declared) must be a well-formed VIN; every other
 * column is kept as given, for prefill.
 */
function parseMembers(csv: string, declared: ClassListHeader): ParsedMember[] {
  const problems: ImportProblem[] = [];
  const { header, rows } = readClassListCsv(csv, problems);
  if (header.length) checkClassListHeader(header, declared.known, declared.required, true, problems);
  if (problems.some((p) => p.line === 1)) throw new ClassListImportError('Class list', problems);

  const members: ParsedMember[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const rowProblems = memberRowProblems(row, declared, firstLineOf);
    if (rowProblems.length) {
      problems.push(...rowProblems.map((message) => ({ line: row.line, message })));
      continue;
    }
    const { get, identifier, secret, vin, country, email } = memberRowValues(row.values, declared);
    const columns: Record<string, string> = {};
    for (const column of header) if (column !== declared.secret && column !== declared.identifier) columns[column] = get(column);
    members.push({
      noticeId: identifier,
      pin: secret,
      firstName: get('firstName'),
      middleInitial: emptyToNull(get('middleInitial')),
      lastName: get('lastName'),
      mailingStreetLine1: emptyToNull(get('mailingStreetLine1')),
      mailingStreetLine2: emptyToNull(get('mailingStreetLine2')),
      mailingCity: emptyToNull(get('mailingCity')),
      mailingSubDivision: emptyToNull(get('mailingSubDivision')),
      mailingPostalCode: emptyToNull(get('mailingPostalCode')),
      mailingSubDivisionNonUS: emptyToNull(get('mailingSubDivisionNonUS')),
      mailingPostalCodeNonUS: emptyToNull(get('mailingPostalCodeNonUS')),
      mailingCountry: country,
      emailAddress: emptyToNull(email),
      phoneNumber: emptyToNull(get('phoneNumber')),
      vin,
      columns: { ...columns, [declared.identifier]: identifier, ...(declared.vin ? { [declared.vin]: vin } : {}) },
    });
  }
  if (problems.length) throw new ClassListImportError('Class list', problems);
  return members;
}

function parseVehicles(csv: string): string[] {
  const problems: ImportProblem[] = [];
  const { header, rows } = readClassListCsv(csv, problems);
  if (header.length) checkClassListHeader(header, CLASS_LIST_HEADERS.vehicles.known, CLASS_LIST_HEADERS.vehicles.required, false, problems);
  if (problems.some((p) => p.line === 1)) throw new ClassListImportError('Class vehicles', problems);
  const vins = new Set<string>();
  for (const row of rows) {
    const problem = vehicleRowProblem(row);
    if (problem) problems.push({ line: row.line, message: problem });
    else vins.add((row.values.get('vin') ?? '').toUpperCase());
  }
  if (problems.length) throw new ClassListImportError('Class vehicles', problems);
  return [...vins];
}

function toRow(m: ClassMember, pinHash: string): ClassMembersTable {
  return {
    row_values: JSON.stringify(m.columns),
    notice_id: m.noticeId,
    pin_hash: pinHash,
    first_name: m.firstName,
    middle_initial: m.middleInitial,
    last_name: m.lastName,
    mailing_street_line1: m.mailingStreetLine1,
    mailing_street_line2: m.mailingStreetLine2,
    mailing_city: m.mailingCity,
    mailing_sub_division: m.mailingSubDivision,
    mailing_postal_code: m.mailingPostalCode,
    mailing_sub_division_non_us: m.mailingSubDivisionNonUS,
    mailing_postal_code_non_us: m.mailingPostalCodeNonUS,
    mailing_country: m.mailingCountry,
    email_address: m.emailAddress,
    phone_number: m.phoneNumber,
    vin: m.vin,
  };
}

/** The sample's columns of a row, as the table keeps them. */
function fixedColumns(r: ClassMembersTable): Omit<ClassMember, 'columns'> {
  return {
    noticeId: r.notice_id,
    firstName: r.first_name,
    middleInitial: r.middle_initial,
    lastName: r.last_name,
    mailingStreetLine1: r.mailing_street_line1,
    mailingStreetLine2: r.mailing_street_line2,
    mailingCity: r.mailing_city,
    mailingSubDivision: r.mailing_sub_division,
    mailingPostalCode: r.mailing_postal_code,
    mailingSubDivisionNonUS: r.mailing_sub_division_non_us,
    mailingPostalCodeNonUS: r.mailing_postal_code_non_us,
    mailingCountry: r.mailing_country,
    emailAddress: r.email_address,
    phoneNumber: r.phone_number,
    vin: r.vin,
  };
}

/** Every column of a row; a row imported before rows kept their columns has the sample's. */
function rowColumns(r: ClassMembersTable, fixed: Omit<ClassMember, 'columns'>): Record<string, string> {
  const sample = () => Object.fromEntries(Object.entries(fixed).map(([column, value]) => [column, value ?? '']));
  if (!r.row_values) return sample();
  let stored: unknown;
  try {
    stored = JSON.parse(r.row_values);
  } catch {
    return sample();
  }
  if (!isRecord(stored)) return sample();
  const columns: Record<string, string> = {};
  for (const [column, value] of Object.entries(stored)) if (typeof value === 'string') columns[column] = value;
  return columns;
}

/** A class_members row as a batch answers it (JSON), every column text or null; null when it is not one. */
/** A class member's row by notice ID (statement-batch.ts: compiled once). */
const MEMBER_BY_NOTICE_ID = statementTemplate((v) => sql`select * from class_members where notice_id = ${v(0)}`);

function memberRowOf(row: BatchRow | undefined): ClassMembersTable | null {
  if (!row) return null;
  const text = (column: keyof ClassMembersTable): string | null => {
    const value = row[column];
    return typeof value === 'string' ? value : null;
  };
  const notice_id = text('notice_id');
  const pin_hash = text('pin_hash');
  const first_name = text('first_name');
  const last_name = text('last_name');
  const mailing_country = text('mailing_country');
  const vin = text('vin');
  if (notice_id === null || pin_hash === null || first_name === null || last_name === null || mailing_country === null || vin === null) return null;
  return {
    notice_id,
    pin_hash,
    first_name,
    middle_initial: text('middle_initial'),
    last_name,
    mailing_street_line1: text('mailing_street_line1'),
    mailing_street_line2: text('mailing_street_line2'),
    mailing_city: text('mailing_city'),
    mailing_sub_division: text('mailing_sub_division'),
    mailing_postal_code: text('mailing_postal_code'),
    mailing_sub_division_non_us: text('mailing_sub_division_non_us'),
    mailing_postal_code_non_us: text('mailing_postal_code_non_us'),
    mailing_country,
    email_address: text('email_address'),
    phone_number: text('phone_number'),
    vin,
    row_values: text('row_values'),
  };
}

function fromRow(r: ClassMembersTable): ClassMember {
  const fixed = fixedColumns(r);
  return { columns: rowColumns(r, fixed), ...fixed };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ClassListOptions {
  /**
   * The server's PIN secret (PIN_SECRET): PINs are stored as HMAC-SHA256 keyed by it. Needed to
   * import members and to verify PINs; reading vehicles and members works without it.
   */
  pinSecret?: string;
  /**
   * How often the class vehicles held in memory are checked against the database's class-list
   * version (one single-row read), ms. Default 1000. Imports through this list refresh at once.
   */
  vehicleCheckIntervalMs?: number;
  clock?: Clock;
  /** The class-members.csv header the settlement declares (forms.json `classList`); default the spec's sample. */
  header?: ClassListHeader;
}

/** Above this many class vehicles, lookups go to the database instead of a set in memory. */
export const MAX_VEHICLES_IN_MEMORY = 500_000;

export function createClassList(database: Database, options: ClassListOptions = {}): ClassList {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  const checkIntervalMs = options.vehicleCheckIntervalMs ?? 1000;
  let hasher: PinHasher | null = null;
  const pins = (): PinHasher => {
    if (!options.pinSecret) throw new Error('No PIN secret: set PIN_SECRET (class-member PINs are keyed with it)');
    return (hasher ??= createPinHasher(options.pinSecret));
  };
  let dummyHash: string | null = null;

  // Class vehicles in memory, refreshed when the class-list version moved (another process imported).
  let vehicles: { version: string; vins: Set<string> | null } | null = null;
  let checkedAt = -Infinity;
  let refreshing: Promise<void> | null = null;

  async function currentVersion(): Promise<string> {
    const row = await db.selectFrom('class_list_version').select('version').where('id', '=', 1).executeTakeFirst();
    return String(row?.version ?? 0);
  }

  async function refreshVehicles(): Promise<void> {
    const version = await currentVersion();
    checkedAt = clock();
    if (vehicles && vehicles.version === version) return;
    const { n } = await db.selectFrom('class_vehicles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > MAX_VEHICLES_IN_MEMORY) {
      vehicles = { version, vins: null };
      return;
    }
    const rows = await db.selectFrom('class_vehicles').select('vin').execute();
    vehicles = { version, vins: new Set(rows.map((r) => r.vin)) };
  }

  async function vehicleSet(): Promise<Set<string> | null> {
    if (!vehicles || clock() - checkedAt >= checkIntervalMs) {
      refreshing ??= refreshVehicles().finally(() => {
        refreshing = null;
      });
      await refreshing;
    }
    return vehicles?.vins ?? null;
  }

  const bumpVersion = (trx: typeof db) =>
    trx
      .updateTable('class_list_version')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', 1)
      .execute();
  const forgetVehicles = () => {
    vehicles = null;
  };

  return {
    async isClassVehicle(vin) {
      const wanted = vin.trim().toUpperCase();
      const vins = await vehicleSet();
      if (vins) return vins.has(wanted);
      const row = await db.selectFrom('class_vehicles').select('vin').where('vin', '=', wanted).executeTakeFirst();
      return row !== undefined;
    },
    async findMember(noticeId) {
      const row = await db.selectFrom('class_members').selectAll().where('notice_id', '=', noticeId.trim().toUpperCase()).executeTakeFirst();
      return row ? fromRow(row) : null;
    },
    async verifyPin(noticeId, pin, batch) {
      const hasherNow = pins();
      // Compiled once: read on every PIN sign-in, and the query builder takes longer to assemble
      // the statement than the database takes to run it.
      const select = { template: MEMBER_BY_NOTICE_ID, values: [noticeId.trim().toUpperCase()] };
      const row = memberRowOf((batch ? await batch.add(select).rows : await runTemplate(db, database.dialect, select))[0]);
      // An unknown notice ID costs the same keyed comparison as a wrong PIN.
      dummyHash ??= hasherNow.hash('unused-pin');
      const { ok, needsRehash } = await hasherNow.verify(pin, row ? row.pin_hash : dummyHash);
      if (!row || !ok) return null;
      if (needsRehash) {
        // A hash from before PINs were keyed: replace it now that the PIN is known (only if the
        // row still holds that hash, so a concurrent import wins).
        await db.updateTable('class_members').set({ pin_hash: hasherNow.hash(pin) }).where('notice_id', '=', row.notice_id).where('pin_hash', '=', row.pin_hash).execute();
      }
      return fromRow(row);
    },
    async importMembers(csv, mode: ImportMode = 'upsert'): Promise<ImportResult> {
      const members = parseMembers(csv, options.header ?? SPEC_CLASS_LIST);
      const hasherNow = pins();
      const rows = members.map((m) => toRow(m, hasherNow.hash(m.pin)));
      return db.transaction().execute(async (trx) => {
        await bumpVersion(trx);
        const existing = new Set((await trx.selectFrom('class_members').select('notice_id').execute()).map((r) => r.notice_id));
        const inFile = new Set(rows.map((r) => r.notice_id));
        if (mode === 'replace') await trx.deleteFrom('class_members').execute();
        for (const batch of chunks(rows, 50)) {
          await trx
            .insertInto('class_members')
            .values(batch)
            .onConflict((oc) =>
              oc.column('notice_id').doUpdateSet(() => {
                const set: Record<string, unknown> = {};
                // The columns are the rows' own (a settlement's header decides them), so the reference is built from the name.
                for (const column of Object.keys(batch[0] ?? {})) if (column !== 'notice_id') set[column] = sql.ref(`excluded.${column}`);
                return set;
              }),
            )
            .execute();
        }
        const updated = [...inFile].filter((id) => existing.has(id)).length;
        return {
          rows: rows.length,
          inserted: rows.length - updated,
          updated,
          removed: mode === 'replace' ? [...existing].filter((id) => !inFile.has(id)).length : 0,
        };
      });
    },
    async importVehicles(csv, mode: ImportMode = 'upsert'): Promise<ImportResult> {
      const vins = parseVehicles(csv);
      const result = await db.transaction().execute(async (trx) => {
        await bumpVersion(trx);
        const existing = new Set((await trx.selectFrom('class_vehicles').select('vin').execute()).map((r) => r.vin));
        const inFile = new Set(vins);
        if (mode === 'replace') await trx.deleteFrom('class_vehicles').execute();
        for (const batch of chunks(vins, 500)) {
          await trx
            .insertInto('class_vehicles')
            .values(batch.map((vin) => ({ vin })))
            .onConflict((oc) => oc.column('vin').doNothing())
            .execute();
        }
        const kept = vins.filter((v) => existing.has(v)).length;
        return {
          rows: vins.length,
          inserted: vins.length - kept,
          updated: 0,
          removed: mode === 'replace' ? [...existing].filter((v) => !inFile.has(v)).length : 0,
        };
      });
      forgetVehicles();
      return result;
    },
    async counts() {
      const [m, v] = await Promise.all([
        db.selectFrom('class_members').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('class_vehicles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { members: Number(m.n), vehicles: Number(v.n) };
    },
  };
}

