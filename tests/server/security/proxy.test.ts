/**
 * Threat: a client choosing its own address (or https) through X-Forwarded-* headers, and so
 * escaping every per-IP limit (the API rate limit, the wrong-PIN limits) by rotating
 * X-Forwarded-For.
 *
 * TRUST_PROXY is a hop count or a list of proxy addresses / CIDR ranges; `true` (every hop) and
 * anything unreadable stop the start with a message saying what to write. With one trusted hop
 * the client address is the entry the load balancer appended, whatever the client prepended.
 * The test client plays the load balancer: it connects from 127.0.0.1 and sends the
 * X-Forwarded-For a load balancer would pass on. Real HTTP, SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import { ConfigError, readConfig, trustProxyOf, type TrustProxy } from '../../../server/config.js';
import { DIALECTS, overHttp, testApp, testDatabase, type Send, type TestDatabase } from '../helper.js';

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses and CIDR ranges, or nothing', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1,10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(trustProxyOf(' 10.0.0.1 , fd00::/8 , ::1 ')).toEqual(['10.0.0.1', 'fd00::/8', '::1']);
    expect(trustProxyOf('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    const env = { SESSION_SECRET: 's'.repeat(32), PIN_SECRET: 'p'.repeat(32), DATA_DIR: '/nonexistent' };
    expect(readConfig({ ...env, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig(env).trustProxy).toBe(false);
  });

  it('refuses true, saying what to write instead', () => {
    expect(() => trustProxyOf('true')).toThrow(ConfigError);
    expect(() => trustProxyOf('true')).toThrow(/every hop.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.1,10\.0\.0\.0\/8/);
    expect(() => readConfig({ SESSION_SECRET: 's'.repeat(32), PIN_SECRET: 'p'.repeat(32), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });

  it.each(['yes', 'TRUE', '1.5', '-1', '99', '10.0.0.0/33', '0.0.0.0/0', '::/0', '10.0.0.1,', '10.0.0.1/8/8', 'proxy.example.com', '*'])('refuses %j', (value) => {
    expect(() => trustProxyOf(value)).toThrow(ConfigError);
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY=1/);
  });
});

describe.each(DIALECTS)('the client address behind proxies, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.cleanup();
    await emulator?.close();
  });

  /** An app trusting `trustProxy`, with an API limit of 3 calls a minute per client address. */
  async function behind(trustProxy: TrustProxy): Promise<Send> {
    const app = await testApp(await db.open(), emulator, { trustProxy, apiRequestsPerMinute: 3 });
    apps.push(app);
    return overHttp(app);
  }
  const call = (http: Send, forwardedFor: string) => http({ url: '/api/deadlines', headers: { 'x-forwarded-for': forwardedFor } });

  it('with one trusted hop, entries a client prepends to X-Forwarded-For do not change its address', async () => {
    const http = await behind(1);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await call(http, `198.51.100.${i}, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client, as the load balancer saw it, has its own count.
    expect((await call(http, '198.51.100.1, 203.0.113.8')).statusCode).toBe(200);
  });

  it('with two trusted hops, the address the first proxy appended', async () => {
    const http = await behind(2);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await call(http, `198.51.100.${i}, 203.0.113.9, 10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('with a list of proxy addresses, the nearest untrusted address', async () => {
    const http = await behind(['127.0.0.1', '10.0.0.0/8']);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await call(http, `198.51.100.${i}, 203.0.113.10, 10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('from a peer that is not a trusted proxy, X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    for (const trustProxy of [false, ['10.0.0.0/8']] as TrustProxy[]) {
      const http = await behind(trustProxy);
      const statuses: number[] = [];
      // Every call counts against the peer itself, whatever it claims.
      for (let i = 1; i <= 4; i++) statuses.push((await call(http, `203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const http = await behind(['10.0.0.0/8']);
    const claimed = await http({ url: '/api/csrf', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(claimed.headers['set-cookie'])).not.toMatch(/; Secure/);
  });

  it('https reported by a trusted proxy makes the session cookie Secure', async () => {
    const http = await behind(1);
    const res = await http({ url: '/api/csrf', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.20' } });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
