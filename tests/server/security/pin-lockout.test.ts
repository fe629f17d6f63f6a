/**
 * Threat: guessing PINs. An attacker tries PINs for one class member's notice ID (from many
 * addresses), or one guess for many notice IDs from one address (spraying); the wrong-PIN limits
 * stop both. The opposite harm is locking out the innocent: many claimants share one address
 * (mobile carriers, libraries, legal-aid clinics), so one claimant's wrong PINs must not lock
 * another member's notice ID. A refused claimant is told how long to wait (en and es, Retry-After),
 * and the lock lifts when its window ends.
 *
 * Real HTTP, on SQLite, PostgreSQL and with the counters in Redis; clients are told apart by
 * X-Forwarded-For (the app is built to trust it); the clock is injected. Limits from settings.json `pinAttempts`, small here: 3 per notice ID, 8 per
 * address, 4 distinct notice IDs per address, 10-minute windows.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../server/errors.js';
import type { FieldValue } from '../../../runtime/core/types.js';
import { REDIS_URL } from '../db/helpers.js';
import { DIALECTS, FIXTURES, MARIA, model, OPEN_NOW, serverOver, settlementCopy } from '../helper.js';

const JAMES = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
const AIKO = { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482' };
const LIMITS = { max: 3, maxPerIp: 8, maxNoticeIdsPerIp: 4, windowMinutes: 10 };
const WINDOW_MS = LIMITS.windowMinutes * 60_000;

/** A copy of the sample settlement with the small limits above. */
function limitedSettlement(): string {
  const settings = JSON.parse(readFileSync(path.join(FIXTURES, 'settings.json'), 'utf8')) as Record<string, unknown>;
  return settlementCopy({ 'settings.json': { ...settings, pinAttempts: LIMITS } });
}

