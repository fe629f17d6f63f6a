/**
 * Documents of claims in progress (types.ts `DraftDocuments`), stored in the database beside their
 * draft as they are added, so that a reload, another tab or another instance finds them. An add
 * checks the draft's other documents (same name, total size) while it holds the draft's row, so
 * two uploads at once cannot together pass a limit that each passes alone. The drafts store
 * deletes a draft's documents with it (remove, purge, an expired draft replaced).
 *
 * A document's bytes are an object of a document store (server/documents), written before its row;
 * the row names it (store, store_key). An object no row names any more (a document replaced or
 * removed, a draft gone) is deleted by the housekeeping sweep (server/documents/sweep.ts).
 */
import { sql, type Selectable } from 'kysely';
import { isUniqueViolation } from './errors.js';
import { runTemplate, statementTemplate } from './statement-batch.js';
import type { DraftDocumentsTable } from './schema.js';
import type { Clock, Database, DocumentObject, DraftDocument, DraftDocumentMeta, DraftDocuments, DraftKey, Trx } from './types.js';

const META = ['id', 'context_client_id', 'name', 'type', 'size', 'sha256', 'unscanned'] as const;

const toMeta = (r: Pick<Selectable<DraftDocumentsTable>, (typeof META)[number]>): DraftDocumentMeta => ({
  id: Number(r.id),
  contextClientId: r.context_client_id,
  name: r.name,
  type: r.type,
  size: Number(r.size),
  sha256: r.sha256,
  unscanned: Number(r.unscanned) === 1,
});

/** The object a row names (store, store_key), or null for a row that holds its bytes. */
export function objectOfRow(r: { store: string | null; store_key: string | null }): DocumentObject | null {
  if (r.store_key === null) return null;
  if (r.store === 'database' || r.store === 's3') return { store: r.store, key: r.store_key };
  throw new Error(`A document row names an unknown document store: ${String(r.store)}.`);
}

/**
 * A draft's documents with where their bytes are (values: form type, claimant key): read by a
 * submit whose claim names documents it did not send, so compiled once (statement-batch.ts).
 */
const LOCATED = statementTemplate(
  (v) => sql`select id, context_client_id, name, type, size, sha256, unscanned, store, store_key, bytes from draft_documents where form_type = ${v(0)} and claimant_key = ${v(1)} order by id`,
);
type LocatedRow = Pick<Selectable<DraftDocumentsTable>, (typeof META)[number] | 'store' | 'store_key' | 'bytes'>;

export function createDraftDocuments(database: Database, options: { clock?: Clock } = {}): DraftDocuments {
  const { db, dialect } = database;
  const clock = options.clock ?? Date.now;
  const ofKey = (trx: Trx | Database['db'], key: DraftKey) => trx.selectFrom('draft_documents').where('form_type', '=', key.formType).where('claimant_key', '=', key.claimantKey);

  return {
    async add(key, document, limits) {
      try {
        return await db.transaction().execute(async (trx) => {
          const now = clock();
          // The draft's row, locked until the end (PostgreSQL; SQLite writes one transaction at a time).
          let draft = trx.selectFrom('drafts').select('expires_at').where('form_type', '=', key.formType).where('claimant_key', '=', key.claimantKey);
          if (dialect === 'postgres') draft = draft.forUpdate();
          const row = await draft.executeTakeFirst();
          if (!row || Number(row.expires_at) <= now) return { ok: false as const, refusal: 'no-draft' as const };
          const others = (await ofKey(trx, key).select(['context_client_id', 'name', 'size']).execute()).filter((d) => d.context_client_id !== document.contextClientId);
          if (others.some((d) => d.name === document.name)) return { ok: false as const, refusal: 'name-taken' as const };
          const total = others.reduce((sum, d) => sum + Number(d.size), 0) + document.size;
          if (total > limits.maxTotalBytes) return { ok: false as const, refusal: 'total-too-large' as const };
          // A new file for the same document replaces the one it had.
          await trx.deleteFrom('draft_documents').where('form_type', '=', key.formType).where('claimant_key', '=', key.claimantKey).where('context_client_id', '=', document.contextClientId).execute();
          const inserted = await trx
            .insertInto('draft_documents')
            .values({
              form_type: key.formType,
              claimant_key: key.claimantKey,
              context_client_id: document.contextClientId,
              name: document.name,
              type: document.type,
              size: document.size,
              sha256: document.sha256.toLowerCase(),
              // The bytes are the object's (written before this row).
              bytes: Buffer.alloc(0),
              store: document.object.store,
              store_key: document.object.key,
              created_at: now,
              unscanned: document.unscanned ? 1 : 0,
            })
            .returning(META)
            .executeTakeFirstOrThrow();
          return { ok: true as const, document: toMeta(inserted) };
        });
      } catch (error) {
        // The same name added at the same instant by another request (the unique name constraint).
        if (isUniqueViolation(error)) return { ok: false, refusal: 'name-taken' };
        throw error;
      }
    },

    async list(key) {
      const rows = await ofKey(db, key).select(META).orderBy('id').execute();
      return rows.map(toMeta);
    },

    async located(key, trx) {
      const rows = await runTemplate<LocatedRow>(trx ?? db, dialect, { template: LOCATED, values: [key.formType, key.claimantKey] });
      return rows.map((r): DraftDocument => {
        const object = objectOfRow(r);
        return { ...toMeta(r), object, bytes: object ? null : Buffer.isBuffer(r.bytes) ? r.bytes : Buffer.from(r.bytes) };
      });
    },

    async remove(key, id) {
      const result = await db.deleteFrom('draft_documents').where('form_type', '=', key.formType).where('claimant_key', '=', key.claimantKey).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
