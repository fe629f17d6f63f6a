/**
 * The cures of deficient claims (migration 0019): what a claimant sent from the status page, one
 * row per cure linked to its claim and to the deficient status change it answers (at most one cure
 * per change), and its documents as objects of the document store. A cure never touches the
 * claim's answers (a page asked again is kept in the cure's `answers`); what it changes of the claim is its status (server/claims/cure.ts).
 */
import type { FormModel } from '../../runtime/core/types.js';
import { isRecord } from '../../runtime/core/guards.js';
import type { DocumentObject, Trx, Database } from './types.js';

/** A document of a cure, as stored. */
export interface CureDocument {
  /** The deficiency kind it cures and the document type that kind asks for (for a document given on a page asked again, its record's type). */
  deficiency: string;
  documentType: string;
  /** The client id of the record of a page asked again it is the file of; null for a document of a missing kind. */
  clientId: string | null;
  name: string;
  type: string;
  size: number;
  sha256: string;
  object: DocumentObject;
  unscanned: boolean;
}

/** A cure as stored. Epoch ms. */
export interface StoredCure {
  id: number;
  submissionId: number;
  statusChangeId: number;
  signatureName: string | null;
  culture: string;
  receivedAt: number;
  documents: CureDocument[];
  /** The models of the pages the cure answered again (migration 0022); empty when it asked for none. */
  answers: FormModel[];
}

export type NewCure = Omit<StoredCure, 'id'>;

export interface ClaimCureStore {
  /** Records a cure and its documents in `trx`; null when the change already has its cure. */
  record(trx: Trx, cure: NewCure): Promise<StoredCure | null>;
  /** The cures of these claims, oldest first, by claim. */
  ofClaims(submissionIds: readonly number[]): Promise<Map<number, StoredCure[]>>;
}

/** A model as stored (a claim's or a cure's: checked by the page logic before it was written). */
export const isStoredModel = (value: unknown): value is FormModel =>
  isRecord(value) && typeof value.clientId === 'string' && isRecord(value.metadata) && typeof value.metadata.dtoMapping === 'string' && isRecord(value.fields);

/** The stored answers; a value that is not a list of models (never written so) reads as none. */
function answersOf(text: string | null): FormModel[] {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter(isStoredModel) : [];
}

const isStoreName = (value: string): value is DocumentObject['store'] => value === 'database' || value === 's3';

export function createClaimCures(database: Database): ClaimCureStore {
  const { db } = database;
  return {
    async record(trx, cure) {
      const row = await trx
        .insertInto('claim_cures')
        .values({ submission_id: cure.submissionId, status_change_id: cure.statusChangeId, signature_name: cure.signatureName, culture: cure.culture, received_at: cure.receivedAt, answers: cure.answers.length ? JSON.stringify(cure.answers) : null })
        .onConflict((oc) => oc.column('status_change_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      const id = Number(row.id);
      if (cure.documents.length) {
        await trx
          .insertInto('claim_cure_documents')
          .values(
            cure.documents.map((d) => ({
              cure_id: id,
              deficiency: d.deficiency,
              document_type: d.documentType,
              client_id: d.clientId ?? '',
              name: d.name,
              type: d.type,
              size: d.size,
              sha256: d.sha256,
              store: d.object.store,
              store_key: d.object.key,
              unscanned: d.unscanned ? 1 : 0,
            })),
          )
          .execute();
      }
      return { ...cure, id };
    },

    async ofClaims(submissionIds) {
      const out = new Map<number, StoredCure[]>();
      if (!submissionIds.length) return out;
      const ids = [...new Set(submissionIds)];
      const cures: StoredCure[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.selectFrom('claim_cures').selectAll().where('submission_id', 'in', ids.slice(i, i + 500)).orderBy('id').execute();
        for (const r of rows) {
          cures.push({ id: Number(r.id), submissionId: Number(r.submission_id), statusChangeId: Number(r.status_change_id), signatureName: r.signature_name, culture: r.culture, receivedAt: Number(r.received_at), documents: [], answers: answersOf(r.answers) });
        }
      }
      const byId = new Map(cures.map((c) => [c.id, c]));
      const cureIds = [...byId.keys()];
      for (let i = 0; i < cureIds.length; i += 500) {
        const rows = await db.selectFrom('claim_cure_documents').selectAll().where('cure_id', 'in', cureIds.slice(i, i + 500)).orderBy('id').execute();
        for (const r of rows) {
          const store = r.store;
          if (!isStoreName(store)) continue;
          byId.get(Number(r.cure_id))?.documents.push({
            deficiency: r.deficiency,
            documentType: r.document_type,
            clientId: r.client_id === '' ? null : r.client_id,
            name: r.name,
            type: r.type,
            size: Number(r.size),
            sha256: r.sha256,
            object: { store, key: r.store_key },
            unscanned: r.unscanned === 1,
          });
        }
      }
      for (const cure of cures) out.set(cure.submissionId, [...(out.get(cure.submissionId) ?? []), cure]);
      return out;
    },
  };
}
