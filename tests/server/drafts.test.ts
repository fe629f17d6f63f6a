/**
 * The claim in progress kept by the server (PUT/GET …/draft, POST /api/session/keep-alive), over
 * real HTTP on SQLite and PostgreSQL with a clock the tests move: saves checked by the pages' own
 * logic, a draft found again by the same credentials in a new session and by no one else, the
 * session kept alive by saves and the keep-alive, the draft deleted by the submit (also on another
 * instance after a restart) and purged after its retention period or the form's deadline.
 */
import { describe, expect, it } from 'vitest';
import type { FieldValue, FormModel, FormType } from '../../runtime/core/types.js';
import type { DraftKey } from '../../server/db/types.js';
import { identityKeyOf } from '../../server/claims/claim-keys.js';
import { SERVER_ERRORS } from '../../server/errors.js';
import { invoiceContext, MARIA_ANSWERS } from '../support/sample-claim.js';
import { DIALECTS, encodeMultipart, MARIA, OPEN_NOW, overHttp, serverOver, testApp, vinOnly, otherClassVehicle, model, type Claimant, type Credentials } from './helper.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const credentialsModel = (formType: FormType, credentials: Credentials) => model(formType, 'Credentials', { ...credentials });

/** María's answers up to each page of the Automotive flow. */
function automotiveAnswers(credentials: Credentials, claimantInfo: Record<string, FieldValue> = MARIA_ANSWERS.ClaimantInfo) {
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
  return {
    credentials: credentialsModel('Automotive', credentials),
    claimantInfo: model('Automotive', 'ClaimantInfo', { ...claimantInfo }),
    claimDetails: model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    repair,
  };
}

const isCredentials = (m: FormModel) => m.metadata.dtoMapping.toLowerCase() === 'credentials';

function draftUrl(formType: FormType) {
  return `/api/forms/${formType.toLowerCase()}/draft`;
}

