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
import { PostgresAdapter, sql, type InsertResult, type QueryCreator } from 'kysely';
import { isRecord } from '../../runtime/core/guards.js';
import type { Tables } from '../db/schema.js';
import type { Database, Trx } from '../db/types.js';
import { assess, isDisposition, isMatchKind, matchReasons, RETAINED_KINDS, VELOCITY_KINDS, type Disposition, type Match, type MatchKind, type MatchValue, type Reason } from './signals.js';
import { isReasonCode, type FraudSettings, type ReasonCode } from './settings.js';

/** Reference codes given as evidence, at most. */
const REFERENCES = 3;
/**
 * Earlier claims counted per value, at most: past it the count reads "at least this many", and a
 * flood sharing one value costs each new claim a bounded index range, not the whole cluster.
 */
export const MAX_COUNTED = 1000;

/**
 * Values already shared by MAX_COUNTED earlier claims, of kinds counted over every earlier claim
 * and never purged: their count can only stay there, so a flood sharing them is not counted again
 * for each new claim. Kept per server (any instance may learn it on its own), at most `limit`.
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

/** The tables, and the screening row written in the same statement (PostgreSQL). */
type ScreeningTables = Tables & { screened: InsertResult };

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

/**
 * Compares the claim with earlier ones, stores its screening and its values, in `trx`. One read
 * whatever the number of values (how many earlier claims share each value, and the first few
 * reference codes of those that some do), and one write on PostgreSQL (two on SQLite).
 */
export async function recordSignals(trx: Trx, input: ClaimSignalsInput, settings: FraudSettings, inFull?: CountedInFull): Promise<ClaimScreening> {
  const since = input.now - settings.windowMinutes * 60_000;
  const rows = input.values.map((v): StoredValue => ({ kind: v.kind, digest: digestOf(v.kind, v.value) }));
  const keyOf = (value: StoredValue) => `${value.kind}\n${value.digest}`;
  const unique = [...new Map(rows.map((r) => [keyOf(r), r])).values()];
  // SQL text rather than the query builder: a dozen values make two statements of a dozen parts
  // each, which the builder takes longer to assemble than the database takes to answer.
  /** The earlier rows sharing the i-th value (within the window for velocity kinds). */
  const sharing = ({ kind, digest }: StoredValue) => {
    const windowed = VELOCITY_KINDS.includes(kind) ? sql` and signal_values.created_at >= ${since}` : sql``;
    return sql`signal_values.kind = ${kind} and signal_values.digest = ${digest} and signal_values.submission_id <> ${input.submissionId}${windowed}`;
  };
  // Every row of signal_values has its submission (a foreign key, deleted with it): counted alone.
  const tallies = unique.map((value) => ({ value, earlier: inFull?.has(keyOf(value)) ? MAX_COUNTED : 0, references: new Array<{ at: number; id: number; code: string }>() }));
  // One statement (one round trip) reads both: how many earlier claims share each value (unless
  // known to be past MAX_COUNTED), and the first few of those claims' reference codes. A value no
  // earlier claim shares costs the second part one index probe finding nothing. (The empty
  // columns are typed: PostgreSQL takes two untyped nulls in a union for text.)
  const counting = tallies.flatMap(({ value, earlier }, i) =>
    earlier
      ? []
      : [sql`select ${sql.lit(i)} as i, count(*) as n, cast(null as text) as reference_code, cast(null as bigint) as created_at, cast(null as bigint) as submission_id from (select 1 as one from signal_values where ${sharing(value)} limit ${sql.lit(MAX_COUNTED)}) as ${sql.id(`c${i}`)}`],
  );
  const firsts = unique.map(
    (value, i) =>
      sql`select ${sql.lit(i)} as i, cast(null as bigint) as n, reference_code, created_at, submission_id from (select submissions.reference_code, signal_values.created_at, signal_values.submission_id from signal_values inner join submissions on submissions.id = signal_values.submission_id where ${sharing(value)} order by signal_values.created_at, signal_values.submission_id limit ${sql.lit(REFERENCES)}) as ${sql.id(`r${i}`)}`,
  );
  if (unique.length) {
    const { rows } = await sql<{ i: number; n: number | string | null; reference_code: string | null; created_at: number | string | null; submission_id: number | null }>`${sql.join([...counting, ...firsts], sql` union all `)}`.execute(trx);
    for (const r of rows) {
      const tally = tallies[Number(r.i)];
      if (tally === undefined) throw new Error(`The comparison with earlier claims answered for a value it was not asked about (${r.i}).`);
      if (r.reference_code === null) {
        tally.earlier = Number(r.n);
        if (tally.earlier >= MAX_COUNTED && lastingCount(tally.value.kind)) inFull?.add(keyOf(tally.value));
      } else tally.references.push({ at: Number(r.created_at), id: Number(r.submission_id), code: r.reference_code });
    }
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
  const screening = (qc: QueryCreator<ScreeningTables>) =>
    qc.insertInto('claim_signals').values({
      submission_id: input.submissionId,
      created_at: input.now,
      client_ip: input.ip,
      network: input.network,
      user_agent: input.userAgent ? input.userAgent.slice(0, 512) : null,
      fill_ms: input.fillMs,
      score,
      disposition,
      reasons: JSON.stringify(reasons),
    });
  const values = unique.map((r) => ({ ...r, submission_id: input.submissionId, created_at: input.now }));
  // (`withTables` only names the common table expression for the types.)
  const tables = trx.withTables<{ screened: InsertResult }>();
  if (!values.length) await screening(tables).execute();
  // Both rows in one statement on PostgreSQL (the transaction's dialect); SQLite has no such
  // statement, and no round trips to save.
  else if (trx.getExecutor().adapter instanceof PostgresAdapter) await tables.with('screened', (qc) => screening(qc)).insertInto('signal_values').values(values).execute();
  else {
    await screening(tables).execute();
    await trx.insertInto('signal_values').values(values).execute();
  }
  return { score, disposition, reasons };
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
