/**
 * Threat: claims filed in bulk by a script, with no person solving the captcha, or one solved
 * captcha reused for many calls. Authorize and submit each need a provider token that siteverify
 * accepts for this site and host (missing, made up, already used, unverifiable — a siteverify that
 * hangs, errs or answers no JSON — or solved for another host: refused, fail closed), and a token
 * is spent by the first call that sends it, whatever that call's answer. Authorize answers a
 * captcha value (HMAC-signed, bound to the session and the form, single use) that submit must send
 * back: missing, forged or another session's, the submit is refused (400) and nothing is stored;
 * once the authorization has filed its claim, other answers are refused naming its reference code.
 *
 * Real HTTP, SQLite and PostgreSQL, against the captcha emulator.
 */
import { describe, expect, it } from 'vitest';
import { EMULATOR_TOKENS } from '../../../server/captcha-emulator/emulator.js';
import { SERVER_ERRORS } from '../../../server/errors.js';
import { automotiveParts, DIALECTS, MARIA, NOT_CLASS_VIN, serverOver, type Parts } from '../helper.js';

describe.each(DIALECTS)('the captcha, over %s', (dialect) => {
  const server = serverOver(dialect);
  const { authorized, claimant, stored } = server;

  describe('on authorize', () => {
    it('captcha missing, wrong, reused, unverifiable or for another host is refused', async () => {
      const c = await claimant();
      const vin = { vin: MARIA.vin };
      expect((await c.authorize('Lookup', vin, null)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_REQUIRED' });
      expect((await c.authorize('Lookup', vin, 'made-up-token')).json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
      const token = await c.captchaToken();
      expect((await c.authorize('Lookup', vin, token)).json()).toMatchObject({ authorized: true });
      const reused = await c.authorize('Lookup', vin, token);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
      for (const t of Object.values(EMULATOR_TOKENS)) {
        const res = await c.authorize('Lookup', vin, t);
        expect(res.statusCode, t).toBe(400);
        expect(res.json().code, t).toBe('CAPTCHA_FAILED');
      }
      expect((await c.authorize('Lookup', vin, await c.captchaToken('emulator-fail-site-key'))).json().code).toBe('CAPTCHA_FAILED');
    });

    it('a refused authorize spends its captcha token too: one token, one answer', async () => {
      const c = await claimant();
      const token = await c.captchaToken();
      expect((await c.authorize('Automotive', { ...MARIA, pin: '000001' }, token)).statusCode).toBe(401);
      expect((await c.authorize('Automotive', { ...MARIA }, token)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
      const vinToken = await c.captchaToken();
      expect((await c.authorize('Lookup', { vin: NOT_CLASS_VIN }, vinToken)).json()).toMatchObject({ authorized: false, error: SERVER_ERRORS.NOT_CLASS_VEHICLE.en });
      expect((await c.authorize('Lookup', { vin: MARIA.vin }, vinToken)).json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });
    });
  });

  describe('on submit', () => {
    it('captcha missing, wrong or reused: refused', async () => {
      const refusals: Array<[mutate: (p: Parts) => Parts, code: string]> = [
        [(p) => ({ ...p, text: { ...p.text, reCaptchaResponse: '' } }), 'CAPTCHA_REQUIRED'],
        [(p) => ({ ...p, text: { ...p.text, reCaptchaResponse: 'forged' } }), 'CAPTCHA_FAILED'],
        [(p) => ({ ...p, text: { ...p.text, captchaRawValue: 'eyJmIjoiQXV0b21vdGl2ZSJ9.forged' } }), 'CAPTCHA_RAW_INVALID'],
        [
          (p) => {
            const { captchaRawValue: _drop, ...text } = p.text;
            return { ...p, text };
          },
          'CAPTCHA_RAW_INVALID',
        ],
      ];
      for (const [mutate, code] of refusals) {
        const { c, parts } = await authorized();
        const before = await stored();
        const res = await c.submit('Automotive', mutate(parts(await c.captchaToken())));
        expect(res.statusCode, code).toBe(400);
        expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code });
        expect(res.json().error).toEqual(expect.any(String));
        expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT|INSERT/);
        expect(await stored()).toBe(before);
      }
    });

    it('a captcha value of another session or another submission is refused', async () => {
      const first = await authorized();
      const second = await authorized();
      const foreign = await second.c.submit('Automotive', automotiveParts(first.raw, await second.c.captchaToken(), second.credentials));
      expect(foreign.json()).toMatchObject({ submitted: false, code: 'CAPTCHA_RAW_INVALID' });
      const ok = await first.c.submit('Automotive', first.parts(await first.c.captchaToken()));
      expect(ok.json().submitted).toBe(true);
      // The authorization has filed its claim: other answers are refused, naming its reference code.
      const other = await first.c.submit('Automotive', first.parts(await first.c.captchaToken()));
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ submitted: false, code: 'ALREADY_SUBMITTED' });
      expect(other.json().error).toContain(ok.json().referenceCodeForm);
    });
  });
});
