/**
 * Submissions and their documents. One transaction writes the submission row and every document
 * row (and whatever the caller's `before` writes); the unique (form_type, idempotency_key) makes a
 * retried submit return the first reference code and write no submission, also when two retries
 * race. In the same transaction, each identifier the submission names (filed_identifiers) is
 * locked, its earlier submissions judged by the caller's duplicate policy, and its count updated.
 * The database document store's objects the caller passes (`objects`) are written there too, with
 * the rows that name them. On PostgreSQL the transaction is two statements (statement-batch.ts)
 * between BEGIN and COMMIT.
 */
import { createHash } from 'node:crypto';
import { InvalidSubmissionError, isUniqueViolation, SubmissionConflictError } from './errors.js';
import { generateReferenceCode, normalizeReferenceCode } from './reference-code.js';
import { objectOfRow } from './draft-documents.js';
import { insertDocumentObjects, insertDocumentObjectsAfter } from './document-objects.js';
import { runTemplate, statementBatch, statementTemplate } from './statement-batch.js';
import type { SubmissionsTable } from './schema.js';
import type { ClaimantIdentifier, Clock, Database, DocumentMeta, NewDocument, DuplicateMark, EarlierFilings, IdentifierKind, NewSubmission, StatementTemplate, StoreResult, SubmissionFilter, SubmissionRecord, Submissions, Trx } from './types.js';
import { isRecord } from '../../runtime/core/guards.js';
import { sql, type Selectable } from 'kysely';

const MAX_ATTEMPTS = 8;

/** Digests computed by documentDigest, so that storeSubmission does not hash the same bytes again. */
const digests = new WeakMap<Uint8Array, string>();

/**
 * The lowercase hex SHA-256 of a document's bytes, remembered for these bytes: pass it as the
 * document's `sha256` and storeSubmission checks it without hashing again (the bytes must not
 * change in between).
 */
export function documentDigest(bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest('hex');
  digests.set(bytes, digest);
  return digest;
}

function checkDocuments(input: NewSubmission) {
  input.documents.forEach((d, i) => {
    // An object was counted and digested as the document store wrote it.
    if (!d.bytes) return;
    const label = `document ${i + 1} (${JSON.stringify(d.name)})`;
    if (d.bytes.byteLength !== d.size) throw new InvalidSubmissionError(`${label}: size ${d.size} does not match its ${d.bytes.byteLength} bytes`);
    const actual = digests.get(d.bytes) ?? createHash('sha256').update(d.bytes).digest('hex');
    if (actual !== d.sha256.toLowerCase()) throw new InvalidSubmissionError(`${label}: sha256 does not match its bytes`);
  });
}

/**
 * The identifiers' rows, created when new, locked until the transaction ends (a no-op update: on
 * PostgreSQL a concurrent one waits and then reads what the first committed; SQLite has one
 * writer at a time), answering what was filed under each. One statement for them all, in the
 * order given (one lock order for every transaction).
 */
function lockIdentifiers(identifiers: ClaimantIdentifier[]) {
  const rows = identifiers.map((identifier) => sql`(${identifier.kind}, ${identifier.value}, '{}')`);
  return sql`insert into filed_identifiers (kind, value, filings) values ${sql.join(rows)} on conflict (kind, value) do update set filings = filed_identifiers.filings returning kind, value, filings`;
}

/** A document row's own bytes: empty when they are an object of a document store. */
const documentBytes = (d: NewDocument) => (d.bytes ? Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength) : Buffer.alloc(0));

/** The documents' rows of the submission `submissionId`, in one statement. */
function insertDocuments(documents: NewDocument[], submissionId: number) {
  const rows = documents.map(
    (d, position) =>
      sql`(${submissionId}, ${position}, ${d.contextClientId}, ${d.name}, ${d.type}, ${d.size}, ${d.sha256.toLowerCase()}, ${documentBytes(d)}, ${d.object?.store ?? null}, ${d.object?.key ?? null}, ${d.unscanned ? 1 : 0})`,
  );
  return sql`insert into documents (submission_id, position, context_client_id, name, type, size, sha256, bytes, store, store_key, unscanned) values ${sql.join(rows)}`;
}

