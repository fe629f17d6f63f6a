/**
 * Threat: one class member filing many claims, or a claim and an exclusion, each answered with its
 * own reference code and none noticed. Each settlement states its duplicate policy in settings.json
 * (`duplicates`: per Notice ID and VIN, for an earlier submission of the same form and of the other
 * form, refuse | mark | allow); a refusal is told at sign-in (authorized false, ALREADY_FILED) and
 * to a claimant signed in before the earlier filing at Submit (a 409), with a localized message
 * telling the claimant what to do, storing nothing, even when two submissions race; a mark is
 * stored with the claim and shown in the administrator's export; a database from before the policy
 * counts its claims.
 */
import type { FastifyInstance } from 'fastify';
import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/admin/cli.js';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { migrationProvider } from '../../../server/db/migrations.js';
import { SERVER_ERRORS, type ServerErrorCode } from '../../../server/errors.js';
import {
  automotiveParts,
  Claimant,
  type Credentials,
  DIALECTS,
  exclusionParts,
  MARIA,
  model,
  otherClassVehicle,
  overHttp,
  settlementCopy,
  testApp,
  testDatabase,
  vinOnly,
  type Parts,
  type TestDatabase,
} from '../helper.js';
import settings from '../../../server-fixtures/settings.json' with { type: 'json' };

type Form = 'Automotive' | 'Exclusion';
type Action = 'refuse' | 'mark' | 'allow';

const everywhere = (action: Action) => ({ noticeId: { sameForm: action, otherForm: action }, vin: { sameForm: action, otherForm: action } });

