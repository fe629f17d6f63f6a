/**
 * Fraud signals in the database: recorded in a claim's own transaction (the comparison with
 * earlier claims, its reasons, score and disposition, and the values later claims are compared
 * on), removed after the settlement's retention period, and read back for the administrator.
 *
 * Values are stored as SHA-256 digests of their normal forms, so the table of values names no one;
 * the client address and user agent are kept in clear (for the administrator's fraud view) only
 * until the retention period ends. Two claims stored at the same instant on PostgreSQL do not see
 * each other's values (their transactions are concurrent): the comparison is with claims
 * committed before.
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import { isRecord } from '../../runtime/core/guards.js';
import { jsonRecords, statementBatch, statementTemplate } from '../db/statement-batch.js';
import type { Database, DialectName, StatementBatch, Trx } from '../db/types.js';
import { assess, isDisposition, isMatchKind, matchReasons, RETAINED_KINDS, VELOCITY_KINDS, type Disposition, type Match, type MatchKind, type MatchValue, type Reason } from './signals.js';
import { isReasonCode, type FraudSettings, type ReasonCode } from './settings.js';

/** Reference codes given as evidence, at most. */
const REFERENCES = 3;
/**
 * Earlier claims counted per value whatever the settings, at most (an allowance is at most this):
 * past the count's limit it reads "at least this many", and a flood sharing one value costs each
 * new claim a bounded index range, not the whole cluster.
 */
export const MAX_COUNTED = 1000;
/** Earlier claims counted per value as evidence beyond the allowances (the count past every allowance says "a flood" as well). */
export const COUNTED_AS_EVIDENCE = 100;

/**
 * How many earlier claims are counted per value: enough to tell that each allowance is reached,
 * and COUNTED_AS_EVIDENCE. A flood from one address or network (whose counts are read anew for
 * each claim, within the window) costs each claim that many index entries, not MAX_COUNTED.
 */
export function countLimit(settings: Pick<FraudSettings, 'householdAllowance' | 'networkAllowance' | 'sessionAllowance'>): number {
  return Math.min(MAX_COUNTED, Math.max(COUNTED_AS_EVIDENCE, settings.householdAllowance, settings.networkAllowance, settings.sessionAllowance));
}

/**
 * Values already shared by as many earlier claims as are counted (countLimit; the key names the
 * limit), of kinds counted over every earlier claim and never purged: their count can only stay
 * there, so a flood sharing them is not counted again for each new claim. Kept per server (any
 * instance may learn it on its own), at most `limit`.
 */
export class CountedInFull {
  private readonly keys = new Set<string>();
  constructor(private readonly limit = 10_000) {}
  has(key: string): boolean {
    return this.keys.has(key);
  }
  add(key: string): void {
    if (this.keys.size >= this.limit) this.keys.clear();
    this.keys.add(key);
  }
}

/** Kinds whose count of earlier claims never goes down: over every claim, and never purged. */
const lastingCount = (kind: MatchKind) => !VELOCITY_KINDS.includes(kind) && !RETAINED_KINDS.includes(kind);

export const digestOf = (kind: MatchKind, value: string) => createHash('sha256').update(`${kind}\n${value}`).digest('hex');

export interface ClaimScreening {
  score: number;
  disposition: Disposition;
  reasons: Reason[];
}

/** A value as signal_values holds it: its kind and the digest of its normal form. */
interface StoredValue {
  kind: MatchKind;
  digest: string;
}

/** claim_signals.disposition, as recordSignals wrote it. */
function storedDisposition(text: string): Disposition {
  if (!isDisposition(text)) throw new Error(`A stored claim screening has an unknown disposition: ${text}`);
  return text;
}

/** claim_signals.reasons: the JSON list of { code, evidence } recordSignals wrote. */
function parseReasons(text: string): Reason[] {
  const stored: unknown = JSON.parse(text);
  if (!Array.isArray(stored)) throw new Error('Stored reasons of a claim screening are not a JSON list.');
  return stored.map((reason: unknown): Reason => {
    if (!isRecord(reason) || typeof reason.code !== 'string' || !isReasonCode(reason.code) || !isRecord(reason.evidence)) throw new Error('A stored reason of a claim screening is malformed.');
    return { code: reason.code, evidence: reason.evidence };
  });
}