/**
 * The documents' rows, in one statement, of the submission an earlier part of the same batch
 * inserted (`part`, PostgreSQL): none when that insert did nothing. (Typed: parameters in VALUES
 * would be taken for text.)
 */
function insertDocumentsAfter(documents: NewDocument[], part: string) {
  const rows = documents.map(
    (d, position) =>
      sql`(${sql.lit(position)}, cast(${d.contextClientId} as text), cast(${d.name} as text), cast(${d.type} as text), cast(${d.size} as integer), cast(${d.sha256.toLowerCase()} as text), cast(${documentBytes(d)} as bytea), cast(${d.object?.store ?? null} as text), cast(${d.object?.key ?? null} as text), cast(${d.unscanned ? 1 : 0} as integer))`,
  );
  return sql`insert into documents (submission_id, position, context_client_id, name, type, size, sha256, bytes, store, store_key, unscanned) select s.id, d.* from ${sql.table(part)} as s cross join (values ${sql.join(rows)}) as d returning documents.id`;
}

/** What was filed under n identifiers (values: each one's kind and value), read at a sign-in: compiled once per n (statement-batch.ts). */
const filingsTemplates: StatementTemplate[] = [];
function filingsTemplate(n: number): StatementTemplate {
  return (filingsTemplates[n] ??= statementTemplate(
    (v) =>
      sql`select kind, value, filings from filed_identifiers where ${sql.join(
        Array.from({ length: n }, (_, i) => sql`(kind = ${v(2 * i)} and value = ${v(2 * i + 1)})`),
        sql` or `,
      )}`,
  ));
}

const parsePayload = (text: string): unknown => JSON.parse(text);

/** filed_identifiers.filings: `{ [formType]: { count, first } }`, as storeSubmission writes it. */
function parseFilings(text: string): EarlierFilings['filings'] {
  const stored: unknown = JSON.parse(text);
  if (!isRecord(stored)) throw new Error('Stored filings of an identifier are not a JSON object.');
  const filings: EarlierFilings['filings'] = {};
  for (const [formType, entry] of Object.entries(stored)) {
    if (!isRecord(entry) || typeof entry.count !== 'number' || typeof entry.first !== 'string') throw new Error(`Stored filings of an identifier are malformed (form ${formType}).`);
    filings[formType] = { count: entry.count, first: entry.first };
  }
  return filings;
}

const isIdentifierKind = (value: unknown): value is IdentifierKind => value === 'noticeId' || value === 'vin';

/** submissions.duplicate_of: the list of DuplicateMark storeSubmission wrote. */
function parseDuplicateMarks(text: string): DuplicateMark[] {
  const stored: unknown = JSON.parse(text);
  if (!Array.isArray(stored)) throw new Error('Stored duplicate marks are not a JSON list.');
  return stored.map((mark: unknown): DuplicateMark => {
    if (!isRecord(mark) || !isIdentifierKind(mark.identifier) || typeof mark.formType !== 'string' || typeof mark.count !== 'number' || typeof mark.first !== 'string') {
      throw new Error('A stored duplicate mark is malformed.');
    }
    return { identifier: mark.identifier, formType: mark.formType, count: mark.count, first: mark.first };
  });
}

