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
import { isStatementBatch, runTemplate, statementTemplate } from './statement-batch.js';
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
 * Values from `at`: form type, claimant key, now, the names the answers hold (`namesValue`). The
 * names are one parameter (PostgreSQL: an array; SQLite: a JSON list read by json_each), so the
 * text is the same whatever their number: compiled once (statement-batch.ts), prepared once on
 * PostgreSQL. The query builder, and compiling `sql` text per save, took longer than the database
 * takes to run these.
 */
function leftDocuments(v: (index: number) => RawBuilder<unknown>, at: number, dialect: Database['dialect']): RawBuilder<unknown> {
  const [formType, claimantKey, now, named] = [v(at), v(at + 1), v(at + 2), v(at + 3)];
  const replaced = sql`from drafts where drafts.form_type = ${formType} and drafts.claimant_key = ${claimantKey}`;
  const leftOver = sql`draft_documents.created_at < (select drafts.updated_at ${replaced})`;
  // An empty list excludes nothing.
  const unnamed = dialect === 'postgres' ? sql`draft_documents.context_client_id <> all(${named}::text[])` : sql`draft_documents.context_client_id not in (select value from json_each(${named}))`;
  return sql`delete from draft_documents where draft_documents.form_type = ${formType} and draft_documents.claimant_key = ${claimantKey} and (exists (select drafts.form_type ${replaced} and drafts.expires_at <= ${now}) or (${leftOver} and ${unnamed}))`;
}

/** The clientIds the answers name (a record still open on the page names its document too: its upload is kept for its Save), as leftDocuments' parameter. */
function namesValue(draft: NewDraft, dialect: Database['dialect']): string[] | string {
  const named = [...draft.models, ...(draft.openRecords ?? [])].flatMap((m) => (isRecord(m) && typeof m.clientId === 'string' ? [m.clientId] : []));
  return dialect === 'postgres' ? named : JSON.stringify(named);
}

const DRAFT_COLUMNS = sql`form_type, claimant_key, page_id, models, authorization_id, created_at, updated_at, expires_at, page_unfinished, open_records`;
/** How many values a save's row has (draftValues). */
const ROW_VALUES = 10;

/** A save's row from `at` (draftValues' order), and the replacing of a stored draft's answers (its creation kept, unless it had expired: `now` is the row's created_at). */
function rowAndReplacing(v: (index: number) => RawBuilder<unknown>, at: number) {
  const row = sql.join(Array.from({ length: ROW_VALUES }, (_, i) => v(at + i)));
  const replacing = sql`on conflict (form_type, claimant_key) do update set page_id = excluded.page_id, models = excluded.models, authorization_id = excluded.authorization_id, updated_at = excluded.updated_at, expires_at = excluded.expires_at, page_unfinished = excluded.page_unfinished, open_records = excluded.open_records, created_at = case when drafts.expires_at <= ${v(at + 5)} then excluded.created_at else drafts.created_at end`;
  return { row, replacing };
}

/** The values of a save's row, in DRAFT_COLUMNS' order. */
const draftValues = (draft: NewDraft, models: string, now: number): unknown[] => [
  draft.formType,
  draft.claimantKey,
  draft.pageId,
  models,
  draft.authorizationId,
  now,
  now,
  draft.expiresAt,
  draft.pageUnfinished ? 1 : 0,
  draft.openRecords?.length ? JSON.stringify(draft.openRecords) : null,
];

// A save's statements, compiled once per dialect (statement-batch.ts).
/** The documents' delete alone (SQLite, where it runs before the upsert). */
const LEFT_DOCUMENTS = { sqlite: statementTemplate((v) => leftDocuments(v, 0, 'sqlite')), postgres: statementTemplate((v) => leftDocuments(v, 0, 'postgres')) };
/**
 * The upsert (values: the row; with `withDelete` the documents' delete's four; with `filed` the
 * form type and the submission key whose reference code it answers, read as it was before the
 * statement). PostgreSQL takes the documents' delete as a part of it: one round trip; every part
 * sees the rows as they were before the statement, so the delete reads the draft this save
 * replaces, as when it ran first.
 */
function upsertTemplate(withDelete: boolean, filed: boolean) {
  return statementTemplate((v) => {
    const { row, replacing } = rowAndReplacing(v, 0);
    const removed = withDelete ? sql`with removed as (${leftDocuments(v, ROW_VALUES, 'postgres')}) ` : sql``;
    const at = ROW_VALUES + (withDelete ? 4 : 0);
    const filedColumn = filed ? sql`, (select submissions.reference_code from submissions where submissions.form_type = ${v(at)} and submissions.idempotency_key = ${v(at + 1)}) as filed` : sql``;
    return sql`${removed}insert into drafts (${DRAFT_COLUMNS}) values (${row}) ${replacing} returning ${SAVED_COLUMNS}${filedColumn}`;
  });
}
const UPSERT = { alone: upsertTemplate(false, false), aloneFiled: upsertTemplate(false, true), withDelete: upsertTemplate(true, false), withDeleteFiled: upsertTemplate(true, true) };
/**
 * PostgreSQL's page save in one statement, without a transaction (a statement is atomic): the
 * session's expiry, the documents' delete and the upsert, each part only when the session was
 * extended, and the session only when the claim is not filed. Values: the row (draftValues), the
 * session's new expiry, its id's hash, the form type, the submission key (or null), then the
 * delete's (form type, claimant key, now, names). Prepared: planned once per connection.
 */
