/**
 * CPU per request of the real app in one process, for A/B comparisons on a busy machine where
 * throughput figures drift: the app built as bench/servers/app.ts builds it (without logging),
 * 200 claimants authorized over HTTP, then page saves, record saves and submits sent through
 * `inject()` (25 in flight) and timed with `process.cpuUsage` (the captcha emulator runs in its
 * own process). Run it in each tree to compare, alternating:
 *
 *   DIALECT=sqlite|postgres N=600 npx tsx bench/inject-cpu.ts
 *
 * With PROFILE_DIR=<dir>, each timed phase is also CPU-profiled alone (the sign-ins and warm-ups
 * left out), one `<dialect>-<phase>.cpuprofile` per phase, for Chrome DevTools or a script.
 * With HEAP=1 beside it, each phase's allocations are sampled instead (`<dialect>-<phase>.heapprofile`).
 * With STATEMENTS=1, each phase's statements are listed by text, with how many each request sends.
 *
 * PHASES=save,record-save,submit,authorize-pin (the default: all four) runs only those named;
 * authorize-pin is the Notice ID and PIN sign-in (its session and captcha token prepared beforehand).
 *
 * On PostgreSQL the CPU its server processes spent on this app's connections (found by their
 * application_name, read from /proc: the database on this machine) is told beside, per request.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { openDatabase } from '../server/db/index.js';
import { loadSettlement } from '../server/settlement/load.js';
import { automotivePageSave, automotiveRecordSave, automotivePayload, Claimant, classVehicle, encodeSubmission, MARIA, pdf, pool } from './lib/claim.js';
import { ROOT } from './lib/paths.js';
import { dropSchema, PG_URL, startEmulator } from './lib/servers.js';

const dialect = process.env.DIALECT ?? 'sqlite';
const N = Number(process.env.N ?? 600);
const phases = new Set((process.env.PHASES ?? 'save,record-save,submit,authorize-pin').split(','));
const emulator = await startEmulator();
const dataDir = mkdtempSync(path.join(tmpdir(), 'inject-cpu-'));
const schema = `inject_cpu_${Date.now().toString(36)}`;
const applicationName = schema;
const databaseUrl = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}application_name=${applicationName}`;
/** With STATEMENTS=1, the statements each timed phase sends, counted by text (which are kept prepared on PostgreSQL shows in their text). */
const statementCounts = process.env.STATEMENTS ? new Map<string, number>() : null;
let countingStatements = false;
const onStatement = statementCounts ? (text: string) => void (countingStatements && statementCounts.set(text, (statementCounts.get(text) ?? 0) + 1)) : undefined;
const database = await openDatabase(dialect === 'postgres' ? { databaseUrl, schema, dataDir, onStatement } : { dataDir, onStatement });
/** CPU time (ms) of the PostgreSQL server processes serving this app's connections; null when they cannot be read. */
const backendCpuMs = async (): Promise<number | null> => {
  if (dialect !== 'postgres') return null;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
    const tick = 10; // ms per clock tick (USER_HZ 100)
    let ms = 0;
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ms += (Number(fields[11]) + Number(fields[12])) * tick;
    }
    return ms;
  } catch {
    return null;
  } finally {
    await client.end();
  }
};
const sample = loadSettlement(path.join(ROOT, 'server-fixtures'));
const settlement = { ...sample, settings: { ...sample.settings, pinAttempts: { ...sample.settings.pinAttempts, max: 100_000_000 } } };
const app = await buildApp({ database, settlement, ownsDatabase: true, sessionSecret: 'bench-session-secret-0123456789abcdefghijklmnop', environment: 'test', captcha: { emulatorOrigin: String(emulator.ready.url) }, logger: false, apiRequestsPerMinute: 100_000_000, shedFastSubmits: false });
const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
const claimant = new Claimant(url, String(emulator.ready.url));
const paths = await claimant.formPaths();
const sessions = (await pool(200, 16, async (i) => claimant.authorize(await claimant.session(), 'Automotive', classVehicle(i)))).filter(Boolean);
const profileDir = process.env.PROFILE_DIR;
const inspector = profileDir ? new Session() : null;
const heap = process.env.HEAP === '1';
if (inspector && profileDir) {
  mkdirSync(profileDir, { recursive: true });
  inspector.connect();
  if (heap) await inspector.post('HeapProfiler.enable');
  else {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  }
}
const cpu = async (label: string, n: number, one: (i: number) => Promise<number>) => {
  await pool(50, 25, (i) => one(i));
  if (inspector) await (heap ? inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }) : inspector.post('Profiler.start'));
  const b0 = await backendCpuMs();
  const c0 = process.cpuUsage();
  let bad = 0;
  countingStatements = true;
  await pool(n, 25, async (i) => { if ((await one(i + 50)) >= 300) bad++; });
  countingStatements = false;
  const c = process.cpuUsage(c0);
  const b1 = await backendCpuMs();
  if (inspector && profileDir) {
    const profile = heap ? (await inspector.post('HeapProfiler.stopSampling')).profile : (await inspector.post('Profiler.stop')).profile;
    writeFileSync(path.join(profileDir, `${dialect}-${label}.${heap ? 'heapprofile' : 'cpuprofile'}`), JSON.stringify(profile));
  }
  const backend = b0 !== null && b1 !== null ? `, database server ${((b1 - b0) / n).toFixed(3)} ms` : '';
  console.log(`${dialect} ${label.padEnd(12)} ${((c.user + c.system) / n / 1000).toFixed(3)} ms cpu${backend}${bad ? ` (${bad} non-2xx)` : ''}`);
  if (statementCounts) {
    for (const [text, count] of [...statementCounts].sort((a, b) => b[1] - a[1])) console.log(`  ${(count / n).toFixed(2)} per request: ${text.replace(/\s+/g, ' ').slice(0, Number(process.env.STATEMENT_CHARS ?? 160))}`);
    statementCounts.clear();
  }
};
for (const [label, body] of [['save', automotivePageSave], ['record-save', automotiveRecordSave]] as const) {
  if (!phases.has(label)) continue;
  const bodies = sessions.map((s) => body(s.credentials));
  await cpu(label, N, async (i) => {
    const s = sessions[i % sessions.length];
    if (!s) throw new Error('No claimant was authorized.');
    return (await app.inject({ method: 'PUT', url: paths.draft, headers: { host: '127.0.0.1', cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' }, payload: bodies[i % sessions.length] })).statusCode;
  });
}
if (phases.has('authorize-pin')) {
  // One fresh session and captcha token per sign-in (the warm-up's included), as the load test sends them.
  const fresh = await pool(N + 50, 16, () => claimant.session());
  const tokens = await pool(fresh.length, 16, () => claimant.captchaToken());
  await cpu('authorize-pin', N, async (i) => {
    const session = fresh[i];
    const token = tokens[i];
    if (!session || token === undefined) throw new Error('Not enough sessions were prepared for the sign-ins.');
    const res = await app.inject({ method: 'POST', url: paths.authorize, headers: { host: '127.0.0.1', cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' }, payload: claimant.authorizeBody('Automotive', { ...MARIA }, token) });
    if (res.statusCode >= 300 && i < 3) console.log(res.body.slice(0, 300));
    return res.statusCode;
  });
}
if (phases.has('submit')) {
  const M = Math.min(N, 300);
  // One sign-in and captcha token per submit (the warm-up's included): each submit is a claim of its own.
  const subs = (await pool(M + 60, 16, async (i) => claimant.authorize(await claimant.session(), 'Automotive', classVehicle(i + 1000)))).filter(Boolean);
  const tokens = await pool(subs.length, 16, () => claimant.captchaToken());
  const file = pdf('inject-cpu');
  const submits = subs.flatMap((s, i) => {
    const token = tokens[i];
    return token ? [{ session: s, encoded: encodeSubmission(automotivePayload({ captchaRawValue: s.captcha, reCaptchaResponse: token, file, credentials: s.credentials })) }] : [];
  });
  let next = 0;
  await cpu('submit', M, async () => {
    const submit = submits[next++];
    if (!submit) throw new Error('Not enough sign-ins were prepared for the submits.');
    const { session, encoded } = submit;
    const res = await app.inject({ method: 'POST', url: paths.submit, headers: { host: '127.0.0.1', cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': encoded.contentType }, payload: encoded.body });
    if (res.statusCode >= 300 && next <= 3) console.log(res.body.slice(0, 300));
    return res.statusCode;
  });
}
await app.close();
await emulator.stop();
rmSync(dataDir, { recursive: true, force: true });
if (dialect === 'postgres') await dropSchema(schema);
process.exit(0);