export interface ClaimSignalsInput {
  submissionId: number;
  /** Epoch ms. */
  now: number;
  ip: string;
  network: string;
  userAgent: string | null;
  fillMs: number | null;
  values: readonly MatchValue[];
  /** Reasons the request and the claim's own answers gave. */
  reasons: readonly Reason[];
}

/** Stores a claim's screening and values, as parts of `batch` added at the call; the screening. */
export type RecordScreening = (batch: StatementBatch, submissionId: number) => Promise<ClaimScreening>;

/** The values compared, as COMPARE reads them (one JSON value): `counted` false for a value known to be shared past MAX_COUNTED. */
const COMPARED_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['i', 'integer'],
  ['kind', 'text'],
  ['digest', 'text'],
  ['since', 'bigint'],
  ['counted', 'boolean'],
];

/** No window: every earlier claim's value is compared. */
const ALWAYS = Number.MIN_SAFE_INTEGER;

/**
 * One statement (one round trip) reads, per value compared (values: the claim's own submission id
 * to leave out, or null; the values as JSON; the count's limit): how many earlier claims share it,
 * at most the limit (not for a value known to be past it), and the first few of those claims' reference
 * codes (with their times and ids, as a JSON list). A value no earlier claim shares costs one index
 * probe finding nothing. The values are one JSON value, so the text is one whatever their number:
 * compiled once per dialect (statement-batch.ts). Velocity kinds are counted from `since` (the
 * window's start), the others from ALWAYS.
 */
function compareTemplate(dialect: DialectName) {
  return statementTemplate((v) => {
    const notOwn = dialect === 'postgres' ? sql`signal_values.submission_id is distinct from ${v(0)}` : sql`signal_values.submission_id is not ${v(0)}`;
    const sharing = sql`signal_values.kind = v.kind and signal_values.digest = v.digest and signal_values.created_at >= v.since and ${notOwn}`;
    const referenceList = dialect === 'postgres' ? sql`coalesce(json_agg(json_build_array(r.reference_code, r.created_at, r.submission_id)), '[]'::json)` : sql`json_group_array(json_array(r.reference_code, r.created_at, r.submission_id))`;
    const count = sql`case when v.counted then (select count(*) from (select 1 as one from signal_values where ${sharing} limit ${v(2)}) as c) end`;
    const references = sql`(select ${referenceList} from (select submissions.reference_code, signal_values.created_at, signal_values.submission_id from signal_values inner join submissions on submissions.id = signal_values.submission_id where ${sharing} order by signal_values.created_at, signal_values.submission_id limit ${sql.lit(REFERENCES)}) as r)`;
    return sql`select v.i as i, ${count} as n, ${references} as refs from ${jsonRecords(dialect, v(1), 'v', COMPARED_COLUMNS)}`;
  });
}
const COMPARE = { sqlite: compareTemplate('sqlite'), postgres: compareTemplate('postgres') };

/** The claim's screening (values: submission id, time, address, network, user agent, fill time, score, disposition, reasons as JSON). */
const RECORD_SCREENING = statementTemplate(
  (v) =>
    sql`insert into claim_signals (submission_id, created_at, client_ip, network, user_agent, fill_ms, score, disposition, reasons) values (${sql.join(Array.from({ length: 9 }, (_, i) => v(i)))}) returning submission_id`,
);

/** The claim's values (values: submission id, time, the values' kinds and digests as JSON): one text whatever their number. */
function storeValuesTemplate(dialect: DialectName) {
  return statementTemplate(
    (v) =>
      sql`insert into signal_values (kind, digest, submission_id, created_at) select v.kind, v.digest, cast(${v(0)} as integer), cast(${v(1)} as bigint) from ${jsonRecords(dialect, v(2), 'v', [
        ['kind', 'text'],
        ['digest', 'text'],
      ])} returning submission_id`,
  );
}
const STORE_VALUES = { sqlite: storeValuesTemplate('sqlite'), postgres: storeValuesTemplate('postgres') };

/** The reference codes COMPARE answers for a value: a JSON list of [code, time, id] (text on SQLite). */
function referencesOf(value: unknown): Array<{ at: number; id: number; code: string }> {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) throw new Error('The comparison with earlier claims answered no list of reference codes.');
  return list.map((entry: unknown) => {
    if (!Array.isArray(entry)) throw new Error('The comparison with earlier claims answered a malformed reference code.');
    const [code, at, id]: unknown[] = entry;
    return { at: Number(at), id: Number(id), code: String(code) };
  });
}

