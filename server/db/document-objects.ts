/**
 * The rows of `document_objects`: the objects of the database's document store
 * (server/documents/database-store.ts). Their statements are here so that the store's own put and
 * a submission's transaction (submissions.ts: the object written with the row naming it) write
 * them alike.
 */
import { sql } from 'kysely';
import type { NewDocumentObject } from './types.js';

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The objects' rows, in one statement (a key written again is replaced: keys are random, so only a put tried again does). */
export function insertDocumentObjects(objects: NewDocumentObject[], createdAt: number) {
  const rows = objects.map((o) => sql`(${o.key}, ${o.size}, ${o.sha256}, ${bufferOf(o.bytes)}, ${createdAt})`);
  return sql<{ key: string }>`insert into document_objects (key, size, sha256, bytes, created_at) values ${sql.join(rows)} on conflict (key) do update set size = excluded.size, sha256 = excluded.sha256, bytes = excluded.bytes returning key`;
}

/**
 * The objects' rows, in one statement, written only when an earlier part of the same batch
 * (`part`, PostgreSQL: statement-batch.ts) answered a row: a submission's objects, written with
 * its row and with nothing when a retry's insert did nothing. (Typed: parameters in VALUES would
 * be taken for text.)
 */
export function insertDocumentObjectsAfter(objects: NewDocumentObject[], createdAt: number, part: string) {
  const rows = objects.map(
    (o) => sql`(cast(${o.key} as text), cast(${o.size} as bigint), cast(${o.sha256} as text), cast(${bufferOf(o.bytes)} as bytea), cast(${createdAt} as bigint))`,
  );
  return sql<{ key: string }>`insert into document_objects (key, size, sha256, bytes, created_at) select o.* from ${sql.table(part)} as s cross join (values ${sql.join(rows)}) as o on conflict (key) do update set size = excluded.size, sha256 = excluded.sha256, bytes = excluded.bytes returning document_objects.key`;
}
