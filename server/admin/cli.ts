/**
 * The administrator's command line: `npm run admin -- <command>`. Uses DATABASE_URL, DATA_DIR,
 * DATABASE_SCHEMA and SETTLEMENT_DIR like the server. Exit code 0 on success, 1 on a failure,
 * 2 on a usage error; messages go to stderr, exports to stdout unless --out is given.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageOf, propertyOf } from '../../runtime/core/guards.js';
import { clamdOf, ConfigError, documentStoreUrlOf, secretOf, type Environment } from '../config.js';
import { createClassList } from '../db/class-list.js';
import { ClassListImportError, DatabaseUnavailableError } from '../db/errors.js';
import { createDrafts } from '../db/drafts.js';
import { contentRetentionCutoff, createOutbox, type ContentRetention, type FailedMail, type MailStatus } from '../db/outbox.js';
import { createResumeCodes } from '../db/resume-codes.js';
import { openDatabase } from '../db/open.js';
import { seedSampleData } from '../db/seed.js';
import { declaredClassListHeader, declaredFormIds } from '../settlement/forms.js';
import type { Database, DraftSummary, StoredDocument, SubmissionFilter } from '../db/types.js';
import { openDocumentStores, type DocumentStores } from '../documents/index.js';
import { moveDocumentsToStore } from '../documents/move.js';
import { scanUnscannedDocuments } from '../documents/rescan.js';
import { reportData, reportHtml } from '../fraud/report.js';
import { purgeExpiredSignals } from '../fraud/store.js';
import { fraudSummary, fraudSummaryText } from '../fraud/view.js';
import { accountFields } from '../../runtime/core/models/declared.js';
import { loadSettlement } from '../settlement/load.js';
import { applyStatusChanges, StatusChangeError, type StatusOrder } from '../claims/statuses.js';
import { settlementLocales } from '../plugins/app/settlement.js';
import { readClassListCsv, checkClassListHeader, type ClassListProblem } from '../../settlement/class-list-rows.js';
import { documentsOf, exportAllDocuments, exportDocuments, exportSubmissions, MANIFEST_FILE, UnknownReferenceCodeError } from './export.js';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  import-class-list FILE.csv [--replace]       import class members (PINs are hashed); upserts by noticeId,
                                               --replace makes the file the whole list
  import-class-vehicles FILE.csv [--replace]   import class vehicles (column "vin")
  export-submissions --format csv|jsonl [--form-type FORM] [--from DATE] [--to DATE] [--out FILE] [--include-accounts]
                                               every submission with its answers and document metadata;
                                               DATE is YYYY-MM-DD (UTC day, --to inclusive) or an ISO date-time;
                                               account numbers masked (last 4) unless --include-accounts
  export-documents REFERENCE_CODE --out DIR    write the submission's documents, byte-identical
  export-documents --all --out DIR [--form-type FORM] [--from DATE] [--to DATE]
                                               every matching submission's documents into DIR/<REFERENCE_CODE>/,
                                               byte-identical, with DIR/manifest.csv; DIR must be new or empty
  documents REFERENCE_CODE [--out DIR]         the submission's documents (name, type, size, sha256, which store holds
                                               each); with --out, each written byte-identical (checked against its
                                               sha256) from whichever store holds it
  documents --move-to-store                    move the documents the database holds (filed and of claims in progress)
                                               into the object store of DOCUMENT_STORE_URL, one at a time; run again
                                               to resume after a stop (each document is moved once)
  documents --scan-unscanned                   scan with clamd (CLAMD_URL) the documents accepted unscanned while it
                                               could not be asked; clean ones lose their mark, those with malware
                                               found are listed (table, id, signature) and keep it (exit 1)
  seed                                         import the settlement folder's class list into empty tables
  fraud                                        the fraud screening: claims accepted, flagged and held, claims per
                                               reason code, clusters of claims sharing a value (largest first), and
                                               the flagged and held claims with their client address and browser
  fraud-purge                                  remove the client addresses, user agents and fill times older than
                                               the settlement's fraud.retentionDays (the server does it hourly too)
  drafts [--purge]                             the claims in progress: per form how many, the oldest, the next to
                                               expire and how many expire within 7 days; --purge deletes those past
                                               their expiry (the form's deadline or drafts.retentionDays after the
                                               last save; the server does it hourly too)
  outbox [--retry | --purge]                   the e-mail outbox: how many messages are queued, sent and failed, and
                                               the failed ones (kind, reference code, the recipient's domain, attempts,
                                               last error); how many sent or failed have had their content (body,
                                               subject, address) emptied after the settlement's mail.retentionDays, how
                                               many are due for it and how many are kept; --retry queues the failed ones
                                               again for the server to send; --purge empties the due ones now (the
                                               server does it hourly too)
  status REFERENCE STATUS [--deficiency KIND]... [--cure-by YYYY-MM-DD | --cure-days N] [--note TEXT]
                                               set a claim's status (the settlement's statuses.json, else the
                                               defaults); deficient takes one or more deficiency kinds and a cure-by
                                               date (default the settlement's cureDays from today in its time zone)
                                               and queues the deficiency notice by e-mail (needs PUBLIC_URL)
  import-statuses FILE.csv                     set many claims' statuses at once; columns reference,status,
                                               deficiencies (;-separated),cure-by,note; a file with any bad row is
                                               refused whole, every problem listed with its line; else applied in
                                               one transaction
  report --out FILE.html                       one self-contained page (no network needed) with charts of the filing
                                               period: claims per hour per form with the deadlines, flagged share,
                                               reasons, clusters; each with its data table

Environment: DATABASE_URL (postgres://… for PostgreSQL; default SQLite in DATA_DIR), DATA_DIR (default ./data),
             DATABASE_SCHEMA (PostgreSQL schema, default public), DOCUMENT_STORE_URL (s3://<bucket>/<prefix>, with
             AWS_REGION, AWS_ENDPOINT_URL_S3, AWS_S3_FORCE_PATH_STYLE and the credentials as the server has them:
             where the documents are), SETTLEMENT_DIR (default server-fixtures/; read by
             fraud-purge, outbox, report, status and import-statuses),
             PUBLIC_URL (status and import-statuses: the address claimants use; the deficiency notice links to
             its /status page),
             PIN_SECRET (import-class-list and seed: the server's, required with NODE_ENV=production;
             elsewhere read from or generated into DATA_DIR like the server's)`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd?: string;
  /** The time the retention periods are counted to; default Date.now. */
  clock?: () => number;
}

