/**
 * Imports the settlement folder's class list (class-members.csv, class-vehicles.csv) into empty
 * tables. The server calls it at start and `npm run admin -- seed` on demand; tables that already
 * hold rows are left alone, so an administrator's import is never overwritten.
 */
import { CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE } from '../../settlement/files.js';
import { readSettlementFolder } from '../../settlement/read.js';
import { createClassList, HEADER_ONLY, type ClassListOptions } from './class-list.js';
import { ClassListImportError } from './errors.js';
import type { Database, ImportResult } from './types.js';

export { CLASS_MEMBERS_FILE, CLASS_VEHICLES_FILE };

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
  // The folder's class lists, or those of the folder it extends.
  const { files } = readSettlementFolder(settlementDir);
  const vehicles = files.get(CLASS_VEHICLES_FILE)?.text;
  const members = files.get(CLASS_MEMBERS_FILE)?.text;
  if (counts.vehicles === 0) {
    result.vehicles = vehicles !== undefined ? await importUnlessHeaderOnly(() => classList.importVehicles(vehicles)) : 'no file';
  }
  if (counts.members === 0) {
    result.members = members !== undefined ? await importUnlessHeaderOnly(() => classList.importMembers(members)) : 'no file';
  }
  return result;
}
