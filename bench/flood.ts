/**
 * Flood figure: the fraud screening under a scripted flood, over real HTTP on 127.0.0.1 against
 * the app built in this process (SQLite, and PostgreSQL when reachable; the sample settlement's
 * default screening; client addresses through one trusted proxy hop; the captcha emulator).
 *
 *   flood       scripted claims with valid captcha tokens, generated names, `bot+N@` e-mails, one
 *               phone and one invoice, filed instantly from a botnet (five claims an address, forty
 *               a /24), 8 at a time: the share flagged (budget 100 %), and the claims stored per second.
 *   shed        a flood from ONE address: instant submits past fraud.fastSubmits.perAddress answered
 *               429 before the body is read; the shed answers per second.
 *   people      households of three filing at a person's pace (the clock moved 5 minutes between
 *               authorize and submit) from their own addresses, one of them behind the flood's
 *               address: the share flagged or held (budget 0 %), and none refused.
 *
 *   tsx bench/flood.ts [--smoke]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { startCaptchaEmulator } from '../server/captcha-emulator/emulator.js';
import { openDatabase } from '../server/db/index.js';
import { screenedClaims } from '../server/fraud/store.js';
import { API_PATHS, endpointsFromFlows, type FormEndpoints } from '../runtime/core/api/index.js';
import { claimantClient, endpointOf } from '../tests/support/api-client.js';
import { BROWSER_HEADERS, claimParts, person, type Credentials, type Parts, type Person } from '../tests/support/generated-claims.js';
import { classVehicle, pool } from './lib/claim.js';
import { isEntry, round, standalone, type BenchContext, type Figure } from './lib/figure.js';
import { dropSchema, PG_URL, postgresAvailable, type Dialect } from './lib/servers.js';

const SCRIPT_HEADERS = { 'user-agent': 'python-requests/2.32.3' };

interface Target {
  base: string;
  emulator: string;
  /** The Automotive form's calls, from the settlement's flows. */
  endpoints: FormEndpoints;
  /** Moves the app's clock (a person's fill time without waiting for it). */
  skip(ms: number): void;
}

/** csrf → authorize (VIN only) → the fill time → submit; the submit's status and reference code. */
async function file(t: Target, p: Person, options: { from: string; headers: Record<string, string>; fillMs: number; vin: string }): Promise<{ status: number; code: string | null; error?: string }> {
  const token = async () => ((await (await fetch(`${t.emulator}/token`, { method: 'POST', body: JSON.stringify({ sitekey: 'emulator-site-key', hostname: '127.0.0.1' }) })).json()) as { token: string }).token;
  const common = { ...options.headers, 'x-forwarded-for': options.from };
  // One API client per claimant: its cookie jar keeps the session, the client its (renewed) token.
  const { api } = claimantClient(t.base);
  const csrf = await api.raw('GET', API_PATHS.csrf, { headers: common });
  if (!csrf.ok) return { status: csrf.status, code: null, error: await csrf.text() };
  const { requestHeaderName, requestToken } = (await csrf.json()) as { requestHeaderName: string; requestToken: string };
  api.setCsrfToken({ requestHeaderName, requestToken });
  const credentials: Credentials = { vin: options.vin, noticeId: null, pin: null };
  const auth = await api.raw('POST', endpointOf(t.endpoints, 'Automotive', 'authorize'), {
    headers: common,
    json: { credentials: { id: null, clientId: 'a0000001benchflo', metadata: { formType: 'Automotive', dtoMapping: 'credentials' }, metadataHash: '', fields: credentials }, reCaptchaResponse: await token() },
  });
  const authorized = (await auth.json()) as { captcha?: string };
  if (auth.status !== 200 || !authorized.captcha) return { status: auth.status, code: null, error: JSON.stringify(authorized) };
  if (options.fillMs) t.skip(options.fillMs);
  const parts: Parts = claimParts(p, authorized.captcha, await token(), credentials);
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.text)) form.append(name, value);
  for (const f of parts.files) form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  const res = await api.raw('POST', endpointOf(t.endpoints, 'Automotive', 'submit'), { headers: common, form });
  const body = (await res.json()) as { referenceCodeForm?: string | null; error?: string };
  return { status: res.status, code: body.referenceCodeForm ?? null, ...(res.status === 200 ? {} : { error: body.error }) };
}

