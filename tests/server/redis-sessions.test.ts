/**
 * The API with sessions in Redis (REDIS_URL): authorize rotates the session in one MULTI after the
 * database transaction, submit saves the session once the claim is stored, and the single-use and
 * retry guarantees hold as with sessions in the database.
 */
import { describe, expect, it } from 'vitest';
import { REDIS_URL } from './db/helpers.js';
import { automotiveParts, MARIA, OPEN_NOW, serverOver } from './helper.js';

describe('the API with sessions in Redis', () => {
  const server = serverOver('sqlite', { redisUrl: REDIS_URL });

  it('authorizes with a rotated session, refuses a reused token, stores a claim once and answers a retry with its code', async () => {
    expect(server.app.sessions.joinTransactions).toBe(false);
    const c = await server.claimant();
    const before = c.cookie;
    const token = await c.captchaToken();
    const auth = await c.authorize('Automotive', { ...MARIA }, token);
    expect(auth.statusCode).toBe(200);
    expect(c.cookie).not.toBe(before);
    const raw = auth.json<{ captcha: string }>().captcha;
    expect((await c.authorize('Automotive', { ...MARIA }, token)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });

    const parts = automotiveParts(raw, await c.captchaToken());
    const first = await c.submit('Automotive', parts);
    expect(first.json()).toMatchObject({ submitted: true, referenceCodeForm: expect.stringMatching(/^AUT-/) });
    const retry = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
    expect(retry.json()).toMatchObject({ submitted: true, referenceCodeForm: first.json().referenceCodeForm });
    // The authorization has filed its claim: another submission from it is refused, naming it.
    const other = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken()));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ submitted: false, code: 'ALREADY_SUBMITTED' });
    expect(other.json().error).toContain(first.json().referenceCodeForm);
    expect(await server.stored()).toBe(1);
  });
});

describe('keeping a session in Redis alive', () => {
  let now = OPEN_NOW;
  const server = serverOver('sqlite', () => ({ redisUrl: REDIS_URL, clock: () => now }));

  it('extends it on the keep-alive, and it ends after the idle timeout', async () => {
    const c = await server.claimant();
    const keepAlive = () => server.http({ method: 'POST', url: '/api/session/keep-alive', headers: c.headers() });
    now += 20 * 60_000;
    const alive = await keepAlive();
    expect(alive.statusCode, alive.body).toBe(200);
    expect(alive.json()).toEqual({ sessionExpiresAt: new Date(now + 30 * 60_000).toISOString() });
    now += 20 * 60_000;
    expect((await keepAlive()).statusCode).toBe(200);
    now += 31 * 60_000;
    expect((await keepAlive()).statusCode).toBe(403);
  });
});
