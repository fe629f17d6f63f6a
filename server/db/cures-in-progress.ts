/**
 * Cures in progress (migration 0024): what the claimant of a deficient claim has given of its cure
 * so far, kept by the server so that another sign-in on the status page, in this browser or
 * another, finds it as it was left: the answers to the pages asked again, the name typed to sign,
 * and the documents uploaded (objects of the document store, written before their row), one per
 * missing document kind and one per record of a page asked again that has a file (migration 0025). One per claim, for the deficient status change it answers: one kept for
 * an earlier change reads as none and is replaced by the next write. Deleted with the cure sent
 * (in its transaction), purged after the end of the cure-by day; an object no row names any more
 * is deleted by the housekeeping sweep (server/documents/sweep.ts).
 */
import type { FormModel } from '../../runtime/core/types.js';
import { isStoredModel } from './claim-cures.js';
import { objectOfRow } from './draft-documents.js';
import type { Clock, Database, DocumentObject, Trx } from './types.js';

/** A document uploaded to a cure in progress. */
export interface CureInProgressDocument {
  id: number;
  /** The deficiency kind it cures. */
  deficiency: string;
  /** The client id of the record of a page asked again it is the file of; null for a document of a missing kind. */
  clientId: string | null;
  name: string;
  type: string;
  size: number;
  sha256: string;
  object: DocumentObject;
  unscanned: boolean;
}

/** A cure in progress as stored. Epoch ms. */
export interface CureInProgress {
  submissionId: number;
  statusChangeId: number;
  /** The models of the pages asked again as last given; null when none were given yet. */
  answers: FormModel[] | null;
  signatureName: string | null;
  updatedAt: number;
  documents: CureInProgressDocument[];
}

/** Which claim's cure, for which deficient change, kept until when (the end of the cure-by day; null: no date). */
export interface CureKey {
  submissionId: number;
  statusChangeId: number;
  expiresAt: number | null;
}

export interface CureInProgressStore {
  /** The claim's cure in progress for this change; null when there is none (or one for an earlier change). */
  get(submissionId: number, statusChangeId: number): Promise<CureInProgress | null>;
  /** Keeps the answers and the name given (a field left out keeps what it had); creates the cure in progress when there is none. */
  save(key: CureKey, given: { answers?: FormModel[]; signatureName?: string | null }): Promise<CureInProgress>;
  /** Adds a document (its object already written); it replaces the one its kind had (of a page's record: the one that record had). Null (nothing added) when the cure's documents would then weigh more than `maxTotalBytes`. */
  addDocument(key: CureKey, document: Omit<CureInProgressDocument, 'id'>, limits: { maxTotalBytes: number }): Promise<CureInProgressDocument | null>;
  /** Removes a document of the claim's cure in progress; false when it was not there. */
  removeDocument(submissionId: number, id: number): Promise<boolean>;
  /** Deletes the claim's cure in progress and its documents' rows in `trx` (the cure is sent). */
  remove(trx: Trx, submissionId: number): Promise<void>;
  /** Deletes the cures in progress past the end of their cure-by day, with their documents' rows; answers how many. */
  purgeExpired(): Promise<number>;
}

/** The stored answers; a value that is not a list of models (never written so) reads as none. */
function answersOf(text: string | null): FormModel[] | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter(isStoredModel) : null;
}

const DOCUMENT_COLUMNS = ['id', 'deficiency', 'client_id', 'name', 'type', 'size', 'sha256', 'store', 'store_key', 'unscanned'] as const;

function documentOf(r: { id: number; deficiency: string; client_id: string; name: string; type: string; size: number | string; sha256: string; store: string; store_key: string; unscanned: number }): CureInProgressDocument | null {
  const object = objectOfRow(r);
  if (!object) return null;
  return { id: Number(r.id), deficiency: r.deficiency, clientId: r.client_id === '' ? null : r.client_id, name: r.name, type: r.type, size: Number(r.size), sha256: r.sha256, object, unscanned: Number(r.unscanned) === 1 };
}

