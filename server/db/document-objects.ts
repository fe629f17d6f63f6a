/**
 * The rows of `document_objects`: the objects of the database's document store
 * (server/documents/database-store.ts). Their statements are here so that the store's own put and
 * a submission's transaction (submissions.ts: the object written with the row naming it) write
 * them alike.
 */
import { sql, type RawBuilder } from 'kysely';
import { statementTemplate } from './statement-batch.js';
import type { NewDocumentObject, StatementTemplate, TemplatePart } from './types.js';

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A key written again is replaced: keys are random, so only a put tried again does. */
const REPLACING = sql`on conflict (key) do update set size = excluded.size, sha256 = excluded.sha256, bytes = excluded.bytes`;

/** The objects' rows, in one statement. */
export function insertDocumentObjects(objects: NewDocumentObject[], createdAt: number) {
  const rows = objects.map((o) => sql`(${o.key}, ${o.size}, ${o.sha256}, ${bufferOf(o.bytes)}, ${createdAt})`);
  return sql<{ key: string }>`insert into document_objects (key, size, sha256, bytes, created_at) values ${sql.join(rows)} ${REPLACING} returning key`;
}

/**
 * The rows of n objects (values: the time, then each one's key, size, digest and bytes): compiled
 * once per n (statement-batch.ts), as the bytes go as parameters of their own, not in a JSON value.
 * `after`: written only when the earlier part of the same batch it names (PostgreSQL) answered a
 * row: a submission's objects, written with its row and with nothing when a retry's insert did
 * nothing. (Typed: parameters in VALUES under a SELECT would be taken for text.)
 */
const objectsTemplates = { alone: new Array<StatementTemplate>(), after: new Array<StatementTemplate>() };
function objectsTemplate(n: number, after: boolean): StatementTemplate {
  const rows = (v: (index: number) => RawBuilder<unknown>, typed: boolean) =>
    sql.join(
      Array.from({ length: n }, (_, i) => {
        const [key, size, sha256, bytes] = [v(1 + 4 * i), v(2 + 4 * i), v(3 + 4 * i), v(4 + 4 * i)];
        return typed ? sql`(cast(${key} as text), cast(${size} as bigint), cast(${sha256} as text), cast(${bytes} as bytea), cast(${v(0)} as bigint))` : sql`(${key}, ${size}, ${sha256}, ${bytes}, ${v(0)})`;
      }),
    );
  const templates = after ? objectsTemplates.after : objectsTemplates.alone;
  return (templates[n] ??= statementTemplate((v, name) =>
    after
      ? sql`insert into document_objects (key, size, sha256, bytes, created_at) select o.* from ${name(0)} as s cross join (values ${rows(v, true)}) as o ${REPLACING} returning document_objects.key`
      : sql`insert into document_objects (key, size, sha256, bytes, created_at) values ${rows(v, false)} ${REPLACING} returning key`,
  ));
}

/** The objects' rows as a template's use: alone, or (`afterPart`, PostgreSQL) only when that earlier part of the batch answered a row. */
export function documentObjectsPart(objects: readonly NewDocumentObject[], createdAt: number, afterPart?: string): TemplatePart {
  const values = [createdAt, ...objects.flatMap((o) => [o.key, o.size, o.sha256, bufferOf(o.bytes)])];
  const template = objectsTemplate(objects.length, afterPart !== undefined);
  return afterPart === undefined ? { template, values } : { template, values, names: [afterPart] };
}
