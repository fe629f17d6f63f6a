/**
 * The database as a document store (the embedded default): each object is a row of
 * `document_objects`. A row's bytes are one value of one statement, so a put reads its stream
 * whole first: at most the per-file limit, once per upload (the object stores stream instead).
 * On SQLite a put joins the grouped commits (db/grouped-transactions.ts): its 100 KB–10 MB go to
 * disk with the other writes of the moment in one flush, and it settles only after that commit.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { groupedWrites } from '../db/grouped-transactions.js';
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
  const writes = groupedWrites(database);
  return {
    name: 'database',
    description: `the ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database`,

    async put(key, body) {
      const bytes = await bytesOf(body);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await writes.statement((trx) =>
        sql`insert into document_objects (key, size, sha256, bytes, created_at) values (${key}, ${bytes.length}, ${sha256}, ${bytes}, ${clock()}) on conflict (key) do update set size = excluded.size, sha256 = excluded.sha256, bytes = excluded.bytes`.execute(trx ?? db),
      );
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
