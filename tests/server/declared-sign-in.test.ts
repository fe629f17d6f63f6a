/**
 * Sign-in and reference codes are declared by the settlement (forms.json): the data-breach
 * settlement signs class members in by Claim ID + ZIP code (the ZIP a secret kept hashed, locked
 * after settings.pinAttempts.max wrong answers), a form may declare no credentials at all, and a
 * sample form redeclared with another prefix files codes of that prefix while its optional Notice
 * ID + PIN still work. Real HTTP, on SQLite and PostgreSQL, the real captcha emulator.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors.js';
import { copySettlementFolder, readSettlementFolder } from '../../settlement/read.js';
import { CSRF_HEADER } from '../../server/plugins/app/session.js';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { screeningOf } from './fraud/claims.js';
import { applyStatusChanges } from '../../server/claims/statuses.js';
import { DIALECTS, encodeMultipart, FIXTURES, MARIA, OPEN_NOW, ROOT, serverOver, settlementCopy, type Claimant, type Parts } from './helper.js';

const DATA_BREACH = path.join(ROOT, 'tests/settlements/data-breach');
const LENA = { claimId: 'DBR-300001', zip: '30301' };
const GRACE = { claimId: 'DBR-300003', zip: '10027' };
const LIMITS = { max: 3, maxPerIp: 50, maxNoticeIdsPerIp: 10, windowMinutes: 10 };
const WINDOW_MS = LIMITS.windowMinutes * 60_000;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** The Claim form's model configs, as the reader makes them of the sample's and the settlement's patch. */
const CLAIM_CONFIGS = (readSettlementFolder(DATA_BREACH).files.get('models.json')?.json as { models: Array<{ metadataHash: string; metadata: { dtoMapping: string } }> }).models;
let seq = 0;
/** A model of the data-breach Claim form as the browser sends it. */
function model(_formType: 'Claim', dtoMapping: string, fields: Record<string, FieldValue>): FormModel {
  const config = CLAIM_CONFIGS.find((m) => m.metadata.dtoMapping === dtoMapping)!;
  seq++;
  return { id: null, clientId: `dbr${String(seq).padStart(7, '0')}${Math.random().toString(36).slice(2, 10).padEnd(8, '0')}`, metadata: { formType: 'Claim', dtoMapping: dtoMapping[0]!.toLowerCase() + dtoMapping.slice(1) }, metadataHash: config.metadataHash, fields };
}

/** A copy of the data-breach settlement, with `change` applied to its files (name → JSON). */
function dataBreachCopy(change: (files: Record<string, Record<string, unknown>>) => void = () => {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-data-breach-'));
  copySettlementFolder(DATA_BREACH, dir);
  const files: Record<string, Record<string, unknown>> = {};
  for (const name of ['settings.json', 'forms.json', 'models.json']) files[name] = readJson(path.join(dir, name));
  files['settings.json'] = { ...files['settings.json'], pinAttempts: LIMITS };
  change(files);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(body, null, 2));
  return dir;
}

/** The rotated session and its renewed CSRF token, as the browser keeps them after authorize. */
function keepSession(c: Claimant, headers: Record<string, string | string[] | number | undefined>): void {
  const cookie = headers['set-cookie'];
  const first = Array.isArray(cookie) ? cookie[0] : cookie;
  if (typeof first === 'string') c.cookie = first.split(';')[0]!;
  const renewed = headers[CSRF_HEADER.toLowerCase()];
  if (typeof renewed === 'string' && renewed) c.csrf = renewed;
}