export function createSubmissions(database: Database, options: { clock?: Clock } = {}): Submissions {
  const { db } = database;
  const clock = options.clock ?? Date.now;

  async function documentsOf(ids: number[]): Promise<Map<number, DocumentMeta[]>> {
    const byId = new Map<number, DocumentMeta[]>(ids.map((id) => [id, []]));
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom('documents')
        .select(['id', 'submission_id', 'context_client_id', 'name', 'type', 'size', 'sha256', 'unscanned'])
        .where('submission_id', 'in', ids.slice(i, i + 500))
        .orderBy('submission_id')
        .orderBy('position')
        .execute();
      for (const r of rows) {
        byId.get(Number(r.submission_id))?.push({ id: Number(r.id), contextClientId: r.context_client_id, name: r.name, type: r.type, size: Number(r.size), sha256: r.sha256, unscanned: Number(r.unscanned) === 1 });
      }
    }
    return byId;
  }

  const toRecord = (r: Selectable<SubmissionsTable>, documents: DocumentMeta[]): SubmissionRecord => ({
    id: Number(r.id),
    referenceCode: r.reference_code,
    formType: r.form_type,
    culture: r.culture,
    createdAt: r.created_at,
    payload: parsePayload(r.payload),
    documents,
    duplicateOf: r.duplicate_of ? parseDuplicateMarks(r.duplicate_of) : [],
  });

  return {
    async storeSubmission(input, options = {}): Promise<StoreResult> {
      checkDocuments(input);
      const payload = input.payloadJson ?? JSON.stringify(input.payload ?? null);
      const answersSha256 = createHash('sha256').update(payload).digest('hex');
      // One lock order for every transaction, so that two never wait for each other.
      const identifiers = [...(input.identifiers ?? [])].sort((a, b) => (a.kind + a.value < b.kind + b.value ? -1 : 1));
      const inTransaction = options.inTransaction ?? (<T>(work: (trx: Trx) => Promise<T>) => db.transaction().execute(work));
      const objects = input.objects ?? [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const referenceCode = generateReferenceCode(input.formType, input.referencePrefix);
        try {
          const result = await inTransaction(async (trx): Promise<StoreResult> => {
            const now = clock();
            // Two statements on PostgreSQL (each a batch): the caller's `before` parts, the
            // submission, its documents and its identifiers' locks; then what the duplicate policy
            // and the caller's `after` write.
            const batch = statementBatch(trx, database.dialect);
            const before = options.before?.(trx, batch);
            before?.catch(() => {}); // awaited below, after the batch ran
            // The key already stored (a retry, or a racing retry that committed first: PostgreSQL
            // waits for it) makes this insert a no-op, and its row answers.
            // SQL text, as the statements below: the query builder took longer to assemble them
            // than the database takes to run them.
            const inserted = batch.add(
              sql`insert into submissions (reference_code, form_type, idempotency_key, culture, payload, created_at, answers_sha256) values (${sql.join([referenceCode, input.formType, input.idempotencyKey, input.culture, payload, new Date(now).toISOString(), answersSha256])}) on conflict (form_type, idempotency_key) do nothing returning id`,
            );
            // The database store's objects with the rows that name them (written only with a new submission).
            if (batch.deferred && objects.length) batch.add(insertDocumentObjectsAfter(objects, now, inserted.name));
            if (batch.deferred && input.documents.length) batch.add(insertDocumentsAfter(input.documents, inserted.name));
            const locked = identifiers.length ? batch.add(lockIdentifiers(identifiers)) : undefined;
            await batch.run();
            await before;
            const row = (await inserted.rows)[0];
            if (!row) {
              const existing = await trx
                .selectFrom('submissions')
                .select(['id', 'reference_code', 'answers_sha256'])
                .where('form_type', '=', input.formType)
                .where('idempotency_key', '=', input.idempotencyKey)
                .executeTakeFirstOrThrow();
              // Rows stored before answers were digested answer any retry, as they did then.
              if (existing.answers_sha256 !== null && existing.answers_sha256 !== answersSha256) throw new SubmissionConflictError(existing.reference_code);
              return { referenceCode: existing.reference_code, created: false, submissionId: Number(existing.id) };
            }
            const submissionId = Number(row.id);
            if (!batch.deferred && objects.length) await insertDocumentObjects(objects, now).execute(trx);
            if (!batch.deferred && input.documents.length) await insertDocuments(input.documents, submissionId).execute(trx);
            const then = statementBatch(trx, database.dialect);
            if (locked) {
              const filingsOf = new Map((await locked.rows).map((r) => [`${String(r.kind)}\n${String(r.value)}`, String(r.filings)]));
              const earlier: EarlierFilings[] = identifiers.map((identifier) => {
                const filings = filingsOf.get(`${identifier.kind}\n${identifier.value}`);
                if (filings === undefined) throw new Error(`The lock of the identifier ${identifier.kind} answered no row.`);
                return { identifier, filings: parseFilings(filings) };
              });
              const marks = options.judgeDuplicates?.(earlier) ?? [];
              if (marks.length) then.add(sql`update submissions set duplicate_of = ${JSON.stringify(marks)} where id = ${submissionId} returning id`);
              for (const { identifier, filings } of earlier) {
                const previous = filings[input.formType];
                const next = { ...filings, [input.formType]: { count: (previous?.count ?? 0) + 1, first: previous?.first ?? referenceCode } };
                then.add(sql`update filed_identifiers set filings = ${JSON.stringify(next)} where kind = ${identifier.kind} and value = ${identifier.value} returning kind`);
              }
            }
            const after = options.after?.(trx, { referenceCode, submissionId }, then);
            after?.catch(() => {}); // awaited below, after the batch ran
            await then.run();
            await after;
            return { referenceCode, created: true, submissionId };
          });
          return result;
        } catch (error) {
          // Another submission already holds this reference code (or the key, on SQLite's
          // unordered constraint check): roll back and try again.
          if (!isUniqueViolation(error) || attempt === MAX_ATTEMPTS) throw error;
        }
      }
      throw new Error('Could not store the submission: no free reference code was found.');
    },

    async listSubmissions(filter: SubmissionFilter = {}) {
      let query = db.selectFrom('submissions').selectAll();
      if (filter.formType) query = query.where('form_type', '=', filter.formType);
      if (filter.from) query = query.where('created_at', '>=', filter.from.toISOString());
      if (filter.to) query = query.where('created_at', '<', filter.to.toISOString());
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      const docs = await documentsOf(rows.map((r) => Number(r.id)));
      return rows.map((r) => toRecord(r, docs.get(Number(r.id)) ?? []));
    },

    async getByReferenceCode(code) {
      const row = await db.selectFrom('submissions').selectAll().where('reference_code', '=', normalizeReferenceCode(code)).executeTakeFirst();
      if (!row) return null;
      const docs = await documentsOf([Number(row.id)]);
      return toRecord(row, docs.get(Number(row.id)) ?? []);
    },

    async referenceCodeOf(formType, idempotencyKey) {
      const row = await db.selectFrom('submissions').select('reference_code').where('form_type', '=', formType).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      return row?.reference_code ?? null;
    },

    async filingsOf(identifiers, batch) {
      if (!identifiers.length) return [];
      // Every identifier in one statement, compiled once per number of identifiers (a part of the
      // sign-in's batch on PostgreSQL; alone at a page save and on SQLite).
      const values = identifiers.flatMap((identifier) => [identifier.kind, identifier.value]);
      const part = { template: filingsTemplate(identifiers.length), values };
      const rows = batch ? await batch.add(part).rows : await runTemplate(db, database.dialect, part);
      const filingsOf = (identifier: ClaimantIdentifier) => rows.find((r) => r.kind === identifier.kind && r.value === identifier.value)?.filings;
      return identifiers.map((identifier) => {
        const filings = filingsOf(identifier);
        return { identifier, filings: typeof filings === 'string' ? parseFilings(filings) : {} };
      });
    },

    async getDocuments(submissionId) {
      // The database store's objects come with their rows; an object store's are read through it (server/documents).
      const rows = await db
        .selectFrom('documents')
        .leftJoin('document_objects', (join) => join.onRef('document_objects.key', '=', 'documents.store_key').on('documents.store', '=', 'database'))
        .select(['documents.id', 'context_client_id', 'name', 'type', 'documents.size', 'documents.sha256', 'documents.bytes', 'store', 'store_key', 'unscanned', 'document_objects.bytes as object_bytes'])
        .where('submission_id', '=', submissionId)
        .orderBy('position')
        .execute();
      return rows.map((r) => {
        const object = objectOfRow(r);
        const bytes = object ? r.object_bytes : r.bytes;
        return {
          id: Number(r.id),
          contextClientId: r.context_client_id,
          name: r.name,
          type: r.type,
          size: Number(r.size),
          sha256: r.sha256,
          unscanned: Number(r.unscanned) === 1,
          bytes: bytes === null ? null : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
          object,
        };
      });
    },
  };
}
