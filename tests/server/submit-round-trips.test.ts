/**
 * What a submit costs the database: the statements one claim sends, counted at the driver (each
 * is a round trip on PostgreSQL, transaction control included). A claim with a document, a VIN and
 * a Notice ID, a receipt to send and a screening against earlier claims stays within the budget,
 * and is stored whole.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { automotiveParts, Claimant, DIALECTS, otherClassVehicle, overHttp, testApp, testDatabase, vinOnly, type Credentials, type Send, type TestDatabase } from './helper.js';
import { MARIA } from '../support/sample-claim.js';

/**
 * Statements of one submit (the session's read included). On PostgreSQL each is a round trip; on
 * SQLite they run in-process, in a savepoint of a grouped transaction, one after the other.
 */
const BUDGET = { postgres: 5, sqlite: 18 } as const;

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

    const record = await app.stores.submissions.getByReferenceCode(answer.referenceCodeForm);
    expect(record?.documents.map((d) => d.name)).toEqual(['invoice.pdf']);
    const screened = await db.open().then((other) => other.db.selectFrom('claim_signals').select('submission_id').where('submission_id', '=', record?.id ?? -1).execute());
    expect(screened).toHaveLength(1);
    expect(await app.mail.receiptRecipient(record?.id ?? -1)).toBeTruthy();
  });

  it('a retry of the same claim answers the same reference code', async () => {
    const c = await new Claimant(app, emulator, http).start();
    const credentials = vinOnly(otherClassVehicle());
    const auth = await c.authorize('Automotive', { ...credentials });
    const parts = automotiveParts(auth.json<{ captcha: string }>().captcha, await c.captchaToken(), credentials);
    const first = await c.submit('Automotive', parts);
    const again = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ referenceCodeForm: string }>().referenceCodeForm).toBe(first.json<{ referenceCodeForm: string }>().referenceCodeForm);
  });
});
