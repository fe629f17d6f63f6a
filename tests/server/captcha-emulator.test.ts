import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_SITE_KEYS, startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';

describe('the captcha emulator', () => {
  let now = 1_000_000;
  let emu: CaptchaEmulator;
  beforeAll(async () => {
    emu = await startCaptchaEmulator({ clock: () => now });
  });
  afterAll(async () => {
    await emu?.close();
  });

  const token = async (sitekey = 'emulator-site-key') => {
    const res = await fetch(`${emu.origin}/token`, { method: 'POST', body: JSON.stringify({ sitekey, hostname: 'claims.example' }) });
    return { status: res.status, body: (await res.json()) as { token?: string; error?: string } };
  };
  const verify = async (response: string, secret = 'emulator-secret') => {
    const res = await fetch(emu.verifyUrl, { method: 'POST', body: new URLSearchParams({ secret, response, remoteip: '127.0.0.1' }) });
    return (await res.json()) as { success: boolean; hostname?: string; 'error-codes': string[] };
  };

  it('serves a provider-compatible script for each provider, with the onload callback', async () => {
    for (const [provider, global] of [['recaptcha', 'grecaptcha'], ['hcaptcha', 'hcaptcha'], ['turnstile', 'turnstile']] as const) {
      const res = await fetch(`${emu.scriptUrl(provider)}?onload=onCaptchaLoad&render=explicit`);
      expect(res.headers.get('content-type')).toContain('javascript');
      const js = await res.text();
      expect(js).toContain(`var GLOBAL = "${global}"`);
      expect(js).toContain('var ONLOAD = "onCaptchaLoad"');
      for (const fn of ['render', 'execute', 'reset', 'getResponse']) expect(js).toContain(`${fn}: ${fn}`);
    }
    const evil = await (await fetch(`${emu.scriptUrl('recaptcha')}?onload=alert(1)`)).text();
    expect(evil).toContain('var ONLOAD = null');
  });

  it('siteverify: success once per token with its hostname, then timeout-or-duplicate', async () => {
    const { body } = await token();
    expect(await verify(body.token!)).toMatchObject({ success: true, hostname: 'claims.example' });
    expect(await verify(body.token!)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('siteverify refuses a wrong secret, an unknown token and an expired one', async () => {
    const { body } = await token();
    expect((await verify(body.token!, 'wrong'))['error-codes']).toEqual(['invalid-input-secret']);
    expect((await verify('never-issued'))['error-codes']).toEqual(['invalid-input-response']);
    now += 121_000;
    expect((await verify(body.token!))['error-codes']).toEqual(['timeout-or-duplicate']);
  });

  it('special site keys force failures', async () => {
    const failing = await token(EMULATOR_SITE_KEYS.failVerify);
    expect((await verify(failing.body.token!)).success).toBe(false);
    expect((await token(EMULATOR_SITE_KEYS.failExecute)).status).toBe(500);
  });
});