async function measure(dialect: Dialect, smoke: boolean, log: (m: string) => void): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-flood-'));
  const schema = `bench_flood_${Date.now().toString(36)}`;
  const emulator = await startCaptchaEmulator();
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: PG_URL, schema, dataDir } : { dataDir });
  let skew = 0;
  const app = await buildApp({
    database,
    sessionSecret: 'bench-session-secret-0123456789abcdefghijklmnop',
    environment: 'test',
    clock: () => Date.now() + skew,
    captcha: { emulatorOrigin: emulator.origin },
    trustProxy: 1,
    apiRequestsPerMinute: 100_000_000,
    shedFastSubmits: true,
    appDistDir: path.join(tmpdir(), 'no-such-dist'),
  });
  try {
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
    const t: Target = { base, emulator: emulator.origin, endpoints: endpointsFromFlows(app.settlement.flows.map((f) => f.flow)), skip: (ms) => void (skew += ms) };
    let vehicle = 0;
    const nextVin = () => String(classVehicle(10 + vehicle++).vin);
    const invoice = person(0).invoice;
    const scripted = (n: number): Person => ({ ...person(n), email: `bot+${n}@gmail.com`, phone: '(415) 555-0100', invoice });

    // Flood: a botnet, eight at a time.
    const floodSize = smoke ? 40 : 400;
    const started = performance.now();
    const flood = await pool(floodSize, 8, (n) => file(t, scripted(n), { from: `10.30.${Math.floor(n / 40)}.${(Math.floor(n / 5) % 8) + 1}`, headers: SCRIPT_HEADERS, fillMs: 0, vin: nextVin() }));
    const floodSeconds = (performance.now() - started) / 1000;
    const stored = new Set(flood.filter((r) => r.status === 200).map((r) => r.code!));
    const screened = (await screenedClaims(database)).filter((c) => stored.has(c.referenceCode));
    const flagged = screened.filter((c) => c.disposition !== 'accepted').length;
    log(`flood ${dialect}: ${stored.size}/${floodSize} stored in ${round(floodSeconds)} s, ${flagged} flagged`);

    // One address: the instant submits past the limit are shed.
    const shedSize = smoke ? 40 : 200;
    const shedStart = performance.now();
    const oneAddress = await pool(shedSize, 8, (n) => file(t, scripted(10_000 + n), { from: '198.18.7.7', headers: SCRIPT_HEADERS, fillMs: 0, vin: nextVin() }));
    const shedSeconds = (performance.now() - shedStart) / 1000;
    const shed = oneAddress.filter((r) => r.status === 429).length;

    // People: households of three at a person's pace, one of them behind the flood's address.
    const households = smoke ? 3 : 11;
    const people: Array<{ status: number; code: string | null; error?: string }> = [];
    for (let h = 0; h < households; h++) {
      const from = h === 0 ? '198.18.7.7' : `203.0.113.${10 + h}`;
      const home = { street: `${20 + h} Walnut Street Apt 3`, postalCode: '94612' };
      for (let m = 0; m < 3; m++) people.push(await file(t, { ...person(20_000 + h * 3 + m), ...home }, { from, headers: BROWSER_HEADERS, fillMs: 5 * 60_000, vin: nextVin() }));
    }
    const all = await screenedClaims(database);
    const screenedOf = (rows: typeof people) => {
      const codes = new Set(rows.filter((r) => r.status === 200).map((r) => r.code!));
      return all.filter((c) => codes.has(c.referenceCode));
    };
    // The household behind the flood's address shares its velocity (flagged, never refused); the
    // others are the human set whose false flags count.
    const behindFlood = screenedOf(people.slice(0, 3));
    const peopleScreened = screenedOf(people.slice(3));
    const falseFlags = peopleScreened.filter((c) => c.disposition !== 'accepted').length;
    const refused = people.filter((r) => r.status !== 200).length;
    const behindFloodCodes = [...new Set(behindFlood.flatMap((c) => c.reasons.map((r) => r.code)))].sort().join(' ');
    if (refused) log(`first refused: ${JSON.stringify(people.find((r) => r.status !== 200))}`);
    log(`people ${dialect}: ${peopleScreened.length} on their own addresses, ${falseFlags} flagged; ${refused} refused; behind the flood: ${behindFloodCodes}`);

    const floodShare = screened.length ? round((flagged / screened.length) * 100) : null;
    const peopleShare = peopleScreened.length ? round((falseFlags / peopleScreened.length) * 100) : null;
    return [
      {
        name: `fraud.flood.flagged-share.${dialect}`,
        value: floodShare,
        unit: '%',
        budget: '= 100 %',
        holds: floodShare === null ? null : floodShare === 100 && stored.size === floodSize,
        notes: `${floodSize} scripted claims (valid captcha tokens, generated names, one phone, one invoice, bot+N@gmail.com, instant fills) from ${Math.ceil(floodSize / 5)} addresses in ${Math.ceil(floodSize / 40)} /24s: ${stored.size} stored, ${flagged} flagged`,
      },
      {
        name: `fraud.flood.throughput.${dialect}`,
        value: round(stored.size / floodSeconds),
        unit: 'claims/s',
        budget: null,
        holds: null,
        notes: `each claim csrf + 2 captcha tokens + authorize + submit (screened in its transaction), 8 at a time, in ${round(floodSeconds)} s`,
      },
      {
        name: `fraud.shed.per-address.${dialect}`,
        value: round(shedSize / shedSeconds),
        unit: 'claims/s',
        budget: null,
        holds: null,
        notes: `${shedSize} instant claims from one address: ${shedSize - shed} stored, ${shed} shed with 429 before their body was read`,
      },
      {
        name: `fraud.people.false-flag-share.${dialect}`,
        value: peopleShare,
        unit: '%',
        budget: '= 0 %, none refused',
        holds: peopleShare === null ? null : peopleShare === 0 && refused === 0,
        notes: `${households - 1} households of three at a person's pace (browser headers, 5 min fills) on their own addresses: ${falseFlags} of ${peopleScreened.length} flagged or held; with a household behind the flood's address, ${refused} of ${people.length} refused (that household: ${behindFlood.filter((c) => c.disposition === 'held').length} held, reasons ${behindFloodCodes || 'none'})`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
    await emulator.close();
    if (dialect === 'postgres') await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (dialect === 'postgres' && !(await postgresAvailable())) continue;
    figures.push(...(await measure(dialect, ctx.smoke, ctx.log)));
  }
  return figures;
}

if (isEntry(import.meta.url)) await standalone(run);
