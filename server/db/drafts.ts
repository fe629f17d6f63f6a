/**
 * Claims in progress, one per form type and claimant (types.ts `Drafts`). A save replaces the
 * answers in one statement (an upsert on the key), so two instances saving at once leave one
 * whole draft, never a mix. Expired drafts read as absent until the purge deletes them. A draft's
 * documents (draft-documents.ts) go with it: removed with it, purged with it, and dropped when an
 * expired draft is replaced by a new one.
 */
import { sql, type DeleteResult, type QueryCreator, type RawBuilder, type Selectable } from 'kysely';
import { isRecord } from '../../runtime/core/guards.js';
import { ClaimFiledError, SessionGoneError } from './errors.js';
import { PREPARED } from './prepared.js';
import type { DraftsTable, Tables } from './schema.js';
import { TOUCH_SESSION } from './sessions.js';
import { isStatementBatch, runTemplate } from './statement-batch.js';
import type { Clock, Database, DraftRecord, Drafts, DraftSummary, NewDraft, Trx } from './types.js';

/** The stored answers (or open records): a JSON list (of form models), as save() wrote it. */
function parseModels(text: string): unknown[] {
  const models: unknown = JSON.parse(text);
  if (!Array.isArray(models)) throw new Error("A stored draft's answers are not a JSON list.");
  return models;
}

/**
 * The tables as the statements below see them: with the common table expressions they may name on
 * PostgreSQL (`documents_removed`, the documents dropped). `withTables` only widens the type: a
 * statement that names none has none in its SQL.
 */
type DraftWriteExpressions = { documents_removed: DeleteResult };
type DraftWriteTables = Tables & DraftWriteExpressions;

const toRecord = (r: Selectable<DraftsTable>): DraftRecord => ({
  formType: r.form_type,
  claimantKey: r.claimant_key,
  pageId: r.page_id,
  models: parseModels(r.models),
  authorizationId: r.authorization_id,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  expiresAt: Number(r.expires_at),
  pageUnfinished: Number(r.page_unfinished) === 1,
  openRecords: r.open_records === null ? [] : parseModels(r.open_records),
});

/**
 * What a save's statement answers of the row it wrote: the times the database decided (the
 * creation kept or not), and whether the claim was filed, when asked. Not the answers: they are
 * those just written, and sending them back and parsing them again cost a record save as much as
 * writing them.
 */
type SavedRow = Pick<Selectable<DraftsTable>, 'created_at' | 'updated_at' | 'expires_at'> & { filed?: string | null };

const SAVED_COLUMNS = sql`created_at, updated_at, expires_at`;

/** The draft as a save stored it: its answers as given, its times as the statement answered them. */
const savedRecord = (draft: NewDraft, row: SavedRow): DraftRecord => ({
  formType: draft.formType,
  claimantKey: draft.claimantKey,
  pageId: draft.pageId,
  models: draft.models,
  authorizationId: draft.authorizationId,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  expiresAt: Number(row.expires_at),
  pageUnfinished: draft.pageUnfinished === true,
  openRecords: draft.openRecords ?? [],
});

/**
 * One statement drops the documents a save leaves without a claim (a page save is the hot path:
 * one delete on the draft's own key, usually matching nothing):
 * - all of them when the draft it replaces had expired (not purged yet: replaced, not continued);
 * - any other that none of these answers names and that was there at the last save (a document is
 *   the draft's while one of its records names it, or until the save after it was added, its
 *   record may still be open on the page); such a one is left from answers this save replaces (a
 *   claim started again), and would hold its name and size.
 * The save's statements are SQL text: the query builder took longer to assemble these two than
 * the database takes to run them (about 0.13 ms of a 0.65 ms page save).
 */
