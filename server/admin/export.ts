/**
 * What the administrator gets out: every submission as CSV (answers flattened into columns) or
 * JSON Lines, with document metadata, and a submission's documents written byte-identical.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSubmissions } from '../db/submissions.js';
import type { Database, SubmissionFilter, SubmissionRecord } from '../db/types.js';

export type ExportFormat = 'csv' | 'jsonl';

/** Payload keys that are never exported (tokens, not answers). */
const SECRET_KEYS = new Set(['reCaptchaResponse', 'captchaRawValue', 'csrfToken']);

const isFormModel = (v: unknown): v is { clientId?: unknown; fields: Record<string, unknown> } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { fields?: unknown }).fields === 'object' && (v as { fields?: unknown }).fields !== null && 'metadata' in v;

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
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
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

const withoutSecrets = (payload: unknown) =>
  payload && typeof payload === 'object' && !Array.isArray(payload)
    ? Object.fromEntries(Object.entries(payload as Record<string, unknown>).filter(([k]) => !SECRET_KEYS.has(k)))
    : payload;

export function submissionsToJsonl(records: SubmissionRecord[]): string {
  return records
    .map((r) =>
      JSON.stringify({
        referenceCode: r.referenceCode,
        formType: r.formType,
        createdAt: r.createdAt,
        culture: r.culture,
        answers: withoutSecrets(r.payload),
        documents: r.documents.map(({ contextClientId, name, type, size, sha256 }) => ({ contextClientId, name, type, size, sha256 })),
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

export function submissionsToCsv(records: SubmissionRecord[]): string {
  const flat = records.map((r) => flattenAnswers(r.payload));
  const answerColumns: string[] = [];
  const seen = new Set<string>();
  for (const m of flat) for (const k of m.keys()) if (!seen.has(k) && seen.add(k)) answerColumns.push(k);
  const maxDocs = Math.max(0, ...records.map((r) => r.documents.length));
  const docColumns: string[] = [];
  for (let i = 1; i <= maxDocs; i++) docColumns.push(`document${i}.name`, `document${i}.type`, `document${i}.size`, `document${i}.sha256`, `document${i}.contextClientId`);
  const header = ['referenceCode', 'formType', 'createdAt', 'culture', ...answerColumns, 'documentCount', ...docColumns];
  const lines = [header.map(csvCell).join(',')];
  records.forEach((r, i) => {
    const answers = flat[i] as Map<string, string>;
    const docs = r.documents.flatMap((d) => [d.name, d.type, String(d.size), d.sha256, d.contextClientId]);
    while (docs.length < docColumns.length) docs.push('');
    const cells = [r.referenceCode, r.formType, r.createdAt, r.culture, ...answerColumns.map((c) => answers.get(c) ?? ''), String(r.documents.length), ...docs];
    lines.push(cells.map(csvCell).join(','));
  });
  return lines.map((l) => `${l}\r\n`).join('');
}

/** Every submission matching the filter, in the requested format. */
export async function exportSubmissions(database: Database, format: ExportFormat, filter: SubmissionFilter = {}): Promise<{ text: string; count: number }> {
  const records = await createSubmissions(database).listSubmissions(filter);
  return { text: format === 'csv' ? submissionsToCsv(records) : submissionsToJsonl(records), count: records.length };
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

/** Writes each document of one submission into `outDir`, byte-identical (checked against its sha256). */
export async function exportDocuments(database: Database, referenceCode: string, outDir: string): Promise<Array<{ file: string; size: number; sha256: string }>> {
  const submissions = createSubmissions(database);
  const record = await submissions.getByReferenceCode(referenceCode);
  if (!record) throw new UnknownReferenceCodeError(referenceCode);
  const documents = await submissions.getDocuments(record.id);
  mkdirSync(outDir, { recursive: true });
  const used = new Set<string>();
  const written: Array<{ file: string; size: number; sha256: string }> = [];
  for (const [i, d] of documents.entries()) {
    const actual = createHash('sha256').update(d.bytes).digest('hex');
    if (actual !== d.sha256) throw new Error(`Document ${d.name} of ${record.referenceCode} does not match its stored sha256; it was not written.`);
    let name = safeFileName(d.name, `document-${i + 1}`);
    const ext = path.extname(name);
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${path.basename(safeFileName(d.name, `document-${i + 1}`), ext)} (${n})${ext}`;
    used.add(name.toLowerCase());
    const file = path.join(outDir, name);
    writeFileSync(file, d.bytes);
    written.push({ file, size: d.size, sha256: d.sha256 });
  }
  return written;
}
