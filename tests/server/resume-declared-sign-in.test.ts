/**
 * Save and finish later on a form signed in by a declared sign-in: the data-breach settlement's
 * Claim ID + ZIP code. The code opens the claim only with the same Claim ID and its ZIP code,
 * on the page where it was saved; another class member's Claim ID is refused by the product's text
 * naming the settlement's own credentials (never a VIN), a wrong ZIP as at any sign-in. Real HTTP,
 * on SQLite and PostgreSQL, the real captcha emulator.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySettlementFolder, readSettlementFolder } from '../../settlement/read.js';
import { CSRF_HEADER } from '../../server/plugins/app/session.js';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { DIALECTS, OPEN_NOW, ROOT, serverOver, type Claimant } from './helper.js';

const DATA_BREACH = path.join(ROOT, 'tests/settlements/data-breach');
const DRAFT = '/api/forms/claim/draft';
const LENA = { claimId: 'DBR-300001', zip: '30301' };
const GRACE = { claimId: 'DBR-300003', zip: '10027' };
const LIMITS = { max: 5, maxPerIp: 50, maxNoticeIdsPerIp: 10, windowMinutes: 15 };
const locale = (culture: string) => readSettlementFolder(DATA_BREACH).files.get(`locales/${culture}.json`)?.json as Record<string, string>;
/** The model configs as the reader makes them of the sample's and the settlement's patch. */
const CONFIGS = (readSettlementFolder(DATA_BREACH).files.get('models.json')?.json as { models: Array<{ metadataHash: string; metadata: { formType: string; dtoMapping: string } }> }).models;

let seq = 0;
function model(dtoMapping: string, fields: Record<string, FieldValue>, formType = 'Claim'): FormModel {
  const config = CONFIGS.find((m) => m.metadata.formType === formType && m.metadata.dtoMapping === dtoMapping)!;
  seq++;
  return { id: null, clientId: `dbr${String(seq).padStart(7, '0')}${'abcdefgh'}`, metadata: { formType, dtoMapping: dtoMapping[0]!.toLowerCase() + dtoMapping.slice(1) }, metadataHash: config.metadataHash, fields };
}

/** Lena's answers up to the time-spent page, left unfinished there (no hours yet). */
function answers(credentials: Record<string, FieldValue>): FormModel[] {
  return [
    model('Credentials', credentials),
    model('ClaimantInfo', {
      firstName: 'Lena',
      lastName: 'Okafor',
      mailingStreetLine1: '415 Peachtree St NE',
      mailingStreetLine2: null,
      mailingCity: 'Atlanta',
      mailingSubDivision: 'GA',
      mailingPostalCode: '30308',
      mailingSubDivisionNonUS: null,
      mailingPostalCodeNonUS: null,
      mailingCountry: 'US',
      emailAddress: 'lena.okafor@example.com',
      phoneNumber: '(404) 555-0133',
    }),
    model('ClaimDetails', { hoursSpent: null, hoursDescription: 'Froze my credit at three bureaus' }),
  ];
}

function dataBreachCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-resume-breach-'));
  copySettlementFolder(DATA_BREACH, dir);
  const settings = JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ ...settings, pinAttempts: LIMITS }));
  return dir;
}

describe.each(DIALECTS)('save and finish later with a Claim ID + ZIP code sign-in, over %s', (dialect) => {
  const server = serverOver(dialect, () => ({ settlementDir: dataBreachCopy(), trustProxy: 1, clock: () => OPEN_NOW }));
  let address = 0;

  /** A new session (a browser of its own) signing in to the Claim form, with a resume code when given. */
  async function signIn(credentials: Record<string, FieldValue>, resumeCode: string | null = null, culture = 'en'): Promise<{ c: Claimant; res: Awaited<ReturnType<typeof server.http>> }> {
    const c = await server.claimant();
    c.remoteAddress = `203.0.113.${++address}`;
    const res = await server.http({
      method: 'POST',
      url: `/api/forms/claim/authorize?culture=${culture}`,
      remoteAddress: c.remoteAddress,
      headers: c.headers(),
      payload: { credentials: model('Credentials', credentials), reCaptchaResponse: await c.captchaToken(), ...(resumeCode ? { resumeCode } : {}) },
    });
    const cookie = res.headers['set-cookie'];
    const first = Array.isArray(cookie) ? cookie[0] : cookie;
    if (typeof first === 'string') c.cookie = first.split(';')[0]!;
    const renewed = res.headers[CSRF_HEADER.toLowerCase()];
    if (typeof renewed === 'string' && renewed) c.csrf = renewed;
    return { c, res };
  }
  const load = (c: Claimant) => server.http({ url: DRAFT, headers: { cookie: c.cookie }, remoteAddress: c.remoteAddress });

  async function savedForLater(): Promise<string> {
    const { c, res } = await signIn(LENA);
    expect(res.statusCode, res.body).toBe(200);
    const saved = await server.http({ method: 'POST', url: `${DRAFT}/later`, headers: c.headers(), payload: { pageId: 'time-spent', models: answers({ ...LENA }) }, remoteAddress: c.remoteAddress });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json<{ code: string }>().code;
  }

  it('opens the saved claim on its page with its answers, for the code and the same Claim ID and ZIP code, the ZIP never stored', async () => {
    const code = await savedForLater();
    const which = await server.http({ method: 'POST', url: '/api/forms/resume', headers: (await server.claimant()).headers(), payload: { code: code.toLowerCase() } });
    expect(which.json()).toMatchObject({ formType: 'Claim' });

    const { c, res } = await signIn({ claimId: LENA.claimId.toLowerCase(), zip: LENA.zip }, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true, prepopulatedData: { FirstName: 'Lena' } });
    const loaded = await load(c);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ pageId: 'time-spent', pageUnfinished: true });
    const models = loaded.json<{ models: FormModel[] }>().models;
    expect(models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'claimdetails')?.fields).toMatchObject({ hoursSpent: null, hoursDescription: 'Froze my credit at three bureaus' });
    expect(models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'credentials')?.fields).toEqual({ claimId: 'DBR-300001', zip: null });
    const rows = await server.app.database.db.selectFrom('drafts').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(LENA.zip);
  });

  it('refuses the code with another class member’s Claim ID and ZIP code, naming them by the settlement’s labels (English and Spanish)', async () => {
    const code = await savedForLater();
    const grace = await signIn(GRACE, code);
    expect(grace.res.statusCode, grace.res.body).toBe(403);
    expect(grace.res.json()).toMatchObject({
      authorized: false,
      code: 'RESUME_CODE_MISMATCH',
      error: 'This resume code does not belong to the details you entered. Please sign in with the same details as when you saved your claim: Claim ID and ZIP code.',
    });
    expect((await load(grace.c)).statusCode).toBe(401);
    const spanish = await signIn(GRACE, code, 'es');
    expect(spanish.res.json()).toMatchObject({
      code: 'RESUME_CODE_MISMATCH',
      error: 'Este código de reanudación no corresponde a los datos que ingresó. Inicie sesión con los mismos datos que cuando guardó su reclamo: ID de reclamación y Código postal.',
    });
  });

  it('refuses the code with Lena’s Claim ID and a wrong ZIP code as any sign-in is refused: the ZIP is checked before the code', async () => {
    const code = await savedForLater();
    const wrong = await signIn({ ...LENA, zip: '30302' }, code);
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toMatchObject({ authorized: false, code: 'SIGN_IN_NOT_MATCHED', error: locale('en').LocKey_Server_SignInNotMatched });
    expect((await load(wrong.c)).statusCode).toBe(401);
  });
});
