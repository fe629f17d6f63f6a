/**
 * siteverify over kept-alive connections: a connection the provider closes while it sits idle must
 * not cost a claimant their authorize. Between the app and the captcha emulator sits a relay that
 * answers the first request of each connection and drops the connection on the second, unanswered,
 * as a provider closing an idle connection does when a request is already on its way.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { Claimant, MARIA, overHttp, testApp, testDatabase, type Send, type TestDatabase } from './helper.js';

interface Relay {
  origin: string;
  /** Requests that reached the relay, and those it dropped unanswered. */
  seen: number;
  dropped: number;
  /** 'second': drop the second request of each connection; 'all': drop every request; 'hold': answer none (a provider that hangs). */
  mode: 'second' | 'all' | 'hold';
  /** Resolves when the relay has a request it holds unanswered. */
  holding(): Promise<void>;
  close(): Promise<void>;
}

async function startRelay(target: string): Promise<Relay> {
  const perSocket = new WeakMap<object, number>();
  const waiting: Array<() => void> = [];
  const relay: Relay = {
    origin: '',
    seen: 0,
    dropped: 0,
    mode: 'second',
    holding: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
  const server: Server = createServer((req, res) => {
    relay.seen++;
    if (relay.mode === 'hold') {
      for (const resolve of waiting.splice(0)) resolve();
      return;
    }
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    if (relay.mode === 'all' || n === 2) {
      relay.dropped++;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = httpRequest(`${target}${req.url}`, { method: req.method, headers: { 'content-type': String(req.headers['content-type']) } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': String(answer.headers['content-type']) });
        answer.pipe(res);
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}

describe('siteverify', () => {
  let emulator: CaptchaEmulator;
  let relay: Relay;
  let db: TestDatabase;
  let app: FastifyInstance;
  let http: Send;

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    relay = await startRelay(emulator.origin);
    db = await testDatabase('sqlite');
    app = await testApp(await db.open(), emulator, { captcha: { emulatorOrigin: relay.origin, timeoutMs: 1000 } });
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await relay?.close();
    await emulator?.close();
  });
  beforeEach(() => {
    relay.mode = 'second';
    relay.seen = relay.dropped = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const lookup = async () => {
    const c = await new Claimant(app, emulator, http).start();
    return c.authorize('Lookup', { vin: MARIA.vin });
  };

  it('a kept-alive connection dropped unanswered is retried once on a new one: every authorize passes', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await lookup();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ authorized: true });
    }
    expect(relay.dropped).toBeGreaterThanOrEqual(1);
  });

  it('a provider that drops every request fails the check closed, after one retry at most', async () => {
    relay.mode = 'all';
    const res = await lookup();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
    expect(relay.seen).toBeLessThanOrEqual(2);
  });

  it('a provider that never answers fails the check closed at the timeout, not before (fake clock)', async () => {
    const c = await new Claimant(app, emulator, http).start();
    relay.mode = 'hold';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = c.authorize('Lookup', { vin: MARIA.vin });
    await relay.holding();
    // Just short of the configured 1000 ms: still waiting for the provider.
    vi.advanceTimersByTime(999);
    let settled = false;
    void answer.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const res = await answer;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
  });
});