describe.each(DIALECTS)('the claim in progress (%s)', (dialect) => {
  let now = OPEN_NOW;
  const server = serverOver(dialect, () => ({ clock: () => now }));

  const save = (c: Claimant, pageId: string, models: FormModel[], formType: FormType = 'Automotive', headers = c.headers()) =>
    server.http({ method: 'PUT', url: draftUrl(formType), headers, payload: { pageId, models } });
  /** The key of the one draft saved for a VIN alone (such a draft is its authorization's). */
  const vinDraftKey = async (formType: FormType, vin: string): Promise<DraftKey> => {
    const identity = identityKeyOf(server.app, { vin, noticeId: '' });
    const rows = await server.app.database.db.selectFrom('drafts').select('claimant_key').where('form_type', '=', formType).where('claimant_key', 'like', `${identity}.%`).execute();
    expect(rows).toHaveLength(1);
    return { formType, claimantKey: rows[0]!.claimant_key };
  };
  const load = (c: Claimant, formType: FormType = 'Automotive') => server.http({ url: draftUrl(formType), headers: { cookie: c.cookie } });
  /** A new session authorized with `credentials`, as after closing the browser. */
  const again = async (formType: FormType, credentials: Credentials) => {
    const c = await server.claimant();
    const res = await c.authorize(formType, { ...credentials });
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };

  it('saves page after page and loads the last save, with the credentials as the server holds them (no PIN)', async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const a = automotiveAnswers(credentials);

    const first = await save(c, 'claimant-info', [a.credentials, a.claimantInfo]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      savedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 30 * DAY).toISOString(),
      sessionExpiresAt: new Date(now + 30 * MINUTE).toISOString(),
    });

    now += 5 * MINUTE;
    const second = await save(c, 'repairs', [a.credentials, a.claimantInfo, a.claimDetails, a.repair]);
    expect(second.statusCode, second.body).toBe(200);

    const loaded = await load(c);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const draft = loaded.json<{ pageId: string; models: FormModel[]; savedAt: string }>();
    expect(draft.pageId).toBe('repairs');
    expect(draft.savedAt).toBe(new Date(now).toISOString());
    expect(draft.models.map((m) => m.clientId).sort()).toEqual([a.credentials, a.claimantInfo, a.claimDetails, a.repair].map((m) => m.clientId).sort());
    expect(draft.models.find((m) => m.clientId === a.claimantInfo.clientId)?.fields).toEqual(a.claimantInfo.fields);
    expect(draft.models.find((m) => isCredentials(m))?.fields).toMatchObject({ vin: credentials.vin, pin: null });
  });

  it('saves on every page of both flows, documents described but not yet sent', async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const a = automotiveAnswers(credentials);
    const invoice = model('Automotive', 'DocumentContexts', invoiceContext(a.repair.clientId, 1000));
    const signature = model('Automotive', 'Signature', { ...MARIA_ANSWERS.Signature });
    const steps: Array<[string, FormModel[]]> = [
      ['start', [a.credentials]],
      ['claimant-info', [a.credentials, a.claimantInfo]],
      ['eligibility', [a.credentials, a.claimantInfo, a.claimDetails]],
      ['repairs', [a.credentials, a.claimantInfo, a.claimDetails, a.repair]],
      ['supporting-documents', [a.credentials, a.claimantInfo, a.claimDetails, a.repair, invoice]],
      ['claim-summary', [a.credentials, a.claimantInfo, a.claimDetails, a.repair, invoice, signature]],
    ];
    for (const [pageId, models] of steps) {
      const res = await save(c, pageId, models);
      expect(res.statusCode, `${pageId}: ${res.body}`).toBe(200);
    }
    expect((await load(c)).json().models).toHaveLength(6);

    const excluding = await server.authorized('Exclusion');
    const exclusion = [credentialsModel('Exclusion', excluding.credentials), model('Exclusion', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }), model('Exclusion', 'Signature', { ...MARIA_ANSWERS.Signature })];
    for (const pageId of ['exclusion-start', 'exclusion-claimant-info', 'exclusion-claim-summary']) {
      const res = await save(excluding.c, pageId, exclusion, 'Exclusion');
      expect(res.statusCode, `${pageId}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a page the answers skip, a page after an unanswered one, a required field left empty, another form, no authorization and no CSRF token', async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const a = automotiveAnswers(credentials);
    const all = [a.credentials, a.claimantInfo, a.claimDetails, a.repair];

    // María paid before September: the denials page is skipped.
    const skipped = await save(c, 'denials', all);
    expect(skipped.statusCode, skipped.body).toBe(400);
    expect(skipped.json()).toMatchObject({ code: 'PAGE_NOT_REACHED' });
    expect(skipped.json().error).toMatch(/skip this page/);

    const early = await save(c, 'eligibility', [a.credentials, a.claimDetails]);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ code: 'PAGE_NOT_REACHED' });
    expect(early.json().error).toContain('Your Contact Information: this page has not been answered yet.');

    const missing = automotiveAnswers(credentials, { ...MARIA_ANSWERS.ClaimantInfo, firstName: null });
    const required = await save(c, 'claimant-info', [missing.credentials, missing.claimantInfo]);
    expect(required.statusCode, required.body).toBe(400);
    expect(required.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(required.json().error).toMatch(/Your Contact Information — .*first name/i);

    const otherModels = await save(c, 'exclusion-claimant-info', [credentialsModel('Exclusion', credentials)]);
    expect(otherModels.statusCode, otherModels.body).toBe(400);
    const otherForm = await save(c, 'exclusion-claimant-info', [credentialsModel('Exclusion', credentials), model('Exclusion', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo })], 'Exclusion');
    expect(otherForm.statusCode, otherForm.body).toBe(401);
    expect(otherForm.json()).toMatchObject({ code: 'NOT_AUTHORIZED' });

    const stranger = await server.claimant();
    const unauthorized = await save(stranger, 'claimant-info', [a.credentials, a.claimantInfo]);
    expect(unauthorized.statusCode, unauthorized.body).toBe(401);
    expect((await load(stranger)).statusCode).toBe(401);

    const noCsrf = await save(c, 'claimant-info', [a.credentials, a.claimantInfo], 'Automotive', { cookie: c.cookie });
    expect(noCsrf.statusCode, noCsrf.body).toBe(403);

    const changed = await save(c, 'claimant-info', [credentialsModel('Automotive', vinOnly(otherClassVehicle())), a.claimantInfo]);
    expect(changed.json()).toMatchObject({ code: 'CREDENTIALS_CHANGED' });

    // Nothing was stored by any of them.
    const nothing = await load(c);
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json()).toMatchObject({ pageId: null, models: [] });
  });

  it('keeps a page the claimant is still on (a document record saved while they work): its empty fields are not refused, and a resume reopens that page', async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const missing = automotiveAnswers(credentials, { ...MARIA_ANSWERS.ClaimantInfo, firstName: null });
    const put = (unfinished?: boolean) =>
      server.http({ method: 'PUT', url: draftUrl('Automotive'), headers: c.headers(), payload: { pageId: 'claimant-info', models: [missing.credentials, missing.claimantInfo], ...(unfinished === undefined ? {} : { unfinished }) } });

    // As Next: refused.
    expect((await put()).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await put(false)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // Still on the page: kept, marked unfinished.
    const kept = await put(true);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await load(c)).json()).toMatchObject({ pageId: 'claimant-info', pageUnfinished: true });
    // What was typed is still checked.
    const typed = automotiveAnswers(credentials, { ...MARIA_ANSWERS.ClaimantInfo, firstName: null, emailAddress: 'not an address' });
    const bad = await server.http({ method: 'PUT', url: draftUrl('Automotive'), headers: c.headers(), payload: { pageId: 'claimant-info', models: [typed.credentials, typed.claimantInfo], unfinished: true } });
    expect(bad.statusCode, bad.body).toBe(400);
    // Next with the page complete: no longer unfinished.
    const a = automotiveAnswers(credentials);
    expect((await save(c, 'claimant-info', [a.credentials, a.claimantInfo])).statusCode).toBe(200);
    expect((await load(c)).json()).toMatchObject({ pageId: 'claimant-info', pageUnfinished: false });
  });

  it("names each field a page refuses, and answers in the claimant's language (the culture the page sends)", async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const missing = automotiveAnswers(credentials, { ...MARIA_ANSWERS.ClaimantInfo, firstName: null });
    const put = (culture: string | null, models: FormModel[], claimant = c) =>
      server.http({ method: 'PUT', url: `${draftUrl('Automotive')}${culture ? `?culture=${culture}` : ''}`, headers: claimant.headers(), payload: { pageId: 'claimant-info', models } });
    // The sample settlement's locale files may word a message of the catalogue their own way.
    const text = (code: 'VALIDATION_FAILED' | 'NOT_AUTHORIZED', culture: 'en' | 'es') => server.app.locales.text(SERVER_ERRORS[code].key, culture) ?? SERVER_ERRORS[code][culture];

    const english = await put(null, [missing.credentials, missing.claimantInfo]);
    expect(english.statusCode, english.body).toBe(400);
    expect(english.json().error).toContain(text('VALIDATION_FAILED', 'en'));
    expect(english.json().fieldErrors).toEqual([{ pageId: 'claimant-info', fieldId: 'claimantInfo-firstName', message: expect.any(String) }]);

    const spanish = await put('es', [missing.credentials, missing.claimantInfo]);
    expect(spanish.statusCode, spanish.body).toBe(400);
    expect(spanish.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [{ pageId: 'claimant-info', fieldId: 'claimantInfo-firstName' }] });
    expect(spanish.json().error).toContain(text('VALIDATION_FAILED', 'es'));
    // The page's own words too: its title and the field's message in Spanish, not English.
    expect(spanish.json().error).not.toContain(text('VALIDATION_FAILED', 'en'));
    expect(spanish.json().fieldErrors[0].message).not.toBe(english.json().fieldErrors[0].message);

    // What is not the claimant's to correct is told in their language too.
    const stranger = await server.claimant();
    const signedOut = await put('es', [missing.credentials, missing.claimantInfo], stranger);
    expect(signedOut.statusCode, signedOut.body).toBe(401);
    expect(signedOut.json()).toEqual({ code: 'NOT_AUTHORIZED', error: text('NOT_AUTHORIZED', 'es') });
  });

  it('answers what authorize prefilled, before the first save (200, an empty claim in progress) and after it, and nothing prefilled for a VIN alone', async () => {
    now = OPEN_NOW;
    const c = await server.claimant();
    const signedIn = await c.authorize('Automotive', { vin: MARIA.vin, noticeId: MARIA.noticeId, pin: MARIA.pin });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const prefilled = signedIn.json<{ prepopulatedData: Record<string, FieldValue> }>().prepopulatedData;
    expect(prefilled).toMatchObject({ FirstName: expect.any(String) });

    // A reload of the contact page before its first Next: no claim in progress, the prefill kept.
    const early = await load(c);
    // Not a failure (a browser would log one on every first sign-in): an empty claim in progress.
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({
      pageId: null,
      pageUnfinished: false,
      models: [],
      openRecords: [],
      savedAt: null,
      expiresAt: null,
      documents: [],
      prepopulatedData: prefilled,
      credentials: { vin: MARIA.vin, noticeId: MARIA.noticeId },
    });

    const a = automotiveAnswers(MARIA);
    expect((await save(c, 'claimant-info', [a.credentials, a.claimantInfo])).statusCode).toBe(200);
    expect((await load(c)).json()).toMatchObject({ pageId: 'claimant-info', prepopulatedData: prefilled });

    const vin = await server.claimant();
    expect((await vin.authorize('Automotive', { ...vinOnly(otherClassVehicle()) })).statusCode).toBe(200);
    expect((await load(vin)).json()).toMatchObject({ pageId: null, prepopulatedData: null });
  });

  it('finds the draft again after the session ended and the claimant authorized with the same credentials, and no one else does', async () => {
    now = OPEN_NOW;
    const credentials = MARIA;
    const c = await again('Automotive', credentials);
    const a = automotiveAnswers(credentials);
    expect((await save(c, 'eligibility', [a.credentials, a.claimantInfo, a.claimDetails])).statusCode).toBe(200);

    now += 45 * MINUTE; // the session is gone
    expect((await load(c)).statusCode).toBe(401);

    const back = await again('Automotive', credentials);
    const loaded = await load(back);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ pageId: 'eligibility' });
    expect(loaded.json().models.find((m: FormModel) => isCredentials(m)).fields).toMatchObject({ noticeId: MARIA.noticeId, pin: null });

    // Her VIN without her Notice ID and PIN is someone else, and so is another vehicle.
    expect((await load(await again('Automotive', vinOnly(MARIA.vin)))).json()).toMatchObject({ pageId: null, models: [] });
    expect((await load(await again('Automotive', vinOnly(otherClassVehicle())))).json()).toMatchObject({ pageId: null, models: [] });
    // The same claimant's other form has no draft.
    expect((await load(await again('Exclusion', vinOnly(MARIA.vin)), 'Exclusion')).json()).toMatchObject({ pageId: null, models: [] });

    // The table names no one.
    const rows = await server.app.database.db.selectFrom('drafts').select(['claimant_key', 'models']).execute();
    for (const row of rows) {
      expect(row.claimant_key).not.toContain(MARIA.noticeId);
      expect(row.claimant_key).not.toContain(MARIA.vin);
      expect(row.models).not.toContain(MARIA.pin);
    }
  });

  it('deletes the draft with the submission, and a retry of the submit still answers', async () => {
    now = OPEN_NOW;
    const { c, credentials, parts } = await server.authorized();
    const a = automotiveAnswers(credentials);
    expect((await save(c, 'repairs', [a.credentials, a.claimantInfo, a.claimDetails, a.repair])).statusCode).toBe(200);

    const submission = parts(await c.captchaToken());
    const first = await c.submit('Automotive', submission);
    expect(first.statusCode, first.body).toBe(200);
    expect((await load(c)).json()).toMatchObject({ pageId: null, models: [] });

    const retry = await c.submit('Automotive', { ...submission, text: { ...submission.text, reCaptchaResponse: await c.captchaToken() } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().referenceCodeForm).toBe(first.json().referenceCodeForm);

    // A save from another tab after Submit leaves no draft behind.
    const late = await save(c, 'repairs', [a.credentials, a.claimantInfo, a.claimDetails, a.repair]);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_SUBMITTED' });
    expect(late.json().error).toContain(first.json().referenceCodeForm);
    expect((await load(c)).json()).toMatchObject({ pageId: null, models: [] });
  });

  it('refuses a save of a claim kept by its Notice ID once another session filed it (another browser): 409 with its reference code, no draft left', async () => {
    now = OPEN_NOW;
    // James O'Neil of the sample class list, by his Notice ID and PIN.
    const { c, credentials, parts } = await server.authorized('Automotive', { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' });
    const a = automotiveAnswers(credentials);
    const all = [a.credentials, a.claimantInfo, a.claimDetails, a.repair];
    // The same class member signed in in another browser, before anything was filed.
    const elsewhere = await again('Automotive', credentials);
    expect((await save(elsewhere, 'repairs', all)).statusCode).toBe(200);

    const filed = await c.submit('Automotive', parts(await c.captchaToken()));
    expect(filed.statusCode, filed.body).toBe(200);
    const late = await server.http({ method: 'PUT', url: `${draftUrl('Automotive')}?culture=es`, headers: elsewhere.headers(), payload: { pageId: 'repairs', models: all, unfinished: true } });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_SUBMITTED' });
    expect(late.json().error).toBe(SERVER_ERRORS.ALREADY_SUBMITTED.es.replace('{0}', filed.json().referenceCodeForm));
    expect((await load(elsewhere)).json()).toMatchObject({ pageId: null, models: [] });
  });

  it('submits on another instance after a restart between the last save and Submit', async () => {
    now = OPEN_NOW;
    const { c, credentials, parts } = await server.authorized();
    const a = automotiveAnswers(credentials);
    expect((await save(c, 'repairs', [a.credentials, a.claimantInfo, a.claimDetails, a.repair])).statusCode).toBe(200);

    const restarted = await testApp(await server.db.open(), server.emulator, { clock: () => now });
    try {
      const http = await overHttp(restarted);
      const loaded = await http({ url: draftUrl('Automotive'), headers: { cookie: c.cookie } });
      expect(loaded.statusCode, loaded.body).toBe(200);
      const { body, contentType } = await encodeMultipart(parts(await c.captchaToken()));
      const res = await http({ method: 'POST', url: '/api/forms/automotive', headers: c.headers({ 'content-type': contentType }), payload: body });
      expect(res.statusCode, res.body).toBe(200);
      expect((await http({ url: draftUrl('Automotive'), headers: { cookie: c.cookie } })).json()).toMatchObject({ pageId: null, models: [] });
    } finally {
      await restarted.close();
    }
    expect((await load(c)).json()).toMatchObject({ pageId: null, models: [] });
  });

  it('keeps the session alive on a save and on the keep-alive, and tells its expiry', async () => {
    now = OPEN_NOW;
    const { c, credentials } = await server.authorized();
    const csrf = await server.http({ url: '/api/csrf', headers: { cookie: c.cookie } });
    expect(csrf.json().sessionExpiresAt).toBe(new Date(now + 30 * MINUTE).toISOString());

    now += 20 * MINUTE;
    const alive = await server.http({ method: 'POST', url: '/api/session/keep-alive', headers: c.headers() });
    expect(alive.statusCode, alive.body).toBe(200);
    expect(alive.json()).toEqual({ sessionExpiresAt: new Date(now + 30 * MINUTE).toISOString() });

    now += 20 * MINUTE; // 40 minutes after authorize, 20 after the keep-alive
    const a = automotiveAnswers(credentials);
    const saved = await save(c, 'claimant-info', [a.credentials, a.claimantInfo]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sessionExpiresAt).toBe(new Date(now + 30 * MINUTE).toISOString());

    now += 29 * MINUTE;
    expect((await load(c)).statusCode).toBe(200);

    now += 31 * MINUTE; // idle past the timeout
    expect((await server.http({ method: 'POST', url: '/api/session/keep-alive', headers: c.headers() })).statusCode).toBe(403);
    expect((await load(c)).statusCode).toBe(401);
    const noToken = await server.http({ method: 'POST', url: '/api/session/keep-alive', headers: { cookie: c.cookie } });
    expect(noToken.statusCode).toBe(403);
  });

  it('purges a draft after the retention period, and at the deadline when that comes first', async () => {
    now = OPEN_NOW;
    const kept = await server.authorized();
    const a = automotiveAnswers(kept.credentials);
    expect((await save(kept.c, 'claimant-info', [a.credentials, a.claimantInfo])).statusCode).toBe(200);
    const key = await vinDraftKey('Automotive', kept.credentials.vin);
    expect((await server.app.stores.drafts.get(key))?.expiresAt).toBe(now + 30 * DAY);

    now += 30 * DAY - 1;
    await server.app.stores.drafts.purgeExpired();
    expect(await server.app.stores.drafts.get(key)).not.toBeNull();
    now += 1;
    expect(await server.app.stores.drafts.get(key)).toBeNull(); // expired reads as absent
    expect(await server.app.stores.drafts.purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = await server.app.database.db.selectFrom('drafts').select('claimant_key').where('claimant_key', '=', key.claimantKey).execute();
    expect(left).toEqual([]);

    // Eleven days before the exclusion deadline (2027-03-31 23:59:59 Pacific): that comes first.
    now = Date.parse('2027-03-21T12:00:00Z');
    const deadline = Date.parse('2027-04-01T06:59:59Z');
    const excluding = await server.authorized('Exclusion');
    const saved = await save(
      excluding.c,
      'exclusion-claimant-info',
      [credentialsModel('Exclusion', excluding.credentials), model('Exclusion', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo })],
      'Exclusion',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().expiresAt).toBe(new Date(deadline).toISOString());
    const exclusionKey = (await vinDraftKey('Exclusion', excluding.credentials.vin)).claimantKey;
    now = deadline;
    expect(await server.app.stores.drafts.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await server.app.database.db.selectFrom('drafts').select('claimant_key').where('claimant_key', '=', exclusionKey).execute()).toEqual([]);
    now = OPEN_NOW;
  });
});