/**
 * Compares the claim with earlier ones (one read whatever the number of values: how many earlier
 * claims share each value, and the first few reference codes of those that some do), as a part of
 * `batch`, before the claim's own values are stored (`input.submissionId`, when given, is left out
 * of the comparison). Once the batch ran: how to record its screening (one write on PostgreSQL,
 * two on SQLite).
 */
export async function compareSignals(batch: StatementBatch, input: Omit<ClaimSignalsInput, 'submissionId'> & { submissionId?: number }, settings: FraudSettings, inFull?: CountedInFull): Promise<RecordScreening> {
  const since = input.now - settings.windowMinutes * 60_000;
  const limit = countLimit(settings);
  const rows = input.values.map((v): StoredValue => ({ kind: v.kind, digest: digestOf(v.kind, v.value) }));
  const keyOf = (value: StoredValue) => `${value.kind}\n${value.digest}`;
  const inFullKey = (value: StoredValue) => `${limit}\n${keyOf(value)}`;
  const unique = [...new Map(rows.map((r) => [keyOf(r), r])).values()];
  // Every row of signal_values has its submission (a foreign key, deleted with it): counted alone.
  const tallies = unique.map((value) => {
    const known = inFull?.has(inFullKey(value)) === true;
    return { value, known, earlier: known ? limit : 0, references: new Array<{ at: number; id: number; code: string }>() };
  });
  const compared = tallies.map(({ value, known }, i) => ({ i, kind: value.kind, digest: value.digest, since: VELOCITY_KINDS.includes(value.kind) ? since : ALWAYS, counted: !known }));
  const read = unique.length ? batch.add({ template: COMPARE[batch.dialect], values: [input.submissionId ?? null, JSON.stringify(compared), limit] }) : undefined;
  for (const r of read ? await read.rows : []) {
    const tally = tallies[Number(r.i)];
    if (tally === undefined) throw new Error(`The comparison with earlier claims answered for a value it was not asked about (${String(r.i)}).`);
    if (!tally.known) {
      tally.earlier = Number(r.n);
      if (tally.earlier >= limit && lastingCount(tally.value.kind)) inFull?.add(inFullKey(tally.value));
    }
    tally.references.push(...referencesOf(r.refs));
  }
  const matchOf = new Map(
    tallies.map(({ value, earlier, references }) => [keyOf(value), { earlier, references: references.sort((a, b) => a.at - b.at || a.id - b.id).map((r) => r.code) }]),
  );
  const matches = rows.map((r): Match => {
    const match = matchOf.get(keyOf(r));
    if (match === undefined) throw new Error(`No comparison for a ${r.kind} value.`);
    return { kind: r.kind, ...match };
  });
  const reasons = [...input.reasons, ...matchReasons(matches, settings)];
  const { score, disposition } = assess(reasons, settings);
  return async (then, submissionId) => {
    const screening = then.add({
      template: RECORD_SCREENING,
      values: [submissionId, input.now, input.ip, input.network, input.userAgent ? input.userAgent.slice(0, 512) : null, input.fillMs, score, disposition, JSON.stringify(reasons)],
    });
    const values = unique.length ? then.add({ template: STORE_VALUES[then.dialect], values: [submissionId, input.now, JSON.stringify(unique)] }) : undefined;
    await Promise.all([screening.rows, values?.rows]);
    return { score, disposition, reasons };
  };
}

/** Compares the claim with earlier ones and stores its screening and its values, in `trx`: one read, and one write on PostgreSQL (two on SQLite). */
export async function recordSignals(trx: Trx, input: ClaimSignalsInput, settings: FraudSettings, inFull?: CountedInFull): Promise<ClaimScreening> {
  const dialect = trx.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const first = statementBatch(trx, dialect);
  const comparing = compareSignals(first, input, settings, inFull);
  await first.run();
  const record = await comparing;
  const then = statementBatch(trx, dialect);
  const recorded = record(then, input.submissionId);
  await then.run();
  return recorded;
}

/**
 * Removes what identifies the client (address, network, user agent, fill time, and the address,
 * network and session values) of claims older than `retentionDays`; returns how many claims.
 */