/** The parts of a whole data-breach claim: one expense with its receipt, paid by PayPal. */
function claimParts(raw: string, token: string, credentials: Record<string, FieldValue>): Parts {
  const expense = model('Claim', 'Expenses', { expenseDescription: 'Credit freeze fee', expenseAmount: 12.5 });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const receipt = model('Claim', 'DocumentContexts', { documentType: 'receipt', expenseId: expense.clientId, file: 'receipt.pdf', name: 'receipt.pdf', size: pdf.length, type: 'application/pdf' });
  const claimant = model('Claim', 'ClaimantInfo', {
    firstName: 'Lena',
    lastName: 'Okafor',
    mailingStreetLine1: '415 Peachtree St NE',
    mailingStreetLine2: 'Apt 9',
    mailingCity: 'Atlanta',
    mailingSubDivision: 'GA',
    mailingPostalCode: '30308',
    mailingSubDivisionNonUS: null,
    mailingPostalCodeNonUS: null,
    mailingCountry: 'US',
    emailAddress: 'lena.okafor@example.com',
    phoneNumber: '(404) 555-0133',
  });
  const sig = model('Claim', 'Signature', { signature: 'Lena Okafor', signatureDate: '11/25/2026', attestation: true, confirmEmailAddress: 'lena.okafor@example.com' });
  return {
    text: {
      reCaptchaResponse: token,
      userPreferredCulture: 'en',
      captchaRawValue: raw,
      credentials: JSON.stringify(model('Claim', 'Credentials', credentials)),
      claimantInfo: JSON.stringify(claimant),
      claimDetails: JSON.stringify(model('Claim', 'ClaimDetails', { hoursSpent: 4.5, hoursDescription: 'Froze my credit' })),
      paymentElection: JSON.stringify(model('Claim', 'PaymentElection', { paymentMethod: 'paypal', paypalEmail: 'lena@example.com', venmoPhone: null })),
      signature: JSON.stringify(sig),
      prepopulatedData: '[]',
      documentContexts: JSON.stringify([receipt]),
      claimTransactions: '[]',
      expenses: JSON.stringify([expense]),
    },
    files: [{ field: receipt.clientId, name: 'receipt.pdf', type: 'application/pdf', bytes: pdf }],
  };
}