const PAGE_SAVE_IN_ONE = statementTemplate((v) => {
  const { row, replacing } = rowAndReplacing(v, 0);
  const at = ROW_VALUES;
  const filed = sql`exists (select 1 from submissions where form_type = ${v(at + 2)} and idempotency_key = ${v(at + 3)})`;
  const touched = sql`update sessions set expires_at = ${v(at)} where id_hash = ${v(at + 1)} and expires_at > ${v(at + 6)} and not ${filed} returning id_hash`;
  const removed = sql`${leftDocuments(v, at + 4, 'postgres')} and exists (select 1 from touched)`;
  return sql`${sql.raw(PREPARED)}with touched as (${touched}), removed as (${removed}) insert into drafts (${DRAFT_COLUMNS}) select ${row} from touched ${replacing} returning ${SAVED_COLUMNS}`;
});

/**
 * A draft's removal with its documents, as a submit's parts (values: form type, claimant key):
 * compiled once, as the submit sends them every time and the query builder took longer to
 * assemble them than the database takes to run them.
 */
const REMOVE = {
  documents: statementTemplate((v) => sql`delete from draft_documents where form_type = ${v(0)} and claimant_key = ${v(1)} returning id`),
  draft: statementTemplate((v) => sql`delete from drafts where form_type = ${v(0)} and claimant_key = ${v(1)} returning form_type`),
};

/** A save's values as `writeDraft` takes them. */
interface DraftWrite {
  dialect: Database['dialect'];
  draft: NewDraft;
  /** The row (draftValues). */
  row: unknown[];
  /** The documents' delete's values (leftDocuments). */
  deleting: unknown[];
  now: number;
}

/**
 * A save's statements in `trx`: the session's expiry first when asked (`touchSession`), then the
 * documents' delete and the upsert (one statement on PostgreSQL). A module function rather than a
 * closure made per save: the server's runner names every closure it makes, a property write each.
 */
async function writeDraft(trx: Trx, { dialect, draft, row, deleting, now }: DraftWrite): Promise<DraftRecord> {
  const session = draft.touchSession;
  if (session) {
    // A template compiled once (statement-batch.ts), as the session store's own touch.
    const touched = await runTemplate(trx, dialect, { template: TOUCH_SESSION, values: [session.expiresAt, session.idHash, now] });
    if (touched.length === 0) throw new SessionGoneError();
  }
  // PostgreSQL takes the delete as a part of the upsert's statement; SQLite has no such
  // statement, and no round trip.
  const together = dialect === 'postgres';
  if (!together) await runTemplate(trx, dialect, { template: LEFT_DOCUMENTS[dialect], values: deleting });
  // Whether the claim is filed, read by the same statement (as it was before the statement).
  const { unlessFiled } = draft;
  const filedValues = unlessFiled === undefined ? [] : [draft.formType, unlessFiled];
  const template = together ? (unlessFiled === undefined ? UPSERT.withDelete : UPSERT.withDeleteFiled) : unlessFiled === undefined ? UPSERT.alone : UPSERT.aloneFiled;
  const values = [...row, ...(together ? deleting : []), ...filedValues];
  const [saved] = await runTemplate<SavedRow>(trx, dialect, { template, values });
  if (!saved) throw new Error('A draft save wrote no row.');
  // Thrown in the transaction: rolled back with what it wrote (the caller's writes too).
  if (saved.filed) throw new ClaimFiledError(saved.filed);
  return savedRecord(draft, saved);
}

export function createDrafts(database: Database, options: { clock?: Clock } = {}): Drafts {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    async save(draft, trx) {
      const now = clock();
      const models = JSON.stringify(draft.models);
      const row = draftValues(draft, models, now);
      const deleting = [draft.formType, draft.claimantKey, now, namesValue(draft, database.dialect)];
      const session = draft.touchSession;
      if (session && !trx && database.dialect === 'postgres') {
        const values = [...row, session.expiresAt, session.idHash, draft.formType, draft.unlessFiled ?? null, ...deleting];
        const [saved] = await runTemplate<SavedRow>(db, database.dialect, { template: PAGE_SAVE_IN_ONE, values });
        if (saved) return savedRecord(draft, saved);
        // Nothing written: why (a refusal, rare).
        const { rows: why } = await sql<{ filed: string | null }>`select (select reference_code from submissions where form_type = ${draft.formType} and idempotency_key = ${draft.unlessFiled ?? null}) as filed`.execute(db);
        if (why[0]?.filed) throw new ClaimFiledError(why[0].filed);
        throw new SessionGoneError();
      }
      // In the caller's transaction when given (a page save with its session's expiry), else its own.
      const save = { dialect: database.dialect, draft, row, deleting, now };
      return trx ? writeDraft(trx, save) : db.transaction().execute((t) => writeDraft(t, save));
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
        // Two parts of the batch (a submit's): one statement on PostgreSQL with the batch's others.
        trx.add({ template: REMOVE.documents, values: [formType, claimantKey] });
        const drafts = trx.add({ template: REMOVE.draft, values: [formType, claimantKey] });
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
