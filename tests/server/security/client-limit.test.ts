/**
 * Threat: a flood of API calls from one address (scripts, or many people behind one NAT) — and the
 * other side of it: a claimant who shares that address being refused because others spent its
 * budget. The coarse API limit counts a request with a validly signed session cookie against that
 * session, and one without against its address; every request of an address also counts against a
 * ceiling ten times higher, so a script holding many cookies is stopped too. Real HTTP; the limit
 * is in memory (or Redis), so one database suffices.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { sessionCookieName } from '../../../server/plugins/app/session.js';
import { overHttp, testApp, testDatabase, type Send, type TestDatabase } from '../helper.js';

const LIMIT = 3;
const COOKIE = sessionCookieName('test');

describe('the coarse API limit per client', () => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let http: Send;

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase('sqlite');
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  async function fresh() {
    await app?.close();
    app = await testApp(await db.open(), emulator, { trustProxy: 1, apiRequestsPerMinute: LIMIT });
    http = await overHttp(app);
  }
  const from = (address: string, cookie?: string) => ({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });
  const deadlines = (address: string, cookie?: string) => http({ url: '/api/deadlines', headers: from(address, cookie) });
  const sessionOf = async (address: string) => String((await http({ url: '/api/csrf', headers: from(address) })).headers['set-cookie']).split(';')[0]!;

  it('a claimant with a session is not refused when others behind the same address spend its budget', async () => {
    await fresh();
    const cookie = await sessionOf('203.0.113.50'); // 1 of the address's 3
    const anonymous: number[] = [];
    for (let i = 0; i < LIMIT; i++) anonymous.push((await deadlines('203.0.113.50')).statusCode);
    expect(anonymous).toEqual([200, 200, 429]);
    // The claimant's own calls count against the session.
    const own: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) own.push((await deadlines('203.0.113.50', cookie)).statusCode);
    expect(own).toEqual([200, 200, 200, 429]);
  });

  it('a refused call says so and when to try again', async () => {
    await fresh();
    for (let i = 0; i < LIMIT; i++) await deadlines('203.0.113.51');
    const refused = await deadlines('203.0.113.51');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a cookie without a valid signature counts against the address', async () => {
    await fresh();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await deadlines('203.0.113.52', `${COOKIE}=made-up-${i}.bad-signature`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('a script holding many signed cookies stops at the address ceiling (ten times the limit)', async () => {
    await fresh();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 10 + 2; i++) statuses.push((await deadlines('203.0.113.53', `${COOKIE}=${app.signCookie(`minted-${i}`)}`)).statusCode);
    expect(statuses.slice(0, LIMIT * 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMIT * 10)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await deadlines('203.0.113.54')).statusCode).toBe(200);
  });
});