function leftDocumentsOf(draft: NewDraft, now: number, dialect: Database['dialect']): RawBuilder<unknown> {
  // A record still open on the page names its document too (its upload is kept for its Save).
  const named = [...draft.models, ...(draft.openRecords ?? [])].flatMap((m) => (isRecord(m) && typeof m.clientId === 'string' ? [m.clientId] : []));
  const replaced = sql`from drafts where drafts.form_type = ${draft.formType} and drafts.claimant_key = ${draft.claimantKey}`;
  const leftOver = sql`draft_documents.created_at < (select drafts.updated_at ${replaced})`;
  // On PostgreSQL the names are one array parameter: the statement's text is the same whatever
  // their number, so it is prepared once (open.ts PREPARED); an empty array excludes nothing.
  const unnamed =
    dialect === 'postgres'
      ? sql`(${leftOver} and draft_documents.context_client_id <> all(${named}::text[]))`
      : named.length > 0
        ? sql`(${leftOver} and draft_documents.context_client_id not in (${sql.join(named)}))`
        : leftOver;
  return sql`delete from draft_documents where draft_documents.form_type = ${draft.formType} and draft_documents.claimant_key = ${draft.claimantKey} and (exists (select drafts.form_type ${replaced} and drafts.expires_at <= ${now}) or ${unnamed})`;
}

/** A save replaces a stored draft's answers (its creation kept, unless it had expired). */
const replacing = (now: number) =>
  sql`on conflict (form_type, claimant_key) do update set page_id = excluded.page_id, models = excluded.models, authorization_id = excluded.authorization_id, updated_at = excluded.updated_at, expires_at = excluded.expires_at, page_unfinished = excluded.page_unfinished, open_records = excluded.open_records, created_at = case when drafts.expires_at <= ${now} then excluded.created_at else drafts.created_at end`;

const DRAFT_COLUMNS = sql`form_type, claimant_key, page_id, models, authorization_id, created_at, updated_at, expires_at, page_unfinished, open_records`;

/** The values of a save's row, in DRAFT_COLUMNS' order. */
const draftValues = (draft: NewDraft, models: string, now: number) =>
  sql.join([draft.formType, draft.claimantKey, draft.pageId, models, draft.authorizationId, now, now, draft.expiresAt, draft.pageUnfinished ? 1 : 0, draft.openRecords?.length ? JSON.stringify(draft.openRecords) : null]);

