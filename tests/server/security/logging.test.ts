/**
 * Threat: the server's log as a leak. Logs are kept longer than sessions, copied to aggregators and
 * read by operators; a claimant's PIN, Notice ID, VIN, name, e-mail, phone or address, a captcha
 * token or value, a CSRF token or a session id written there would outlive the claim's protection.
 * The logger redacts cookies, tokens and the personal data of a claim, and logs requests by method,
 * path and route alone; a failed and a successful authorize and a stored submission, logged at the
 * development level (the most verbose), must contain none of them. Nor may a resume code (with the
 * credentials it opens a saved claim): not in the path of a resume link, not from the calls that
 * send it.
 *
 * Real HTTP, SQLite and PostgreSQL.
 */
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/app.js';
import { MARIA_ANSWERS } from '../../support/sample-claim.js';
import { automotiveParts, DIALECTS, model, serverOver } from '../helper.js';

describe.each(DIALECTS)('the log, over %s', (dialect) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = serverOver(dialect, { trustProxy: 1, logger: { ...(loggerOptions('development') as object), stream } as FastifyServerOptions['logger'] });

  it('logs an authorize and a submit without personal data, tokens or cookies', async () => {
    // James O'Neil of the sample class list, with his Notice ID and PIN.
    const james = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
    const c = await server.claimant();
    const firstCookie = c.cookie;
    const authToken = await c.captchaToken();
    const wrong = await c.authorize('Automotive', { ...james, pin: '731264' });
    expect(wrong.statusCode).toBe(401);
    const auth = await c.authorize('Automotive', { ...james }, authToken);
    const raw = auth.json<{ captcha: string }>().captcha;
    const token = await c.captchaToken();
    const res = await c.submit('Automotive', automotiveParts(raw, token, james));
    expect(res.json().submitted).toBe(true);
    const log = lines.join('');
    expect(log).toContain('submission stored');
    expect(log).toContain('/api/forms/automotive/authorize');
    const secrets = [james.pin, '731264', james.noticeId, james.vin, 'María', 'Garcia', 'maria.garcia', '555-0142', 'Harbor', raw, authToken, token, c.csrf];
    for (const cookie of [firstCookie, c.cookie]) secrets.push(cookie.split('=')[1]!.split('.')[0]!);
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });

  it('logs no resume code: neither the path of a resume link, in any spelling, nor the code sent to look it up or to sign in with', async () => {
    const c = await server.authorized('Automotive');
    const models = [model('Automotive', 'Credentials', { ...c.credentials }), model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo })];
    const saved = await server.http({ method: 'POST', url: '/api/forms/automotive/draft/later', headers: c.c.headers(), payload: { pageId: 'claimant-info', models } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { code } = saved.json<{ code: string }>();
    const from = lines.length;

    const other = await server.claimant();
    for (const url of [`/resume/${code}`, `/resume/${code.toLowerCase()}?culture=es`, `/Resume/${code.replace(/-/g, '')}`, `/resume/${code}/extra`]) {
      const page = await server.http({ url, headers: { cookie: other.cookie } });
      expect(page.statusCode, url).toBeLessThan(500);
    }
    const which = await server.http({ method: 'POST', url: '/api/forms/resume', headers: other.headers(), payload: { code } });
    expect(which.statusCode, which.body).toBe(200);
    const signedIn = await other.authorize('Automotive', { ...c.credentials }, undefined, server.app, { resumeCode: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const log = lines.slice(from).join('');
    expect(log).toContain('"path":"/resume/[redacted]"');
    expect(log).toContain('"path":"/Resume/[redacted]"');
    expect(log).toContain('"path":"/resume/[redacted]/extra"');
    expect(log).toContain('/api/forms/resume');
    for (const spelling of [code, code.toLowerCase(), code.replace(/-/g, ''), code.slice(0, 4)]) expect(log, spelling).not.toContain(spelling);
  });
});
