/**
 * A claim sent from a phone on a slow uplink: its files may take minutes to arrive, longer than a
 * provider token lives, and the server must wait for them while refusing clients that trickle.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_TOKEN_TTL_SECONDS, startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { appsOnSqlite, automotiveParts, Claimant, encodeMultipart, FIXTURES, MARIA, overHttp, settlementCopy } from './helper.js';

/** A POST whose body is sent in two pieces: `between` runs after the first. */
function postInTwoPieces(port: number, path: string, headers: Record<string, string>, body: Buffer, splitAt: number, between: () => Promise<void>) {
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { host: 'localhost', ...headers, 'content-length': String(body.length) }, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(body.subarray(0, splitAt));
    between().then(() => req.end(body.subarray(splitAt)), reject);
  });
}

describe('a claim sent over a slow uplink', () => {
  // The emulator's clock: a provider token expires EMULATOR_TOKEN_TTL_SECONDS after it is issued.
  let now = Date.now();
  let emulator: CaptchaEmulator;
  beforeAll(async () => {
    emulator = await startCaptchaEmulator({ clock: () => now });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const { start } = appsOnSqlite(() => emulator);

  it("is accepted when its files arrive after the provider token would have expired: siteverify runs as soon as the token's part arrives", async () => {
    const app = await start();
    const c = await new Claimant(app, emulator, await overHttp(app)).start();
    const auth = await c.authorize('Automotive', { ...MARIA });
    expect(auth.statusCode).toBe(200);
    const { body, contentType } = await encodeMultipart(automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken()));
    const verified = emulator.verifyCount();
    const { port } = app.server.address() as AddressInfo;
    // The text parts (the token first), then the file's part cut short: the rest comes later.
    const res = await postInTwoPieces(port, '/api/forms/automotive', c.headers({ 'content-type': contentType }), body, body.indexOf('filename=') + 20, async () => {
      await expect.poll(() => emulator.verifyCount()).toBe(verified + 1);
      now += (EMULATOR_TOKEN_TTL_SECONDS + 30) * 1000;
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ submitted: true, referenceCodeForm: expect.stringMatching(/^AUT-/) });
  });

  /**
   * An authorize whose JSON body (`total` bytes of spaces) is sent `chunk` bytes every `everyMs`,
   * from a claimant with a session and its CSRF token (so the server waits for the body); resolves
   * with the server's answer once the connection has closed.
   */
  async function trickle(app: FastifyInstance, total: number, chunk: number, everyMs: number) {
    const c = await new Claimant(app, emulator).start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const headers = Object.entries(c.headers({ 'content-type': 'application/json', 'content-length': String(total) }))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return new Promise<{ reply: string; sent: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let reply = '';
      let sent = 0;
      socket.write(`POST /api/forms/lookup/authorize HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);
      const timer = setInterval(() => {
        if (sent >= total || socket.destroyed) return clearInterval(timer);
        const n = Math.min(chunk, total - sent);
        socket.write(Buffer.alloc(n, 0x20));
        sent += n;
      }, everyMs);
      socket.on('data', (d: Buffer) => {
        reply += d.toString('utf8');
        socket.end();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ reply, sent });
      });
    });
  }

  it('refuses a body that arrives slower than the slowest upload rate once the grace period is over: 408, connection closed', async () => {
    const app = await start({ timeouts: { slowBodyGraceMs: 150, checkIntervalMs: 20 } });
    // 200 bytes a second, against the default slowest rate of 8 KiB a second.
    const { reply, sent } = await trickle(app, 100_000, 10, 50);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(1_000);
  });

  it('waits for a body that keeps up with the slowest rate, past the grace period', async () => {
    const app = await start({ timeouts: { slowBodyGraceMs: 100, checkIntervalMs: 20 } });
    // 40 KB a second for half a second, five times the grace period; the body is then read (and
    // refused for what it holds, not for its pace).
    const { reply, sent } = await trickle(app, 20_000, 2_000, 50);
    expect(sent).toBe(20_000);
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
  });

  it("allows a request as long as the settlement's largest submission takes at its slowest upload rate", async () => {
    const fallback = await start();
    // 50 MiB of files (and the text parts) at 8 KiB a second: over an hour and three quarters.
    expect(fallback.server.requestTimeout).toBeGreaterThan(((50 * 1024 * 1024) / 8192) * 1000);
    const settings = JSON.parse(readFileSync(`${FIXTURES}/settings.json`, 'utf8')) as { uploads: Record<string, number> };
    const faster = await start({ settlementDir: settlementCopy({ 'settings.json': { ...settings, uploads: { ...settings.uploads, maxTotalBytes: 10 * 1024 * 1024, minBytesPerSecond: 64 * 1024 } } }) });
    expect(faster.server.requestTimeout).toBeGreaterThan(((10 * 1024 * 1024) / (64 * 1024)) * 1000);
    expect(faster.server.requestTimeout).toBeLessThan(fallback.server.requestTimeout / 4);
  });
});