describe.each(DIALECTS)('a settlement signed in by Claim ID + ZIP code, over %s', (dialect) => {
  let now = OPEN_NOW;
  let windowIndex = 0;
  const server = serverOver(dialect, () => ({ settlementDir: dataBreachCopy(), trustProxy: 1, clock: () => now }));
  beforeEach(() => {
    now = OPEN_NOW + ++windowIndex * WINDOW_MS + 60_000;
  });

  async function signIn(fields: Record<string, FieldValue>, address = '192.0.2.10', culture = 'en'): Promise<{ c: Claimant; res: Awaited<ReturnType<Claimant['authorize']>> }> {
    const c = await server.claimant();
    c.remoteAddress = address;
    const res = await server.http({
      method: 'POST',
      url: `/api/forms/claim/authorize?culture=${culture}`,
      remoteAddress: address,
      headers: c.headers(),
      payload: { credentials: model('Claim', 'Credentials', fields), reCaptchaResponse: await c.captchaToken() },
    });
    keepSession(c, res.headers);
    return { c, res };
  }

  it('signs in with the right Claim ID and ZIP code, prefilled from the class list, and files a claim under its own prefix with the ZIP never stored', async () => {
    const { c, res } = await signIn({ ...LENA, claimId: 'dbr-300001' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ authorized: boolean; captcha: string; prepopulatedData: Record<string, unknown> }>();
    expect(answer.authorized).toBe(true);
    expect(answer.prepopulatedData).toEqual({
      FirstName: 'Lena',
      LastName: 'Okafor',
      MailingStreetLine1: '415 Peachtree St NE',
      MailingStreetLine2: 'Apt 9',
      MailingCity: 'Atlanta',
      MailingSubDivision: 'GA',
      MailingPostalCode: '30308',
      EmailAddress: 'lena.okafor@example.com',
      PhoneNumber: '(404) 555-0133',
    });
    // The class list's ZIP is a keyed hash, never the ZIP itself.
    const row = await server.app.database.db.selectFrom('class_members').select(['pin_hash', 'row_values']).where('notice_id', '=', 'DBR-300001').executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toContain('30301');
    expect(row.row_values).not.toContain('30301');

    const submitted = await c.submit('Claim', claimParts(answer.captcha, await c.captchaToken(), { claimId: 'DBR-300001', zip: LENA.zip }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const code = submitted.json<{ referenceCodeForm: string }>().referenceCodeForm;
    expect(code).toMatch(/^DBC-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{9}$/);
    const record = await server.app.stores.submissions.getByReferenceCode(code);
    expect(record?.formType).toBe('Claim');
    type Fields = { clientId: string; fields: Record<string, FieldValue> };
    const stored = record?.payload as { credentials: Fields; claimDetails: Fields; expenses: Fields[]; documentContexts: Fields[]; paymentElection: Fields };
    expect(stored.credentials.fields).toEqual({ claimId: 'DBR-300001', zip: null });
    expect(stored.claimDetails.fields).toMatchObject({ hoursSpent: 4.5 });
    expect(stored.expenses.map((e) => e.fields)).toEqual([{ expenseDescription: 'Credit freeze fee', expenseAmount: 12.5 }]);
    expect(stored.documentContexts.map((d) => d.fields.expenseId)).toEqual([stored.expenses[0]!.clientId]);
    expect(stored.paymentElection.fields).toMatchObject({ paymentMethod: 'paypal', paypalEmail: 'lena@example.com' });
    expect(JSON.stringify(record)).not.toContain(LENA.zip);
  });

  it('refuses a wrong ZIP code with the settlement’s words, then locks the Claim ID after pinAttempts.max, even for the right ZIP', async () => {
    const wrong = await signIn({ ...GRACE, zip: '10028' }, '198.51.100.1');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toMatchObject({ authorized: false, code: 'SIGN_IN_NOT_MATCHED', error: 'The Claim ID and ZIP code do not match our records. Please check the notice you received.' });
    const spanish = await signIn({ ...GRACE, zip: '10029' }, '198.51.100.2', 'es');
    expect(spanish.res.json()).toMatchObject({ error: 'El ID de reclamación y el código postal no coinciden con nuestros registros. Revise el aviso que recibió.' });
    expect((await signIn({ ...GRACE, zip: '10030' }, '198.51.100.3')).res.statusCode).toBe(401);

    const locked = await signIn(GRACE, '198.51.100.4');
    expect(locked.res.statusCode).toBe(429);
    expect(locked.res.headers['retry-after']).toBeDefined();
    expect(locked.res.json()).toMatchObject({ authorized: false, code: 'TOO_MANY_SIGN_IN_ATTEMPTS', error: SERVER_ERRORS.TOO_MANY_SIGN_IN_ATTEMPTS.en.replace('{0}', '9') });
    // Another class member is not affected; the lock lifts when its window ends.
    expect((await signIn(LENA, '198.51.100.4')).res.json()).toMatchObject({ authorized: true });
    now += WINDOW_MS;
    expect((await signIn(GRACE, '198.51.100.4')).res.json()).toMatchObject({ authorized: true });
  });

  it('refuses an unknown Claim ID as a wrong ZIP, and a Claim ID without its ZIP', async () => {
    const unknown = await signIn({ claimId: 'DBR-999999', zip: '30301' });
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toMatchObject({ code: 'SIGN_IN_NOT_MATCHED' });
    const noZip = await signIn({ claimId: 'DBR-300002', zip: '' });
    expect(noZip.res.statusCode).toBe(400);
    expect(noZip.res.json()).toMatchObject({ authorized: false, code: 'INVALID_SIGN_IN' });
  });

  it("cures the receipts page with the claim's expense, read-only, for a receipt's link, and refuses a receipt linked to an expense the claim does not have", async () => {
    const TOMAS = { claimId: 'DBR-300002', zip: '97205' };
    const { c, res } = await signIn(TOMAS, '198.51.100.20');
    expect(res.statusCode, res.body).toBe(200);
    const submitted = await c.submit('Claim', claimParts(res.json<{ captcha: string }>().captcha, await c.captchaToken(), TOMAS));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const code = submitted.json<{ referenceCodeForm: string }>().referenceCodeForm;
    // The settlement's receiptMismatch asks again its receipts page, whose receipts link to an expense.
    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'deficient', deficiencies: ['receiptMismatch'], cureBy: '2026-12-31' }], {
      changedBy: 'admin status',
      statusLink: 'https://claims.example.com/status',
      clock: () => now,
    });
    const status = await c.api.claimStatus(code, TOMAS);
    if (!status.ok) throw new Error(status.error);
    const [expense] = status.data.cureContext ?? [];
    expect(status.data.cureContext?.map((m) => [m.metadata.dtoMapping, m.fields])).toEqual([['expenses', { expenseDescription: 'Credit freeze fee', expenseAmount: 12.5 }]]);
    const [receipt] = status.data.cureAnswers ?? [];
    if (!receipt || !expense) throw new Error('The status answer has no receipt or no expense.');
    expect(receipt.fields.expenseId).toBe(expense.clientId);

    const send = async (fields: Record<string, FieldValue>) => {
      const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, pageModels: JSON.stringify([{ ...receipt, fields: { ...receipt.fields, ...fields } }]) }, files: [] });
      return c.raw('POST', '/api/claims/cure', { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
    };
    const elsewhere = await send({ expenseId: 'dbr0000999zzzzzzzz' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      // (Beside the expense left without its receipt.)
      fieldErrors: expect.arrayContaining([{ pageId: 'receipts', fieldId: `documentContexts-${receipt.clientId}-expenseId`, message: 'Choose again from the list: the one chosen is not part of your claim.' }]),
    });
    // The receipt as filed, with the claim's own document, linked to the claim's expense: taken.
    const cured = await send({});
    expect(cured.statusCode, cured.body).toBe(200);
  });

  it('refuses a claim whose credentials name another class member than the one signed in', async () => {
    const { c, res } = await signIn(LENA);
    const raw = res.json<{ captcha: string }>().captcha;
    const other = await c.submit('Claim', claimParts(raw, await c.captchaToken(), { claimId: 'DBR-300003', zip: null }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'SIGN_IN_CHANGED', error: SERVER_ERRORS.SIGN_IN_CHANGED.en });
  });
});

