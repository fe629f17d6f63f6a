/**
 * Every reason code of the fraud screening, over real HTTP on SQLite and PostgreSQL: what the
 * request shows (honeypot, fill time, automation markers, captcha score), what the claim's own
 * answers show (disposable e-mail), and what earlier claims share with it (velocity per address,
 * network and session with a household allowance; duplicates after normalisation). Each claim is
 * stored with its reasons, score and disposition in its own transaction, and the claimant is
 * answered the same whatever they are.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_SITE_KEYS, startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { DIALECTS, MARIA, OPEN_NOW, overHttp, settlementCopy, testApp, testDatabase, vinOnly, otherClassVehicle, type TestDatabase } from '../helper.js';
import settings from '../../../server-fixtures/settings.json' with { type: 'json' };
import { BROWSER_HEADERS, codes, fileClaim, person, screeningOf, type Filing } from './claims.js';

const mark = { sameForm: 'mark', otherForm: 'mark' };

describe.each(DIALECTS)('fraud screening reasons, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let env: Filing;
  const clock = { now: OPEN_NOW };
  let people = 0;
  let hosts = 0;
  /** A person and a client address no other test uses. */
  const fresh = () => ({ p: person(1000 + people++), from: `100.${64 + Math.floor(hosts / 250)}.${hosts++ % 250}.10` });

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    const settlementDir = settlementCopy({
      'settings.json': { ...settings, duplicates: { noticeId: mark, vin: mark }, fraud: { networkAllowance: 4, holdAt: 150 } },
    });
    app = await testApp(await db.open(), emulator, { settlementDir, trustProxy: 1, clock: () => clock.now, apiRequestsPerMinute: 100_000, shedFastSubmits: true });
    env = { app, emulator, http: await overHttp(app), clock };
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  async function stored(res: Awaited<ReturnType<typeof fileClaim>>) {
    expect(res.statusCode, res.body).toBe(200);
    return screeningOf(app, res.json<{ referenceCodeForm: string }>().referenceCodeForm);
  }

  it('a person filing from a browser at a person\'s pace: accepted, no reason; the address, network, user agent and fill time are kept', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, p, { from, fillSeconds: 240 }));
    expect(claim).toMatchObject({ score: 0, disposition: 'accepted', reasons: [], clientIp: from, network: `${from.split('.').slice(0, 3).join('.')}.0/24`, userAgent: BROWSER_HEADERS['user-agent'], fillSeconds: 240 });
  });

  it('honeypot: the hidden field came back filled', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, p, { from, honeypot: 'http://cheap-pills.example' }));
    expect(codes(claim.reasons)).toEqual(['honeypot']);
    expect(claim.reasons[0]!.evidence).toEqual({ length: 26 });
    expect(claim).toMatchObject({ score: 60, disposition: 'flagged' });
  });

  it('an empty honeypot is no reason', async () => {
    const { p, from } = fresh();
    expect((await stored(await fileClaim(env, p, { from, honeypot: '' }))).reasons).toEqual([]);
  });

  it('fast_fill: submitted sooner after authorize than the form\'s minimum (Automotive 90 s)', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, p, { from, fillSeconds: 12 }));
    expect(claim.reasons).toEqual([{ code: 'fast_fill', evidence: { seconds: 12, minimumSeconds: 90 } }]);
    expect(claim).toMatchObject({ score: 40, disposition: 'flagged', fillSeconds: 12 });
  });

  it('headless_agent and missing_browser_headers: a script\'s requests', async () => {
    const { p, from } = fresh();
    const headless = await stored(await fileClaim(env, p, { from, headers: { ...BROWSER_HEADERS, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36' } }));
    expect(headless.reasons).toEqual([{ code: 'headless_agent', evidence: { marker: 'headlesschrome' } }]);

    const next = fresh();
    const bare = await stored(await fileClaim(env, next.p, { from: next.from, headers: { 'user-agent': 'python-requests/2.32.3' } }));
    expect(codes(bare.reasons)).toEqual(['headless_agent', 'missing_browser_headers']);
    expect(bare.reasons.find((r) => r.code === 'missing_browser_headers')!.evidence).toEqual({ missing: ['accept-language', 'sec-fetch-site'] });
  });

  it('automation markers of the authorize count too, when the submit looks like a browser', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, p, { from, headers: { ...BROWSER_HEADERS, 'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0' }, submitHeaders: BROWSER_HEADERS }));
    expect(claim.reasons).toEqual([{ code: 'headless_agent', evidence: { marker: 'headlesschrome' } }]);
    expect(claim.userAgent).toBe(BROWSER_HEADERS['user-agent']);
  });

  it('low_captcha_score: the provider scored the request below the minimum', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, p, { from, sitekey: EMULATOR_SITE_KEYS.lowScore }));
    expect(claim.reasons).toEqual([{ code: 'low_captcha_score', evidence: { score: 0.1, minimum: 0.5 } }]);
  });

  it('disposable_email: an address at a throwaway domain from the maintained list', async () => {
    const { p, from } = fresh();
    const claim = await stored(await fileClaim(env, { ...p, email: 'someone@mailinator.com' }, { from }));
    expect(claim.reasons).toEqual([{ code: 'disposable_email', evidence: { domains: ['mailinator.com'] } }]);
  });

  it('duplicate_email, duplicate_phone, duplicate_document, duplicate_answers: the same values in other spellings (the phone as its mask writes it)', async () => {
    const first = fresh();
    const original = { ...first.p, email: 'jane.doe+claims@gmail.com', phone: '(415) 555-0199' };
    const one = await stored(await fileClaim(env, original, { from: first.from }));
    expect(one.reasons).toEqual([]);
    const second = fresh();
    const copy = { ...second.p, email: 'JaneDoe@googlemail.com', phone: '(415) 555-0199', invoice: original.invoice, repair: { ...original.repair, repairDescription: original.repair.repairDescription.toUpperCase() } };
    const again = await stored(await fileClaim(env, copy, { from: second.from }));
    expect(codes(again.reasons)).toEqual(['duplicate_answers', 'duplicate_document', 'duplicate_email', 'duplicate_phone']);
    for (const r of again.reasons) expect(r.evidence).toEqual({ earlier: 1, references: [one.referenceCode] });
    expect(again).toMatchObject({ score: 25 + 35 + 30 + 25, disposition: 'flagged' });
  });

  it('duplicate_notice_id and duplicate_vin: a class member, a vehicle, claimed again', async () => {
    const a = fresh();
    const first = await stored(await fileClaim(env, a.p, { from: a.from, credentials: MARIA }));
    const b = fresh();
    const again = await stored(await fileClaim(env, b.p, { from: b.from, credentials: MARIA }));
    expect(codes(again.reasons)).toEqual(['duplicate_notice_id', 'duplicate_vin']);
    expect(again.reasons[0]!.evidence).toEqual({ earlier: 1, references: [first.referenceCode] });
    const c = fresh();
    const byVin = await stored(await fileClaim(env, c.p, { from: c.from, credentials: vinOnly(MARIA.vin) }));
    expect(byVin.reasons).toEqual([{ code: 'duplicate_vin', evidence: { earlier: 2, references: [first.referenceCode, again.referenceCode] } }]);
  });

  it('a household: up to three claims from one address, at one mailing address, are only a shared address; the fourth is velocity', async () => {
    const from = fresh().from;
    const home = { street: '77 Lakeview Avenue, Apt 4', postalCode: '94610' };
    const spellings = ['77 Lakeview Avenue, Apt 4', '77 lakeview ave #4', '77 Lakeview Ave. Unit 4', '77 LAKEVIEW AVE APT. 4'];
    const results = [];
    for (const street of spellings) results.push(await stored(await fileClaim(env, { ...fresh().p, ...home, street }, { from })));
    expect(results.map((r) => codes(r.reasons))).toEqual([[], ['shared_address'], ['shared_address'], ['duplicate_mailing_address', 'velocity_address']]);
    expect(results[2]!.reasons[0]!.evidence).toEqual({ earlier: { address: 2, mailingAddress: 2 } });
    expect(results.slice(0, 3).map((r) => r.disposition)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(results[3]!.reasons.find((r) => r.code === 'velocity_address')!.evidence).toMatchObject({ earlier: 3, allowance: 3, windowMinutes: 60 });
    // Velocity is counted in the window: an hour later the address is a household again.
    clock.now += 61 * 60_000;
    const later = await stored(await fileClaim(env, fresh().p, { from }));
    expect(later.reasons).toEqual([]);
  });

  it('velocity_network: more claims than the allowance from one /24, each from its own address', async () => {
    const results = [];
    for (let i = 1; i <= 5; i++) results.push(await stored(await fileClaim(env, fresh().p, { from: `203.0.113.${i}` })));
    expect(results.map((r) => codes(r.reasons))).toEqual([[], [], [], [], ['velocity_network']]);
    expect(results[4]!.reasons[0]!.evidence).toMatchObject({ earlier: 4, allowance: 4 });
  });

  it('velocity_session: one browser session filing for vehicle after vehicle (its tag survives each authorize\'s rotation)', async () => {
    const first = fresh();
    const one = await fileClaim(env, first.p, { from: first.from });
    const results = [await stored(one)];
    for (let i = 0; i < 2; i++) {
      const next = fresh();
      results.push(await stored(await fileClaim(env, next.p, { from: next.from, claimant: one.claimant, credentials: vinOnly(otherClassVehicle()) })));
    }
    expect(results.map((r) => codes(r.reasons))).toEqual([[], [], ['velocity_session']]);
  });

  it('a score at the settlement\'s holdAt holds the claim; the claimant is answered exactly as any other', async () => {
    const { p, from } = fresh();
    const res = await fileClaim(env, p, { from, fillSeconds: 1, honeypot: 'x', headers: { 'user-agent': 'curl/8.5.0' } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'receiptAddress', 'receiptQueued', 'referenceCodeForm', 'submitted']);
    expect(res.json()).toMatchObject({ submitted: true, error: null, receiptQueued: true });
    const claim = await stored(res);
    expect(claim.disposition).toBe('held');
    expect(claim.score).toBeGreaterThanOrEqual(150);
    // Its e-mail receipt is the one any claim gets: nothing of the screening in it.
    const code = res.json<{ referenceCodeForm: string }>().referenceCodeForm;
    const submission = await app.stores.submissions.getByReferenceCode(code);
    const row = await app.database.db.selectFrom('outbox').select(['kind', 'culture', 'render_data']).where('submission_id', '=', submission!.id).executeTakeFirstOrThrow();
    // As the sender renders it just before sending it.
    const receipt = app.mail.renderAtSend({ kind: row.kind, culture: row.culture, renderData: row.render_data });
    expect(receipt.subject).toContain(code);
    expect(receipt.text).toContain(`Your claim has been submitted. Your reference code is ${code}.`);
    expect(`${receipt.subject}${receipt.text}${receipt.html}`).not.toMatch(/held|hold|flag|screen|score|disposition|review of your claim is delayed/i);
  });
});
