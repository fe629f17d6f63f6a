/**
 * Threat: what the screening keeps of a claimant's client (address, network, browser, fill time)
 * kept for ever, or written to the logs. It is kept only for the settlement's fraud.retentionDays
 * (removed by the server's periodic purge and by `npm run admin -- fraud-purge`; scores and
 * reason codes stay with the claim), never logged; and a database from before the screening is
 * upgraded in place, its earlier claims kept.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/admin/cli.js';
import { loggerOptions } from '../../../server/app.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { migrationProvider } from '../../../server/db/migrations.js';
import { screenedClaims } from '../../../server/fraud/store.js';
import settings from '../../../server-fixtures/settings.json' with { type: 'json' };
import { DIALECTS, OPEN_NOW, overHttp, settlementCopy, testApp, testDatabase, type TestDatabase } from '../helper.js';
import { BROWSER_HEADERS, fileClaim, person, screeningOf, type Filing } from './claims.js';

const DAY = 86_400_000;

describe.each(DIALECTS)('what the screening keeps, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  const opened: Array<{ db: TestDatabase; app?: FastifyInstance }> = [];

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
  });
  afterEach(async () => {
    for (const { db, app } of opened.splice(0)) {
      await app?.close();
      await db.cleanup();
    }
  });
  afterAll(async () => {
    await emulator?.close();
  });

  async function start(options: { db?: TestDatabase; settlementDir?: string; logger?: FastifyServerOptions['logger'] } = {}) {
    const db = options.db ?? (await testDatabase(dialect));
    const clock = { now: OPEN_NOW };
    const app = await testApp(await db.open(), emulator, { trustProxy: 1, shedFastSubmits: true, clock: () => clock.now, ...(options.settlementDir ? { settlementDir: options.settlementDir } : {}), ...(options.logger ? { logger: options.logger } : {}) });
    opened.push({ db, app });
    const env: Filing = { app, emulator, http: await overHttp(app), clock };
    return { db, app, env, clock };
  }

  it('past fraud.retentionDays the client address, network, user agent and fill time are removed; the score and reasons stay', async () => {
    const { app, env, clock } = await start({ settlementDir: settlementCopy({ 'settings.json': { ...settings, fraud: { retentionDays: 30 } } }) });
    const old = (await fileClaim(env, person(1), { from: '192.0.2.44', fillSeconds: 5 })).json().referenceCodeForm;
    clock.now += 29 * DAY;
    const recent = (await fileClaim(env, person(2), { from: '192.0.2.44' })).json().referenceCodeForm;
    expect(await app.fraud.purgeExpired()).toBe(0);
    clock.now += 2 * DAY;
    expect(await app.fraud.purgeExpired()).toBe(1);
    expect(await screeningOf(app, old)).toMatchObject({ clientIp: null, network: null, userAgent: null, fillSeconds: null, disposition: 'flagged', reasons: [{ code: 'fast_fill' }] });
    expect(await screeningOf(app, recent)).toMatchObject({ clientIp: '192.0.2.44', userAgent: BROWSER_HEADERS['user-agent'] });
    const kept = await app.database.db.selectFrom('signal_values').select(['kind']).distinct().innerJoin('submissions', 'submissions.id', 'signal_values.submission_id').where('submissions.reference_code', '=', old).execute();
    expect(kept.map((k) => k.kind).sort()).toEqual(['answers', 'document', 'email', 'mailingAddress', 'phone', 'vin']);
    expect(await app.fraud.purgeExpired()).toBe(0);
  });

  it('`npm run admin -- fraud-purge` removes them by the settlement\'s retention too', async () => {
    const settlementDir = settlementCopy({ 'settings.json': { ...settings, fraud: { retentionDays: 1 } } });
    const { db, app, env } = await start({ settlementDir });
    // Filed on the test clock (2026-11-25), more than a day before now.
    const code = (await fileClaim(env, person(3), { from: '192.0.2.45' })).json().referenceCodeForm;
    const out = { stdout: '', stderr: '' };
    const code2 = await runCli(['fraud-purge'], { env: { ...db.env, SETTLEMENT_DIR: settlementDir }, stdout: (s) => void (out.stdout += s), stderr: (s) => void (out.stderr += s) });
    expect(code2, out.stderr).toBe(0);
    expect(out.stdout).toBe('Removed the client details of 1 claim(s) older than 1 day(s).\n');
    expect(await screeningOf(app, code)).toMatchObject({ clientIp: null, userAgent: null });
  });

  it('the screening is logged by reason codes and score only: no address, browser or answer', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { env } = await start({ logger: { ...(loggerOptions('development') as object), stream } as FastifyServerOptions['logger'] });
    const p = person(4);
    expect((await fileClaim(env, p, { from: '192.0.2.46', fillSeconds: 3 })).statusCode).toBe(200);
    const log = lines.join('');
    const screened = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'claim screened');
    expect(screened).toMatchObject({ formType: 'Automotive', score: 40, disposition: 'flagged', reasons: ['fast_fill'] });
    for (const secret of ['192.0.2.46', BROWSER_HEADERS['user-agent'], 'Chrome/131', p.email, p.phone, p.lastName, p.street]) expect(log).not.toContain(secret);
  });

  it('a database from before the screening is upgraded: its claims are kept, unscreened, and later claims screened', async () => {
    const db = await testDatabase(dialect);
    const old = await db.open();
    const migrator = new Migrator({ db: old.db, provider: migrationProvider(old.dialect), ...(dialect === 'postgres' ? { migrationTableSchema: db.env.DATABASE_SCHEMA } : {}) });
    expect((await migrator.migrateTo('0004_duplicate_policy')).error).toBeUndefined();
    await sql`insert into submissions (reference_code, form_type, idempotency_key, culture, payload, created_at) values ('AUT-OLD000001', 'Automotive', 'old-key', 'en', '{}', '2026-11-01T00:00:00.000Z')`.execute(old.db);
    await old.close();

    const { app, env } = await start({ db });
    const code = (await fileClaim(env, person(5), { from: '192.0.2.47' })).json().referenceCodeForm;
    expect((await screenedClaims(app.database)).map((c) => c.referenceCode)).toEqual([code]);
    expect((await app.stores.submissions.listSubmissions()).map((r) => r.referenceCode)).toEqual(['AUT-OLD000001', code]);
    const out = { stdout: '', stderr: '' };
    expect(await runCli(['export-submissions', '--format', 'csv'], { env: db.env, stdout: (s) => void (out.stdout += s), stderr: (s) => void (out.stderr += s) })).toBe(0);
    expect(out.stdout.split('\r\n')[1]).toMatch(/^AUT-OLD000001,Automotive,2026-11-01T00:00:00.000Z,en,,,,,/);
  });
});
