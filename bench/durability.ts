/**
 * Durability figure: 20 rounds (smoke: 2) of kill -9 of the real server process during a burst of
 * 16 concurrent submitters, on SQLite and on PostgreSQL.
 *
 * The server is `node --import tsx server/main.ts` (what `tsx server/main.ts` runs, but in one
 * process, so SIGKILL reaches the server itself and not a wrapper), configured from the
 * environment like a deployment, with its in-process captcha emulator on a fixed port. Each
 * submitter loops: session → captcha token → authorize → submit a complete claim with a PDF of
 * its own bytes. At a random moment of the burst the server is killed, restarted on the same data,
 * and every submission that got no answer is retried as the browser would (same models, a fresh
 * captcha token; a new authorization when the old one cannot be used), and each submitter's last
 * acknowledged claim is sent again (it must answer the same reference code). Beside them, 4 savers
 * per round save pages of their claim in progress again and again (PUT …/draft, each save with its
 * own mark), each on a VIN no submitter uses.
 *
 * At the end, with the server stopped, the database itself is read: every acknowledged reference
 * code is stored with byte-identical documents, no logical submission is stored twice, and the
 * database passes its integrity check (SQLite PRAGMA integrity_check + foreign_key_check;
 * PostgreSQL: no orphaned documents and every document's bytes match its sha256), and each saver's
 * stored draft is its last acknowledged save or one sent after it (never an older one, never lost).
 * Receipts go over SMTP to a real smtp-server in this process: once the last round's outbox has
 * drained, every stored claim's receipt has arrived under one Message-ID, never two messages for
 * one claim (a resend after a kill between the mail server's acceptance and the outbox's mark
 * carries the same Message-ID, and is counted).
 *
 *   tsx bench/durability.ts [--smoke] [--sqlite | --postgres]   (one database only: that flag)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../server/db/index.js';
import { SQLITE_FILE_NAME } from '../server/db/open.js';
import { createSubmissions } from '../server/db/submissions.js';
import type { SubmissionPayload } from '../runtime/core/types.js';
import { automotivePageSave, automotivePayload, Claimant, classVehicle, HttpError, encodeSubmission, payloadClientIds, pdf, VEHICLE_COUNT, type AuthorizedSession } from './lib/claim.js';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import { ROOT } from './lib/paths.js';
import { startMailSink, type MailSink } from '../tests/support/mail-sink.js';
import { freePort } from './lib/procs.js';
import { PG_URL, postgresAvailable, type Dialect } from './lib/servers.js';

const SUBMITTERS = 16;
const SAVERS = 4;
/** VINs at the end of the list kept for savers: a submit would delete the draft of its VIN. */
const SAVER_VINS = 100;
const SESSION_SECRET = 'bench-durability-secret-0123456789abcdefghij';

interface Logical {
  /** Identifies the PDF bytes (pdf(label)) and the submission. */
  label: string;
  payload: SubmissionPayload;
  clientIds: string[];
  session: AuthorizedSession;
  /** Reference codes answered for it (must be one distinct value). */
  codes: string[];
  /** Answered by a server that was then killed (or during the retries). */
  state: 'acknowledged' | 'in-flight' | 'refused';
  refusal?: string;
  round: number;
}

/** A claimant saving pages: the marks of its saves sent and acknowledged, in order. */
interface Saver {
  vin: string;
  sent: number;
  acknowledged: number;
  refusal?: string;
}

/** The mark of a saver's n-th save (the saver is told by its draft's key). */
const markOf = (n: number) => `Unit ${n}`;

interface ServerProc {
  proc: ChildProcess;
  exited: Promise<void>;
  stderr: () => string;
}

