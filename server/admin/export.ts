/**
 * What the administrator gets out: every submission as CSV (answers flattened into columns) or
 * JSON Lines, with the earlier submissions it repeats when the duplicate policy marked it
 * (`duplicateOf`), its status and the history of its status changes, the cures its claimant sent
 * from the status page (their documents' metadata and the answers to pages asked again), its fraud screening (risk score, disposition, reason codes; never the client's
 * address or browser, which only the fraud view shows) and document metadata, and the documents
 * of one or every submission written byte-identical (of one submission, its cures' documents too).
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isRecord } from '../../runtime/core/guards.js';
import { camelCase } from '../../runtime/core/models/config.js';
import { maskAccount } from '../../runtime/core/models/declared.js';
import { createSubmissions } from '../db/submissions.js';
import { openDocument, type DocumentStores } from '../documents/index.js';
import { createClaimCures, type StoredCure } from '../db/claim-cures.js';
import { createClaimStatuses, type StatusChange } from '../db/claim-statuses.js';
import { RECEIVED } from '../../runtime/core/statuses/index.js';
import { screeningsById, type ClaimScreening } from '../fraud/store.js';
import type { Database, DuplicateMark, StoredDocument, SubmissionFilter, SubmissionRecord } from '../db/types.js';
import type { FormModel } from '../../runtime/core/types.js';

export type ExportFormat = 'csv' | 'jsonl';

/** Payload keys that are never exported (tokens, not answers). */
const SECRET_KEYS = new Set(['reCaptchaResponse', 'captchaRawValue', 'csrfToken']);

const isFormModel = (v: unknown): v is { clientId?: unknown; fields: Record<string, unknown> } => isRecord(v) && isRecord(v.fields) && 'metadata' in v;

/**
 * Flattens answers into `column -> text`: form models contribute their clientId and fields
 * (`claimantInfo.firstName`), lists their index (`claimTransactions[0].amountPaid`).
 */
export function flattenAnswers(value: unknown, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (value === null || value === undefined) {
    if (prefix) out.set(prefix, '');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flattenAnswers(item, `${prefix}[${i}]`, out));
  } else if (isFormModel(value)) {
    if (value.clientId !== undefined) flattenAnswers(value.clientId, prefix ? `${prefix}.clientId` : 'clientId', out);
    for (const [k, v] of Object.entries(value.fields)) flattenAnswers(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!prefix && SECRET_KEYS.has(k)) continue;
      flattenAnswers(v, prefix ? `${prefix}.${k}` : k, out);
    }
  } else {
    out.set(prefix || 'value', String(value));
  }
  return out;
}

