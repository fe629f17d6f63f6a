/**
 * The housekeeping sweep of document objects (server/db/housekeeping.ts runs it): an object is
 * written before the row that names it commits, so an object whose row never committed (a refused
 * upload or submit, a crash in between) or no longer exists (a document replaced or removed, a
 * draft abandoned or purged, a moved document's old copy) is named by no row. The sweep deletes
 * those, once they are older than the grace period: an upload in flight has its object but not yet
 * its row, and its row commits within the request (seconds), well inside the grace period.
 */
import type { Database, DocumentStoreName } from '../db/types.js';
import { DOCUMENT_KEY_PREFIX, type DocumentStore } from './store.js';

/** How old an object named by no row must be before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

const BATCH = 500;

/** Which of `keys` of `store` a document or a draft document names, in one statement (one snapshot). */
async function namedKeys(database: Database, store: DocumentStoreName, keys: string[]): Promise<Set<string>> {
  const { db } = database;
  const rows = await db
    .selectFrom('documents')
    .select('store_key')
    .where('store', '=', store)
    .where('store_key', 'in', keys)
    .union(db.selectFrom('draft_documents').select('store_key').where('store', '=', store).where('store_key', 'in', keys))
    .execute();
  return new Set(rows.flatMap((r) => (r.store_key === null ? [] : [r.store_key])));
}

/** Deletes the objects of `stores` named by no row and stored before `now - graceMs`; answers how many. */
export async function sweepDocumentObjects(database: Database, stores: DocumentStore[], options: { now: number; graceMs?: number }): Promise<number> {
  const before = options.now - (options.graceMs ?? ORPHAN_GRACE_MS);
  let deleted = 0;
  for (const store of stores) {
    let batch: string[] = [];
    const sweep = async () => {
      const named = await namedKeys(database, store.name, batch);
      for (const key of batch) {
        if (named.has(key)) continue;
        await store.delete(key);
        deleted += 1;
      }
      batch = [];
    };
    for await (const object of store.list(DOCUMENT_KEY_PREFIX)) {
      if (object.storedAt > before) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) await sweep();
    }
    if (batch.length) await sweep();
  }
  return deleted;
}
