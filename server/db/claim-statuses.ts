/**
 * The status history of claims after Submit (migration 0018): one row per change, never updated;
 * a claim's current status is its latest change, and a claim with none is received. What a status
 * means and which are allowed is the settlement's (statuses.json, server/claims/statuses.ts).
 */
import type { Selectable } from 'kysely';
import { RECEIVED } from '../../runtime/core/statuses/index.js';
import { normalizeReferenceCode } from './reference-code.js';
import type { ClaimStatusChangesTable } from './schema.js';
import type { Database, Trx } from './types.js';

/** One recorded change of a claim's status. Epoch ms. */
export interface StatusChange {
  id: number;
  submissionId: number;
  from: string;
  to: string;
  deficiencies: string[];
  /** YYYY-MM-DD, the last day to cure. */
  cureBy: string | null;
  /** The end of that day in the settlement's time zone. */
  cureByAt: number | null;
  note: string | null;
  changedBy: string;
  changedAt: number;
}

export type NewStatusChange = Omit<StatusChange, 'id' | 'from' | 'changedAt'>;

/** A filed claim as a status change needs it. */
export interface FiledClaim {
  submissionId: number;
  referenceCode: string;
  formType: string;
  culture: string;
  /** Epoch ms. */
  createdAt: number;
  payload: unknown;
}

/** IN lists of at most this many values (SQLite's and PostgreSQL's parameter limits are far above). */
const CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

function toChange(row: Selectable<ClaimStatusChangesTable>): StatusChange {
  return {
    id: Number(row.id),
    submissionId: Number(row.submission_id),
    from: row.from_status,
    to: row.to_status,
    deficiencies: parseList(row.deficiencies),
    cureBy: row.cure_by,
    cureByAt: row.cure_by_at === null ? null : Number(row.cure_by_at),
    note: row.note,
    changedBy: row.changed_by,
    changedAt: Number(row.changed_at),
  };
}

export interface ClaimStatusStore {
  /** The filed claims of these reference codes (any spelling a claimant types), by normalized code. */
  claimsByReference(codes: readonly string[], trx?: Trx): Promise<Map<string, FiledClaim>>;
  /** Each claim's latest change; a claim without one is absent (received). */
  latest(submissionIds: readonly number[], trx?: Trx): Promise<Map<number, StatusChange>>;
  /** Records a change in `trx`, from the claim's current status read in the same transaction. */
  record(trx: Trx, change: NewStatusChange): Promise<StatusChange>;
  /** Whether the fraud screening holds or flags the claim: the claimant then reads "under review", never the screening. */
  screenedOut(submissionId: number): Promise<boolean>;
  /** Every change of these claims (every claim without ids), oldest first, by claim. */
  history(submissionIds?: readonly number[]): Promise<Map<number, StatusChange[]>>;
}

export function createClaimStatuses(database: Database, options: { clock?: () => number } = {}): ClaimStatusStore {
  const clock = options.clock ?? Date.now;
  const { db } = database;

  const store: ClaimStatusStore = {
    async claimsByReference(codes, trx) {
      const q = trx ?? db;
      const out = new Map<string, FiledClaim>();
      for (const part of chunks([...new Set(codes.map(normalizeReferenceCode))])) {
        const rows = await q.selectFrom('submissions').select(['id', 'reference_code', 'form_type', 'culture', 'created_at', 'payload']).where('reference_code', 'in', part).execute();
        for (const r of rows) {
          const payload: unknown = JSON.parse(r.payload);
          out.set(r.reference_code, { submissionId: Number(r.id), referenceCode: r.reference_code, formType: r.form_type, culture: r.culture, createdAt: Date.parse(r.created_at), payload });
        }
      }
      return out;
    },

    async latest(submissionIds, trx) {
      const q = trx ?? db;
      const out = new Map<number, StatusChange>();
      for (const part of chunks([...new Set(submissionIds)])) {
        const rows = await q
          .selectFrom('claim_status_changes')
          .selectAll()
          .where('id', 'in', (eb) => eb.selectFrom('claim_status_changes').select((e) => e.fn.max('id').as('id')).where('submission_id', 'in', part).groupBy('submission_id'))
          .execute();
        for (const row of rows) out.set(Number(row.submission_id), toChange(row));
      }
      return out;
    },

    async record(trx, change) {
      const current = (await store.latest([change.submissionId], trx)).get(change.submissionId);
      const row = await trx
        .insertInto('claim_status_changes')
        .values({
          submission_id: change.submissionId,
          from_status: current?.to ?? RECEIVED,
          to_status: change.to,
          deficiencies: JSON.stringify(change.deficiencies),
          cure_by: change.cureBy,
          cure_by_at: change.cureByAt,
          note: change.note,
          changed_by: change.changedBy,
          changed_at: clock(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toChange(row);
    },

    async screenedOut(submissionId) {
      const row = await db.selectFrom('claim_signals').select('disposition').where('submission_id', '=', submissionId).executeTakeFirst();
      return row !== undefined && row.disposition !== 'accepted';
    },

    async history(submissionIds) {
      const out = new Map<number, StatusChange[]>();
      const add = (rows: Array<Selectable<ClaimStatusChangesTable>>) => {
        for (const row of rows) {
          const change = toChange(row);
          out.set(change.submissionId, [...(out.get(change.submissionId) ?? []), change]);
        }
      };
      if (!submissionIds) add(await db.selectFrom('claim_status_changes').selectAll().orderBy('id').execute());
      else for (const part of chunks(submissionIds)) add(await db.selectFrom('claim_status_changes').selectAll().where('submission_id', 'in', part).orderBy('id').execute());
      return out;
    },
  };
  return store;
}