export async function purgeExpiredSignals(database: Database, retentionDays: number, now: number): Promise<number> {
  const before = now - retentionDays * 86_400_000;
  return database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('signal_values').where('kind', 'in', [...RETAINED_KINDS]).where('created_at', '<', before).execute();
    const result = await trx
      .updateTable('claim_signals')
      .set({ client_ip: null, network: null, user_agent: null, fill_ms: null })
      .where('created_at', '<', before)
      .where((eb) => eb.or([eb('client_ip', 'is not', null), eb('user_agent', 'is not', null), eb('fill_ms', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** A claim as the administrator's fraud view shows it. */
export interface ScreenedClaim {
  referenceCode: string;
  formType: string;
  createdAt: string;
  score: number;
  disposition: Disposition;
  reasons: Reason[];
  clientIp: string | null;
  network: string | null;
  userAgent: string | null;
  fillSeconds: number | null;
}

/** Every screened claim, oldest first. */
export async function screenedClaims(database: Database): Promise<ScreenedClaim[]> {
  const rows = await database.db
    .selectFrom('claim_signals')
    .innerJoin('submissions', 'submissions.id', 'claim_signals.submission_id')
    .select(['submissions.reference_code', 'submissions.form_type', 'submissions.created_at', 'claim_signals.score', 'claim_signals.disposition', 'claim_signals.reasons', 'claim_signals.client_ip', 'claim_signals.network', 'claim_signals.user_agent', 'claim_signals.fill_ms'])
    .orderBy('submissions.created_at')
    .orderBy('submissions.id')
    .execute();
  return rows.map((r) => ({
    referenceCode: r.reference_code,
    formType: r.form_type,
    createdAt: r.created_at,
    score: Number(r.score),
    disposition: storedDisposition(r.disposition),
    reasons: parseReasons(r.reasons),
    clientIp: r.client_ip,
    network: r.network,
    userAgent: r.user_agent,
    fillSeconds: r.fill_ms === null ? null : Math.round(Number(r.fill_ms) / 100) / 10,
  }));
}

/** The screening of each claim by its submission id (the export's columns). */
export async function screeningsById(database: Database): Promise<Map<number, ClaimScreening>> {
  const rows = await database.db.selectFrom('claim_signals').select(['submission_id', 'score', 'disposition', 'reasons']).execute();
  return new Map(rows.map((r) => [Number(r.submission_id), { score: Number(r.score), disposition: storedDisposition(r.disposition), reasons: parseReasons(r.reasons) }]));
}

/** Claims sharing one value: its kind, a short label of its digest, the claims. */
export interface Cluster {
  kind: MatchKind;
  digest: string;
  size: number;
  referenceCodes: string[];
}

/** Values shared by at least `minSize` claims, largest first (ties: kind, then digest). */
export async function clusters(database: Database, options: { minSize?: number; limit?: number } = {}): Promise<Cluster[]> {
  const minSize = options.minSize ?? 2;
  const groups = await database.db
    .selectFrom('signal_values')
    .select(['kind', 'digest', (eb) => eb.fn.countAll<number | string>().as('size')])
    .groupBy(['kind', 'digest'])
    .having(sql`count(*)`, '>=', minSize)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('kind')
    .orderBy('digest')
    .limit(options.limit ?? 20)
    .execute();
  const out: Cluster[] = [];
  for (const g of groups) {
    const members = await database.db
      .selectFrom('signal_values')
      .innerJoin('submissions', 'submissions.id', 'signal_values.submission_id')
      .select('submissions.reference_code')
      .where('signal_values.kind', '=', g.kind)
      .where('signal_values.digest', '=', g.digest)
      .orderBy('signal_values.created_at')
      .orderBy('submissions.id')
      .execute();
    if (!isMatchKind(g.kind)) throw new Error(`A stored signal value has an unknown kind: ${g.kind}`);
    out.push({ kind: g.kind, digest: g.digest, size: Number(g.size), referenceCodes: members.map((m) => m.reference_code) });
  }
  return out;
}

/** How many claims have each reason code, most first. */
export function reasonCounts(claims: readonly Pick<ScreenedClaim, 'reasons'>[]): Array<{ code: ReasonCode; claims: number }> {
  const counts = new Map<ReasonCode, number>();
  for (const c of claims) for (const code of new Set(c.reasons.map((r) => r.code))) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, n]) => ({ code, claims: n })).sort((a, b) => b.claims - a.claims || (a.code < b.code ? -1 : 1));
}
