/**
 * What a submit costs the database: the statements one claim sends, counted at the driver (each
 * is a round trip on PostgreSQL, transaction control included). A claim with a document, a VIN and
 * a Notice ID, a receipt to send and a screening against earlier claims stays within the budget,
 * and is stored whole.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DefaultQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { PREPARED } from '../../server/db/prepared.js';
import { digestOf, screenedClaims } from '../../server/fraud/store.js';
import { automotiveParts, Claimant, DIALECTS, model, otherClassVehicle, overHttp, testApp, testDatabase, vinOnly, type Credentials, type Parts, type Send, type TestDatabase } from './helper.js';
import { minimalPdf } from '../support/documents.js';
import { invoiceContext, MARIA, MARIA_ANSWERS } from '../support/sample-claim.js';
import type { FormModel } from '../../runtime/core/types.js';

/**
 * Statements of one submit (the session's read included). On PostgreSQL each is a round trip; on
 * SQLite they run in-process, in a savepoint of a grouped transaction, one after the other. The
 * claim's one document is an object of the database's document store here: written in the claim's
 * transaction with the rows naming it (on PostgreSQL a part of its first statement), not by a
 * statement of its own before it.
 */
const BUDGET = { postgres: 5, sqlite: 19 } as const;
/** Statements of a PIN sign-in (the session's read included). */
const SIGN_IN_BUDGET = { postgres: 2, sqlite: 18 };
/** Statements of a wrong PIN's refusal (the session's read included): the attempt counted for the notice ID, the address and its distinct notice IDs. */
const WRONG_PIN_BUDGET = { postgres: 2, sqlite: 14 };
/** Statements of a page save (the session's read included). */
const PAGE_SAVE_BUDGET = { postgres: 2, sqlite: 8 };
const DRAFT_URL = '/api/forms/automotive/draft';
/** A class member of the sample settlement whom no other test here signs in as. */
const JAMES: Credentials = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
/** Another, signed in (never filed for) by the compile test. */
const AIKO: Credentials = { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482' };

describe.each(DIALECTS)('the statements of a submit, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let http: Send;
  let counting = false;
  const statements: string[] = [];

  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    app = await testApp(await db.open({ onStatement: (sql) => counting && statements.push(sql) }), emulator);
    http = await overHttp(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  /** Authorizes `credentials` and submits María's Automotive claim for them, counting the submit's statements. */
  async function submitCounted(credentials: Credentials = MARIA) {
    const c = await new Claimant(app, emulator, http).start();
    const auth = await c.authorize('Automotive', { ...credentials });
    expect(auth.statusCode, auth.body).toBe(200);
    const parts = automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken(), credentials);
    statements.length = 0;
    counting = true;
    const res = await c.submit('Automotive', parts);
    counting = false;
    return { res, sent: [...statements] };
  }

  it(`a claim costs at most ${BUDGET[dialect]} statements, and is stored with its document, screening and receipt`, async () => {
    // An earlier claim of another claimant, so the screening has something to compare with.
    const earlier = await submitCounted(vinOnly(otherClassVehicle()));
    expect(earlier.res.statusCode, earlier.res.body).toBe(200);

    const { res, sent } = await submitCounted();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ referenceCodeForm: string; receiptQueued: boolean }>();
    expect(answer.receiptQueued).toBe(true);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(BUDGET[dialect]);
    // PostgreSQL plans each of them once per connection, not once per claim: all but BEGIN and COMMIT are kept prepared.
    if (dialect === 'postgres') expect(sent.filter((text) => !/^(begin|commit)\b/i.test(text) && !text.startsWith(PREPARED)), sent.join('\n')).toEqual([]);

    const record = await app.stores.submissions.getByReferenceCode(answer.referenceCodeForm);
    expect(record?.documents.map((d) => d.name)).toEqual(['invoice.pdf']);
    const screened = await db.open().then((other) => other.db.selectFrom('claim_signals').select('submission_id').where('submission_id', '=', record?.id ?? -1).execute());
    expect(screened).toHaveLength(1);
    expect(await app.mail.receiptRecipient(record?.id ?? -1)).toBeTruthy();
  });

  it('a retry of the same claim answers the same reference code; the document is stored once, byte for byte, and neither the retry nor a refused claim writes an object', async () => {
    const objectCount = async () => Number((await app.database.db.selectFrom('document_objects').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const c = await new Claimant(app, emulator, http).start();
    const credentials = vinOnly(otherClassVehicle());
    const auth = await c.authorize('Automotive', { ...credentials });
    const parts = automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken(), credentials);
    const before = await objectCount();
    const first = await c.submit('Automotive', parts);
    expect(first.statusCode, first.body).toBe(200);
    const { referenceCodeForm } = first.json<{ referenceCodeForm: string }>();
    expect(await objectCount()).toBe(before + 1);
    const record = await app.stores.submissions.getByReferenceCode(referenceCodeForm);
    const [stored] = await app.stores.submissions.getDocuments(record?.id ?? -1);
    expect(stored?.object?.store).toBe('database');
    expect(stored?.bytes?.equals(Buffer.from(parts.files[0]?.bytes ?? []))).toBe(true);

    const again = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ referenceCodeForm: string }>().referenceCodeForm).toBe(referenceCodeForm);
    // Other answers under the same authorization: refused in the claim's transaction.
    const other = await c.submit('Automotive', { ...parts, text: { ...parts.text, userPreferredCulture: 'es', reCaptchaResponse: await c.captchaToken() } });
    expect(other.json<{ code: string }>().code, other.body).toBe('ALREADY_SUBMITTED');
    expect(await objectCount()).toBe(before + 1);
  });

  /** The statements `call` sends. */
  async function counted<T>(call: () => Promise<T>): Promise<{ answer: T; sent: string[] }> {
    statements.length = 0;
    counting = true;
    try {
      return { answer: await call(), sent: [...statements] };
    } finally {
      counting = false;
    }
  }

  it(`a PIN sign-in costs at most ${SIGN_IN_BUDGET[dialect]} statements, and authorizes the session with a captcha value for the submit`, async () => {
    const c = await new Claimant(app, emulator, http).start();
    const token = await c.captchaToken();
    const { answer: res, sent } = await counted(() => c.authorize('Automotive', { ...JAMES }, token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ authorized: boolean }>().authorized).toBe(true);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(SIGN_IN_BUDGET[dialect]);

    // The token is spent, the session rotated and authorized, and the captcha value answers a submit.
    const again = await new Claimant(app, emulator, http).start();
    const reused = await again.authorize('Automotive', { ...JAMES }, token);
    expect(reused.json<{ code: string }>().code).toBe('CAPTCHA_FAILED');
    // ... and the session that sent it again is not authorized (its rotation was a part of the refused statement).
    expect((await again.raw('GET', DRAFT_URL)).statusCode).toBe(401);
    // Nothing saved yet: the authorized session answers with the member's prefilled answers.
    const draft = await c.raw('GET', DRAFT_URL);
    expect(draft.json<{ prepopulatedData: Record<string, unknown> }>().prepopulatedData).toMatchObject({ FirstName: 'James' });
    const parts = automotiveParts(res.json<{ captcha: string }>().captcha, await c.captchaToken(), JAMES);
    const submitted = await c.submit('Automotive', parts);
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it(`a wrong PIN costs at most ${WRONG_PIN_BUDGET[dialect]} statements, and counts against the notice ID until it locks`, async () => {
    // A notice ID no other test signs in with: its lock is this test's own.
    const wrong: Credentials = { vin: JAMES.vin, noticeId: 'EXM-199999', pin: '000000' };
    const refusals: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const c = await new Claimant(app, emulator, http).start();
      const token = await c.captchaToken();
      const { answer, sent } = await counted(() => c.authorize('Automotive', { ...wrong }, token));
      refusals.push(`${answer.statusCode} ${answer.json<{ code: string }>().code}`);
      if (attempt === 1) expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(WRONG_PIN_BUDGET[dialect]);
    }
    // `max` (5) wrong PINs are told so; the next finds the notice ID locked.
    expect(refusals).toEqual([...Array<string>(5).fill('401 WRONG_PIN'), '429 TOO_MANY_PIN_ATTEMPTS']);

    // The token of a wrong PIN is spent with its counts: sent again, it is refused as a reused token.
    const first = await new Claimant(app, emulator, http).start();
    const token = await first.captchaToken();
    const other: Credentials = { ...wrong, noticeId: 'EXM-199998' };
    expect((await first.authorize('Automotive', { ...other }, token)).json<{ code: string }>().code).toBe('WRONG_PIN');
    const again = await new Claimant(app, emulator, http).start();
    expect((await again.authorize('Automotive', { ...other }, token)).json<{ code: string }>().code).toBe('CAPTCHA_FAILED');
  });

  it('a PIN sign-in after the first compiles no statement: its statements are templates compiled once per shape', async () => {
    const started = async () => {
      const c = await new Claimant(app, emulator, http).start();
      return { c, token: await c.captchaToken() };
    };
    // The first compiles each shape (it may be the first of this database).
    const first = await started();
    expect((await first.c.authorize('Automotive', { ...AIKO }, first.token)).statusCode).toBe(200);
    const { c, token } = await started();
    const compiles = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    try {
      const { answer, sent } = await counted(() => c.authorize('Automotive', { ...AIKO }, token));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ authorized: boolean }>().authorized).toBe(true);
      expect(sent.length).toBeGreaterThan(0);
      // SQLite's sign-in reads and counts statement by statement, each a template too.
      expect(compiles.mock.calls.length, sent.join('\n')).toBe(0);
    } finally {
      compiles.mockRestore();
    }
  });

  it('page saves and record saves after the first compile no statement, and each stores its own answers', async () => {
    // A Notice ID sign-in: its saves also read what was filed under its identifiers.
    const c = await new Claimant(app, emulator, http).start();
    expect((await c.authorize('Automotive', { ...AIKO }, await c.captchaToken())).statusCode).toBe(200);
    const credentials = { vin: AIKO.vin, noticeId: AIKO.noticeId, pin: null };
    const pages = [model('Automotive', 'Credentials', credentials), model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }), model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails })];
    const repair = (facilityName: string) => model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions, facilityName });
    const pageSave = (city: string) => c.raw('PUT', DRAFT_URL, { json: { pageId: 'claimant-info', models: [pages[0], { ...pages[1], fields: { ...pages[1]?.fields, mailingCity: city } }] } });
    const recordSave = (records: FormModel[]) => c.raw('PUT', DRAFT_URL, { json: { pageId: 'repairs', models: [...pages, ...records], unfinished: true } });
    const saved = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
    // The first of each compiles its shapes (they may be the first of this database).
    saved(await pageSave('Fresno'));
    saved(await recordSave([repair('First Motors')]));

    const compiles = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    const records = [repair('Second Motors'), repair('Third Motors')];
    try {
      const page = await counted(() => pageSave('Modesto'));
      saved(page.answer);
      expect(compiles.mock.calls.length, page.sent.join('\n')).toBe(0);
      const record = await counted(() => recordSave(records));
      saved(record.answer);
      expect(compiles.mock.calls.length, record.sent.join('\n')).toBe(0);
    } finally {
      compiles.mockRestore();
    }
    // The statements compiled once carry each save's own values.
    const draft = (await c.raw('GET', DRAFT_URL)).json<{ pageId: string; pageUnfinished: boolean; models: FormModel[] }>();
    expect(draft).toMatchObject({ pageId: 'repairs', pageUnfinished: true });
    expect(draft.models.filter((m) => m.metadata.dtoMapping.toLowerCase() === 'claimtransactions').map((m) => m.fields.facilityName)).toEqual(['Second Motors', 'Third Motors']);
    const again = await pageSave('Modesto');
    saved(again);
    const afterPage = (await c.raw('GET', DRAFT_URL)).json<{ pageId: string; models: FormModel[] }>();
    expect(afterPage.pageId).toBe('claimant-info');
    expect(afterPage.models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'claimantinfo')?.fields.mailingCity).toBe('Modesto');
  });

  it('a submit after the first compiles no statement: its statements are templates compiled once per shape, and each stores its own values', async () => {
    /** The phone number both claims give (no other claim here does): the second is compared with the first on it. */
    const phone = '(510) 555-0177';
    /** Authorizes a new class vehicle; the parts of its Automotive claim with its own e-mail address and document. */
    const authorized = async (email: string, pdf: Buffer) => {
      const credentials = vinOnly(otherClassVehicle());
      const c = await new Claimant(app, emulator, http).start();
      const auth = await c.authorize('Automotive', { ...credentials });
      expect(auth.statusCode, auth.body).toBe(200);
      const parts = automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken(), credentials);
      const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
      const doc = model('Automotive', 'DocumentContexts', invoiceContext(repair.clientId, pdf.length));
      const own: Parts = {
        text: {
          ...parts.text,
          claimantInfo: JSON.stringify(model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo, emailAddress: email, phoneNumber: phone })),
          signature: JSON.stringify(model('Automotive', 'Signature', { ...MARIA_ANSWERS.Signature, confirmEmailAddress: email, confirmPhoneNumber: phone })),
          documentContexts: JSON.stringify([doc]),
          claimTransactions: JSON.stringify([repair]),
        },
        files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: pdf }],
      };
      return { c, vin: credentials.vin, parts: own, pdf };
    };
    const first = await authorized('first.claim@example.com', minimalPdf('the first claim'));
    const second = await authorized('second.claim@example.com', minimalPdf('the second claim'));
    // The first compiles each shape (it may be the first of this database).
    const filed = await first.c.submit('Automotive', first.parts);
    expect(filed.statusCode, filed.body).toBe(200);
    const firstCode = filed.json<{ referenceCodeForm: string }>().referenceCodeForm;

    const compiles = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    const { answer, sent, compiled } = await counted(() => second.c.submit('Automotive', second.parts))
      .then((submitted) => ({ ...submitted, compiled: compiles.mock.calls.length }))
      .finally(() => compiles.mockRestore());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(sent.length).toBeGreaterThan(0);
    expect(compiled, sent.join('\n')).toBe(0);

    // The statements compiled once carry the second claim's own values: its row and document,
    const secondCode = answer.json<{ referenceCodeForm: string }>().referenceCodeForm;
    const record = await app.stores.submissions.getByReferenceCode(secondCode);
    if (!record) throw new Error(`The second claim ${secondCode} is not stored.`);
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(JSON.stringify(record.payload)).toContain('second.claim@example.com');
    expect(JSON.stringify(record.payload)).not.toContain('first.claim@example.com');
    expect(record.documents.map((d) => [d.name, d.size, d.sha256])).toEqual([['invoice.pdf', second.pdf.length, sha256(second.pdf)]]);
    const [document] = await app.stores.submissions.getDocuments(record.id);
    expect(document?.bytes?.equals(second.pdf)).toBe(true);
    // what was filed under its VIN (this claim, first),
    const [vinFilings] = await app.stores.submissions.filingsOf([{ kind: 'vin', value: second.vin }]);
    expect(vinFilings?.filings.Automotive).toEqual({ count: 1, first: secondCode });
    // its screening (compared with the first on the phone number they share, not on the first's document) and its values,
    const screening = (await screenedClaims(app.database)).find((claim) => claim.referenceCode === secondCode);
    expect(screening?.reasons.find((r) => r.code === 'duplicate_phone')?.evidence).toEqual({ earlier: 1, references: [firstCode] });
    expect(screening?.reasons.map((r) => r.code)).not.toContain('duplicate_document');
    const values = await app.database.db.selectFrom('signal_values').select(['kind', 'digest']).where('submission_id', '=', record.id).execute();
    expect(values).toEqual(expect.arrayContaining([{ kind: 'vin', digest: digestOf('vin', second.vin) }, { kind: 'document', digest: digestOf('document', sha256(second.pdf)) }]));
    expect(values).not.toContainEqual({ kind: 'vin', digest: digestOf('vin', first.vin) });
    // and its receipt, to its own address, of its own reference code.
    expect(await app.mail.receiptRecipient(record.id)).toBe('second.claim@example.com');
    const receipt = await app.database.db.selectFrom('outbox').select('render_data').where('dedupe_key', '=', `receipt:${record.id}`).executeTakeFirst();
    expect(receipt?.render_data).toContain(secondCode);
  });

  it(`a page save costs at most ${PAGE_SAVE_BUDGET[dialect]} statements, and stores the page's answers with the session extended`, async () => {
    const c = await new Claimant(app, emulator, http).start();
    const credentials = vinOnly(otherClassVehicle());
    const auth = await c.authorize('Automotive', { ...credentials });
    expect(auth.statusCode, auth.body).toBe(200);
    const models = [model('Automotive', 'Credentials', { ...credentials }), model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo })];
    const save = () => c.raw('PUT', DRAFT_URL, { json: { pageId: 'claimant-info', models } });

    const first = await counted(save);
    expect(first.answer.statusCode, first.answer.body).toBe(200);
    expect(first.sent.length, first.sent.join('\n')).toBeLessThanOrEqual(PAGE_SAVE_BUDGET[dialect]);
    // A save over a stored draft (the usual one) too.
    const second = await counted(save);
    expect(second.answer.statusCode, second.answer.body).toBe(200);
    expect(second.sent.length, second.sent.join('\n')).toBeLessThanOrEqual(PAGE_SAVE_BUDGET[dialect]);

    const { sessionExpiresAt } = second.answer.json<{ sessionExpiresAt: string }>();
    expect(Date.parse(sessionExpiresAt)).toBe(app.clock() + app.sessions.idleTimeoutMs);
    const loaded = await c.raw('GET', DRAFT_URL);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const draft = loaded.json<{ pageId: string; models: FormModel[] }>();
    expect(draft.pageId).toBe('claimant-info');
    expect(draft.models.find((m) => m.clientId === models[1]?.clientId)?.fields).toEqual(models[1]?.fields);
  });
});
