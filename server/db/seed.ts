/**
 * Imports the settlement folder's class list (class-members.csv, class-vehicles.csv) into empty
 * tables. The server calls it at start and `npm run admin -- seed` on demand; tables that already
 * hold rows are left alone, so an administrator's import is never overwritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClassList, type ClassListOptions } from './class-list.js';
import type { Database } from './types.js';

export const CLASS_MEMBERS_FILE = 'class-members.csv';
export const CLASS_VEHICLES_FILE = 'class-vehicles.csv';

export interface SeedResult {
  members: number | 'kept' | 'no file';
  vehicles: number | 'kept' | 'no file';
}

export async function seedSampleData(database: Database, settlementDir: string, options: ClassListOptions = {}): Promise<SeedResult> {
  const classList = createClassList(database, options);
  const counts = await classList.counts();
  const result: SeedResult = { members: 'kept', vehicles: 'kept' };
  const vehiclesFile = path.join(settlementDir, CLASS_VEHICLES_FILE);
  const membersFile = path.join(settlementDir, CLASS_MEMBERS_FILE);
  if (counts.vehicles === 0) {
    result.vehicles = existsSync(vehiclesFile) ? (await classList.importVehicles(readFileSync(vehiclesFile, 'utf8'))).inserted : 'no file';
  }
  if (counts.members === 0) {
    result.members = existsSync(membersFile) ? (await classList.importMembers(readFileSync(membersFile, 'utf8'))).inserted : 'no file';
  }
  return result;
}