export function createCuresInProgress(database: Database, options: { clock?: Clock } = {}): CureInProgressStore {
  const { db, dialect } = database;
  const clock = options.clock ?? Date.now;

  /** The claim's cure in progress for `key`'s change, created (or one of an earlier change replaced) in `trx`, locked until its end on PostgreSQL. */
  async function ensure(trx: Trx, key: CureKey, now: number): Promise<void> {
    let query = trx.selectFrom('cures_in_progress').select('status_change_id').where('submission_id', '=', key.submissionId);
    if (dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (row && Number(row.status_change_id) === key.statusChangeId) {
      await trx.updateTable('cures_in_progress').set({ updated_at: now, expires_at: key.expiresAt }).where('submission_id', '=', key.submissionId).execute();
      return;
    }
    if (row) {
      await trx.deleteFrom('cure_in_progress_documents').where('submission_id', '=', key.submissionId).execute();
      await trx.deleteFrom('cures_in_progress').where('submission_id', '=', key.submissionId).execute();
    }
    await trx
      .insertInto('cures_in_progress')
      .values({ submission_id: key.submissionId, status_change_id: key.statusChangeId, answers: null, signature_name: null, updated_at: now, expires_at: key.expiresAt })
      .onConflict((oc) => oc.column('submission_id').doUpdateSet({ status_change_id: key.statusChangeId, answers: null, signature_name: null, updated_at: now, expires_at: key.expiresAt }))
      .execute();
  }

  async function read(executor: Trx | Database['db'], submissionId: number, statusChangeId: number): Promise<CureInProgress | null> {
    const row = await executor.selectFrom('cures_in_progress').selectAll().where('submission_id', '=', submissionId).executeTakeFirst();
    if (!row || Number(row.status_change_id) !== statusChangeId) return null;
    const rows = await executor.selectFrom('cure_in_progress_documents').select(DOCUMENT_COLUMNS).where('submission_id', '=', submissionId).orderBy('id').execute();
    return {
      submissionId,
      statusChangeId,
      answers: answersOf(row.answers),
      signatureName: row.signature_name,
      updatedAt: Number(row.updated_at),
      documents: rows.flatMap((r) => documentOf(r) ?? []),
    };
  }

  return {
    get: (submissionId, statusChangeId) => read(db, submissionId, statusChangeId),

    async save(key, given) {
      return db.transaction().execute(async (trx) => {
        await ensure(trx, key, clock());
        const set = {
          ...(given.answers !== undefined ? { answers: JSON.stringify(given.answers) } : {}),
          ...(given.signatureName !== undefined ? { signature_name: given.signatureName } : {}),
        };
        if (Object.keys(set).length) await trx.updateTable('cures_in_progress').set(set).where('submission_id', '=', key.submissionId).execute();
        const saved = await read(trx, key.submissionId, key.statusChangeId);
        if (!saved) throw new Error('The cure in progress just written is not there.');
        return saved;
      });
    },

    async addDocument(key, document, limits) {
      return db.transaction().execute(async (trx) => {
        const now = clock();
        await ensure(trx, key, now);
        // The cure's other documents and this one together within the limit (the one it replaces does not count).
        const others = await trx.selectFrom('cure_in_progress_documents').select(['deficiency', 'client_id', 'size']).where('submission_id', '=', key.submissionId).execute();
        const total = others.filter((d) => d.deficiency !== document.deficiency || d.client_id !== (document.clientId ?? '')).reduce((sum, d) => sum + Number(d.size), 0) + document.size;
        if (total > limits.maxTotalBytes) return null;
        await trx
          .deleteFrom('cure_in_progress_documents')
          .where('submission_id', '=', key.submissionId)
          .where('deficiency', '=', document.deficiency)
          .where('client_id', '=', document.clientId ?? '')
          .execute();
        const row = await trx
          .insertInto('cure_in_progress_documents')
          .values({
            submission_id: key.submissionId,
            deficiency: document.deficiency,
            client_id: document.clientId ?? '',
            name: document.name,
            type: document.type,
            size: document.size,
            sha256: document.sha256.toLowerCase(),
            store: document.object.store,
            store_key: document.object.key,
            unscanned: document.unscanned ? 1 : 0,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ...document, sha256: document.sha256.toLowerCase(), id: Number(row.id) };
      });
    },

    async removeDocument(submissionId, id) {
      const result = await db.deleteFrom('cure_in_progress_documents').where('submission_id', '=', submissionId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async remove(trx, submissionId) {
      await trx.deleteFrom('cure_in_progress_documents').where('submission_id', '=', submissionId).execute();
      await trx.deleteFrom('cures_in_progress').where('submission_id', '=', submissionId).execute();
    },

    async purgeExpired() {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const expired = (await trx.selectFrom('cures_in_progress').select('submission_id').where('expires_at', 'is not', null).where('expires_at', '<', now).execute()).map((r) => Number(r.submission_id));
        for (let i = 0; i < expired.length; i += 500) {
          const ids = expired.slice(i, i + 500);
          await trx.deleteFrom('cure_in_progress_documents').where('submission_id', 'in', ids).execute();
          await trx.deleteFrom('cures_in_progress').where('submission_id', 'in', ids).execute();
        }
        return expired.length;
      });
    },
  };
}