async function waitReady(url: string, server: ServerProc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms: ${server.stderr()}`);
}

function startServer(env: Record<string, string>): ServerProc {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, exited, stderr: () => stderr };
}

/** The server did not answer (killed, restarting): a fetch that failed, timed out or was aborted, or a client call that got no answer (status 0). */
const isConnectionError = (err: unknown) =>
  err instanceof TypeError || (err instanceof HttpError && err.status === 0) || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));

/** One submit attempt; 'lost' when the connection failed (no answer). */
async function attempt(claimant: Claimant, item: Logical, fresh: boolean): Promise<{ status: number; code: string | null; body: string } | 'lost'> {
  try {
    if (fresh) item.payload = { ...item.payload, reCaptchaResponse: await claimant.captchaToken(), captchaRawValue: item.session.captcha };
    const res = await claimant.submit(item.session, encodeSubmission({ ...item.payload, documents: [{ ...item.payload.documents![0]!, data: pdf(item.label) }] }));
    return { status: res.status, code: res.referenceCode, body: res.body };
  } catch (err) {
    if (isConnectionError(err)) return 'lost';
    throw err;
  }
}

let claimants = 0;

async function newAuthorized(claimant: Claimant): Promise<AuthorizedSession> {
  return claimant.authorize(await claimant.session(), 'Automotive', classVehicle(claimants++ % (VEHICLE_COUNT - SAVER_VINS)));
}

let saverCount = 0;

interface RoundResult {
  acknowledged: number;
  inFlight: number;
  killAfterMs: number;
  restartMs: number;
}

async function round_(ctx: BenchContext, r: number, claimant: Claimant, server: { current: ServerProc }, env: Record<string, string>, all: Logical[], url: string, savers: Saver[]): Promise<RoundResult> {
  let stop = false;
  let firstSubmit: () => void = () => {};
  const started = new Promise<void>((resolve) => (firstSubmit = resolve));
  const lastAck = new Map<number, Logical>();
  let sequence = 0;

  const submitter = async (w: number) => {
    while (!stop) {
      let session: AuthorizedSession;
      try {
        session = await newAuthorized(claimant);
      } catch (err) {
        if (stop || isConnectionError(err)) return;
        throw err;
      }
      const label = `r${r}-w${w}-${sequence++}-${Math.random().toString(36).slice(2, 8)}`;
      let token: string;
      try {
        token = await claimant.captchaToken();
      } catch {
        return;
      }
      const payload = automotivePayload({ captchaRawValue: session.captcha, reCaptchaResponse: token, file: pdf(label), credentials: session.credentials });
      const item: Logical = { label, payload, clientIds: payloadClientIds(payload), session, codes: [], state: 'in-flight', round: r };
      all.push(item);
      firstSubmit();
      const res = await attempt(claimant, item, false);
      if (res === 'lost') return;
      if (res.status === 200 && res.code) {
        item.codes.push(res.code);
        item.state = 'acknowledged';
        lastAck.set(w, item);
      } else {
        item.state = 'refused';
        item.refusal = `${res.status} ${res.body.slice(0, 160)}`;
        if (res.status !== 503) return;
      }
    }
  };

  // Savers are authorized before the burst, so that each saves while the server is killed.
  const saverSessions = await Promise.all(
    Array.from({ length: SAVERS }, async () => claimant.authorize(await claimant.session(), 'Automotive', classVehicle(VEHICLE_COUNT - 1 - (saverCount++ % SAVER_VINS)))),
  );
  const saver = async (session: AuthorizedSession) => {
    const record: Saver = { vin: String(session.credentials.vin), sent: 0, acknowledged: 0 };
    savers.push(record);
    while (!stop) {
      const n = ++record.sent;
      try {
        const res = await claimant.saveDraft(session, automotivePageSave(session.credentials, markOf(n)));
        if (res.status !== 200) {
          record.refusal = `${res.status} ${res.body.slice(0, 160)}`;
          return;
        }
        record.acknowledged = n;
      } catch (err) {
        if (isConnectionError(err)) return;
        throw err;
      }
    }
  };

  const workers = [...Array.from({ length: SUBMITTERS }, (_, w) => submitter(w)), ...saverSessions.map(saver)];
  await Promise.race([started, new Promise((r) => setTimeout(r, 30_000))]);
  const killAfterMs = 150 + Math.floor(Math.random() * 1200);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.current.proc.kill('SIGKILL');
  await server.current.exited;
  stop = true;
  await Promise.all(workers);
  const inFlight = all.filter((i) => i.round === r && i.state === 'in-flight');
  const acknowledged = all.filter((i) => i.round === r && i.state === 'acknowledged').length;

  const t0 = performance.now();
  server.current = startServer(env);
  await waitReady(url, server.current);
  const restartMs = performance.now() - t0;

  // The browser retries what got no answer, with a fresh captcha token; and we re-send each
  // submitter's last acknowledged claim, which must answer the same reference code.
  const retry = async (item: Logical) => {
    for (let tries = 0; tries < 3; tries++) {
      const res = await attempt(claimant, item, true);
      if (res === 'lost') throw new Error('connection lost after the restart');
      if (res.status === 200 && res.code) {
        item.codes.push(res.code);
        item.state = 'acknowledged';
        return;
      }
      // The single-use captcha value was spent by the killed attempt, or the authorization is
      // gone: authorize again and send the same models.
      if (res.status === 400 || res.status === 401 || res.status === 403) {
        item.session = await newAuthorized(claimant);
        continue;
      }
      item.state = 'refused';
      item.refusal = `${res.status} ${res.body.slice(0, 160)}`;
      return;
    }
    item.state = 'refused';
    item.refusal = 'still refused after re-authorizing';
  };
  await Promise.all([...inFlight, ...lastAck.values()].map(retry));
  ctx.log(`  round ${r + 1}: killed after ${killAfterMs} ms, ${acknowledged} acknowledged, ${inFlight.length} in flight, restart ${Math.round(restartMs)} ms`);
  return { acknowledged, inFlight: inFlight.length, killAfterMs, restartMs };
}

interface Verification {
  stored: number;
  acknowledgedChecked: number;
  missing: string[];
  mismatched: string[];
  duplicates: number;
  codeChanges: number;
  integrity: string;
  /** Savers whose stored draft is missing or older than their last acknowledged save. */
  draftsLost: string[];
  mail: MailCheck;
}

interface MailCheck {
  /** Stored claims whose receipt never arrived. */
  missing: number;
  /** Claims with two distinct receipts (two Message-IDs). */
  twice: number;
  /** Messages received again under a Message-ID already received (allowed: at least once, one id). */
  resent: number;
  /** Outbox rows not sent (queued or failed) when the check ran. */
  unsent: number;
  /** Why, for a few of them: status, attempts, last error. */
  unsentWhy: string[];
  /**
   * The unsent ones by how far they got: never taken by a sender (a backlog), taken and held when
   * the check ran, taken and their lease over (left by a sender that stopped), failed at least once.
   */
  unsentBy: { neverTaken: number; leaseHeld: number; leaseOver: number; failedBefore: number };
}

/** Each stored claim's receipt: its outbox row sent, its Message-ID received, one per claim. */
async function verifyMail(database: Awaited<ReturnType<typeof openDatabase>>, sink: MailSink): Promise<MailCheck> {
  const rows = await database.db
    .selectFrom('outbox')
    .select(['id', 'created_at', 'status', 'submission_id', 'attempts', 'last_error', 'next_attempt_at', 'lease_until'])
    .where('kind', '=', 'receipt')
    .orderBy('id')
    .execute();
  const received = new Map<string, number>();
  for (const mail of sink.received) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
  const perClaim = new Map<number, number>();
  let missing = 0;
  for (const row of rows) {
    const id = `<outbox-${row.id}.${Number(row.created_at).toString(36)}@`;
    const ids = [...received.keys()].filter((m) => m.startsWith(id));
    if (ids.length === 0) missing++;
    if (row.submission_id !== null) perClaim.set(Number(row.submission_id), (perClaim.get(Number(row.submission_id)) ?? 0) + 1);
  }
  const submissions = await database.db.selectFrom('submissions').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  missing += Math.max(0, Number(submissions.n) - perClaim.size);
  const unsent = rows.filter((r) => r.status !== 'sent');
  const now = Date.now();
  return {
    missing,
    twice: [...perClaim.values()].filter((n) => n > 1).length,
    resent: [...received.values()].reduce((n, times) => n + times - 1, 0),
    unsent: unsent.length,
    unsentBy: {
      neverTaken: unsent.filter((r) => Number(r.attempts) === 0).length,
      leaseHeld: unsent.filter((r) => r.last_error === null && r.lease_until !== null && Number(r.lease_until) > now).length,
      leaseOver: unsent.filter((r) => r.last_error === null && Number(r.attempts) > 0 && (r.lease_until === null || Number(r.lease_until) <= now)).length,
      failedBefore: unsent.filter((r) => r.last_error !== null).length,
    },
    unsentWhy: unsent
      .slice(0, 3)
      .map((r) => `${r.status} after ${r.attempts} attempt(s), next in ${Math.round((Number(r.next_attempt_at) - Date.now()) / 1000)} s: ${r.last_error ?? 'no error'}`),
  };
}

/** Each saver's stored draft: its last acknowledged mark or a later one it sent (a VIN's last saver counts). */
async function verifyDrafts(database: Awaited<ReturnType<typeof openDatabase>>, savers: Saver[]): Promise<string[]> {
  // A draft's key starts with the server's keyed digest of the VIN it was authorized with; a claim
  // of a VIN alone adds its authorization's id (server/claims/claim-keys.ts draftKeyOf). Each saver has a VIN of its own.
  const keyOf = (vin: string) => createHmac('sha256', SESSION_SECRET).update(`draft\nvin:${vin}`).digest('base64url');
  const rows = await database.db.selectFrom('drafts').select(['claimant_key', 'models']).where('form_type', '=', 'Automotive').execute();
  const marks = new Map<string, number>();
  for (const row of rows) {
    const models = JSON.parse(row.models) as Array<{ metadata: { dtoMapping: string }; fields: Record<string, unknown> }>;
    const line2 = models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'claimantinfo')?.fields.mailingStreetLine2;
    marks.set(row.claimant_key.split('.')[0]!, typeof line2 === 'string' ? Number(line2.split(' ').at(-1)) : NaN);
  }
  const last = new Map(savers.map((s) => [s.vin, s]));
  const lost: string[] = [];
  for (const s of last.values()) {
    if (s.acknowledged === 0) continue;
    const n = marks.get(keyOf(s.vin));
    if (n === undefined || !(n >= s.acknowledged && n <= s.sent)) lost.push(`${s.vin}: acknowledged ${s.acknowledged}, sent ${s.sent}, stored ${n ?? 'none'}`);
  }
  return lost;
}

async function verify(dialect: Dialect, dataDir: string, databaseUrl: string | undefined, all: Logical[], savers: Saver[], sink: MailSink): Promise<Verification> {
  const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const draftsLost = await verifyDrafts(database, savers);
    const mail = await verifyMail(database, sink);
    const submissions = createSubmissions(database);
    const records = await submissions.listSubmissions();
    const missing: string[] = [];
    const mismatched: string[] = [];
    let checked = 0;
    let codeChanges = 0;
    for (const item of all.filter((i) => i.codes.length > 0)) {
      if (new Set(item.codes).size > 1) codeChanges++;
      for (const code of new Set(item.codes)) {
        checked++;
        const record = await submissions.getByReferenceCode(code);
        if (!record) {
          missing.push(code);
          continue;
        }
        const docs = await submissions.getDocuments(record.id);
        const ids = JSON.stringify(record.payload);
        const sameModels = item.clientIds.every((id) => ids.includes(id));
        if (!sameModels || docs.length !== 1 || Buffer.compare(docs[0]!.bytes ?? Buffer.alloc(0), pdf(item.label)) !== 0) mismatched.push(code);
      }
    }
    // A logical submission is its set of model clientIds: each must be stored at most once.
    const byKey = new Map<string, number>();
    for (const record of records) {
      const p = record.payload as Partial<SubmissionPayload>;
      const key = payloadClientIds({ prepopulatedData: [], documentContexts: [], claimTransactions: [], credentials: null, claimantInfo: null, claimDetails: null, signature: null, ...p } as SubmissionPayload).join(',');
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
    }
    const duplicates = [...byKey.values()].filter((n) => n > 1).length;
    let integrity: string;
    if (dialect === 'sqlite') {
      await database.close();
      const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
      const check = sqlite.pragma('integrity_check', { simple: true }) as string;
      const fk = sqlite.pragma('foreign_key_check') as unknown[];
      sqlite.close();
      integrity = `PRAGMA integrity_check: ${check}; foreign_key_check: ${fk.length} problem(s)`;
      if (fk.length) integrity += ' (FAIL)';
    } else {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const orphans = await client.query<{ n: string }>('select count(*) as n from documents d left join submissions s on s.id = d.submission_id where s.id is null');
      const badSha = await client.query<{ n: string }>("select count(*) as n from documents where encode(sha256(bytes), 'hex') <> sha256 or length(bytes) <> size");
      const amcheck = await client.query<{ n: string }>('select count(*) as n from submissions').catch(() => ({ rows: [{ n: '?' }] }));
      await client.end();
      integrity = `orphaned documents: ${orphans.rows[0]!.n}; documents whose bytes do not match sha256/size: ${badSha.rows[0]!.n}; ${amcheck.rows[0]!.n} submissions readable`;
      if (orphans.rows[0]!.n !== '0' || badSha.rows[0]!.n !== '0') integrity += ' (FAIL)';
    }
    return { stored: records.length, acknowledgedChecked: checked, missing, mismatched, duplicates, codeChanges, integrity, draftsLost, mail };
  } finally {
    await database.close().catch(() => {});
  }
}

/** Waits (with the server up) until no receipt is waiting in the outbox, or the time is up. */
async function outboxDrained(dialect: Dialect, dataDir: string, databaseUrl: string | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const unsent = async (): Promise<number> => {
    if (dialect === 'sqlite') {
      const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        return (sqlite.prepare("select count(*) as n from outbox where status = 'queued'").get() as { n: number }).n;
      } finally {
        sqlite.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>("select count(*) as n from outbox where status = 'queued'")).rows[0]!.n);
    } finally {
      await client.end();
    }
  };
  while (Date.now() < deadline && (await unsent()) > 0) await new Promise((r) => setTimeout(r, 250));
}

async function runDialect(ctx: BenchContext, dialect: Dialect, rounds: number): Promise<Figure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-durability-'));
  const dbName = `bench_durability_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    // The server reads no schema setting, so it gets a database of its own.
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const sink = await startMailSink();
  const port = await freePort();
  const emulatorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SESSION_SECRET,
    CAPTCHA_EMULATOR_PORT: String(emulatorPort),
    SMTP_URL: sink.url,
    // A receipt the killed server was sending is taken up again after 3 s rather than 5 minutes.
    MAIL_LEASE_SECONDS: '3',
  };
  const claimant = new Claimant(url, `http://127.0.0.1:${emulatorPort}`, 15_000);
  const all: Logical[] = [];
  const savers: Saver[] = [];
  const server = { current: startServer(env) };
  const perRound: RoundResult[] = [];
  try {
    await waitReady(url, server.current);
    ctx.log(`durability on ${dialect}: ${url}`);
    for (let r = 0; r < rounds; r++) perRound.push(await round_(ctx, r, claimant, server, env, all, url, savers));
    await outboxDrained(dialect, dataDir, databaseUrl, 60_000);
  } finally {
    server.current.proc.kill('SIGTERM');
    await Promise.race([server.current.exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.current.proc.exitCode === null && server.current.proc.signalCode === null) server.current.proc.kill('SIGKILL');
  }
  try {
    const v = await verify(dialect, dataDir, databaseUrl, all, savers, sink);
    const saveRefusals = savers.filter((s) => s.refusal);
    const savesAcknowledged = savers.reduce((n, s) => n + s.acknowledged, 0);
    const acknowledged = all.filter((i) => i.codes.length > 0).length;
    const refused = all.filter((i) => i.state === 'refused');
    const inFlightTotal = perRound.reduce((s, x) => s + x.inFlight, 0);
    const problems = v.missing.length + v.mismatched.length + v.duplicates + v.codeChanges + v.draftsLost.length + saveRefusals.length + v.mail.missing + v.mail.twice + v.mail.unsent + (v.integrity.includes('FAIL') || (dialect === 'sqlite' && !v.integrity.includes('integrity_check: ok')) ? 1 : 0);
    return {
      name: `durability.${dialect}`,
      value: problems,
      unit: 'problems',
      budget: '0 (no acknowledged claim or page save lost or changed, no duplicate, every receipt delivered under one Message-ID, integrity check passes)',
      holds: problems === 0 && refused.length === 0,
      notes:
        `${rounds} kill -9 rounds × ${SUBMITTERS} submitters: ${acknowledged} claims acknowledged (${inFlightTotal} were in flight at a kill and retried), ` +
        `${v.stored} stored; missing ${v.missing.length}, documents not byte-identical ${v.mismatched.length}, stored twice ${v.duplicates}, reference code changed on retry ${v.codeChanges}, ` +
        `refused on retry ${refused.length}${refused.length ? ` (${refused[0]!.refusal})` : ''}; ` +
        `${savers.length} savers, ${savesAcknowledged} page saves acknowledged, drafts lost or older than acknowledged ${v.draftsLost.length}${v.draftsLost.length ? ` (${v.draftsLost[0]})` : ''}, saves refused ${saveRefusals.length}${saveRefusals.length ? ` (${saveRefusals[0]!.refusal})` : ''}; ` +
        `receipts: ${sink.received.length} received, missing ${v.mail.missing}, two for one claim ${v.mail.twice}, unsent ${v.mail.unsent}${v.mail.unsent ? ` (never taken ${v.mail.unsentBy.neverTaken}, lease held ${v.mail.unsentBy.leaseHeld}, lease over ${v.mail.unsentBy.leaseOver}, failed before ${v.mail.unsentBy.failedBefore}; ${v.mail.unsentWhy.join(' | ')})` : ''}, resent under the same Message-ID ${v.mail.resent}; ${v.integrity}; ` +
        `restart ${round(Math.min(...perRound.map((p) => p.restartMs)) / 1000, 1)}–${round(Math.max(...perRound.map((p) => p.restartMs)) / 1000, 1)} s`,
      detail: { rounds: perRound, verification: v, refused: refused.map((i) => i.refusal) },
    };
  } finally {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const rounds = ctx.smoke ? 2 : 20;
  // --sqlite or --postgres: that database only (a run on one takes half the time).
  const only = (['sqlite', 'postgres'] as const).filter((d) => process.argv.includes(`--${d}`));
  const measures = (d: Dialect) => only.length === 0 || only.includes(d);
  const figures: Figure[] = [];
  if (measures('sqlite')) figures.push(await runDialect(ctx, 'sqlite', rounds));
  if (!measures('postgres')) return figures;
  if (await postgresAvailable()) figures.push(await runDialect(ctx, 'postgres', rounds));
  else figures.push({ name: 'durability.postgres', value: null, unit: 'problems', budget: '0', holds: null, notes: 'not measured: PostgreSQL did not answer' });
  return figures;
}

if (isEntry(import.meta.url)) await standalone(run);