describe.each(DIALECTS)('the duplicate policy, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  const opened: Array<{ db: TestDatabase; app: FastifyInstance }> = [];

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
  });
  afterEach(async () => {
    for (const { db, app } of opened.splice(0)) {
      await app.close();
      await db.cleanup();
    }
  });
  afterAll(async () => {
    await emulator?.close();
  });

  /** A fresh database and an app on the sample settlement, or on a copy with another policy. */
  async function start(duplicates?: ReturnType<typeof everywhere>, db?: TestDatabase) {
    db ??= await testDatabase(dialect);
    const settlementDir = duplicates ? settlementCopy({ 'settings.json': { ...settings, duplicates } }) : undefined;
    const app = await testApp(await db.open(), emulator, { trustProxy: 1, ...(settlementDir ? { settlementDir } : {}) });
    const http = await overHttp(app);
    opened.push({ db, app });

    /** Authorize with `credentials` in a new session (answered in `culture`): the claimant and the answer. */
    async function signIn(formType: Form, credentials: Credentials, culture = 'en') {
      const c = await new Claimant(app, emulator, http).start();
      const endpoint = await c.endpoint(formType, 'authorize');
      const json = { credentials: model(formType, 'Credentials', { ...credentials }), reCaptchaResponse: await c.captchaToken() };
      return { c, res: await c.raw('POST', `${endpoint}?culture=${culture}`, { json }), formType, credentials };
    }
    /** Submit the form of a sign-in that was let through: the answer. */
    async function submit({ c, res: auth, formType, credentials }: Awaited<ReturnType<typeof signIn>>, culture = 'en') {
      expect(auth.json(), auth.body).toMatchObject({ authorized: true });
      const raw = auth.json<{ captcha: string }>().captcha;
      const token = await c.captchaToken();
      const parts = formType === 'Automotive' ? automotiveParts(raw, token, credentials) : exclusionParts(raw, token, credentials);
      const res = await c.submit(formType, { ...parts, text: { ...parts.text, userPreferredCulture: culture } });
      return Object.assign(res, { claimant: c, parts, token });
    }
    /** Authorize with `credentials` in a new session and submit the form: the answer. */
    const file = async (formType: Form, credentials: Credentials, culture = 'en') => submit(await signIn(formType, credentials), culture);
    const records = () => app.stores.submissions.listSubmissions();
    return { app, db, file, signIn, submit, records };
  }

  /** Told at sign-in: the refusal, or what the claimant who filed is told with the reference code. */
  function expectToldAtSignIn(res: { statusCode: number; body: string; json(): unknown }, code: ServerErrorCode, culture: 'en' | 'es' = 'en', referenceCode?: string) {
    expect(res.statusCode, res.body).toBe(200);
    const error = SERVER_ERRORS[code][culture].replace('{0}', referenceCode ?? '{0}');
    expect(res.json()).toEqual({ authorized: false, error, captcha: null, prepopulatedData: null, code: 'ALREADY_FILED', ...(referenceCode ? { referenceCode } : {}) });
  }

  /** A 409 with the catalogue's text; `filed`: the reference code it tells (a refusal by the Notice ID, which its PIN proved), else none. */
  function expectRefused(res: { statusCode: number; json(): { code: string; error: string } }, code: ServerErrorCode, culture: 'en' | 'es' = 'en', filed?: string) {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ submitted: false, error: SERVER_ERRORS[code][culture], referenceCodeForm: null, code, ...(filed ? { filedReferenceCode: filed } : {}) });
  }

  describe('the sample settlement', () => {
    it('accepts one claim per Notice ID: a second is told at sign-in, or 409 at Submit when signed in before, in the claimant\'s language, nothing stored, its captcha token spent', async () => {
      const { file, signIn, submit, records } = await start();
      const early = await signIn('Automotive', MARIA);
      const first = await file('Automotive', MARIA);
      expect(first.statusCode, first.body).toBe(200);
      const told = await signIn('Automotive', MARIA, 'es');
      expectToldAtSignIn(told.res, 'ALREADY_FILED_CLAIM', 'es', first.json().referenceCodeForm);
      const second = await submit(early, 'es');
      expectRefused(second, 'DUPLICATE_CLAIM', 'es', first.json().referenceCodeForm);
      expect(second.json().error).toContain('Administrador del Acuerdo');
      expect(await records()).toHaveLength(1);
      // The refused submission's provider token was spent, as for any refusal after siteverify.
      const replayed = await second.claimant.submit('Automotive', second.parts);
      expect(replayed.json()).toMatchObject({ submitted: false, code: 'CAPTCHA_FAILED' });
      // The same member by the VIN alone: a repeated VIN is allowed, and marked.
      const byVin = await file('Automotive', vinOnly(MARIA.vin));
      expect(byVin.statusCode, byVin.body).toBe(200);
      const marked = (await records()).find((r) => r.referenceCode === byVin.json().referenceCodeForm)!;
      expect(marked.duplicateOf).toEqual([{ identifier: 'vin', formType: 'Automotive', count: 1, first: first.json().referenceCodeForm }]);
      expect((await records()).find((r) => r.referenceCode === first.json().referenceCodeForm)!.duplicateOf).toEqual([]);
    });

    it('refuses an exclusion after a claim for the same member, by Notice ID or by VIN, saying what to do', async () => {
      const { file, signIn, submit, records } = await start();
      const early = await signIn('Exclusion', vinOnly(MARIA.vin));
      const claim = await file('Automotive', MARIA);
      expect(claim.statusCode).toBe(200);
      const sameMember = await signIn('Exclusion', MARIA);
      expectToldAtSignIn(sameMember.res, 'EXCLUSION_AFTER_OWN_CLAIM', 'en', claim.json().referenceCodeForm);
      expect(sameMember.res.json<{ error: string }>().error).toContain('If you want to withdraw the claim and exclude yourself instead, contact the Settlement Administrator.');
      expectToldAtSignIn((await signIn('Exclusion', vinOnly(MARIA.vin))).res, 'EXCLUSION_AFTER_CLAIM');
      expectRefused(await submit(early), 'EXCLUSION_AFTER_CLAIM');
      expect(await records()).toHaveLength(1);
    });

    it('refuses a claim after an exclusion for the same member, by Notice ID or by VIN, saying what to do', async () => {
      const { file, signIn, submit, records } = await start();
      const early = await signIn('Automotive', vinOnly(MARIA.vin));
      expect((await file('Exclusion', vinOnly(MARIA.vin))).statusCode).toBe(200);
      // Filed by the VIN alone: no one signing in is known to be who filed it, so no reference code.
      const claim = await signIn('Automotive', MARIA);
      expectToldAtSignIn(claim.res, 'CLAIM_AFTER_EXCLUSION');
      expect(claim.res.json<{ error: string }>().error).toContain('If you want to withdraw the exclusion request and file a claim instead, contact the Settlement Administrator.');
      expectToldAtSignIn((await signIn('Automotive', vinOnly(MARIA.vin), 'es')).res, 'CLAIM_AFTER_EXCLUSION', 'es');
      expectRefused(await submit(early, 'es'), 'CLAIM_AFTER_EXCLUSION', 'es');
      // A second exclusion for the VIN is marked, as a repeated VIN is.
      expect((await file('Exclusion', vinOnly(MARIA.vin))).statusCode).toBe(200);
      expect((await records()).map((r) => r.formType)).toEqual(['Exclusion', 'Exclusion']);
    });

    it('parallel submits for one Notice ID: exactly one is stored, the others are 409', async () => {
      const { app, records } = await start();
      const claimants = await Promise.all([1, 2, 3, 4].map(async () => new Claimant(app, emulator, await overHttp(app)).start()));
      const parts: Parts[] = [];
      for (const c of claimants) {
        const auth = await c.authorize('Automotive', { ...MARIA });
        parts.push(automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken()));
      }
      const answers = await Promise.all(claimants.map((c, i) => c.submit('Automotive', parts[i]!)));
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409]);
      expectRefused(answers.find((r) => r.statusCode === 409)!, 'DUPLICATE_CLAIM', 'en', answers.find((r) => r.statusCode === 200)!.json().referenceCodeForm);
      expect((await records()).map((r) => r.referenceCode)).toEqual([answers.find((r) => r.statusCode === 200)!.json().referenceCodeForm]);
    });
  });

  describe('each policy value', () => {
    it('refuse: a second claim and a claim after an exclusion, by Notice ID or by VIN, are refused', async () => {
      const { file, signIn, records } = await start(everywhere('refuse'));
      const vin = otherClassVehicle();
      expect((await file('Automotive', vinOnly(vin))).statusCode).toBe(200);
      expectToldAtSignIn((await signIn('Automotive', vinOnly(vin))).res, 'DUPLICATE_CLAIM');
      expectToldAtSignIn((await signIn('Exclusion', vinOnly(vin))).res, 'EXCLUSION_AFTER_CLAIM');
      expect((await file('Exclusion', vinOnly(MARIA.vin))).statusCode).toBe(200);
      expectToldAtSignIn((await signIn('Exclusion', vinOnly(MARIA.vin))).res, 'DUPLICATE_EXCLUSION');
      expectToldAtSignIn((await signIn('Automotive', MARIA)).res, 'CLAIM_AFTER_EXCLUSION');
      expect(await records()).toHaveLength(2);
    });

    it('mark: every repeat is stored, listing what it repeats, per identifier and form', async () => {
      const { file, records } = await start(everywhere('mark'));
      const codes: string[] = [];
      for (const [form, credentials] of [
        ['Automotive', MARIA],
        ['Automotive', MARIA],
        ['Exclusion', vinOnly(MARIA.vin)],
      ] as const) {
        const res = await file(form, credentials);
        expect(res.statusCode, res.body).toBe(200);
        codes.push(res.json().referenceCodeForm);
      }
      const byCode = new Map((await records()).map((r) => [r.referenceCode, r.duplicateOf]));
      expect(byCode.get(codes[0]!)).toEqual([]);
      expect(byCode.get(codes[1]!)).toEqual(
        expect.arrayContaining([
          { identifier: 'noticeId', formType: 'Automotive', count: 1, first: codes[0] },
          { identifier: 'vin', formType: 'Automotive', count: 1, first: codes[0] },
        ]),
      );
      expect(byCode.get(codes[1]!)).toHaveLength(2);
      // The exclusion names the VIN only (no Notice ID given): two earlier claims for it.
      expect(byCode.get(codes[2]!)).toEqual([{ identifier: 'vin', formType: 'Automotive', count: 2, first: codes[0] }]);
    });

    it('allow: every repeat is stored, nothing noted', async () => {
      const { file, records } = await start(everywhere('allow'));
      for (const [form, credentials] of [
        ['Automotive', MARIA],
        ['Automotive', MARIA],
        ['Exclusion', MARIA],
      ] as const) {
        expect((await file(form, credentials)).statusCode).toBe(200);
      }
      const all = await records();
      expect(all).toHaveLength(3);
      expect(all.every((r) => r.duplicateOf.length === 0)).toBe(true);
    });

    it('a settlement without the setting marks (the second sample settlement keeps working)', async () => {
      const { duplicates: _omitted, ...withoutPolicy } = settings;
      const db = await testDatabase(dialect);
      const dir = settlementCopy({ 'settings.json': withoutPolicy });
      const app = await testApp(await db.open(), emulator, { trustProxy: 1, settlementDir: dir });
      opened.push({ db, app });
      expect(app.settlement.settings.duplicates).toEqual(everywhere('mark'));
    });
  });

  it('the export shows the marks (CSV column and JSON Lines field)', async () => {
    const { db, file } = await start();
    const first = (await file('Automotive', vinOnly(MARIA.vin))).json().referenceCodeForm as string;
    const second = (await file('Automotive', vinOnly(MARIA.vin))).json().referenceCodeForm as string;
    const out = { stdout: '', stderr: '' };
    const io = { env: db.env, cwd: process.cwd(), stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
    expect(await runCli(['export-submissions', '--format', 'jsonl'], io), out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string; duplicateOf: unknown });
    expect(lines.find((l) => l.referenceCode === second)!.duplicateOf).toEqual([{ identifier: 'vin', formType: 'Automotive', count: 1, first }]);
    expect(lines.find((l) => l.referenceCode === first)!.duplicateOf).toEqual([]);
    out.stdout = '';
    expect(await runCli(['export-submissions', '--format', 'csv'], io), out.stderr).toBe(0);
    const [header, ...rows] = out.stdout.trim().split('\r\n');
    const column = header!.split(',').indexOf('duplicateOf');
    expect(column).toBeGreaterThan(0);
    const cell = (code: string) => rows.find((r) => r.startsWith(code))!.split(',')[column];
    expect(cell(second)).toBe(`vin: 1 earlier Automotive (first ${first})`);
    expect(cell(first)).toBe('');
  });

  it('a database from before the policy is upgraded: the claims it holds count', async () => {
    const db = await testDatabase(dialect);
    // The schema as it was before the policy, holding a claim for María's Notice ID.
    const old = await db.open();
    const migrator = new Migrator({ db: old.db, provider: migrationProvider(old.dialect), ...(dialect === 'postgres' ? { migrationTableSchema: db.env.DATABASE_SCHEMA } : {}) });
    const down = await migrator.migrateTo('0003_one_time_token_used_by');
    expect(down.error).toBeUndefined();
    const payload = JSON.stringify({ credentials: { clientId: 'c', metadata: {}, fields: { vin: MARIA.vin, noticeId: MARIA.noticeId.toLowerCase(), pin: null } } });
    await sql`insert into submissions (reference_code, form_type, idempotency_key, culture, payload, created_at) values ('AUT-OLD000001', 'Automotive', 'old-key', 'en', ${payload}, '2026-11-01T00:00:00.000Z')`.execute(old.db);
    await old.close();

    const { file, signIn, records } = await start(undefined, db);
    expectToldAtSignIn((await signIn('Automotive', MARIA)).res, 'ALREADY_FILED_CLAIM', 'en', 'AUT-OLD000001');
    const byVin = await file('Automotive', vinOnly(MARIA.vin));
    expect(byVin.statusCode, byVin.body).toBe(200);
    const marked = (await records()).find((r) => r.referenceCode === byVin.json().referenceCodeForm)!;
    expect(marked.duplicateOf).toEqual([{ identifier: 'vin', formType: 'Automotive', count: 1, first: 'AUT-OLD000001' }]);
  });
});