/** RFC 4180 quoting, and a leading ' on text a spreadsheet would run as a formula. */
export function csvCell(text: string): string {
  const guarded = /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const withoutSecrets = (payload: unknown) => (isRecord(payload) ? Object.fromEntries(Object.entries(payload).filter(([k]) => !SECRET_KEYS.has(k))) : payload);

/**
 * A submission's duplicate marks in one cell: per identifier, the earlier submissions of a form
 * naming it ("vin: 2 earlier Automotive (first AUT-…)"); empty when it repeats none.
 */
export function duplicateText(marks: readonly DuplicateMark[]): string {
  return marks.map((m) => `${m.identifier}: ${m.count} earlier ${m.formType} (first ${m.first})`).join('; ');
}

/** A claim's status history by submission id (oldest first); a claim without one is received. */
export type StatusHistories = ReadonlyMap<number, readonly StatusChange[]>;

/** One change in one line: "2026-11-28T20:15:00.000Z received → deficient (missingProofOfPurchase; cure by 2026-12-28) by admin status: note". */
export function statusChangeText(c: StatusChange): string {
  const details = [c.deficiencies.join(', '), c.cureBy ? `cure by ${c.cureBy}` : ''].filter(Boolean).join('; ');
  return `${new Date(c.changedAt).toISOString()} ${c.from} → ${c.to}${details ? ` (${details})` : ''} by ${c.changedBy}${c.note ? `: ${c.note}` : ''}`;
}

/** A claim's cures by submission id (oldest first). */
export type Cures = ReadonlyMap<number, readonly StoredCure[]>;

const cureDocument = (d: StoredCure['documents'][number]) => ({ deficiency: d.deficiency, documentType: d.documentType, name: d.name, type: d.type, size: d.size, sha256: d.sha256, unscanned: d.unscanned });

/** A model a cure answered again, in one part: "claimDetails: ownershipType=own, isCurrentOwner=true" (empty answers left out). */
const cureAnswerText = (model: StoredCure['answers'][number]) =>
  `${model.metadata.dtoMapping}: ${Object.entries(model.fields)
    .filter(([, value]) => value !== null && value !== '')
    .map(([field, value]) => `${field}=${String(value)}`)
    .join(', ')}`;

/** One cure in one line: "2026-12-01T10:00:00.000Z signed by Maria Lopez; proofOfPayment receipt.pdf (application/pdf, 1234 bytes, sha256 …); claimTransactions: repairDate=…". */
export function cureText(cure: StoredCure): string {
  const parts = [
    ...(cure.signatureName !== null ? [`signed by ${cure.signatureName}`] : []),
    ...cure.answers.map(cureAnswerText),
    ...cure.documents.map((d) => `${d.documentType} ${d.name} (${d.type}, ${d.size} bytes, sha256 ${d.sha256}${d.unscanned ? ', unscanned' : ''})`),
  ];
  return `${new Date(cure.receivedAt).toISOString()} ${parts.join('; ')}`;
}

const currentStatus = (history: readonly StatusChange[] | undefined) => history?.at(-1)?.to ?? RECEIVED;

/** A claim's screening: by submission id; claims stored before screening have none. */
export type Screenings = ReadonlyMap<number, ClaimScreening>;

/** A claim's reason codes in one cell ("fast_fill duplicate_phone"). */
export const reasonText = (screening: ClaimScreening | undefined) => (screening ? screening.reasons.map((r) => r.code).join(' ') : '');

/** How account numbers leave: masked (last 4) unless the administrator asks for them. */
export interface AccountExport {
  /** Account fields as `model.field` (model camel-cased; models/declared.ts accountFields). */
  fields: ReadonlySet<string>;
  /** Export them whole (export-submissions --include-accounts). */
  include: boolean;
}

/** The account fields to mask, by model (`paymentElection` → accountNumber); none when they leave whole. */
function maskedFieldsByModel(accounts?: AccountExport): Map<string, string[]> {
  const byModel = new Map<string, string[]>();
  if (!accounts || accounts.include) return byModel;
  for (const name of accounts.fields) {
    const dot = name.indexOf('.');
    byModel.set(name.slice(0, dot), [...(byModel.get(name.slice(0, dot)) ?? []), name.slice(dot + 1)]);
  }
  return byModel;
}

/** A model's fields with these account fields masked (last 4), the rest as they are. */
function maskedFields<V>(fields: Record<string, V>, names: readonly string[]): Record<string, V | string> {
  const masked: Record<string, V | string> = { ...fields };
  for (const f of names) {
    const value = masked[f];
    if (typeof value === 'string' && value !== '') masked[f] = maskAccount(value);
  }
  return masked;
}

/** A stored payload with its account fields masked (last 4), the rest as stored. */
export function maskedAccounts(payload: unknown, accounts?: AccountExport): unknown {
  const byModel = maskedFieldsByModel(accounts);
  if (byModel.size === 0 || !isRecord(payload)) return payload;
  const out: Record<string, unknown> = { ...payload };
  const mask = (model: unknown, fields: string[]): unknown => (isFormModel(model) ? { ...model, fields: maskedFields(model.fields, fields) } : model);
  for (const [model, fields] of byModel) {
    const value = out[model];
    if (value !== undefined) out[model] = Array.isArray(value) ? value.map((m) => mask(m, fields)) : mask(value, fields);
  }
  return out;
}

/** A cure's answers (the models of the pages it answered again) with their account fields masked as the claim's are. */
export function maskedCureAnswers(answers: readonly FormModel[], accounts?: AccountExport): FormModel[] {
  const byModel = maskedFieldsByModel(accounts);
  return answers.map((model) => {
    const fields = byModel.get(camelCase(model.metadata.dtoMapping));
    return fields ? { ...model, fields: maskedFields(model.fields, fields) } : model;
  });
}

/** A claim's cures with their answers' account fields masked (the export's cures, in both formats). */
const maskedCures = (cures: readonly StoredCure[] | undefined, accounts?: AccountExport): StoredCure[] => (cures ?? []).map((c) => ({ ...c, answers: maskedCureAnswers(c.answers, accounts) }));

export function submissionsToJsonl(records: SubmissionRecord[], screenings: Screenings = new Map(), accounts?: AccountExport, statuses: StatusHistories = new Map(), cures: Cures = new Map()): string {
  return records
    .map((r) =>
      JSON.stringify({
        referenceCode: r.referenceCode,
        formType: r.formType,
        createdAt: r.createdAt,
        culture: r.culture,
        duplicateOf: r.duplicateOf,
        screening: screenings.get(r.id) ?? null,
        status: currentStatus(statuses.get(r.id)),
        statusHistory: (statuses.get(r.id) ?? []).map((c) => ({ from: c.from, to: c.to, deficiencies: c.deficiencies, cureBy: c.cureBy, note: c.note, changedBy: c.changedBy, changedAt: new Date(c.changedAt).toISOString() })),
        cures: maskedCures(cures.get(r.id), accounts).map((c) => ({ receivedAt: new Date(c.receivedAt).toISOString(), signatureName: c.signatureName, documents: c.documents.map(cureDocument), answers: c.answers })),
        answers: withoutSecrets(maskedAccounts(r.payload, accounts)),
        documents: r.documents.map(({ contextClientId, name, type, size, sha256, unscanned }) => ({ contextClientId, name, type, size, sha256, unscanned })),
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

export function submissionsToCsv(records: SubmissionRecord[], screenings: Screenings = new Map(), accounts?: AccountExport, statuses: StatusHistories = new Map(), cures: Cures = new Map()): string {
  const flat = records.map((record) => ({ record, answers: flattenAnswers(maskedAccounts(record.payload, accounts)) }));
  const answerColumns: string[] = [];
  const seen = new Set<string>();
  for (const { answers } of flat) for (const k of answers.keys()) if (!seen.has(k) && seen.add(k)) answerColumns.push(k);
  const maxDocs = Math.max(0, ...records.map((r) => r.documents.length));
  const docColumns: string[] = [];
  for (let i = 1; i <= maxDocs; i++) docColumns.push(`document${i}.name`, `document${i}.type`, `document${i}.size`, `document${i}.sha256`, `document${i}.contextClientId`, `document${i}.unscanned`);
  const header = ['referenceCode', 'formType', 'createdAt', 'culture', 'duplicateOf', 'riskScore', 'disposition', 'reasons', 'status', 'statusHistory', 'cures', ...answerColumns, 'documentCount', ...docColumns];
  const lines = [header.map(csvCell).join(',')];
  for (const { record: r, answers } of flat) {
    // unscanned: accepted while the malware scanner could not be reached (settings uploads.scanUnavailable).
    const docs = r.documents.flatMap((d) => [d.name, d.type, String(d.size), d.sha256, d.contextClientId, d.unscanned ? 'unscanned' : '']);
    while (docs.length < docColumns.length) docs.push('');
    const screening = screenings.get(r.id);
    const screened = [screening ? String(screening.score) : '', screening?.disposition ?? '', reasonText(screening)];
    const cells = [r.referenceCode, r.formType, r.createdAt, r.culture, duplicateText(r.duplicateOf), ...screened, currentStatus(statuses.get(r.id)), (statuses.get(r.id) ?? []).map(statusChangeText).join('\n'), maskedCures(cures.get(r.id), accounts).map(cureText).join('\n'), ...answerColumns.map((c) => answers.get(c) ?? ''), String(r.documents.length), ...docs];
    lines.push(cells.map(csvCell).join(','));
  }
  return lines.map((l) => `${l}\r\n`).join('');
}

/** Every submission matching the filter, in the requested format; account numbers masked unless `accounts.include`. */
export async function exportSubmissions(database: Database, format: ExportFormat, filter: SubmissionFilter = {}, accounts?: AccountExport): Promise<{ text: string; count: number }> {
  const records = await createSubmissions(database).listSubmissions(filter);
  const screenings = await screeningsById(database);
  const statuses = await createClaimStatuses(database).history(records.map((r) => r.id));
  const cures = await createClaimCures(database).ofClaims(records.map((r) => r.id));
  return { text: format === 'csv' ? submissionsToCsv(records, screenings, accounts, statuses, cures) : submissionsToJsonl(records, screenings, accounts, statuses, cures), count: records.length };
}

/** A file name safe on every file system, keeping the claimant's name where it is already safe. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 200);
  return cleaned || fallback;
}

export class UnknownReferenceCodeError extends Error {
  constructor(code: string) {
    super(`No submission has the reference code ${code}.`);
    this.name = 'UnknownReferenceCodeError';
  }
}

export interface WrittenDocument {
  file: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
}

/**
 * Writes documents into `outDir` (created if missing) under safe, distinct file names, read from
 * whichever store holds each (its row, the database store, the object store), one at a time and
 * streamed: each goes to a partial file first and gets its name only when its size and sha256
 * match what was stored; else the partial file is removed and the export stops.
 */
async function writeDocuments(stores: DocumentStores, documents: StoredDocument[], referenceCode: string, outDir: string): Promise<WrittenDocument[]> {
  mkdirSync(outDir, { recursive: true });
  const used = new Set<string>();
  const written: WrittenDocument[] = [];
  for (const [i, d] of documents.entries()) {
    let name = safeFileName(d.name, `document-${i + 1}`);
    const ext = path.extname(name);
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${path.basename(safeFileName(d.name, `document-${i + 1}`), ext)} (${n})${ext}`;
    used.add(name.toLowerCase());
    const file = path.join(outDir, name);
    const partial = path.join(outDir, `.${i + 1}.partial`);
    const hash = createHash('sha256');
    let size = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(await openDocument(stores, d), counting, createWriteStream(partial));
      if (hash.digest('hex') !== d.sha256) throw new Error(`Document ${d.name} of ${referenceCode} does not match its stored sha256; it was not written.`);
      if (size !== d.size) throw new Error(`Document ${d.name} of ${referenceCode} does not match its stored size; it was not written.`);
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    written.push({ file, name: d.name, type: d.type, size: d.size, sha256: d.sha256 });
  }
  return written;
}

/** A cure's document as the export writes it (its deficiency kind in place of a document context). */
const cureDocumentToWrite = (d: StoredCure['documents'][number]): StoredDocument => ({ id: 0, contextClientId: d.deficiency, name: d.name, type: d.type, size: d.size, sha256: d.sha256, unscanned: d.unscanned, bytes: null, object: d.object });

/**
 * Writes each document of one submission into `outDir`, byte-identical (checked against its
 * sha256), and the documents of its cures into `outDir/cure-1/`, `cure-2/`… (oldest first).
 */
export async function exportDocuments(database: Database, stores: DocumentStores, referenceCode: string, outDir: string): Promise<Array<{ file: string; size: number; sha256: string }>> {
  const submissions = createSubmissions(database);
  const record = await submissions.getByReferenceCode(referenceCode);
  if (!record) throw new UnknownReferenceCodeError(referenceCode);
  const documents = await submissions.getDocuments(record.id);
  const written = await writeDocuments(stores, documents, record.referenceCode, outDir);
  const cures = (await createClaimCures(database).ofClaims([record.id])).get(record.id) ?? [];
  for (const [i, cure] of cures.entries()) {
    if (cure.documents.length) written.push(...(await writeDocuments(stores, cure.documents.map(cureDocumentToWrite), record.referenceCode, path.join(outDir, `cure-${i + 1}`))));
  }
  return written.map(({ file, size, sha256 }) => ({ file, size, sha256 }));
}

/** A submission's documents as the admin CLI lists them: metadata and which store holds each. */
export async function documentsOf(database: Database, referenceCode: string): Promise<{ referenceCode: string; documents: StoredDocument[] }> {
  const submissions = createSubmissions(database);
  const record = await submissions.getByReferenceCode(referenceCode);
  if (!record) throw new UnknownReferenceCodeError(referenceCode);
  return { referenceCode: record.referenceCode, documents: await submissions.getDocuments(record.id) };
}

export const MANIFEST_FILE = 'manifest.csv';
export const MANIFEST_COLUMNS = ['referenceCode', 'name', 'type', 'size', 'sha256', 'path'] as const;

export interface ExportAllSummary {
  submissions: number;
  documents: number;
  bytes: number;
  manifest: string;
}

export class DocumentExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentExportError';
  }
}

/**
 * Writes the documents of every submission matching the filter into `outDir/<reference code>/`
 * (its cures' documents into `outDir/<reference code>/cure-1/`, `cure-2/`…), one document at a time (streamed from an object store), and `outDir/manifest.csv` (one row per document,
 * `path` relative to `outDir`). `outDir` must be absent or empty, so the manifest describes all
 * of it. The first failure stops the export with an error naming the reference code; the manifest
 * is written only when every document was.
 */
export async function exportAllDocuments(database: Database, stores: DocumentStores, outDir: string, filter: SubmissionFilter = {}): Promise<ExportAllSummary> {
  if (existsSync(outDir) && (!statSync(outDir).isDirectory() || readdirSync(outDir).length > 0)) {
    throw new DocumentExportError(`${outDir} is not an empty folder; export every submission's documents into a new or empty one.`);
  }
  const submissions = createSubmissions(database);
  const records = await submissions.listSubmissions(filter);
  mkdirSync(outDir, { recursive: true });
  const manifest = [MANIFEST_COLUMNS.join(',')];
  const summary: ExportAllSummary = { submissions: 0, documents: 0, bytes: 0, manifest: path.join(outDir, MANIFEST_FILE) };
  const folders = new Set<string>();
  const curesOf = await createClaimCures(database).ofClaims(records.map((r) => r.id));
  for (const record of records) {
    try {
      const folder = safeFileName(record.referenceCode, `submission-${record.id}`);
      if (folders.has(folder.toLowerCase())) throw new Error(`folder ${folder} is already used by another submission`);
      folders.add(folder.toLowerCase());
      const documents = await submissions.getDocuments(record.id);
      if (documents.length !== record.documents.length) throw new Error(`${record.documents.length} document(s) listed but ${documents.length} read`);
      const written = await writeDocuments(stores, documents, record.referenceCode, path.join(outDir, folder));
      // The documents of its cures, as the one submission's export writes them: <folder>/cure-1/, cure-2/… (oldest first).
      for (const [i, cure] of (curesOf.get(record.id) ?? []).entries()) {
        if (cure.documents.length) written.push(...(await writeDocuments(stores, cure.documents.map(cureDocumentToWrite), record.referenceCode, path.join(outDir, folder, `cure-${i + 1}`))));
      }
      for (const w of written) {
        const relative = path.relative(outDir, w.file).split(path.sep).join('/');
        manifest.push([record.referenceCode, w.name, w.type, String(w.size), w.sha256, relative].map(csvCell).join(','));
        summary.documents++;
        summary.bytes += w.size;
      }
      summary.submissions++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const reason = /[.!?]$/.test(message) ? message : `${message}.`;
      throw new DocumentExportError(
        `Export stopped at ${record.referenceCode}: ${reason} ${summary.submissions} of ${records.length} submission(s) were written before it; ${MANIFEST_FILE} was not written.`,
        { cause: error },
      );
    }
  }
  writeFileSync(summary.manifest, manifest.map((l) => `${l}\r\n`).join(''));
  return summary;
}
