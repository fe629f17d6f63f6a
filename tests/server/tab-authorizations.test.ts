/**
 * Two tabs of one browser (one session cookie) signed in to the same form as two claimants, over
 * real HTTP on SQLite and PostgreSQL: each tab's calls carry its handle (X-Claim-Tab) and act as
 * its own claimant — page saves, draft reads, uploads and submit — while a call without a handle
 * acts as the latest sign-in, as before. A handle grants nothing its session did not authorize.
 */
import { describe, expect, it } from 'vitest';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { MAX_TAB_AUTHORIZATIONS } from '../../server/claims/session-authorizations.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import { automotiveParts, DIALECTS, encodeMultipart, FILES, model, otherClassVehicle, serverOver, vinOnly, type Claimant, type Credentials } from './helper.js';

const DRAFT = '/api/forms/automotive/draft';
const handle = (n: number) => `tab-${String(n).padStart(4, '0')}-0123456789abcdef`;

/** The answers up to the repairs page; the repair's clientId names a document of it. */
function answers(credentials: Credentials): FormModel[] {
  return [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions }),
  ];
}

describe.each(DIALECTS)('one sign-in per tab (%s)', (dialect) => {
  const server = serverOver(dialect);

  /** The browser's calls from the tab `tab` (every call of `c` carries its handle until changed). */
  const inTab = (c: Claimant, tab: string | null) => {
    c.browserHeaders = tab ? { 'x-claim-tab': tab } : {};
    return c;
  };
  const signIn = async (c: Claimant, credentials: Credentials) => {
    const res = await c.authorize('Automotive', { ...credentials });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ captcha: string }>().captcha;
  };
  const save = (c: Claimant, credentials: Credentials) =>
    server.http({ method: 'PUT', url: DRAFT, headers: { ...c.browserHeaders, ...c.headers() }, payload: { pageId: 'repairs', models: answers(credentials) } });
  const load = (c: Claimant) => server.http({ url: DRAFT, headers: { ...c.browserHeaders, cookie: c.cookie } });
  const vinOf = (models: FormModel[]): FieldValue | undefined => models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'credentials')?.fields.vin;

  it('keeps two claimants signed in from two tabs apart: each saves, reads, uploads and submits its own claim', async () => {
    const c = await server.claimant();
    const first = vinOnly(otherClassVehicle());
    const second = vinOnly(otherClassVehicle());
    const rawA = await signIn(inTab(c, handle(1)), first);
    const rawB = await signIn(inTab(c, handle(2)), second);

    // Tab A, signed in first, still saves as its claimant; so does tab B.
    const savedA = await save(inTab(c, handle(1)), first);
    expect(savedA.statusCode, savedA.body).toBe(200);
    const savedB = await save(inTab(c, handle(2)), second);
    expect(savedB.statusCode, savedB.body).toBe(200);

    // Each tab reads its own claim.
    const loadedA = await load(inTab(c, handle(1)));
    expect(loadedA.statusCode, loadedA.body).toBe(200);
    expect(vinOf(loadedA.json<{ models: FormModel[] }>().models)).toBe(first.vin);
    const loadedB = await load(inTab(c, handle(2)));
    expect(vinOf(loadedB.json<{ models: FormModel[] }>().models)).toBe(second.vin);

    // An upload goes to the tab's own claim.
    const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: model('Automotive', 'DocumentContexts', {}).clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: FILES.pdf }] });
    inTab(c, handle(1));
    const upload = await server.http({ method: 'POST', url: `${DRAFT}/documents`, headers: { ...c.browserHeaders, ...c.headers({ 'content-type': contentType }) }, payload: body });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await load(inTab(c, handle(1)))).json<{ documents: unknown[] }>().documents).toHaveLength(1);
    expect((await load(inTab(c, handle(2)))).json<{ documents: unknown[] }>().documents).toHaveLength(0);

    // Both submit, each its own claim with its own captcha value, in either order.
    const submittedA = await inTab(c, handle(1)).submit('Automotive', automotiveParts(rawA, await c.captchaToken(), first));
    expect(submittedA.statusCode, submittedA.body).toBe(200);
    const submittedB = await inTab(c, handle(2)).submit('Automotive', automotiveParts(rawB, await c.captchaToken(), second));
    expect(submittedB.statusCode, submittedB.body).toBe(200);
    const codes = [submittedA.json().referenceCodeForm, submittedB.json().referenceCodeForm];
    expect(codes[0]).not.toBe(codes[1]);
    const stored = (await server.app.stores.submissions.listSubmissions()).filter((s) => codes.includes(s.referenceCode));
    const vins = stored.map((s) => JSON.stringify(s.payload)).map((text) => [first.vin, second.vin].find((vin) => text.includes(vin)));
    expect(vins.sort()).toEqual([first.vin, second.vin].sort());
    // Each submit removed its own draft only.
    expect((await load(inTab(c, handle(1)))).json()).toMatchObject({ pageId: null, models: [] });
    expect((await load(inTab(c, handle(2)))).json()).toMatchObject({ pageId: null, models: [] });
  });

  it('acts as the latest sign-in for a call without a handle or with one the session does not know', async () => {
    const c = await server.claimant();
    const first = vinOnly(otherClassVehicle());
    const second = vinOnly(otherClassVehicle());
    await signIn(inTab(c, handle(1)), first);
    await signIn(inTab(c, handle(2)), second);
    for (const tab of [null, handle(3), 'not a handle']) {
      const refused = await save(inTab(c, tab), first);
      expect(refused.statusCode, refused.body).toBe(400);
      // A tab with a handle of its own that the session does not keep is told to sign in again.
      expect(refused.json()).toMatchObject({ code: tab === handle(3) ? 'TAB_SIGNED_OUT' : 'CREDENTIALS_CHANGED' });
      const saved = await save(inTab(c, tab), second);
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  it('grants nothing to a handle its session did not authorize', async () => {
    const c = await server.claimant();
    const first = vinOnly(otherClassVehicle());
    await signIn(inTab(c, handle(1)), first);
    const stranger = inTab(await server.claimant(), handle(1));
    const refused = await save(stranger, first);
    expect(refused.statusCode, refused.body).toBe(401);
    expect((await load(stranger)).statusCode).toBe(401);
  });

  it('keeps a tab signed in when another tab of the browser fails to sign in', async () => {
    const c = await server.claimant();
    const first = vinOnly(otherClassVehicle());
    await signIn(inTab(c, handle(1)), first);
    const notInClass = await inTab(c, handle(2)).authorize('Automotive', { ...vinOnly('1HGCM82633A004352') });
    expect(notInClass.json()).toMatchObject({ authorized: false, code: 'NOT_CLASS_VEHICLE' });
    const saved = await save(inTab(c, handle(1)), first);
    expect(saved.statusCode, saved.body).toBe(200);
    // Without a handle, the failed attempt left the session unauthorized (spec §4).
    expect((await save(inTab(c, null), first)).statusCode).toBe(401);
  });

  it(`keeps the sign-ins of the ${MAX_TAB_AUTHORIZATIONS} most recent tabs; an older tab acts as the latest sign-in, and its claimant's saves and submit are told to sign in again (in their language), not that their credentials changed`, async () => {
    const c = await server.claimant();
    const claimants = Array.from({ length: MAX_TAB_AUTHORIZATIONS + 1 }, () => vinOnly(otherClassVehicle()));
    const raws: string[] = [];
    for (const [i, credentials] of claimants.entries()) raws.push(await signIn(inTab(c, handle(i)), credentials));
    const forgotten = await save(inTab(c, handle(0)), claimants[0]!);
    expect(forgotten.statusCode, forgotten.body).toBe(400);
    expect(forgotten.json()).toMatchObject({
      code: 'TAB_SIGNED_OUT',
      error: 'This tab is no longer signed in: this claim was opened in too many tabs, or you signed in again in another tab. The answers you saved are kept: sign in again with the same details to continue where you left off.',
    });
    const inSpanish = await server.http({ method: 'PUT', url: `${DRAFT}?culture=es`, headers: { ...c.browserHeaders, ...c.headers(), 'accept-language': 'es' }, payload: { pageId: 'repairs', models: answers(claimants[0]!) } });
    expect(inSpanish.json()).toMatchObject({
      code: 'TAB_SIGNED_OUT',
      error: 'Esta pestaña ya no tiene la sesión iniciada: este reclamo se abrió en demasiadas pestañas, o usted inició sesión de nuevo en otra pestaña. Las respuestas que guardó se conservan: inicie sesión de nuevo con los mismos datos para continuar donde lo dejó.',
    });
    const submitted = await inTab(c, handle(0)).submit('Automotive', automotiveParts(raws[0]!, await c.captchaToken(), claimants[0]!));
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(submitted.json()).toMatchObject({ code: 'TAB_SIGNED_OUT', submitted: false });
    const kept = await save(inTab(c, handle(1)), claimants[1]!);
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