describe.each(DIALECTS)('wrong-PIN limits over %s', (dialect) => {
  let now = OPEN_NOW;
  let windowIndex = 0;
  const server = serverOver(dialect, () => ({ settlementDir: limitedSettlement(), trustProxy: 1, clock: () => now }));
  // Each test starts 3.5 minutes into a window of its own (OPEN_NOW is on a window boundary).
  beforeEach(() => {
    now = OPEN_NOW + ++windowIndex * WINDOW_MS + 3.5 * 60_000;
  });

  /** One authorize of the Exclusion form from `address` (X-Forwarded-For), in a fresh session. */
  async function attempt(address: string, fields: Record<string, FieldValue>, culture = 'en') {
    const c = await server.claimant();
    return server.http({
      method: 'POST',
      url: `/api/forms/exclusion/authorize?culture=${culture}`,
      remoteAddress: address,
      headers: c.headers(),
      payload: { credentials: model('Exclusion', 'Credentials', fields), reCaptchaResponse: await c.captchaToken() },
    });
  }
  const wrongPin = (address: string, member: { vin: string; noticeId: string }, culture?: string) =>
    attempt(address, { vin: member.vin, noticeId: member.noticeId, pin: '000000' }, culture);
  /** An unknown notice ID with a class VIN: refused as a wrong PIN, and counted. */
  const unknownNotice = (n: number) => ({ vin: MARIA.vin, noticeId: `EXM-9${String(windowIndex).padStart(2, '0')}${String(n).padStart(3, '0')}` });

  it('on a shared address, one claimant’s wrong PINs lock their notice ID only', async () => {
    const library = '203.0.113.10';
    for (let i = 0; i < LIMITS.max; i++) expect((await wrongPin(library, MARIA)).statusCode).toBe(401);
    expect((await wrongPin(library, MARIA)).json()).toMatchObject({ authorized: false, code: 'TOO_MANY_PIN_ATTEMPTS' });
    // Another member at the same address: a typo is a plain wrong PIN, and the right PIN works.
    expect((await wrongPin(library, JAMES)).statusCode).toBe(401);
    const james = await attempt(library, JAMES);
    expect(james.statusCode).toBe(200);
    expect(james.json()).toMatchObject({ authorized: true, error: null });
  });

  it('locks a notice ID after `max` wrong PINs from different addresses, for every address and even for the right PIN', async () => {
    for (let i = 1; i <= LIMITS.max; i++) expect((await wrongPin(`198.51.100.${i}`, AIKO)).statusCode).toBe(401);
    const elsewhere = await wrongPin('198.51.100.99', AIKO);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json()).toMatchObject({ authorized: false, captcha: null, prepopulatedData: null, code: 'TOO_MANY_PIN_ATTEMPTS' });
    // The right PIN is refused too while locked: otherwise the guessing would go on.
    expect((await attempt('198.51.100.100', AIKO)).statusCode).toBe(429);
    // Other notice IDs from those addresses are not affected.
    expect((await attempt('198.51.100.1', JAMES)).json()).toMatchObject({ authorized: true });
  });

  it('forgets a notice ID’s wrong PINs once its right PIN is sent, also when that sign-in is refused for another reason', async () => {
    const home = '192.0.2.40';
    const wrongUpToTheLimit = async () => {
      for (let i = 1; i < LIMITS.max; i++) expect((await wrongPin(home, AIKO)).statusCode).toBe(401);
    };
    await wrongUpToTheLimit();
    expect((await attempt(home, AIKO)).json()).toMatchObject({ authorized: true });
    // Counted again from nothing: as many wrong PINs again are answered as wrong, not as the lock.
    await wrongUpToTheLimit();
    // The right PIN with a resume code that opens nothing: refused, yet the PIN was right.
    const c = await server.claimant();
    const resumed = await server.http({
      method: 'POST',
      url: '/api/forms/exclusion/authorize',
      remoteAddress: home,
      headers: c.headers(),
      payload: { credentials: model('Exclusion', 'Credentials', AIKO), reCaptchaResponse: await c.captchaToken(), resumeCode: 'ZZZZ-ZZZZ-ZZZZ' },
    });
    expect(resumed.statusCode).toBeGreaterThanOrEqual(400);
    expect(resumed.statusCode).not.toBe(429);
    await wrongUpToTheLimit();
    expect((await attempt(home, AIKO)).json()).toMatchObject({ authorized: true });
  });

  it('answers no more than `max` wrong PINs for a notice ID as wrong when they arrive all at once; the rest are told the lock', async () => {
    const burst = LIMITS.max + 5;
    const sessions = await Promise.all(Array.from({ length: burst }, () => server.claimant()));
    const tokens = await Promise.all(sessions.map((c) => c.captchaToken()));
    const answers = await Promise.all(
      sessions.map((c, i) =>
        server.http({
          method: 'POST',
          url: '/api/forms/exclusion/authorize',
          remoteAddress: `198.51.100.${200 + i}`,
          headers: c.headers(),
          payload: { credentials: model('Exclusion', 'Credentials', { vin: JAMES.vin, noticeId: JAMES.noticeId, pin: '000000' }), reCaptchaResponse: tokens[i] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(LIMITS.max).fill(401), ...Array<number>(burst - LIMITS.max).fill(429)]);
  });

  it('compares no more than `max` PINs of a burst: the right PIN sent among them is not let through past the limit', async () => {
    const burst = LIMITS.max + 5;
    const sessions = await Promise.all(Array.from({ length: burst }, () => server.claimant()));
    const tokens = await Promise.all(sessions.map((c) => c.captchaToken()));
    // Every guess wrong but one, the right PIN placed last: a guesser does not know which it is.
    const pins = sessions.map((_, i) => (i === burst - 1 ? MARIA.pin : String(100000 + i)));
    const answers = await Promise.all(
      sessions.map((c, i) =>
        server.http({
          method: 'POST',
          url: '/api/forms/exclusion/authorize',
          remoteAddress: `203.0.113.${100 + i}`,
          headers: c.headers(),
          payload: { credentials: model('Exclusion', 'Credentials', { vin: MARIA.vin, noticeId: MARIA.noticeId, pin: pins[i]! }), reCaptchaResponse: tokens[i] },
        }),
      ),
    );
    const compared = answers.filter((a) => a.statusCode !== 429);
    const right = answers[burst - 1];
    if (right?.statusCode === 200) {
      // The right PIN was among the first `max` counted (the guesses run at once, in no set order):
      // it forgets the notice ID's attempts, so at most `max` more wrong ones are compared after it.
      expect(compared.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(2 * LIMITS.max - 1);
    } else {
      expect(right?.statusCode).toBe(429);
      expect(compared.length).toBeLessThanOrEqual(LIMITS.max);
    }
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(burst - compared.length);
  });

  it('refuses a sign-in sent with another token than its session’s before anything is counted or spent', async () => {
    const address = '192.0.2.60';
    const c = await server.claimant();
    const token = await c.captchaToken();
    const signIn = (pin: string, headers: Record<string, string>) =>
      server.http({
        method: 'POST',
        url: '/api/forms/exclusion/authorize',
        remoteAddress: address,
        headers,
        payload: { credentials: model('Exclusion', 'Credentials', { vin: AIKO.vin, noticeId: AIKO.noticeId, pin }), reCaptchaResponse: token },
      });
    // Past the limit with a forged token: each refused as such, none of them a wrong PIN.
    for (let i = 0; i <= LIMITS.max; i++) {
      const forged = await signIn('000000', c.headers({ 'x-csrf-token': 'x'.repeat(43) }));
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'CSRF_INVALID' });
    }
    // Nothing was counted against the notice ID or the address, and the captcha token was not spent.
    const res = await signIn(AIKO.pin, c.headers());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true });
  });

  /**
   * The next right PIN's judgement finds its notice ID's count at the limit, as when wrong PINs
   * sent with it were counted between its read and its judgement (PostgreSQL judges a right PIN
   * with its writes, after the read that found it under the limit).
   */
  function wrongPinsCountedBeforeTheJudgement() {
    const limiter = server.app.stores.rateLimiter;
    const judge = limiter.resetIfUnder;
    if (!judge) throw new Error('These counters judge a right PIN before it is compared.');
    limiter.resetIfUnder = async (key, limit, windowMs, now, trx) => {
      limiter.resetIfUnder = judge;
      for (let i = 0; i < limit; i++) await limiter.hit(key, windowMs, now);
      return judge(key, limit, windowMs, now, trx);
    };
  }

  it.runIf(dialect === 'postgres')('tells the lock, not what else refused it, to a right PIN judged past the limit: a resume code not its own, a form filed already', async () => {
    const address = '192.0.2.70';
    const signIn = async (member: { vin: string; noticeId: string; pin: string }, resumeCode?: string) => {
      const c = await server.claimant();
      return server.http({
        method: 'POST',
        url: '/api/forms/exclusion/authorize',
        remoteAddress: address,
        headers: c.headers(),
        payload: { credentials: model('Exclusion', 'Credentials', member), reCaptchaResponse: await c.captchaToken(), ...(resumeCode ? { resumeCode } : {}) },
      });
    };
    // A resume code that opens nothing, with the right PIN: refused for the code while under the limit…
    const underTheLimit = await signIn(AIKO, 'ZZZZ-ZZZZ-ZZZZ');
    expect(underTheLimit.statusCode).toBeGreaterThanOrEqual(400);
    expect(underTheLimit.statusCode).not.toBe(429);
    // …and told the lock when the judgement finds the limit reached: the code's refusal would tell that the PIN was right.
    wrongPinsCountedBeforeTheJudgement();
    const pastTheLimit = await signIn(AIKO, 'ZZZZ-ZZZZ-ZZZZ');
    expect(pastTheLimit.statusCode, pastTheLimit.body).toBe(429);
    expect(pastTheLimit.json()).toMatchObject({ code: 'TOO_MANY_PIN_ATTEMPTS' });

    // James's exclusion filed: his right PIN is told so while under the limit, and the lock past it.
    const filed = await server.authorized('Exclusion', JAMES);
    expect((await filed.c.submit('Exclusion', filed.parts(await filed.c.captchaToken()))).statusCode).toBe(200);
    expect((await signIn(JAMES)).json()).toMatchObject({ authorized: false, code: 'ALREADY_FILED' });
    wrongPinsCountedBeforeTheJudgement();
    const filedPastTheLimit = await signIn(JAMES);
    expect(filedPastTheLimit.statusCode, filedPastTheLimit.body).toBe(429);
    expect(filedPastTheLimit.json()).toMatchObject({ code: 'TOO_MANY_PIN_ATTEMPTS' });
  });

  it('locks an address that sprays wrong PINs over many notice IDs, and one past its total, but not the notice IDs elsewhere', async () => {
    const sprayer = '192.0.2.50';
    for (let n = 1; n <= LIMITS.maxNoticeIdsPerIp; n++) expect((await wrongPin(sprayer, unknownNotice(n))).statusCode).toBe(401);
    // No new notice ID from this address…
    const next = unknownNotice(LIMITS.maxNoticeIdsPerIp + 1);
    expect((await wrongPin(sprayer, next)).json()).toMatchObject({ code: 'TOO_MANY_PIN_ATTEMPTS' });
    expect((await attempt(sprayer, JAMES)).statusCode).toBe(429);
    // …while another address may try it, and the notice IDs already tried may be retried…
    expect((await wrongPin('192.0.2.51', next)).statusCode).toBe(401);
    const tried = LIMITS.maxNoticeIdsPerIp;
    let failures = tried;
    for (const n of [1, 1, 2, 2]) {
      expect((await wrongPin(sprayer, unknownNotice(n))).statusCode).toBe(401);
      failures++;
    }
    expect(failures).toBe(LIMITS.maxPerIp);
    // …until the address reaches its total.
    expect((await wrongPin(sprayer, unknownNotice(3))).statusCode).toBe(429);
    expect((await wrongPin('192.0.2.51', unknownNotice(3))).statusCode).toBe(401);
  });

  it('lifts the lock when the window ends', async () => {
    for (let i = 1; i <= LIMITS.max; i++) expect((await wrongPin(`198.51.100.${i}`, MARIA)).statusCode).toBe(401);
    expect((await attempt('198.51.100.7', MARIA)).statusCode).toBe(429);
    const windowEnds = Math.floor(now / WINDOW_MS) * WINDOW_MS + WINDOW_MS;
    now = windowEnds - 1;
    expect((await attempt('198.51.100.7', MARIA)).statusCode).toBe(429);
    now = windowEnds;
    const res = await attempt('198.51.100.7', MARIA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true });
  });

  it('tells the claimant how long to wait, in their language and in Retry-After', async () => {
    for (let i = 1; i <= LIMITS.max; i++) expect((await wrongPin(`198.51.100.${i}`, JAMES)).statusCode).toBe(401);
    // 3.5 minutes into a 10-minute window: 6.5 minutes left, named as 7.
    const en = await wrongPin('198.51.100.50', JAMES, 'en');
    expect(en.statusCode).toBe(429);
    expect(en.headers['retry-after']).toBe('390');
    expect(en.json().error).toBe(SERVER_ERRORS.TOO_MANY_PIN_ATTEMPTS.en.replace('{0}', '7'));
    expect(en.json().error).toContain('wait 7 min');
    now += 5 * 60_000;
    const es = await wrongPin('198.51.100.50', JAMES, 'es');
    expect(es.headers['retry-after']).toBe('90');
    expect(es.json().error).toBe(SERVER_ERRORS.TOO_MANY_PIN_ATTEMPTS.es.replace('{0}', '2'));
    expect(es.json().error).toContain('Espere 2 min');
  });
});