describe.each(DIALECTS)('a form signed in with no credentials, over %s', (dialect) => {
  const server = serverOver(dialect, () => ({
    settlementDir: dataBreachCopy((files) => {
      const forms = files['forms.json'] as { forms: Array<{ signIn: Record<string, unknown> }> };
      forms.forms[0]!.signIn = { credentials: [] };
      const models = files['models.json'] as { models: Array<{ metadata: { dtoMapping: string }; fields: Record<string, { validations: unknown[] }> }> };
      const credentials = models.models.find((m) => m.metadata.dtoMapping === 'Credentials')!;
      for (const field of Object.values(credentials.fields)) field.validations = [];
    }),
    clock: () => OPEN_NOW,
  }));

  /** One claim by a new claimant: authorize with no credentials, then submit. */
  async function fileOne(): Promise<string> {
    const c = await server.claimant();
    const res = await c.app.inject({ method: 'POST', url: '/api/forms/claim/authorize', headers: c.headers(), payload: { credentials: model('Claim', 'Credentials', { claimId: null, zip: null }), reCaptchaResponse: await c.captchaToken() } });
    keepSession(c, res.headers);
    const submitted = await c.submit('Claim', claimParts(res.json<{ captcha: string }>().captcha, await c.captchaToken(), { claimId: null, zip: null }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json<{ referenceCodeForm: string }>().referenceCodeForm;
  }

  it('compares claims signed in without a VIN on no VIN: two claimants are not one vehicle claimed twice', async () => {
    await fileOne();
    const second = await screeningOf(server.app, await fileOne());
    expect(second.reasons.map((r) => r.code)).not.toContain('duplicate_vin');
  });

  it('authorizes anyone, prefills nothing, and files the claim', async () => {
    const c = await server.claimant();
    const res = await c.app.inject({ method: 'POST', url: '/api/forms/claim/authorize', headers: c.headers(), payload: { credentials: model('Claim', 'Credentials', { claimId: null, zip: null }), reCaptchaResponse: await c.captchaToken() } });
    keepSession(c, res.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ authorized: boolean; captcha: string; prepopulatedData: unknown }>();
    expect(answer).toMatchObject({ authorized: true, prepopulatedData: null });
    const submitted = await c.submit('Claim', claimParts(answer.captcha, await c.captchaToken(), { claimId: null, zip: null }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ referenceCodeForm: string }>().referenceCodeForm).toMatch(/^DBC-/);
  });
});

describe.each(DIALECTS)('the sample forms declared in forms.json, over %s', (dialect) => {
  const forms = {
    classList: { columns: readFileSync(path.join(FIXTURES, 'class-members.csv'), 'utf8').split(/\r?\n/, 1)[0]!.split(',') },
    forms: [
      {
        id: 'Automotive',
        kind: 'claim',
        flow: 'flows/automotive.json',
        referencePrefix: 'CVT',
        signIn: {
          credentials: [
            { field: 'vin', match: 'vin' },
            { field: 'noticeId', match: 'identifier', column: 'noticeId', optional: true },
            { field: 'pin', match: 'secret', column: 'pin' },
          ],
          prefill: { firstName: 'FirstName', lastName: 'LastName', mailingCity: 'MailingCity' },
        },
      },
      { id: 'Lookup', kind: 'lookup', flow: 'flows/lookup.json', referencePrefix: 'LKP', signIn: { credentials: [{ field: 'vin', match: 'vin' }] } },
      {
        id: 'Exclusion',
        kind: 'exclusion',
        flow: 'flows/exclusion.json',
        referencePrefix: 'OPT',
        signIn: { credentials: [{ field: 'vin', match: 'vin' }, { field: 'noticeId', match: 'identifier', column: 'noticeId', optional: true }, { field: 'pin', match: 'secret', column: 'pin' }] },
      },
    ],
  };
  const server = serverOver(dialect, () => ({ settlementDir: settlementCopy({ 'forms.json': forms }), clock: () => OPEN_NOW }));

  it('files codes of the declared prefix; the optional Notice ID may be left out, and when given prefills what forms.json names', async () => {
    const byVin = await server.authorized('Automotive');
    expect(byVin.prepopulatedData).toBeNull();
    const res = await byVin.c.submit('Automotive', byVin.parts(await byVin.c.captchaToken()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ referenceCodeForm: string }>().referenceCodeForm).toMatch(/^CVT-/);

    const withNotice = await server.authorized('Automotive', MARIA);
    expect(withNotice.prepopulatedData).toEqual({ FirstName: 'Maria', LastName: 'Garcia', MailingCity: 'Oakland' });
    // The Exclusion form declares no prefill: signed in with the Notice ID + PIN, it fills in nothing.
    const maria = await server.authorized('Exclusion', MARIA);
    expect(maria.prepopulatedData).toEqual({});
    const opted = await maria.c.submit('Exclusion', maria.parts(await maria.c.captchaToken()));
    expect(opted.statusCode, opted.body).toBe(200);
    expect(opted.json<{ referenceCodeForm: string }>().referenceCodeForm).toMatch(/^OPT-/);
  });

  it('keeps the spec’s refusal of a wrong PIN word for word', async () => {
    const c = await server.claimant();
    const res = await c.authorize('Automotive', { ...MARIA, pin: '000000' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'WRONG_PIN', error: SERVER_ERRORS.WRONG_PIN.en });
  });
});
