/**
 * A claim sent from a phone on a slow uplink: its files may take minutes to arrive, longer than a
 * provider token lives, and the server must wait for them while refusing clients that trickle.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_TOKEN_TTL_SECONDS, startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { appsOnSqlite, automotiveParts, Claimant, encodeMultipart, MARIA, overHttp } from './helper.js';

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
});