describe('wrong-PIN limits with the counters in Redis', () => {
  // Redis outlives the test: notice IDs and addresses of this run only.
  const run = randomBytes(4).toString('hex').toUpperCase();
  const address = (n: number) => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${n}`;
  const server = serverOver('sqlite', () => ({ settlementDir: limitedSettlement(), trustProxy: 1, redisUrl: REDIS_URL }));

  async function wrongPin(from: string, noticeId: string) {
    const c = await server.claimant();
    return server.http({
      method: 'POST',
      url: '/api/forms/exclusion/authorize',
      remoteAddress: from,
      headers: c.headers(),
      payload: { credentials: model('Exclusion', 'Credentials', { vin: MARIA.vin, noticeId, pin: '000000' }), reCaptchaResponse: await c.captchaToken() },
    });
  }

  it('locks a notice ID from every address, and an address spraying new notice IDs, as with the database', async () => {
    expect(server.app.sessions.joinTransactions).toBe(false); // sessions, and so the counters, in Redis
    const notice = `EXM-R${run}`;
    for (let i = 1; i <= LIMITS.max; i++) expect((await wrongPin(address(i), notice)).statusCode).toBe(401);
    expect((await wrongPin(address(99), notice)).json()).toMatchObject({ code: 'TOO_MANY_PIN_ATTEMPTS' });

    const sprayer = address(200);
    for (let n = 1; n <= LIMITS.maxNoticeIdsPerIp; n++) expect((await wrongPin(sprayer, `EXM-S${run}${n}`)).statusCode).toBe(401);
    expect((await wrongPin(sprayer, `EXM-S${run}X`)).statusCode).toBe(429);
    expect((await wrongPin(sprayer, `EXM-S${run}1`)).statusCode).toBe(401);
  });
});