interface Parsed {
  command: string | undefined;
  positional: string[];
  flags: Map<string, string | true>;
  /** Options that may be given several times (--deficiency), in order. */
  repeated: Map<string, string[]>;
}

const VALUE_FLAGS = new Set(['format', 'form-type', 'from', 'to', 'out', 'cure-by', 'cure-days', 'note']);
const REPEATED_FLAGS = new Set(['deficiency']);
const BOOLEAN_FLAGS = new Set(['replace', 'help', 'all', 'purge', 'retry', 'include-accounts', 'move-to-store', 'scan-unscanned']);

function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (BOOLEAN_FLAGS.has(name)) flags.set(name, true);
    else if (REPEATED_FLAGS.has(name)) {
      const value = inline ?? rest.shift();
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      repeated.set(name, [...(repeated.get(name) ?? []), value]);
    } else if (VALUE_FLAGS.has(name)) {
      const value = inline ?? rest.shift();
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else throw new UsageError(`unknown option --${name}`);
  }
  return { command, positional, flags, repeated };
}

function parseDate(text: string, flag: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) throw new UsageError(`--${flag} ${text} is not a date`);
    // A day given as --to includes that whole day.
    return flag === 'to' ? new Date(day.getTime() + 86_400_000) : day;
  }
  const instant = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(instant.getTime())) throw new UsageError(`--${flag} ${text} is not a date (use YYYY-MM-DD or an ISO date-time)`);
  return instant;
}

