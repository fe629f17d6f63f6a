/**
 * `admin documents --move-to-store`: the documents the database holds (in their own rows, or as
 * the database store's objects), filed, of claims in progress and of cures, moved into the configured object
 * store one at a time. Each is written as a new object, checked against its stored size and
 * sha256, and then its row is pointed at it if the row still names what was read (a row changed
 * meanwhile is left for the next run). Idempotent per row: a run stopped anywhere is resumed by
 * running it again; an object written for a row that was not updated is named by no row, and the
 * housekeeping sweep deletes it, as it deletes the database store's old copy of a moved document
 * (not at once: a submit may be naming it as it is moved).
 */
import { Readable } from 'node:stream';
import type { Database } from '../db/types.js';
import { objectOfRow } from '../db/draft-documents.js';
import { openDocument, type DocumentStores } from './index.js';
import { newDocumentKey } from './store.js';

export interface MoveSummary {
  moved: number;
  bytes: number;
  /** Rows not moved, with why (a mismatch, a row changed meanwhile). */
  skipped: string[];
}

type Table = 'documents' | 'draft_documents';

export async function moveDocumentsToStore(database: Database, stores: DocumentStores, onProgress: (line: string) => void = () => {}): Promise<MoveSummary> {
  const target = stores.current;
  if (target.name === 'database') throw new Error('DOCUMENT_STORE_URL is not set: there is no object store to move the documents to (set DOCUMENT_STORE_URL=s3://<bucket>/<prefix> as the server has it).');
  const { db } = database;
  const summary: MoveSummary = { moved: 0, bytes: 0, skipped: [] };
  for (const table of ['documents', 'draft_documents'] as const satisfies readonly Table[]) {
    let after = 0;
    for (;;) {
      // Rows in id order, a page at a time; those the database holds (no key, or the database store's).
      const page = await db
        .selectFrom(table)
        .select(['id', 'type', 'size', 'sha256', 'store', 'store_key'])
        .where('id', '>', after)
        .where((eb) => eb.or([eb('store', 'is', null), eb('store', '=', 'database')]))
        .orderBy('id')
        .limit(100)
        .execute();
      for (const row of page) {
        const id = Number(row.id);
        after = id;
        const from = objectOfRow(row);
        const bytes = from ? null : (await db.selectFrom(table).select('bytes').where('id', '=', id).executeTakeFirst())?.bytes;
        if (bytes === undefined) continue; // deleted meanwhile
        const body = from ? await openDocument(stores, { bytes: null, object: from }) : Readable.from([Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes ?? Buffer.alloc(0))]);
        await moveOne(target, body, row, `${table} ${id}`, summary, onProgress, async (key) => {
          let update = db.updateTable(table).set({ store: target.name, store_key: key, bytes: Buffer.alloc(0) }).where('id', '=', id);
          update = from ? update.where('store', '=', from.store).where('store_key', '=', from.key) : update.where('store_key', 'is', null);
          return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
        });
      }
      if (page.length < 100) break;
    }
  }
  for (const table of OBJECT_TABLES) await moveObjectDocuments(database, stores, table, summary, onProgress);
  return summary;
}

/** The tables whose documents are always objects of a store (never bytes in their rows): the cures', and the cures in progress'. */
const OBJECT_TABLES = ['claim_cure_documents', 'cure_in_progress_documents'] as const;

/** A table's documents of OBJECT_TABLES held by the database store. */
async function moveObjectDocuments(database: Database, stores: DocumentStores, table: (typeof OBJECT_TABLES)[number], summary: MoveSummary, onProgress: (line: string) => void): Promise<void> {
  const target = stores.current;
  const { db } = database;
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom(table)
      .select(['id', 'type', 'size', 'sha256', 'store', 'store_key'])
      .where('id', '>', after)
      .where('store', '=', 'database')
      .orderBy('id')
      .limit(100)
      .execute();
    for (const row of page) {
      const id = Number(row.id);
      after = id;
      const body = await openDocument(stores, { bytes: null, object: { store: 'database', key: row.store_key } });
      await moveOne(target, body, row, `${table} ${id}`, summary, onProgress, async (key) => {
        const updated = await db
          .updateTable(table)
          .set({ store: target.name, store_key: key })
          .where('id', '=', id)
          .where('store', '=', 'database')
          .where('store_key', '=', row.store_key)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      });
    }
    if (page.length < 100) return;
  }
}

/**
 * One document into the target store as a new object, checked against its stored size and sha256;
 * `pointAt` then points its row at the object, answering false when the row changed meanwhile (the
 * object is deleted again and the row left for the next run).
 */
async function moveOne(
  target: DocumentStores['current'],
  body: Readable,
  row: { type: string; size: number | string | bigint; sha256: string },
  what: string,
  summary: MoveSummary,
  onProgress: (line: string) => void,
  pointAt: (key: string) => Promise<boolean>,
): Promise<void> {
  const key = newDocumentKey();
  const put = await target.put(key, body, { contentType: row.type, size: Number(row.size) });
  if (put.sha256 !== row.sha256 || put.size !== Number(row.size)) {
    await target.delete(key);
    summary.skipped.push(`${what}: its bytes do not match its stored size and sha256; left where it is.`);
    return;
  }
  if (!(await pointAt(key))) {
    await target.delete(key);
    summary.skipped.push(`${what}: changed while it was moved; run the move again.`);
    return;
  }
  summary.moved += 1;
  summary.bytes += put.size;
  if (summary.moved % 100 === 0) onProgress(`${summary.moved} document(s) moved`);
}
