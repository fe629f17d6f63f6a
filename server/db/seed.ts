/**
 * Imports the settlement folder's class list (class-members.csv, class-vehicles.csv) into empty
 * tables. The server calls it at start and `npm run admin -- seed` on demand; tables that already
 * hold rows are left alone, so an administrator's import is never overwritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClassList, HEADER_ONLY, type ClassListOptions } from './class-list.js';
import { ClassListImportError } from './errors.js';
import type { Database, ImportResult } from './types.js';

export const CLASS_MEMBERS_FILE = 'class-members.csv';
export const CLASS_VEHICLES_FILE = 'class-vehicles.csv';

export interface SeedResult {
  members: number | 'kept' | 'no file' | 'no rows';
  vehicles: number | 'kept' | 'no file' | 'no rows';
}

/**
 * A class list holding its header only (a new settlement's, before its members are added) seeds
 * nothing and is not an error here; any other problem of the file still stops the start.
 */
async function importUnlessHeaderOnly(run: () => Promise<ImportResult>): Promise<number | 'no rows'> {
  try {
    return (await run()).inserted;
  } catch (error) {
    if (error instanceof ClassListImportError && error.problems.length === 1 && error.problems[0]?.message === HEADER_ONLY) return 'no rows';
    throw error;
  }
}

export async function seedSampleData(database: Database, settlementDir: string, options: ClassListOptions = {}): Promise<SeedResult> {
  const classList = createClassList(database, options);
  const counts = await classList.counts();
  const result: SeedResult = { members: 'kept', vehicles: 'kept' };
  const vehiclesFile = path.join(settlementDir, CLASS_VEHICLES_FILE);
  const membersFile = path.join(settlementDir, CLASS_MEMBERS_FILE);
  if (counts.vehicles === 0) {
    result.vehicles = existsSync(vehiclesFile) ? await importUnlessHeaderOnly(() => classList.importVehicles(readFileSync(vehiclesFile, 'utf8'))) : 'no file';
  }
  if (counts.members === 0) {
    result.members = existsSync(membersFile) ? await importUnlessHeaderOnly(() => classList.importMembers(readFileSync(membersFile, 'utf8'))) : 'no file';
  }
  return result;
}
