/**
 * Submissions and their documents. One transaction writes the submission row and every document
 * row (and whatever the caller's `before` writes); the unique (form_type, idempotency_key) makes a
 * retried submit return the first reference code and write no submission, also when two retries
 * race. In the same transaction, each identifier the submission names (filed_identifiers) is
 * locked, its earlier submissions judged by the caller's duplicate policy, and its count updated.
 * The database document store's objects the caller passes (`objects`) are written there too, with
 * the rows that name them. On PostgreSQL the transaction is two statements (statement-batch.ts)
 * between BEGIN and COMMIT. Each statement is a template compiled once (per number of identifiers
 * or objects), the documents one JSON value, so a submit asks Kysely to compile nothing; and
 * PostgreSQL keeps both prepared (a few texts), planning them once per connection rather than per
 * submit (a third of its CPU per submit: bench/findings.md, 2026-11-30).
 */
import { createHash } from 'node:crypto';
import { InvalidSubmissionError, isUniqueViolation, SubmissionConflictError } from './errors.js';
import { generateReferenceCode, normalizeReferenceCode } from './reference-code.js';
import { objectOfRow } from './draft-documents.js';
import { documentObjectsPart } from './document-objects.js';
import { jsonRecords, runTemplate, statementBatch, statementTemplate } from './statement-batch.js';
import type { SubmissionsTable } from './schema.js';
import type { ClaimantIdentifier, Clock, Database, DialectName, DocumentMeta, NewDocument, DuplicateMark, EarlierFilings, IdentifierKind, NewSubmission, StatementTemplate, StoreResult, SubmissionFilter, SubmissionRecord, Submissions, TemplatePart, Trx } from './types.js';
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
 * order given (one lock order for every transaction); compiled once per number of identifiers (a
 * submission names one or two).
 */
const lockTemplates: StatementTemplate[] = [];
function lockIdentifiers(identifiers: readonly ClaimantIdentifier[]): TemplatePart {
  const n = identifiers.length;
  const template = (lockTemplates[n] ??= statementTemplate((v) => {
    const rows = Array.from({ length: n }, (_, i) => sql`(${v(2 * i)}, ${v(2 * i + 1)}, '{}')`);
    return sql`insert into filed_identifiers (kind, value, filings) values ${sql.join(rows)} on conflict (kind, value) do update set filings = filed_identifiers.filings returning kind, value, filings`;
  }));
  return { template, values: identifiers.flatMap((identifier) => [identifier.kind, identifier.value]) };
}

// A submit's statements, compiled once per dialect (statement-batch.ts): the query builder, and
// compiling their SQL text per submit, took longer than the database takes to run them.
/** The submission's row, a no-op when its key is stored (values: reference code, form type, key, culture, payload, time, answers' digest). */
const INSERT_SUBMISSION = statementTemplate(
  (v) =>
    sql`insert into submissions (reference_code, form_type, idempotency_key, culture, payload, created_at, answers_sha256) values (${sql.join(Array.from({ length: 7 }, (_, i) => v(i)))}) on conflict (form_type, idempotency_key) do nothing returning id`,
);
/** The submission stored under a key (values: form type, key). */
const FILED = statementTemplate((v) => sql`select id, reference_code, answers_sha256 from submissions where form_type = ${v(0)} and idempotency_key = ${v(1)}`);
type FiledRow = Pick<Selectable<SubmissionsTable>, 'id' | 'reference_code' | 'answers_sha256'>;
/** The duplicate policy's marks (values: the marks as JSON, the submission's id). */
const MARK_DUPLICATES = statementTemplate((v) => sql`update submissions set duplicate_of = ${v(0)} where id = ${v(1)} returning id`);
/** What was filed under an identifier, moved on (values: the filings as JSON, kind, value). */
const UPDATE_FILINGS = statementTemplate((v) => sql`update filed_identifiers set filings = ${v(0)} where kind = ${v(1)} and value = ${v(2)} returning kind`);

/** A document row's columns, as documentRecords gives them. */
const DOCUMENT_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['position', 'integer'],
  ['context_client_id', 'text'],
  ['name', 'text'],
  ['type', 'text'],
  ['size', 'integer'],
  ['sha256', 'text'],
  ['bytes', 'text'],
  ['store', 'text'],
  ['store_key', 'text'],
  ['unscanned', 'integer'],
];

/**
 * The documents' rows in one statement, the documents one JSON value (documentRecords): one text
 * whatever their number. SQLite: values the submission's id and the documents. PostgreSQL: the
 * documents, of the submission the earlier part of the same batch it names inserted (none when
 * that insert did nothing), answering their ids.
 */
