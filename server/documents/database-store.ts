/**
 * The database as a document store (the embedded default): each object is a row of
 * `document_objects`. A row's bytes are one value of one statement, so a put reads its stream
 * whole first: at most the per-file limit, once per upload (the object stores stream instead).
 * On SQLite a put joins the grouped commits (db/grouped-transactions.ts): its 100 KB–10 MB go to
 * disk with the other writes of the moment in one flush, and it settles only after that commit.
 * A submit does not put its files: it writes each object in its own transaction, with the row that
 * names it (`prepareForRow`), so that one commit (one round trip fewer on PostgreSQL) makes both
 * durable and a refused or retried submit writes no object at all.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { groupedWrites } from '../db/grouped-transactions.js';
import { insertDocumentObjects } from '../db/document-objects.js';
import type { Database, NewDocumentObject } from '../db/types.js';
import { DocumentObjectMissingError, type DocumentStore } from './store.js';

async function bytesOf(body: Readable | Uint8Array): Promise<Buffer> {
  if (!(body instanceof Readable)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** The object's row as a put writes it: the bytes read whole (a row's bytes are one value) and digested. */
async function prepareForRow(key: string, body: Readable | Uint8Array): Promise<NewDocumentObject> {
  const bytes = await bytesOf(body);
  return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

export function createDatabaseDocumentStore(database: Database, options: { clock?: () => number } = {}): DocumentStore {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  const writes = groupedWrites(database);
  return {
    name: 'database',
    description: `the ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database`,

    async put(key, body) {
      const object = await prepareForRow(key, body);
      await writes.statement((trx) => insertDocumentObjects([object], clock()).execute(trx ?? db));
      return { key, size: object.size, sha256: object.sha256 };
    },

    prepareForRow,

    async get(key) {
      const row = await db.selectFrom('document_objects').select('bytes').where('key', '=', key).executeTakeFirst();
      if (!row) throw new DocumentObjectMissingError('database', key);
      return Readable.from([Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes)]);
    },

    async delete(key) {
      await db.deleteFrom('document_objects').where('key', '=', key).execute();
    },

    async *list(prefix) {
      // Pages in key order from the prefix on, so that a long list never holds every key at once.
      let after: string | null = null;
      for (;;) {
        let page = db.selectFrom('document_objects').select(['key', 'created_at']).where('key', '>=', prefix);
        if (after !== null) page = page.where('key', '>', after);
        const rows = await page.orderBy('key').limit(1000).execute();
        for (const r of rows) {
          if (!r.key.startsWith(prefix)) return;
          yield { key: r.key, storedAt: Number(r.created_at) };
        }
        const last = rows.at(-1);
        if (!last || rows.length < 1000) return;
        after = last.key;
      }
    },
  };
}
