/**
 * Server load figure: autocannon over loopback, 50 connections, a warm-up then 3 × 10 s (smoke:
 * 1 × 2 s), against the real server (buildApp in its own process, production logging, the captcha
 * emulator in another process) on SQLite and on PostgreSQL, each beside the floor
 * (bench/servers/floor.ts) in the same run, runs alternating between the two.
 *
 *   submit      POST /api/forms/automotive — a complete claim, multipart with a 100 KiB PDF, every
 *               rule checked, stored in one transaction. Every request is a distinct submission
 *               (fresh model clientIds) on its own authorized session with its own captcha values,
 *               all prepared before the timed run.
 *   authorize   POST /api/forms/automotive/authorize — with Notice ID + PIN (the PIN checked against
 *               its keyed hash) and, separately, VIN only; each request on a fresh session with a
 *               fresh captcha token verified against the emulator's /siteverify.
 *   page save   PUT /api/forms/automotive/draft — the answers up to the eligibility page, checked by
 *               the flow's page logic and stored as the claim in progress, the session extended;
 *               claimants of distinct VINs, each saving again and again on their authorized session.
 *   record save PUT /api/forms/automotive/draft, unfinished — a repair saved on the repairs page: the
 *               answers up to that page and the repairs saved so far, stored at once as the claim in
 *               progress (the page's own required answers not asked for yet), as page save does.
 *
 * Budgets, each against its same-run floor on both databases: throughput ≥ 50 % of the floor's for
 * a submit and ≥ 60 % for the others, CPU per submit ≤ 2 × the floor's, p99 ≤ 2 × the floor's p99,
 * no request over 1 s, every answer 2xx.
 *
 *   tsx bench/server-load.ts [--smoke]
 *
 * For profiling, the environment narrows a run and passes flags to the real server's node:
 *   BENCH_KINDS=submit,authorize-vin   BENCH_DIALECTS=sqlite
 *   BENCH_PROFILE_DIR=/tmp/prof   a CPU profile of the server and of the floor per timed run (not the preparation)
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   the whole process, written when it stops
 *   BENCH_LOG_DIR=/tmp/logs   each server's log (the app's warnings: why a request was refused)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import type { FieldValue } from '../runtime/core/types.js';
import { automotivePageSave, automotivePayload, automotiveRecordSave, SAVED_REPAIRS, Claimant, classVehicle, encodeSubmission, MARIA, pdf, pool, type AuthorizedSession, type FormPaths, type Session } from './lib/claim.js';
import { loadRun, type LoadRun } from './lib/load.js';
import type { ChildStats } from './lib/monitor.js';
import { DIALECTS, postgresAvailable, startAppServer, startEmulator, startFloorServer, storage, type Dialect, type ServerUnderTest } from './lib/servers.js';
import { median } from './lib/stats.js';

const CONNECTIONS = 50;
/** The share of the floor's throughput each kind must reach: a submit does the most the floor does not. */
const FLOOR_SHARE: Record<Kind, number> = { submit: 0.5, 'authorize-pin': 0.6, 'authorize-vin': 0.6, save: 0.6, 'record-save': 0.6 };
/** CPU per submit, against the floor's. */
const SUBMIT_CPU_FACTOR = 2;
const FLOOR_P99_FACTOR = 2;
const MAX_MS = 1000;
const PREP_CONCURRENCY = 32;
/** Claimants saving pages in the page-save runs (each saves again and again, as Next does). */
const SAVING_CLAIMANTS = 200;

interface Plan {
  warmSeconds: number;
  runs: number;
  seconds: number;
}

interface Supply {
  next(): { headers: Record<string, string>; body: string | Buffer } | null;
  remaining(): number;
}

const FILE = pdf('bench invoice');

type Kind = 'submit' | 'authorize-pin' | 'authorize-vin' | 'save' | 'record-save';