/** --form-type, --from and --to, as export-submissions and export-documents --all take them. */
function parseFilter(p: Parsed, io: CliIo): SubmissionFilter {
  const filter: SubmissionFilter = {};
  const formType = p.flags.get('form-type');
  if (typeof formType === 'string') {
    // The forms of the settlement (SETTLEMENT_DIR's forms.json, else the spec's three), in any case.
    const forms = declaredFormIds(path.resolve(io.cwd ?? process.cwd(), io.env.SETTLEMENT_DIR || 'server-fixtures'));
    const match = forms.find((t) => t.toLowerCase() === formType.toLowerCase());
    if (!match) throw new UsageError(`--form-type must be one of ${forms.join(', ')}`);
    filter.formType = match;
  }
  const from = p.flags.get('from');
  const to = p.flags.get('to');
  if (typeof from === 'string') filter.from = parseDate(from, 'from');
  if (typeof to === 'string') filter.to = parseDate(to, 'to');
  return filter;
}

function onePositional(p: Parsed, what: string): string {
  const [only, ...more] = p.positional;
  if (only === undefined || more.length) throw new UsageError(`${p.command} takes exactly one ${what}`);
  return only;
}

function readInput(file: string, cwd: string): string {
  try {
    return readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${propertyOf(error, 'code') === 'ENOENT' ? 'no such file' : messageOf(error)}`, { cause: error });
  }
}

async function withDatabase<T>(io: CliIo, run: (database: Database) => Promise<T>): Promise<T> {
  const cwd = io.cwd ?? process.cwd();
  const database = await openDatabase({
    ...(io.env.DATABASE_URL ? { databaseUrl: io.env.DATABASE_URL } : {}),
    ...(io.env.DATABASE_SCHEMA ? { schema: io.env.DATABASE_SCHEMA } : {}),
    dataDir: path.resolve(cwd, io.env.DATA_DIR || './data'),
  });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/** withDatabase, with the document stores as the server has them (DOCUMENT_STORE_URL and the AWS_* settings). */
async function withDocumentStores<T>(io: CliIo, run: (database: Database, stores: DocumentStores) => Promise<T>): Promise<T> {
  const url = documentStoreUrlOf(io.env.DOCUMENT_STORE_URL);
  return withDatabase(io, async (database) => {
    const stores = await openDocumentStores(database, url, { env: io.env });
    try {
      return await run(database, stores);
    } finally {
      stores.close();
    }
  });
}

/** One line per document: where it is (the store and key, or the database row), what it is. */
function documentsText(referenceCode: string, documents: StoredDocument[]): string {
  const lines = [`${referenceCode}: ${documents.length} document(s)`];
  for (const d of documents) {
    const where = d.object ? `${d.object.store} ${d.object.key}` : 'database (in its row)';
    lines.push(`  ${d.name}  ${d.type}  ${d.size} bytes  sha256 ${d.sha256}  ${where}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The settlement folder the server runs (SETTLEMENT_DIR), validated. */
function settlementOf(io: CliIo) {
  return loadSettlement(path.resolve(io.cwd ?? process.cwd(), io.env.SETTLEMENT_DIR || 'server-fixtures'));
}

/** The server's PIN secret, for the commands that hash PINs. */
function pinSecret(io: CliIo): string {
  const cwd = io.cwd ?? process.cwd();
  const environment: Environment = io.env.NODE_ENV === 'production' || io.env.NODE_ENV === 'test' ? io.env.NODE_ENV : 'development';
  return secretOf('PIN_SECRET', io.env, environment, path.resolve(cwd, io.env.DATA_DIR || './data'));
}

/** The status page the deficiency notice links to: PUBLIC_URL's /status, or null without PUBLIC_URL. */
function statusLinkOf(io: CliIo): string | null {
  const given = io.env.PUBLIC_URL?.trim();
  if (!given) return null;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`PUBLIC_URL is not an address (use e.g. https://claims.example.com): ${given}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`PUBLIC_URL must start with https:// or http://, not ${url.protocol}//`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/status`;
}

/** The columns of an import-statuses file. */
const STATUS_COLUMNS = { known: ['reference', 'status', 'deficiencies', 'cure-by', 'note'], required: ['reference', 'status'] } as const;

/** The rows of an import-statuses file as orders (read as the class-list import reads its CSV), or every problem with its line. */
function statusOrdersOf(csv: string): StatusOrder[] {
  const problems: ClassListProblem[] = [];
  const { header, rows } = readClassListCsv(csv, problems);
  if (header.length) checkClassListHeader(header, STATUS_COLUMNS.known, STATUS_COLUMNS.required, true, problems);
  if (problems.length) throw new StatusChangeError(problems);
  return rows.map(({ line, values }) => {
    const cell = (column: string) => values.get(column)?.trim() ?? '';
    const cureBy = cell('cure-by');
    const note = cell('note');
    return {
      line,
      reference: cell('reference'),
      status: cell('status'),
      deficiencies: cell('deficiencies').split(';').map((kind) => kind.trim()).filter(Boolean),
      ...(cureBy ? { cureBy } : {}),
      ...(note ? { note } : {}),
    };
  });
}

/** "Expiring" in the drafts report: within this many ms. */
const DRAFTS_SOON_MS = 7 * 24 * 60 * 60_000;

function draftsText(summary: DraftSummary[]): string {
  if (!summary.length) return 'No claims in progress.\n';
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const lines = summary.map(
    (s) =>
      `${s.formType}: ${s.count} in progress, the oldest started ${day(s.oldestCreatedAt)} UTC, the next expires ${day(s.nextExpiresAt)} UTC, ` +
      `${s.expiringSoon} expire within 7 days, ${s.expired} expired awaiting the purge`,
  );
  return `${lines.join('\n')}\n`;
}

function outboxText(counts: Record<MailStatus, number>, failed: FailedMail[], retention: ContentRetention, retentionDays: number): string {
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    `E-mail: ${counts.queued} queued, ${counts.sent} sent, ${counts.failed} failed.`,
    `Content (body, subject, address) of sent and failed e-mail, kept ${retentionDays} day(s): ${retention.purged} emptied, ` +
      `${retention.due} due to be emptied${retention.due ? ' (npm run admin -- outbox --purge empties them now)' : ''}, ${retention.kept} kept.`,
  ];
  const retriable = failed.filter((f) => !f.purged);
  if (retriable.length) {
    lines.push('Failed (npm run admin -- outbox --retry queues them again):');
    for (const f of retriable) {
      lines.push(`  #${f.id} ${f.kind}${f.referenceCode ? ` ${f.referenceCode}` : ''} to …@${f.recipientDomain}, queued ${at(f.createdAt)} UTC, ${f.attempts} attempt(s), last error: ${f.lastError ?? 'none'}`);
    }
  }
  const emptied = failed.length - retriable.length;
  if (emptied) lines.push(`${emptied} failed e-mail(s) emptied after ${retentionDays} day(s) cannot be sent again.`);
  return `${lines.join('\n')}\n`;
}

async function execute(p: Parsed, io: CliIo): Promise<void> {
  const cwd = io.cwd ?? process.cwd();
  switch (p.command) {
    case 'import-class-list':
    case 'import-class-vehicles': {
      const csv = readInput(onePositional(p, 'CSV file'), cwd);
      const mode = p.flags.has('replace') ? 'replace' : 'upsert';
      const members = p.command === 'import-class-list';
      const secret = members ? pinSecret(io) : undefined;
      // The columns the settlement declares (SETTLEMENT_DIR's forms.json), as the server imports them.
      const header = declaredClassListHeader(path.resolve(cwd, io.env.SETTLEMENT_DIR || 'server-fixtures'));
      const r = await withDatabase(io, (db) => (members ? createClassList(db, { pinSecret: secret, header }).importMembers(csv, mode) : createClassList(db).importVehicles(csv, mode)));
      io.stdout(`Imported ${r.rows} ${members ? 'class member' : 'class vehicle'} row(s): ${r.inserted} new, ${r.updated} updated, ${r.removed} removed.\n`);
      return;
    }
    case 'export-submissions': {
      if (p.positional.length) throw new UsageError(`export-submissions takes no argument (got ${p.positional.join(' ')})`);
      const format = p.flags.get('format');
      if (format !== 'csv' && format !== 'jsonl') throw new UsageError('--format must be csv or jsonl');
      const filter = parseFilter(p, io);
      // Account numbers leave masked (last 4) unless asked for whole.
      const accounts = { fields: accountFields(settlementOf(io).models), include: p.flags.has('include-accounts') };
      const { text, count } = await withDatabase(io, (db) => exportSubmissions(db, format, filter, accounts));
      const out = p.flags.get('out');
      if (typeof out === 'string') {
        writeFileSync(path.resolve(cwd, out), text);
        io.stderr(`Exported ${count} submission(s) to ${out}.\n`);
      } else {
        io.stdout(text);
        io.stderr(`Exported ${count} submission(s).\n`);
      }
      return;
    }
    case 'export-documents': {
      const out = p.flags.get('out');
      if (p.flags.has('all')) {
        if (p.positional.length) throw new UsageError(`export-documents takes a reference code or --all, not both (got ${p.positional.join(' ')})`);
        if (typeof out !== 'string') throw new UsageError('export-documents --all needs --out DIR');
        const filter = parseFilter(p, io);
        const r = await withDocumentStores(io, (db, stores) => exportAllDocuments(db, stores, path.resolve(cwd, out), filter));
        io.stdout(`Exported ${r.submissions} submission(s), ${r.documents} document(s), ${r.bytes} byte(s) to ${out}; manifest ${path.join(out, MANIFEST_FILE)}.\n`);
        return;
      }
      if (['form-type', 'from', 'to'].some((f) => p.flags.has(f))) throw new UsageError('export-documents takes --form-type, --from and --to only with --all');
      const [code, ...more] = p.positional;
      if (code === undefined || more.length) throw new UsageError('export-documents takes exactly one reference code, or --all');
      if (typeof out !== 'string') throw new UsageError('export-documents needs --out DIR');
      const files = await withDocumentStores(io, (db, stores) => exportDocuments(db, stores, code, path.resolve(cwd, out)));
      for (const f of files) io.stdout(`${f.file}\t${f.size}\t${f.sha256}\n`);
      io.stderr(`Wrote ${files.length} document(s) to ${out}.\n`);
      return;
    }
    case 'documents': {
      const out = p.flags.get('out');
      if (p.flags.has('move-to-store')) {
        if (p.positional.length || out !== undefined) throw new UsageError('documents --move-to-store takes no reference code and no --out');
        const moved = await withDocumentStores(io, (db, stores) => moveDocumentsToStore(db, stores, (line) => io.stderr(`${line}\n`)));
        io.stdout(`Moved ${moved.moved} document(s), ${moved.bytes} byte(s), to the object store.\n`);
        for (const line of moved.skipped) io.stderr(`Not moved: ${line}\n`);
        if (moved.skipped.length) throw new Error(`${moved.skipped.length} document(s) were not moved; run the move again once the reasons above are dealt with.`);
        return;
      }
      if (p.flags.has('scan-unscanned')) {
        if (p.positional.length || out !== undefined) throw new UsageError('documents --scan-unscanned takes no reference code and no --out');
        const scanner = clamdOf(io.env.CLAMD_URL);
        if (!scanner) throw new UsageError('documents --scan-unscanned needs CLAMD_URL=tcp://host:3310 (ClamAV\'s daemon), as the server has it');
        const scanned = await withDocumentStores(io, (db, stores) => scanUnscannedDocuments(db, stores, scanner));
        io.stdout(`Scanned ${scanned.clean + scanned.found.length} document(s) accepted unscanned: ${scanned.clean} clean (no longer marked), ${scanned.found.length} with malware found (still marked).\n`);
        for (const f of scanned.found) io.stdout(`  ${f.table} ${f.id}: ${f.signature}\n`);
        if (scanned.found.length) throw new Error(`malware was found in ${scanned.found.length} document(s) listed above: do not open them; deal with them as the settlement's procedures say.`);
        return;
      }
      const code = onePositional(p, 'reference code (or --move-to-store, --scan-unscanned)');
      await withDocumentStores(io, async (db, stores) => {
        const { referenceCode, documents } = await documentsOf(db, code);
        io.stdout(documentsText(referenceCode, documents));
        if (typeof out !== 'string') return;
        const files = await exportDocuments(db, stores, referenceCode, path.resolve(cwd, out));
        io.stderr(`Wrote ${files.length} document(s) to ${out}.\n`);
      });
      return;
    }
    case 'seed': {
      const dir = path.resolve(cwd, io.env.SETTLEMENT_DIR || 'server-fixtures');
      const secret = pinSecret(io);
      const r = await withDatabase(io, (db) => seedSampleData(db, dir, { pinSecret: secret, header: declaredClassListHeader(dir) }));
      const say = (v: number | string) => (typeof v === 'number' ? `${v} imported` : v === 'kept' ? 'already present, kept' : v === 'no rows' ? 'header only, nothing imported' : 'no file');
      io.stdout(`Class vehicles: ${say(r.vehicles)}. Class members: ${say(r.members)}.\n`);
      return;
    }
    case 'fraud': {
      if (p.positional.length) throw new UsageError(`fraud takes no argument (got ${p.positional.join(' ')})`);
      io.stdout(fraudSummaryText(await withDatabase(io, (db) => fraudSummary(db))));
      return;
    }
    case 'fraud-purge': {
      if (p.positional.length) throw new UsageError(`fraud-purge takes no argument (got ${p.positional.join(' ')})`);
      const { retentionDays } = settlementOf(io).settings.fraud;
      const purged = await withDatabase(io, (db) => purgeExpiredSignals(db, retentionDays, Date.now()));
      io.stdout(`Removed the client details of ${purged} claim(s) older than ${retentionDays} day(s).\n`);
      return;
    }
    case 'drafts': {
      if (p.positional.length) throw new UsageError(`drafts takes no argument (got ${p.positional.join(' ')})`);
      if (p.flags.has('purge')) {
        const purged = await withDatabase(io, async (db) => {
          const deleted = await createDrafts(db).purgeExpired();
          // Their resume codes go with them.
          await createResumeCodes(db).purgeExpired();
          return deleted;
        });
        io.stdout(`Deleted ${purged} expired claim(s) in progress.\n`);
        return;
      }
      io.stdout(draftsText(await withDatabase(io, (db) => createDrafts(db).summary(DRAFTS_SOON_MS))));
      return;
    }
    case 'outbox': {
      if (p.positional.length) throw new UsageError(`outbox takes no argument (got ${p.positional.join(' ')})`);
      if (p.flags.has('retry') && p.flags.has('purge')) throw new UsageError('outbox takes --retry or --purge, not both');
      if (p.flags.has('retry')) {
        const requeued = await withDatabase(io, (db) => createOutbox(db).retryFailed());
        io.stdout(`Queued ${requeued} failed e-mail(s) again; a running server sends them.\n`);
        return;
      }
      const { retentionDays } = settlementOf(io).settings.mail;
      const clock = io.clock ?? Date.now;
      const cutoff = contentRetentionCutoff(retentionDays, clock());
      if (p.flags.has('purge')) {
        const purged = await withDatabase(io, (db) => createOutbox(db, { clock }).purgeContent(cutoff));
        io.stdout(`Emptied the content of ${purged} e-mail(s) sent or failed more than ${retentionDays} day(s) ago.\n`);
        return;
      }
      io.stdout(
        await withDatabase(io, async (db) => {
          const outbox = createOutbox(db);
          return outboxText(await outbox.counts(), await outbox.failed(), await outbox.contentRetention(cutoff), retentionDays);
        }),
      );
      return;
    }
    case 'status':
    case 'import-statuses': {
      const single = p.command === 'status';
      let orders: StatusOrder[];
      if (single) {
        const [reference, status, ...more] = p.positional;
        if (reference === undefined || status === undefined || more.length) throw new UsageError('status takes a reference code and a status');
        const cureBy = p.flags.get('cure-by');
        const cureDays = p.flags.get('cure-days');
        const note = p.flags.get('note');
        if (cureBy !== undefined && cureDays !== undefined) throw new UsageError('status takes --cure-by or --cure-days, not both');
        if (typeof cureDays === 'string' && !/^\d+$/.test(cureDays)) throw new UsageError(`--cure-days must be a whole number of days (got ${cureDays})`);
        orders = [{ reference, status, deficiencies: p.repeated.get('deficiency') ?? [], ...(typeof cureBy === 'string' ? { cureBy } : {}), ...(typeof cureDays === 'string' ? { cureDays: Number(cureDays) } : {}), ...(typeof note === 'string' ? { note } : {}) }];
      } else {
        if (['cure-by', 'cure-days', 'note'].some((f) => p.flags.has(f)) || p.repeated.size) throw new UsageError('import-statuses takes the deficiencies, cure-by dates and notes from its file');
        const file = onePositional(p, 'CSV file');
        orders = statusOrdersOf(readInput(file, cwd));
      }
      const settlement = settlementOf(io);
      const changedBy = single ? 'admin status' : `admin import-statuses ${path.basename(p.positional[0] ?? '')}`;
      const statusLink = statusLinkOf(io);
      const applied = await withDatabase(io, (db) => applyStatusChanges(db, settlement, settlementLocales(settlement), orders, { changedBy, statusLink, ...(io.clock ? { clock: io.clock } : {}) }));
      const lines = single
        ? applied.changes.map((c) => `${orders[0]?.reference.toUpperCase()}: ${c.from} → ${c.to}${c.cureBy ? `, cure by ${c.cureBy}` : ''}.`)
        : [`Applied ${applied.changes.length} status change(s).`];
      if (applied.notices) lines.push(`Queued ${applied.notices} deficiency notice(s); a running server sends them.`);
      if (applied.withoutAddress.length) lines.push(`No e-mail address to notify (the claim gave none): ${applied.withoutAddress.join(', ')}.`);
      io.stdout(`${lines.join('\n')}\n`);
      return;
    }
    case 'report': {
      if (p.positional.length) throw new UsageError(`report takes no argument (got ${p.positional.join(' ')})`);
      const out = p.flags.get('out');
      if (typeof out !== 'string') throw new UsageError('report needs --out FILE.html');
      const settlement = settlementOf(io);
      const data = await withDatabase(io, (db) => reportData(db, settlement, Date.now()));
      writeFileSync(path.resolve(cwd, out), reportHtml(data));
      io.stdout(`Wrote the report of ${data.total.reduce((a, b) => a + b, 0)} claim(s) to ${out}.\n`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      io.stdout(`${USAGE}\n`);
      return;
    default:
      throw new UsageError(`unknown command ${p.command}`);
  }
}

/** Runs one command; returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await execute(parseArgs(argv), io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`Error: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof ClassListImportError || error instanceof StatusChangeError || error instanceof DatabaseUnavailableError || error instanceof UnknownReferenceCodeError || error instanceof ConfigError) {
      io.stderr(`Error: ${error.message}\n`);
      return 1;
    }
    io.stderr(`Error: ${messageOf(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await runCli(process.argv.slice(2), {
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
  process.exitCode = code;
}
