/**
 * Threat: characters outside the settlement's whitelist stored with a claim, when the browser's
 * check does not run. The browser restricts nothing when it cannot load the whitelist (a 403 or a
 * failure on GET /api/characters-whitelist), and a client of its own never checks; the server
 * checks every submitted text against its own whitelist (the rule engine on side 'server'),
 * refuses with a 400 naming the field and the characters, and stores nothing. Real HTTP, SQLite
 * and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { automotiveParts, DIALECTS, MARIA, serverOver } from '../helper.js';

describe.each(DIALECTS)('characters outside the whitelist, over %s', (dialect) => {
  const server = serverOver(dialect);
  const { claimant, stored } = server;

  async function submitWith(fields: { firstName?: string; repairDescription?: string }) {
    const c = await claimant();
    const auth = await c.authorize('Automotive', { ...MARIA });
    expect(auth.statusCode).toBe(200);
    const parts = automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken());
    const info = JSON.parse(parts.text.claimantInfo!) as { fields: Record<string, unknown> };
    if (fields.firstName !== undefined) info.fields.firstName = fields.firstName;
    const repairs = JSON.parse(parts.text.claimTransactions!) as Array<{ fields: Record<string, unknown> }>;
    if (fields.repairDescription !== undefined) repairs[0]!.fields.repairDescription = fields.repairDescription;
    return c.submit('Automotive', { ...parts, text: { ...parts.text, claimantInfo: JSON.stringify(info), claimTransactions: JSON.stringify(repairs) } });
  }

  it('are refused on submit with a 400 naming the field and the characters, and nothing is stored', async () => {
    const before = await stored();
    const res = await submitWith({ firstName: 'María <b>', repairDescription: 'Gearbox 😀 replaced' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ submitted: boolean; code: string; error: string }>();
    expect(body).toMatchObject({ submitted: false, code: 'VALIDATION_FAILED' });
    // Named as the page shows it: the page's title and the field's label.
    expect(body.error).toContain('Your Contact Information — First name');
    expect(body.error).toMatch(/not allowed: < >/);
    expect(body.error).toContain('😀');
    expect(await stored()).toBe(before);
  });

  it('while accented letters, punctuation and line breaks of the whitelist pass', async () => {
    const res = await submitWith({ firstName: 'María-José', repairDescription: 'Transmission slipped;\r\nreplaced — twice.' });
    expect(res.json()).toMatchObject({ submitted: true });
  });
});
