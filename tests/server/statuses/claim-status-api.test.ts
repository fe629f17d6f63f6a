/**
 * POST /api/claims/status: a claimant sees their claim's status with its reference code and the
 * claim's own credentials; a wrong reference code and wrong credentials are refused alike, never
 * telling whether a claim exists; attempts are limited per reference code and per address; the
 * fraud screening is never shown; CSRF and a session as every other POST.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyStatusChanges } from '../../../server/claims/statuses.js';
import { generateReferenceCode } from '../../../server/db/reference-code.js';
import { DIALECTS, FIXTURES, MARIA, OPEN_NOW, serverOver, settlementCopy } from '../helper.js';

const LIMITS = { max: 3, maxPerIp: 5, maxNoticeIdsPerIp: 10, windowMinutes: 15 };
const WINDOW_MS = LIMITS.windowMinutes * 60_000;
const settings: Record<string, unknown> = JSON.parse(readFileSync(path.join(FIXTURES, 'settings.json'), 'utf8'));
const REFUSAL = {
  code: 'CLAIM_STATUS_NOT_MATCHED',
  error: 'We could not find a claim with this reference code and these details. Please check the reference code on your confirmation or receipt, and enter the same details you signed in with when you filed.',
};

describe.each(DIALECTS)('the claim status of a claimant, over %s', (dialect) => {
  let now = OPEN_NOW;
  let windowIndex = 0;
  const server = serverOver(dialect, () => ({ clock: () => now, trustProxy: 1, settlementDir: settlementCopy({ 'settings.json': { ...settings, pinAttempts: LIMITS } }) }));
  let address = 0;
  let filed: string | undefined;
  beforeEach(() => {
    // Each test in a window of its own: the attempt counters of one do not reach the next.
    now = OPEN_NOW + ++windowIndex * WINDOW_MS + 60_000;
  });
  const claimant = async () => {
    const c = await server.claimant();
    c.remoteAddress = `198.51.100.${++address}`;
    return c;
  };
  /** MARIA's claim, filed once with her Notice ID and PIN. */
  async function marias(): Promise<string> {
    if (filed) return filed;
    const a = await server.authorized('Automotive', MARIA);
    const res = await a.c.submit('Automotive', a.parts(await a.c.captchaToken()));
    expect(res.statusCode, res.body).toBe(200);
    filed = res.json<{ referenceCodeForm: string }>().referenceCodeForm;
    // Filed in a second, the claim is flagged by the fraud screening (and would read as under review): accepted here, so that it reads as filed.
    await setDisposition(filed, 'accepted');
    return filed;
  }
  async function setDisposition(code: string, disposition: 'accepted' | 'flagged' | 'held') {
    const { submissionId } = await server.app.database.db.selectFrom('submissions').select('id as submissionId').where('reference_code', '=', code).executeTakeFirstOrThrow();
    await server.app.database.db.updateTable('claim_signals').set({ disposition }).where('submission_id', '=', Number(submissionId)).execute();
  }
  const credentials = (over: Partial<Record<'vin' | 'noticeId' | 'pin', string>> = {}) => ({ vin: MARIA.vin, noticeId: MARIA.noticeId, pin: MARIA.pin, ...over });

  it('answers the status of a claim as filed, then as the administrator set it, with its deficiencies and cure-by date', async () => {
    const code = await marias();
    const c = await claimant();
    const asFiled = await c.api.claimStatus(code.toLowerCase(), credentials({ noticeId: MARIA.noticeId.toLowerCase() }));
    expect(asFiled).toMatchObject({ ok: true, status: 200 });
    expect(asFiled.ok && asFiled.data).toMatchObject({ referenceCode: code, formType: 'Automotive', status: 'received', labelKey: 'LocKey_Status_Received', nextKey: 'LocKey_Status_Received_Next', changedAt: null, deficiencies: [], cureBy: null, cureByAt: null });

    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'deficient', deficiencies: ['missingProofOfPurchase', 'unsigned'], cureBy: '2026-12-31' }], { changedBy: 'admin status', statusLink: 'https://claims.example.com/status', clock: () => now });
    const deficient = await c.api.claimStatus(code, credentials());
    expect(deficient.ok && deficient.data).toMatchObject({
      status: 'deficient',
      labelKey: 'LocKey_Status_Deficient',
      changedAt: new Date(now).toISOString(),
      deficiencies: [
        { kind: 'missingProofOfPurchase', textKey: 'LocKey_Deficiency_MissingProofOfPurchase', cure: { kind: 'document', documentType: 'proofOfPayment' } },
        { kind: 'unsigned', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'signature' } },
      ],
      cureBy: '2026-12-31',
      cureByAt: '2027-01-01T07:59:59.999Z',
    });
    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'approved', deficiencies: [] }], { changedBy: 'admin status', statusLink: null, clock: () => now });
    const approved = await c.api.claimStatus(code, credentials());
    expect(approved.ok && approved.data).toMatchObject({ status: 'approved', deficiencies: [], cureBy: null });
  });

  it('refuses a wrong PIN, a wrong VIN, a reference code naming no claim and one of another claimant identically', async () => {
    const code = await marias();
    const other = await server.authorized('Automotive');
    const otherCode = (await other.c.submit('Automotive', other.parts(await other.c.captchaToken()))).json<{ referenceCodeForm: string }>().referenceCodeForm;
    const tries = [
      [code, credentials({ pin: '000000' })],
      [code, credentials({ vin: other.credentials.vin })],
      [code, { vin: MARIA.vin }],
      [generateReferenceCode('Automotive'), credentials()],
      ['AUT-NOTACODE', credentials()],
      [otherCode, credentials()],
    ] as const;
    for (const [reference, typed] of tries) {
      const c = await claimant();
      const res = await c.raw('POST', '/api/claims/status', { json: { referenceCode: reference, credentials: typed } });
      expect(res.statusCode, `${reference} ${JSON.stringify(typed)}`).toBe(404);
      expect(res.json(), reference).toEqual(REFUSAL);
    }
  });

  it('locks a reference code after its attempts, the right credentials included, until the window ends', async () => {
    const code = await marias();
    for (let i = 0; i < LIMITS.max; i++) {
      const res = await (await claimant()).raw('POST', '/api/claims/status', { json: { referenceCode: code, credentials: credentials({ pin: `00000${i}` }) } });
      expect(res.statusCode).toBe(404);
    }
    const locked = await (await claimant()).raw('POST', '/api/claims/status', { json: { referenceCode: code, credentials: credentials() } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_CLAIM_STATUS_ATTEMPTS' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    now += WINDOW_MS;
    const later = await (await claimant()).api.claimStatus(code, credentials());
    expect(later).toMatchObject({ ok: true, status: 200 });
  });

  it('locks an address after its refusals, whatever reference codes it tries', async () => {
    await marias();
    const c = await claimant();
    for (let i = 0; i < LIMITS.maxPerIp; i++) {
      const res = await c.raw('POST', '/api/claims/status', { json: { referenceCode: generateReferenceCode('Automotive'), credentials: credentials() } });
      expect(res.statusCode).toBe(404);
    }
    const locked = await c.api.claimStatus(filed!, credentials());
    expect(locked).toMatchObject({ ok: false, status: 429 });
    // Another address is not locked.
    expect(await (await claimant()).api.claimStatus(filed!, credentials())).toMatchObject({ ok: true, status: 200 });
  });

  it.each(['held', 'flagged'] as const)('shows a claim the fraud screening has %s as under review, never the screening', async (disposition) => {
    // A claim filed by its VIN alone (no Notice ID): its VIN is its credential.
    const a = await server.authorized('Automotive');
    const code = (await a.c.submit('Automotive', a.parts(await a.c.captchaToken()))).json<{ referenceCodeForm: string }>().referenceCodeForm;
    await setDisposition(code, disposition);
    const c = await claimant();
    const res = await c.raw('POST', '/api/claims/status', { json: { referenceCode: code, credentials: { vin: a.credentials.vin } } });
    expect(res.json()).toMatchObject({ status: 'underReview', labelKey: 'LocKey_Status_UnderReview', changedAt: null });
    expect(res.body).not.toMatch(/held|flag|risk|screen|disposition/i);
    // A status the administrator set is shown as set.
    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'denied', deficiencies: [] }], { changedBy: 'admin status', statusLink: null, clock: () => now });
    expect(await c.api.claimStatus(code, { vin: a.credentials.vin })).toMatchObject({ ok: true, data: { status: 'denied' } });
  });

  it('refuses a call without the session’s CSRF token, and a body the contract does not allow', async () => {
    const code = await marias();
    const c = await claimant();
    const noToken = await server.http({ method: 'POST', url: '/api/claims/status', headers: { cookie: c.cookie }, payload: { referenceCode: code, credentials: credentials() } });
    expect(noToken.statusCode).toBe(403);
    const noSession = await server.http({ method: 'POST', url: '/api/claims/status', headers: { 'x-csrf-token': c.csrf }, payload: { referenceCode: code, credentials: credentials() } });
    expect(noSession.statusCode).toBe(403);
    const bad = await c.raw('POST', '/api/claims/status', { json: { referenceCode: code, credentials: { vin: 42 } } });
    expect(bad.statusCode).toBe(400);
  });
});
