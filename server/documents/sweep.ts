/**
 * The housekeeping sweep of document objects (server/db/housekeeping.ts runs it): an object is
 * written before the row that names it commits, so an object whose row never committed (a refused
 * upload or submit, a crash in between) or no longer exists (a document replaced or removed, a
 * draft abandoned or purged, a moved document's old copy) is named by no row. The sweep deletes
 * those, once they are older than the grace period (an upload in flight has its object but not yet
 * its row, and its row commits within the request: seconds, well inside the grace period) and no
 * row named them at the sweep before either.
 */
import type { Database, DocumentStoreName } from '../db/types.js';
import { DOCUMENT_KEY_PREFIX, type DocumentStore } from './store.js';

/** How old an object named by no row must be before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

const BATCH = 500;

/** Which of `keys` of `store` a document, a draft document, a cure's document or a cure in progress's document names, in one statement (one snapshot). */
async function namedKeys(database: Database, store: DocumentStoreName, keys: string[]): Promise<Set<string>> {
  const { db } = database;
  const rows = await db
    .selectFrom('documents')
    .select('store_key')
    .where('store', '=', store)
    .where('store_key', 'in', keys)
    .union(db.selectFrom('draft_documents').select('store_key').where('store', '=', store).where('store_key', 'in', keys))
    .union(db.selectFrom('claim_cure_documents').select('store_key').where('store', '=', store).where('store_key', 'in', keys))
    .union(db.selectFrom('cure_in_progress_documents').select('store_key').where('store', '=', store).where('store_key', 'in', keys))
    .execute();
  return new Set(rows.flatMap((r) => (r.store_key === null ? [] : [r.store_key])));
}

/**
 * The sweep of one process: deletes the objects of `stores` that no row named at this sweep nor at
 * the one before, and that were stored before `now - graceMs`; answers how many. Two sweeps in a
 * row, because a submit names the draft's objects as it read them before its transaction: should
 * the claimant replace that document meanwhile, the object is named by no row for that instant and
 * by the filed claim's row once the submit commits, well before the next sweep. A process that
 * starts again forgets what it saw: it deletes one sweep later.
 */
export function createDocumentSweep(database: Database, stores: DocumentStore[], options: { graceMs?: number } = {}) {
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  /** Objects named by no row at the previous sweep, per store. */
  let unnamedBefore = new Map<DocumentStoreName, Set<string>>();
  return async function sweep(now: number): Promise<number> {
    const before = now - graceMs;
    const unnamedNow = new Map<DocumentStoreName, Set<string>>();
    let deleted = 0;
    for (const store of stores) {
      const unnamed = new Set<string>();
      unnamedNow.set(store.name, unnamed);
      const seenBefore = unnamedBefore.get(store.name) ?? new Set<string>();
      let batch: string[] = [];
      const sweepBatch = async () => {
        const named = await namedKeys(database, store.name, batch);
        for (const key of batch) {
          if (named.has(key)) continue;
          if (!seenBefore.has(key)) {
            unnamed.add(key);
            continue;
          }
          await store.delete(key);
          deleted += 1;
        }
        batch = [];
      };
      for await (const object of store.list(DOCUMENT_KEY_PREFIX)) {
        if (object.storedAt > before) continue;
        batch.push(object.key);
        if (batch.length >= BATCH) await sweepBatch();
      }
      if (batch.length) await sweepBatch();
    }
    unnamedBefore = unnamedNow;
    return deleted;
  };
}
