/**
 * The database as a document store (the embedded default): each object is a row of
 * `document_objects`. A row's bytes are one value of one statement, so a put reads its stream
 * whole first: at most the per-file limit, once per upload (the object stores stream instead).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../db/types.js';
import { DocumentObjectMissingError, type DocumentStore } from './store.js';

async function bytesOf(body: Readable | Uint8Array): Promise<Buffer> {
  if (!(body instanceof Readable)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

export function createDatabaseDocumentStore(database: Database, options: { clock?: () => number } = {}): DocumentStore {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    name: 'database',
    description: `the ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database`,

    async put(key, body) {
      const bytes = await bytesOf(body);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await db
        .insertInto('document_objects')
        .values({ key, size: bytes.length, sha256, bytes, created_at: clock() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ size: bytes.length, sha256, bytes }))
        .execute();
      return { key, size: bytes.length, sha256 };
    },

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
