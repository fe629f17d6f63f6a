/**
 * Threat: a scripted flood of claims with valid captcha tokens (bots get past the captcha), with
 * generated names but shared contact details and documents, filed instantly: stored unnoticed,
 * while a household filing at a person's pace from the same address is refused. Bounded, over
 * real HTTP on 127.0.0.1 (client addresses through one trusted proxy hop), SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { COUNTED_AS_EVIDENCE, screenedClaims } from '../../../server/fraud/store.js';
import { DIALECTS, OPEN_NOW, overHttp, testApp, testDatabase, type TestDatabase } from '../helper.js';
import { codes, fileClaim, person, screeningOf, type Filing } from './claims.js';

const FLOOD = 200;

describe.each(DIALECTS)('a flood of scripted claims, over %s', (dialect) => {
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

  /** The sample settlement (default screening), its clock; the generic per-minute API limit out of the way. */
  async function start(): Promise<Filing> {
    const db = await testDatabase(dialect);
    const clock = { now: OPEN_NOW };
    const app = await testApp(await db.open(), emulator, { trustProxy: 1, clock: () => clock.now, apiRequestsPerMinute: 1_000_000, shedFastSubmits: true });
    opened.push({ db, app });
    return { app, emulator, http: await overHttp(app), clock };
  }

  /** The n-th scripted claim: a generated name, a +tag of one mailbox, the one phone and invoice of the script. */
  const scripted = (n: number) => ({ ...person(n), email: `bot+${n}@gmail.com`, phone: '(415) 555-0100', invoice: person(0).invoice });

  it(`${FLOOD} scripted claims spread over addresses and networks: every one stored and flagged, with the right reasons`, { timeout: 180_000 }, async () => {
    const env = await start();
    const references: string[] = [];
    for (let n = 0; n < FLOOD; n++) {
      // Five claims from each of ten addresses of a /24, forty claims a network.
      const from = `10.20.${Math.floor(n / 40)}.${Math.floor(n / 5) % 8 + 1}`;
      const res = await fileClaim(env, scripted(n), { from, headers: {}, fillSeconds: 1 });
      expect(res.statusCode, res.body).toBe(200);
      references.push(res.json().referenceCodeForm);
    }
    const claims = await screenedClaims(env.app.database);
    expect(claims.map((c) => c.referenceCode)).toEqual(references);
    expect(claims.filter((c) => c.disposition !== 'flagged')).toEqual([]);
    for (const [n, claim] of claims.entries()) {
      const expected = ['fast_fill', 'missing_browser_headers'];
      if (n > 0) expected.push('duplicate_document', 'duplicate_email', 'duplicate_phone');
      if (n % 5 >= 3) expected.push('velocity_address');
      else if (n % 5 > 0) expected.push('shared_address');
      if (n % 40 >= 20) expected.push('velocity_network');
      expect(codes(claim.reasons), `claim ${n}`).toEqual(expected.sort());
    }
    // The 199 earlier claims sharing the phone, counted as far as the evidence goes ("at least 100").
    expect(claims.at(-1)!.reasons.find((r) => r.code === 'duplicate_phone')!.evidence).toEqual({ earlier: Math.min(FLOOD - 1, COUNTED_AS_EVIDENCE), references: references.slice(0, 3) });
  });

  it('a flood from one address is shed with 429 before the claim is read, while a person filing at their pace from it is not refused', { timeout: 120_000 }, async () => {
    const env = await start();
    const { perAddress } = env.app.fraud.settings.fastSubmits;
    const statuses: number[] = [];
    let verifiedBeforeShedding = 0;
    for (let n = 0; n < perAddress + 10; n++) {
      if (n === perAddress) verifiedBeforeShedding = emulator.verifyCount();
      const res = await fileClaim(env, scripted(n), { from: '198.51.100.50', headers: {}, fillSeconds: 1 });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(perAddress).fill(200), ...Array(10).fill(429)]);
    // Each shed submit was answered before its captcha token was verified: only the authorizes were.
    expect(emulator.verifyCount() - verifiedBeforeShedding).toBe(10);
    expect(await env.app.stores.submissions.listSubmissions()).toHaveLength(perAddress);

    // A household member on the same address, at a person's pace, mid-flood: filed, and never held.
    const person1 = await fileClaim(env, person(900), { from: '198.51.100.50', fillSeconds: 600 });
    expect(person1.statusCode, person1.body).toBe(200);
    expect((await screeningOf(env.app, person1.json().referenceCodeForm)).disposition).not.toBe('held');
  });

  it('a household of three filing at a person\'s pace from one address: accepted, at most a shared address', async () => {
    const env = await start();
    const home = { street: '412 Cedar Street Apt 2', postalCode: '94611' };
    for (let n = 0; n < 3; n++) {
      const res = await fileClaim(env, { ...person(700 + n), ...home }, { from: '203.0.113.80', fillSeconds: 420 + n * 60 });
      expect(res.statusCode, res.body).toBe(200);
      const claim = await screeningOf(env.app, res.json().referenceCodeForm);
      expect(claim.disposition).toBe('accepted');
      expect(codes(claim.reasons)).toEqual(n === 0 ? [] : ['shared_address']);
    }
  });
});
