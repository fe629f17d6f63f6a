/**
 * Threat: a claim stored for, or answered to, someone other than the claimant the server
 * authorized. A second claimant who copies the first one's model clientIds must not receive the
 * first one's reference code (nor have their own answers dropped); a session authorized by its VIN
 * alone, or with one member's Notice ID and PIN, must not file a claim naming another member; the
 * prefilled data stored with a claim is the server's record, never the client's echo of it; an
 * authorization (or captcha value) for one form does not serve another.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../server/errors.js';
import { automotiveParts, type Credentials, DIALECTS, exclusionParts, MARIA, otherClassVehicle, type Parts, serverOver, vinOnly } from '../helper.js';

const JAMES = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
const AIKO = { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482' };

/** The parts with some JSON parts changed in place (their models keep their clientIds). */
function edited(parts: Parts, changes: Record<string, (model: { fields: Record<string, unknown> }) => void>, text: Record<string, string> = {}): Parts {
  const out = { ...parts.text, ...text };
  for (const [name, change] of Object.entries(changes)) {
    const model = JSON.parse(out[name]!) as { fields: Record<string, unknown> };
    change(model);
    out[name] = JSON.stringify(model);
  }
  return { ...parts, text: out };
}

describe.each(DIALECTS)('a claim is bound to the claimant who was authorized, over %s', (dialect) => {
  const server = serverOver(dialect, { trustProxy: 1 });

  const { authorized, stored } = server;
  const record = async (code: string) => (await server.app.stores.submissions.getByReferenceCode(code))!.payload as Record<string, { fields: Record<string, unknown> } & Array<{ fields: Record<string, unknown> }>>;

  describe('idempotency belongs to the authorization', () => {
    it("a second claimant sending the first one's clientIds gets a reference code of their own, and their answers are stored", async () => {
      const firstVin = otherClassVehicle();
      const a = await authorized('Automotive', vinOnly(firstVin));
      const partsA = automotiveParts(a.raw, await a.c.captchaToken(), vinOnly(firstVin));
      const codeA = (await a.c.submit('Automotive', partsA)).json().referenceCodeForm as string;
      expect(codeA).toMatch(/^AUT-/);

      const secondVin = otherClassVehicle();
      const b = await authorized('Automotive', vinOnly(secondVin));
      const before = await stored();
      const copied = edited(
        partsA,
        { credentials: (m) => (m.fields.vin = secondVin), claimantInfo: (m) => (m.fields.firstName = 'Roberto') },
        { captchaRawValue: b.raw, reCaptchaResponse: await b.c.captchaToken() },
      );
      const res = await b.c.submit('Automotive', copied);
      expect(res.statusCode, res.body).toBe(200);
      const codeB = res.json().referenceCodeForm as string;
      expect(codeB).toMatch(/^AUT-/);
      expect(codeB).not.toBe(codeA);
      expect(await stored()).toBe(before + 1);
      expect((await record(codeB)).claimantInfo!.fields.firstName).toBe('Roberto');
      expect((await record(codeA)).claimantInfo!.fields.firstName).toBe('María');
    });

    it('a retry of the same submission answers the same reference code and stores nothing new, also when two retries race', async () => {
      // María with her Notice ID: the sample settlement accepts one claim per Notice ID, and her
      // own retries are not duplicates of it.
      const { c, raw } = await authorized('Automotive', MARIA);
      const parts = automotiveParts(raw, await c.captchaToken());
      const before = await stored();
      const [one, two] = await Promise.all([
        c.submit('Automotive', parts),
        c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } }),
      ]);
      expect(one.statusCode, one.body).toBe(200);
      expect(two.statusCode, two.body).toBe(200);
      const code = one.json().referenceCodeForm as string;
      expect(two.json()).toEqual({ submitted: true, error: null, referenceCodeForm: code, receiptQueued: true, receiptAddress: 'ma•••@example.com' });
      const again = await c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await c.captchaToken() } });
      expect(again.json()).toEqual({ submitted: true, error: null, referenceCodeForm: code, receiptQueued: true, receiptAddress: 'ma•••@example.com' });
      expect(await stored()).toBe(before + 1);
    });

    it('other answers from an authorization that has filed: 409 naming its own reference code, nothing stored', async () => {
      const vin = otherClassVehicle();
      const { c, raw } = await authorized('Automotive', vinOnly(vin));
      const parts = automotiveParts(raw, await c.captchaToken(), vinOnly(vin));
      const code = (await c.submit('Automotive', parts)).json().referenceCodeForm as string;
      const before = await stored();
      // The same models, one answer changed; then new models altogether.
      const changed = edited(parts, { claimantInfo: (m) => (m.fields.mailingCity = 'Berkeley') }, { reCaptchaResponse: await c.captchaToken() });
      const renewed = automotiveParts(raw, await c.captchaToken(), vinOnly(vin));
      for (const attempt of [changed, { ...renewed, text: { ...renewed.text, userPreferredCulture: 'es' } }]) {
        const res = await c.submit('Automotive', attempt);
        expect(res.statusCode, res.body).toBe(409);
        // The claim this authorization filed: its reference code in the text and as a field of the answer.
        expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code: 'ALREADY_SUBMITTED', filedReferenceCode: code });
        expect(res.json().error).toContain(code);
      }
      const spanish = await c.submit('Automotive', { ...renewed, text: { ...renewed.text, userPreferredCulture: 'es', reCaptchaResponse: await c.captchaToken() } });
      expect(spanish.json().error).toBe(SERVER_ERRORS.ALREADY_SUBMITTED.es.replace('{0}', code));
      expect(await stored()).toBe(before);
      expect((await record(code)).claimantInfo!.fields.mailingCity).toBe('Oakland');
    });
  });

  describe('the claimant named in the payload is the one authorized', () => {
    async function refusedFor(credentials: Credentials, change: (fields: Record<string, unknown>) => void) {
      const { c, raw } = await authorized('Automotive', credentials);
      const before = await stored();
      const parts = edited(automotiveParts(raw, await c.captchaToken(), credentials), { credentials: (m) => change(m.fields) });
      const res = await c.submit('Automotive', parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code: 'CREDENTIALS_CHANGED', error: SERVER_ERRORS.CREDENTIALS_CHANGED.en });
      expect(res.json().error).toContain('start again from the first page');
      expect(await stored()).toBe(before);
    }

    it('a session authorized by its VIN alone cannot name a Notice ID', async () => {
      await refusedFor(vinOnly(JAMES.vin), (f) => Object.assign(f, { noticeId: JAMES.noticeId, pin: JAMES.pin }));
    });

    it("a session authorized with one member's Notice ID and PIN cannot name another member's Notice ID", async () => {
      await refusedFor(JAMES, (f) => (f.noticeId = MARIA.noticeId));
    });

    it('a session authorized with a Notice ID cannot drop it, nor name another VIN', async () => {
      await refusedFor(JAMES, (f) => (f.noticeId = null));
      await refusedFor(JAMES, (f) => (f.vin = MARIA.vin));
    });

    it('the credentials are stored as the server authorized them; the PIN sent is ignored and never stored', async () => {
      const vin = otherClassVehicle();
      const { c, raw } = await authorized('Exclusion', vinOnly(vin));
      const parts = edited(exclusionParts(raw, await c.captchaToken(), vinOnly(vin)), { credentials: (m) => (m.fields.pin = '999999') });
      const res = await c.submit('Exclusion', parts);
      expect(res.statusCode, res.body).toBe(200);
      expect((await record(res.json().referenceCodeForm)).credentials!.fields).toEqual({ vin, noticeId: null, pin: null });
    });
    it('a claim resumed after a reload sends its Notice ID without the PIN (the browser never gets it back): accepted, bound to the authorization', async () => {
      const { c, raw } = await authorized('Exclusion', AIKO);
      const parts = edited(exclusionParts(raw, await c.captchaToken(), AIKO), { credentials: (m) => (m.fields.pin = null) });
      const res = await c.submit('Exclusion', parts);
      expect(res.statusCode, res.body).toBe(200);
      expect((await record(res.json().referenceCodeForm)).credentials!.fields).toEqual({ vin: AIKO.vin, noticeId: AIKO.noticeId, pin: null });
    });
  });

  describe("prepopulatedData is the server's record", () => {
    const forged = (formType: 'Automotive' | 'Exclusion') =>
      JSON.stringify([{ id: null, clientId: 'prepopulatedData', metadata: { formType, dtoMapping: 'prepopulatedData' }, metadataHash: '', fields: { firstName: 'Mallory', emailAddress: 'mallory@example.com' } }]);

    it('a claim authorized with a Notice ID stores what authorize returned, whatever the client sends', async () => {
      const { c, raw, prepopulatedData } = await authorized('Exclusion', JAMES);
      expect(prepopulatedData).toMatchObject({ FirstName: 'James', LastName: "O'Neil" });
      const parts = exclusionParts(raw, await c.captchaToken(), JAMES);
      const res = await c.submit('Exclusion', { ...parts, text: { ...parts.text, prepopulatedData: forged('Exclusion') } });
      expect(res.statusCode, res.body).toBe(200);
      const stored = (await record(res.json().referenceCodeForm)).prepopulatedData!;
      expect(stored).toHaveLength(1);
      expect(stored[0]!.fields).toEqual({
        firstName: 'James',
        lastName: "O'Neil",
        mailingStreetLine1: '77 Elm St',
        mailingStreetLine2: 'Apt 4',
        mailingCity: 'Springfield',
        mailingSubDivision: 'IL',
        mailingPostalCode: '62701',
        mailingCountry: 'US',
      });
      expect(JSON.stringify(stored)).not.toContain('Mallory');
    });

    it('a claim authorized by its VIN alone stores no prepopulatedData', async () => {
      const vin = otherClassVehicle();
      const { c, raw, prepopulatedData } = await authorized('Automotive', vinOnly(vin));
      expect(prepopulatedData).toBeNull();
      const parts = automotiveParts(raw, await c.captchaToken(), vinOnly(vin));
      const res = await c.submit('Automotive', { ...parts, text: { ...parts.text, prepopulatedData: forged('Automotive') } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await record(res.json().referenceCodeForm)).prepopulatedData).toEqual([]);
    });
  });

  describe('an authorization serves its own form only', () => {
    it('a Lookup authorization submits nothing', async () => {
      const c = await server.claimant();
      expect((await c.authorize('Lookup', { vin: MARIA.vin })).json()).toMatchObject({ authorized: true });
      const before = await stored();
      const res = await c.submit('Automotive', automotiveParts('x.y', await c.captchaToken(), vinOnly(MARIA.vin)));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ submitted: false, code: 'NOT_AUTHORIZED' });
      expect(await stored()).toBe(before);
    });

    it("an Exclusion authorization does not submit a claim, and one form's captcha value does not serve the other", async () => {
      const vin = otherClassVehicle();
      const { c, raw: exclusionRaw } = await authorized('Exclusion', vinOnly(vin));
      const before = await stored();
      const unauthorized = await c.submit('Automotive', automotiveParts(exclusionRaw, await c.captchaToken(), vinOnly(vin)));
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.json()).toMatchObject({ code: 'NOT_AUTHORIZED' });
      // Authorized for both forms: the Exclusion's captcha value on the claim is refused.
      expect((await c.authorize('Automotive', { ...vinOnly(vin) })).statusCode).toBe(200);
      const crossed = await c.submit('Automotive', automotiveParts(exclusionRaw, await c.captchaToken(), vinOnly(vin)));
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json()).toMatchObject({ code: 'CAPTCHA_RAW_INVALID' });
      expect(await stored()).toBe(before);
    });
  });
});