function documentsTemplate(dialect: DialectName): StatementTemplate {
  return statementTemplate((v, name) => {
    const columns = sql`submission_id, position, context_client_id, name, type, size, sha256, bytes, store, store_key, unscanned`;
    const records = jsonRecords(dialect, dialect === 'postgres' ? v(0) : v(1), 'd', DOCUMENT_COLUMNS);
    const rest = sql`d.position, d.context_client_id, d.name, d.type, d.size, d.sha256, ${dialect === 'postgres' ? sql`decode(d.bytes, 'hex')` : sql`unhex(d.bytes)`}, d.store, d.store_key, d.unscanned`;
    return dialect === 'postgres'
      ? sql`insert into documents (${columns}) select s.id, ${rest} from ${name(0)} as s cross join ${records} returning documents.id`
      : sql`insert into documents (${columns}) select cast(${v(0)} as integer), ${rest} from ${records}`;
  });
}
const INSERT_DOCUMENTS = { sqlite: documentsTemplate('sqlite'), postgres: documentsTemplate('postgres') };

/**
 * The documents as INSERT_DOCUMENTS takes them. A row's own bytes (hex) are there only for a
 * document stored before the document stores (a retry of such a claim); any other's are an
 * object's, written apart (document-objects.ts).
 */
function documentRecords(documents: readonly NewDocument[]): string {
  return JSON.stringify(
    documents.map((d, position) => ({
      position,
      context_client_id: d.contextClientId,
      name: d.name,
      type: d.type,
      size: d.size,
      sha256: d.sha256.toLowerCase(),
      bytes: d.bytes ? Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength).toString('hex') : '',
      store: d.object?.store ?? null,
      store_key: d.object?.key ?? null,
      unscanned: d.unscanned ? 1 : 0,
    })),
  );
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
            const batch = statementBatch(trx, database.dialect, { prepared: true });
            const before = options.before?.(trx, batch);
            before?.catch(() => {}); // awaited below, after the batch ran
            // The key already stored (a retry, or a racing retry that committed first: PostgreSQL
            // waits for it) makes this insert a no-op, and its row answers.
            const inserted = batch.add({ template: INSERT_SUBMISSION, values: [referenceCode, input.formType, input.idempotencyKey, input.culture, payload, new Date(now).toISOString(), answersSha256] });
            // The database store's objects with the rows that name them (written only with a new submission).
            if (batch.deferred && objects.length) batch.add(documentObjectsPart(objects, now, inserted.name));
            if (batch.deferred && input.documents.length) batch.add({ template: INSERT_DOCUMENTS.postgres, values: [documentRecords(input.documents)], names: [inserted.name] });
            const locked = identifiers.length ? batch.add(lockIdentifiers(identifiers)) : undefined;
            await batch.run();
            await before;
            const row = (await inserted.rows)[0];
            if (!row) {
              const [existing] = await runTemplate<FiledRow>(trx, database.dialect, { template: FILED, values: [input.formType, input.idempotencyKey] });
              if (!existing) throw new Error('A submission key that an insert found stored has no row.');
              // Rows stored before answers were digested answer any retry, as they did then.
              if (existing.answers_sha256 !== null && existing.answers_sha256 !== answersSha256) throw new SubmissionConflictError(existing.reference_code);
              return { referenceCode: existing.reference_code, created: false, submissionId: Number(existing.id) };
            }
            const submissionId = Number(row.id);
            if (!batch.deferred && objects.length) await runTemplate(trx, database.dialect, documentObjectsPart(objects, now));
            if (!batch.deferred && input.documents.length) await runTemplate(trx, database.dialect, { template: INSERT_DOCUMENTS.sqlite, values: [submissionId, documentRecords(input.documents)] });
            const then = statementBatch(trx, database.dialect, { prepared: true });
            if (locked) {
              const filingsOf = new Map((await locked.rows).map((r) => [`${String(r.kind)}\n${String(r.value)}`, String(r.filings)]));
              const earlier: EarlierFilings[] = identifiers.map((identifier) => {
                const filings = filingsOf.get(`${identifier.kind}\n${identifier.value}`);
                if (filings === undefined) throw new Error(`The lock of the identifier ${identifier.kind} answered no row.`);
                return { identifier, filings: parseFilings(filings) };
              });
              const marks = options.judgeDuplicates?.(earlier) ?? [];
              if (marks.length) then.add({ template: MARK_DUPLICATES, values: [JSON.stringify(marks), submissionId] });
              for (const { identifier, filings } of earlier) {
                const previous = filings[input.formType];
                const next = { ...filings, [input.formType]: { count: (previous?.count ?? 0) + 1, first: previous?.first ?? referenceCode } };
                then.add({ template: UPDATE_FILINGS, values: [JSON.stringify(next), identifier.kind, identifier.value] });
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
      const [row] = await runTemplate<FiledRow>(db, database.dialect, { template: FILED, values: [formType, idempotencyKey] });
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