export function createDrafts(database: Database, options: { clock?: Clock } = {}): Drafts {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    async save(draft, trx) {
      const now = clock();
      const models = JSON.stringify(draft.models);
      const { unlessFiled } = draft;
      const write = async (trx: Trx) => {
        const removing = leftDocumentsOf(draft, now, database.dialect);
        // PostgreSQL takes the delete as a part of the upsert's statement (one round trip; every
        // part sees the rows as they were before the statement, so the delete reads the draft this
        // save replaces, as when it ran first). SQLite has no such statement, and no round trip.
        const together = database.dialect === 'postgres';
        if (!together) await removing.execute(trx);
        // Whether the claim is filed, read by the same statement (as it was before the statement).
        const filed = unlessFiled === undefined ? sql`` : sql`, (select submissions.reference_code from submissions where submissions.form_type = ${draft.formType} and submissions.idempotency_key = ${unlessFiled}) as filed`;
        const upsert = sql<SavedRow>`${together ? sql`with removed as (${removing}) ` : sql``}insert into drafts (${DRAFT_COLUMNS}) values (${draftValues(draft, models, now)}) ${replacing(now)} returning ${SAVED_COLUMNS}${filed}`;
        const row = (await upsert.execute(trx)).rows[0];
        if (!row) throw new Error('A draft save wrote no row.');
        // Thrown in the transaction: rolled back with what it wrote (the caller's writes too).
        if (row.filed) throw new ClaimFiledError(row.filed);
        return savedRecord(draft, row);
      };
      const session = draft.touchSession;
      // The session's expiry, the documents delete and the upsert in one statement on PostgreSQL,
      // without a transaction (a statement is atomic): each part runs only when the session was
      // extended, and the session only when the claim is not filed.
      if (session && !trx && database.dialect === 'postgres') {
        const filed = sql`exists (select 1 from submissions where form_type = ${draft.formType} and idempotency_key = ${draft.unlessFiled ?? null})`;
        const touched = sql`update sessions set expires_at = ${session.expiresAt} where id_hash = ${session.idHash} and expires_at > ${now} and not ${filed} returning id_hash`;
        const removed = sql`${leftDocumentsOf(draft, now, database.dialect)} and exists (select 1 from touched)`;
        // Prepared: PostgreSQL plans this statement once per connection, not on every save.
        const { rows } = await sql<SavedRow>`${sql.raw(PREPARED)}with touched as (${touched}), removed as (${removed}) insert into drafts (${DRAFT_COLUMNS}) select ${draftValues(draft, models, now)} from touched ${replacing(now)} returning ${SAVED_COLUMNS}`.execute(db);
        const row = rows[0];
        if (row) return savedRecord(draft, row);
        // Nothing written: why (a refusal, rare).
        const { rows: why } = await sql<{ filed: string | null }>`select (select reference_code from submissions where form_type = ${draft.formType} and idempotency_key = ${draft.unlessFiled ?? null}) as filed`.execute(db);
        if (why[0]?.filed) throw new ClaimFiledError(why[0].filed);
        throw new SessionGoneError();
      }
      const writeTouching = async (t: Trx) => {
        if (session) {
          // A template compiled once (statement-batch.ts), as the session store's own touch.
          const touched = await runTemplate(t, database.dialect, { template: TOUCH_SESSION, values: [session.expiresAt, session.idHash, now] });
          if (touched.length === 0) throw new SessionGoneError();
        }
        return write(t);
      };
      // In the caller's transaction when given (a page save with its session's expiry), else its own.
      return trx ? writeTouching(trx) : db.transaction().execute(writeTouching);
    },

    async get({ formType, claimantKey }) {
      const row = await db
        .selectFrom('drafts')
        .selectAll()
        .where('form_type', '=', formType)
        .where('claimant_key', '=', claimantKey)
        .where('expires_at', '>', clock())
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async remove({ formType, claimantKey }, trx) {
      if (trx && isStatementBatch(trx)) {
        // Two parts of the batch: one statement on PostgreSQL with the batch's others. SQL text
        // rather than the query builder: a submit sends them every time, and the builder takes
        // longer to assemble them than the database takes to run them.
        trx.add(sql`delete from draft_documents where form_type = ${formType} and claimant_key = ${claimantKey} returning id`);
        const drafts = trx.add(sql`delete from drafts where form_type = ${formType} and claimant_key = ${claimantKey} returning form_type`);
        return (await drafts.rows).length > 0;
      }
      const removeWith = async (t: Trx) => {
        const documents = (qc: QueryCreator<DraftWriteTables>) => qc.deleteFrom('draft_documents').where('form_type', '=', formType).where('claimant_key', '=', claimantKey);
        // One statement on PostgreSQL.
        const together = database.dialect === 'postgres';
        const tables = t.withTables<DraftWriteExpressions>();
        if (!together) await documents(tables).execute();
        const creator: QueryCreator<DraftWriteTables> = together ? tables.with('documents_removed', (qc) => documents(qc)) : tables;
        const result = await creator.deleteFrom('drafts').where('form_type', '=', formType).where('claimant_key', '=', claimantKey).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      };
      return trx ? removeWith(trx) : db.transaction().execute(removeWith);
    },

    async purgeExpired() {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        // The documents of expired drafts, and of drafts already gone.
        await trx
          .deleteFrom('draft_documents')
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('drafts')
                  .select('drafts.form_type')
                  .whereRef('drafts.form_type', '=', 'draft_documents.form_type')
                  .whereRef('drafts.claimant_key', '=', 'draft_documents.claimant_key')
                  .where('drafts.expires_at', '>', now),
              ),
            ),
          )
          .execute();
        const result = await trx.deleteFrom('drafts').where('expires_at', '<=', now).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    async summary(soonMs) {
      const now = clock();
      const rows = await db
        .selectFrom('drafts')
        .select((eb) => [
          'form_type',
          eb.fn.countAll().as('count'),
          eb.fn.min('created_at').as('oldest'),
          eb.fn.min('expires_at').as('next'),
          eb.fn.sum(eb.case().when(eb.and([eb('expires_at', '>', now), eb('expires_at', '<=', now + soonMs)])).then(1).else(0).end()).as('soon'),
          eb.fn.sum(eb.case().when('expires_at', '<=', now).then(1).else(0).end()).as('expired'),
        ])
        .groupBy('form_type')
        .orderBy('form_type')
        .execute();
      return rows.map(
        (r): DraftSummary => ({
          formType: r.form_type,
          count: Number(r.count),
          oldestCreatedAt: Number(r.oldest),
          nextExpiresAt: Number(r.next),
          expiringSoon: Number(r.soon),
          expired: Number(r.expired),
        }),
      );
    },
  };
}