/** The body each saving claimant sends again and again: a page save, or a record saved on a page. */
const SAVE_BODIES: Record<'save' | 'record-save', (credentials: Record<string, FieldValue>) => string> = {
  save: (credentials) => automotivePageSave(credentials),
  'record-save': (credentials) => automotiveRecordSave(credentials),
};
const isSave = (kind: Kind): kind is 'save' | 'record-save' => kind === 'save' || kind === 'record-save';

/* ------------------------------------------------------------------------------------------------
 * What each request needs, prepared before the timed run
 * ----------------------------------------------------------------------------------------------*/

async function tokens(claimant: Claimant, n: number): Promise<string[]> {
  return pool(n, PREP_CONCURRENCY, () => claimant.captchaToken());
}

/** Page (or record) saves go round the authorized claimants: a supply that never runs out. */
async function saveSupply(kind: 'save' | 'record-save', claimant: Claimant, deadline: number): Promise<Supply> {
  const sessions = (await pool(SAVING_CLAIMANTS, PREP_CONCURRENCY, async (i) => claimant.authorize(await claimant.session(), 'Automotive', classVehicle(i)), deadline)).filter(Boolean);
  const requests = sessions.map((s) => ({ headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' }, body: SAVE_BODIES[kind](s.credentials) }));
  let i = 0;
  return { remaining: () => Infinity, next: () => requests[i++ % requests.length]! };
}

async function appSupply(kind: Kind, claimant: Claimant, n: number, deadline: number): Promise<Supply> {
  if (isSave(kind)) return saveSupply(kind, claimant, deadline);
  let sessions: Array<Session | AuthorizedSession>;
  if (kind === 'submit') {
    sessions = (await pool(n, PREP_CONCURRENCY, async (i) => claimant.authorize(await claimant.session(), 'Automotive', classVehicle(i)), deadline)).filter(Boolean);
  } else {
    sessions = (await pool(n, PREP_CONCURRENCY, () => claimant.session(), deadline)).filter(Boolean);
  }
  const fresh = await tokens(claimant, sessions.length);
  let i = 0;
  return {
    remaining: () => sessions.length - i,
    next() {
      if (i >= sessions.length) return null;
      const session = sessions[i]!;
      const token = fresh[i++]!;
      const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
      if (kind === 'submit') {
        const authorized = session as AuthorizedSession;
        const encoded = encodeSubmission(automotivePayload({ captchaRawValue: authorized.captcha, reCaptchaResponse: token, file: FILE, credentials: authorized.credentials }));
        return { headers: { ...headers, 'content-type': encoded.contentType }, body: encoded.body };
      }
      const fields = kind === 'authorize-pin' ? { ...MARIA } : { vin: MARIA.vin, noticeId: null, pin: null };
      return { headers: { ...headers, 'content-type': 'application/json' }, body: claimant.authorizeBody('Automotive', fields, token) };
    },
  };
}

async function floorSupply(kind: Kind, claimant: Claimant, n: number): Promise<Supply> {
  if (isSave(kind)) {
    const requests = Array.from({ length: SAVING_CLAIMANTS }, (_, i) => ({
      headers: { 'x-session': `claimant-${i}`, 'content-type': 'application/json' },
      body: SAVE_BODIES[kind](classVehicle(i)),
    }));
    let i = 0;
    return { remaining: () => Infinity, next: () => requests[i++ % requests.length]! };
  }
  if (kind === 'submit') {
    // The same multipart body the real server gets (fresh models each time), no session needed.
    return {
      remaining: () => Infinity,
      next() {
        const encoded = encodeSubmission(automotivePayload({ captchaRawValue: 'x.y', reCaptchaResponse: 'token', file: FILE }));
        return { headers: { 'content-type': encoded.contentType }, body: encoded.body };
      },
    };
  }
  const fresh = await tokens(claimant, n);
  let i = 0;
  return {
    remaining: () => fresh.length - i,
    next() {
      if (i >= fresh.length) return null;
      return { headers: { 'content-type': 'application/json' }, body: claimant.authorizeBody('Automotive', { vin: MARIA.vin, noticeId: null, pin: null }, fresh[i++]!) };
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Runs
 * ----------------------------------------------------------------------------------------------*/

interface Measured {
  runs: LoadRun[];
  stats: ChildStats[];
  prepSeconds: number[];
  /** CPU time per 2xx answer during each run, ms: the server process and the captcha emulator. */
  cpuPerRequest: Array<{ server: number; emulator: number }>;
}

/** user + system CPU time of a process so far, ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, here 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

/** The call each kind times: on the real server, the Automotive form's (from its flows); on the floor, its own path. */
const CALLS: Record<Kind, { app: keyof FormPaths; floor: string }> = {
  submit: { app: 'submit', floor: '/submit' },
  'authorize-pin': { app: 'authorize', floor: '/authorize' },
  'authorize-vin': { app: 'authorize', floor: '/authorize' },
  save: { app: 'draft', floor: '/draft' },
  'record-save': { app: 'draft', floor: '/draft' },
};

/** Requests to prepare for `seconds` at `rate`, with headroom. */
const supplyFor = (rate: number, seconds: number) => Math.ceil(rate * seconds * 3) + CONNECTIONS * 6;

async function oneRun(ctx: BenchContext, kind: Kind, target: 'app' | 'floor', server: ServerUnderTest, claimant: Claimant, seconds: number, rateGuess: number, into: Measured, emulatorPid: number) {
  const prepStart = performance.now();
  const n = supplyFor(rateGuess, seconds);
  const supply = target === 'app' ? await appSupply(kind, claimant, n, Date.now() + 100_000) : await floorSupply(kind, claimant, n);
  into.prepSeconds.push((performance.now() - prepStart) / 1000);
  const timedPath = target === 'app' ? (await claimant.formPaths())[CALLS[kind].app] : CALLS[kind].floor;
  await server.child.ask({ type: 'reset' });
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir) await server.child.ask({ type: 'profile-start' });
  const cpu0 = { server: cpuMs(server.child.pid), emulator: cpuMs(emulatorPid) };
  const run = await loadRun({ url: server.url, path: timedPath, method: isSave(kind) ? 'PUT' : 'POST', connections: CONNECTIONS, seconds, next: supply.next, remaining: supply.remaining });
  if (profileDir) await server.child.ask({ type: 'profile-stop', file: path.join(profileDir, `${kind}-${target}-${Date.now()}.cpuprofile`) }, 60_000);
  into.runs.push(run);
  const perRequest = (before: number, pid: number) => round((cpuMs(pid) - before) / Math.max(1, run.ok), 2);
  into.cpuPerRequest.push({ server: perRequest(cpu0.server, server.child.pid), emulator: perRequest(cpu0.emulator, emulatorPid) });
  into.stats.push(await server.child.ask<ChildStats>({ type: 'stats' }));
  ctx.log(
    `  ${kind} ${target}: ${round(run.rate)} req/s over ${round(run.seconds, 2)} s, p99 ${run.latency.p99} ms, max ${run.latency.max} ms, non-2xx ${run.non2xx}, errors ${run.errors}${run.endedEarly ? ' (supply ran out)' : ''}; CPU per request: server ${into.cpuPerRequest.at(-1)!.server} ms, emulator ${into.cpuPerRequest.at(-1)!.emulator} ms`,
  );
  return run.rate;
}

/** Warm-up, then the timed runs alternating between the real server and the floor. */
async function measurePair(ctx: BenchContext, kind: Kind, app: ServerUnderTest, floor: ServerUnderTest, claimant: Claimant, plan: Plan, guess: number, emulatorPid: number) {
  const empty = (): Measured => ({ runs: [], stats: [], prepSeconds: [], cpuPerRequest: [] });
  const appM = empty();
  const floorM = empty();
  const warm = empty();
  let appRate = await oneRun(ctx, kind, 'app', app, claimant, plan.warmSeconds, guess, warm, emulatorPid);
  let floorRate = await oneRun(ctx, kind, 'floor', floor, claimant, plan.warmSeconds, guess * 2, warm, emulatorPid);
  for (let r = 0; r < plan.runs; r++) {
    appRate = Math.max(1, await oneRun(ctx, kind, 'app', app, claimant, plan.seconds, Math.max(appRate, 5), appM, emulatorPid));
    floorRate = Math.max(1, await oneRun(ctx, kind, 'floor', floor, claimant, plan.seconds, Math.max(floorRate, 5), floorM, emulatorPid));
  }
  return { app: appM, floor: floorM };
}

/* ------------------------------------------------------------------------------------------------
 * Figures
 * ----------------------------------------------------------------------------------------------*/

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

function stallNote(m: Measured): string {
  const gcMax = Math.max(...m.stats.map((s) => s.gc.maxMs));
  const loopMax = Math.max(...m.stats.map((s) => s.loop.max));
  const stalls = m.stats.flatMap((s) => s.stalls).filter((s) => s.ms >= 100);
  const byKind = (k: 'gc' | 'loop' | 'sqlite') => stalls.filter((s) => s.kind === k);
  const mc = m.stats.map((s) => s.gc.byKind['mark-compact']?.maxMs ?? 0);
  const wal = m.stats.map((s) => s.walBytes).filter((w): w is number => w !== null);
  return (
    `server process: longest GC pause ${round(gcMax)} ms (mark-compact max ${round(Math.max(...mc))} ms), longest event-loop delay ${round(loopMax)} ms, ` +
    `${byKind('loop').length} loop stalls ≥ 100 ms, ${byKind('gc').length} GC pauses ≥ 100 ms` +
    (byKind('sqlite').length ? `, ${byKind('sqlite').length} SQLite transactions ≥ 100 ms (longest ${Math.max(...byKind('sqlite').map((s) => s.ms))} ms)` : '') +
    (wal.length ? `; WAL file ${round(Math.max(...wal) / 1024 / 1024)} MB at most after a run` : '')
  );
}

function runDetail(m: Measured | null) {
  if (!m) return null;
  return {
    runs: m.runs.map((r) => ({ seconds: round(r.seconds, 2), rate: round(r.rate), ...r.latency, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, statuses: r.statuses, endedEarly: r.endedEarly, reused: r.reused, samples: r.samples })),
    server: m.stats.map((s) => ({ rssMiB: round(s.rss / 1048576), gc: { count: s.gc.count, totalMs: round(s.gc.totalMs), maxMs: round(s.gc.maxMs), byKind: s.gc.byKind }, loop: s.loop, stalls: s.stalls.filter((x) => x.ms >= 100) })),
    prepSeconds: m.prepSeconds.map((s) => round(s, 1)),
    cpuPerRequestMs: m.cpuPerRequest,
  };
}

/** Median CPU per answered request of the server (and the emulator), which drifts less with the machine's load than rates do. */
function cpuNote(m: Measured, floor: Measured | null): string {
  const server = median(m.cpuPerRequest.map((c) => c.server));
  const emulator = median(m.cpuPerRequest.map((c) => c.emulator));
  const floorServer = floor ? median(floor.cpuPerRequest.map((c) => c.server)) : NaN;
  return `CPU per request (median of runs): server ${round(server, 2)} ms${floor ? `, floor ${round(floorServer, 2)} ms (${round(server / floorServer, 2)}×)` : ''}, captcha emulator ${round(emulator, 2)} ms.`;
}

/** CPU per submit beside the floor's: the share of a core one submit costs the server. */
function cpuFigure(name: string, app: Measured, floor: Measured): Figure {
  const server = median(app.cpuPerRequest.map((c) => c.server));
  const floorServer = median(floor.cpuPerRequest.map((c) => c.server));
  return {
    name: `${name}.cpu`,
    value: round(server, 2),
    unit: 'ms',
    budget: `≤ ${SUBMIT_CPU_FACTOR}× the floor's (${round(floorServer * SUBMIT_CPU_FACTOR, 2)} ms)`,
    holds: server <= floorServer * SUBMIT_CPU_FACTOR,
    floor: { name: 'floor CPU per request', value: round(floorServer, 2), unit: 'ms' },
    notes: `server process CPU (user + system) per request, median of the runs (${app.cpuPerRequest.map((c) => round(c.server, 2)).join(', ')} ms; the floor's ${floor.cpuPerRequest.map((c) => round(c.server, 2)).join(', ')} ms); ${round(server / floorServer, 2)}× the floor's`,
  };
}

const FLOOR_NAMES: Record<Kind, (dialect: Dialect) => string> = {
  submit: (d) => `bare Fastify + multipart + ${d === 'sqlite' ? 'SQLite BLOB (WAL, synchronous=FULL)' : 'PostgreSQL bytea (synchronous_commit=on)'}`,
  'authorize-pin': () => 'bare Fastify JSON + siteverify + SELECT + session INSERT',
  'authorize-vin': () => 'bare Fastify JSON + siteverify + SELECT + session INSERT',
  save: () => 'bare Fastify JSON + session SELECT + draft UPSERT and session UPDATE in one transaction',
  'record-save': () => 'bare Fastify JSON + session SELECT + draft UPSERT and session UPDATE in one transaction',
};

const WHAT: Record<Kind, string> = {
  submit: 'a complete claim, multipart with a 100 KiB PDF, stored in one transaction',
  'authorize-pin': 'Notice ID + PIN (keyed hash) + captcha siteverify',
  'authorize-vin': 'VIN only + captcha siteverify',
  save: `a page save (answers up to the eligibility page, checked by the page logic) by ${SAVING_CLAIMANTS} claimants in turn`,
  'record-save': `a repair saved on the repairs page (answers up to it and ${SAVED_REPAIRS} repairs, checked by the page logic, stored unfinished) by ${SAVING_CLAIMANTS} claimants in turn`,
};

const DONE: Record<Kind, string> = { submit: 'stored submissions', 'authorize-pin': 'authorizations', 'authorize-vin': 'authorizations', save: 'saved pages', 'record-save': 'saved records' };

/** Throughput, p99, max and non-2xx of one kind of request on one database, each beside the same-run floor. */
function loadFigures(dialect: Dialect, kind: Kind, app: Measured, floor: Measured): Figure[] {
  const rate = median(app.runs.map((r) => r.rate));
  const floorRate = median(floor.runs.map((r) => r.rate));
  const p99 = median(app.runs.map((r) => r.latency.p99));
  const floorP99 = median(floor.runs.map((r) => r.latency.p99));
  const max = Math.max(...app.runs.map((r) => r.latency.max));
  const floorMax = Math.max(...floor.runs.map((r) => r.latency.max));
  const non2xx = sum(app.runs.map((r) => r.non2xx + r.errors)); // autocannon counts a timeout among the errors too
  const early = app.runs.some((r) => r.endedEarly) ? ' Some runs ended early when the prepared sessions ran out; the rate is over the time they ran.' : '';
  const name = `server.${kind}.${dialect}`;
  return [
    {
      name: `${name}.throughput`,
      value: round(rate),
      unit: 'req/s',
      budget: `≥ ${FLOOR_SHARE[kind] * 100}% of the floor (${round(floorRate * FLOOR_SHARE[kind])} req/s)`,
      holds: rate >= floorRate * FLOOR_SHARE[kind],
      floor: { name: FLOOR_NAMES[kind](dialect), value: round(floorRate), unit: 'req/s' },
      notes: `${WHAT[kind]}; median of ${app.runs.length} run(s); ${round((rate / floorRate) * 100)}% of the floor; p50 ${median(app.runs.map((r) => r.latency.p50))} ms.${early} ${cpuNote(app, floor)} ${stallNote(app)}`,
      detail: { app: runDetail(app), floor: runDetail(floor) },
    },
    ...(kind === 'submit' ? [cpuFigure(name, app, floor)] : []),
    {
      name: `${name}.p99`,
      value: p99,
      unit: 'ms',
      budget: `≤ ${FLOOR_P99_FACTOR}× the floor's p99 (${round(floorP99 * FLOOR_P99_FACTOR)} ms)`,
      holds: p99 <= floorP99 * FLOOR_P99_FACTOR,
      floor: { name: 'floor p99', value: floorP99, unit: 'ms' },
      notes: `median of the runs' p99 (${app.runs.map((r) => r.latency.p99).join(', ')} ms; the floor's ${floor.runs.map((r) => r.latency.p99).join(', ')} ms)`,
    },
    {
      name: `${name}.max`,
      value: max,
      unit: 'ms',
      budget: `≤ ${MAX_MS} ms`,
      holds: max <= MAX_MS,
      floor: { name: 'floor max', value: floorMax, unit: 'ms' },
      notes: `slowest request over all runs. Floor: ${stallNote(floor)}`,
    },
    {
      name: `${name}.non2xx`,
      value: non2xx,
      unit: 'responses',
      budget: '0',
      holds: non2xx === 0,
      notes: non2xx
        ? `non-2xx or unanswered (errors ${sum(app.runs.map((r) => r.errors))}, of which timeouts ${sum(app.runs.map((r) => r.timeouts))}): ${JSON.stringify(app.runs.map((r) => r.statuses))}; e.g. ${app.runs.flatMap((r) => r.samples).slice(0, 2).join(' | ')}`
        : `${sum(app.runs.map((r) => r.ok))} ${DONE[kind]}, all 2xx`,
    },
  ];
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const plan: Plan = ctx.smoke ? { warmSeconds: 1, runs: 1, seconds: 2 } : { warmSeconds: 5, runs: 3, seconds: 10 };
  const wanted = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
  const kinds = wanted('BENCH_KINDS');
  const runs = (kind: Kind) => !kinds || kinds.includes(kind);
  const dialects = DIALECTS.filter((d) => (wanted('BENCH_DIALECTS') ?? DIALECTS).includes(d));
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const figures: Figure[] = [];
  if (dialects.includes('postgres') && !(await postgresAvailable())) {
    dialects.splice(dialects.indexOf('postgres'), 1);
    figures.push({ name: 'server.postgres', value: null, unit: '', budget: null, holds: null, notes: 'not measured: PostgreSQL did not answer at BENCH_DATABASE_URL / TEST_DATABASE_URL' });
  }
  const emulator = await startEmulator();
  try {
    for (const dialect of dialects) {
      const appStore = storage(dialect, 'load-app');
      const floorStore = storage(dialect, 'load-floor');
      let app: ServerUnderTest | null = null;
      let floor: ServerUnderTest | null = null;
      try {
        app = await startAppServer(appStore, String(emulator.ready.url), { nodeArgs });
        floor = await startFloorServer(floorStore, String(emulator.ready.url));
        ctx.log(`server-load on ${dialect}: app ${app.url}, floor ${floor.url}`);
        const appClaimant = new Claimant(app.url, String(emulator.ready.url));
        const guesses: Record<Kind, number> = { submit: 500, 'authorize-pin': 60, 'authorize-vin': 800, save: 800, 'record-save': 600 };
        for (const kind of ['submit', 'authorize-pin', 'authorize-vin', 'save', 'record-save'] as const) {
          if (!runs(kind)) continue;
          const measured = await measurePair(ctx, kind, app, floor, appClaimant, plan, guesses[kind], emulator.pid);
          figures.push(...loadFigures(dialect, kind, measured.app, measured.floor));
        }
      } finally {
        await app?.child.stop();
        await floor?.child.stop();
        await appStore.cleanup();
        await floorStore.cleanup();
      }
    }
  } finally {
    await emulator.stop();
  }
  return figures;
}

if (isEntry(import.meta.url)) await standalone(run);
