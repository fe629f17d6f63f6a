/**
 * A claimant whose claim (or exclusion request) was filed, and whom the settlement's duplicate
 * policy would refuse another, is told so at sign-in, before any page is filled: authorize answers
 * `authorized: false` with the code ALREADY_FILED. The claimant who filed it (the same Notice ID,
 * proved by its PIN) is told its reference code; anyone else (a VIN alone, an identifier without its
 * secret) the policy's refusal without it. A policy that only marks repeats lets the sign-in through;
 * wrong PINs, the captcha and the lookup are as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS, type ServerErrorCode } from '../../server/errors.js';
import settings from '../../server-fixtures/settings.json' with { type: 'json' };
import {
  type Claimant,
  type Credentials,
  DIALECTS,
  FIXTURES,
  MARIA,
  OPEN_NOW,
  serverOver,
  settlementCopy,
  vinOnly,
  type HttpResponse,
  type TestServer,
} from './helper.js';

const JAMES = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
const AIKO = { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482' };

type Form = 'Automotive' | 'Exclusion';
type Culture = 'en' | 'es';

/** The catalogue's text in a culture, with its reference code. */
const text = (code: ServerErrorCode, culture: Culture, referenceCode?: string) => SERVER_ERRORS[code][culture].replace('{0}', referenceCode ?? '{0}');

/** Signs in to `formType` in a session of its own (in `culture`): the claimant and the answer. */
async function signIn(server: TestServer, formType: Form | 'Lookup', credentials: Credentials | Record<string, string | null>, culture: Culture = 'en'): Promise<{ c: Claimant; res: HttpResponse; token: string }> {
  const c = await server.claimant();
  const token = await c.captchaToken();
  const endpoint = await c.endpoint(formType, 'authorize');
  const json = { credentials: { clientId: 'credentials-1', metadata: { formType, dtoMapping: 'Credentials' }, fields: { ...credentials } }, reCaptchaResponse: token };
  const res = await c.raw('POST', `${endpoint}?culture=${culture}`, { json });
  return { c, res, token };
}

/** Files `formType` for `credentials` from a sign-in of its own: the reference code. */
async function file(server: TestServer, formType: Form, credentials: Credentials): Promise<string> {
  const a = await server.authorized(formType, credentials);
  const res = await a.c.submit(formType, a.parts(await a.c.captchaToken()));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ referenceCodeForm: string }>().referenceCodeForm;
}

function expectAlreadyFiled(res: HttpResponse, error: string, referenceCode?: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ authorized: false, error, captcha: null, prepopulatedData: null, code: 'ALREADY_FILED', ...(referenceCode ? { referenceCode } : {}) });
}

function expectSignedIn(res: HttpResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ authorized: true, error: null, captcha: expect.any(String) });
}

describe.each(DIALECTS)('a form already filed, told at sign-in, over %s', (dialect) => {
  describe('the sample settlement (one claim per Notice ID; a claim and an exclusion exclude each other)', () => {
    const server = serverOver(dialect, { clock: () => OPEN_NOW });

    it('María signing in again is told her claim was filed, with its reference code, in her language; no one is signed in', async () => {
      const referenceCode = await file(server, 'Automotive', MARIA);
      const again = await signIn(server, 'Automotive', MARIA);
      expectAlreadyFiled(again.res, text('ALREADY_FILED_CLAIM', 'en', referenceCode), referenceCode);
      expect(again.res.json<{ error: string }>().error).toContain(referenceCode);
      expectAlreadyFiled((await signIn(server, 'Automotive', MARIA, 'es')).res, text('ALREADY_FILED_CLAIM', 'es', referenceCode), referenceCode);
      // Not signed in: the claim in progress is not hers to open.
      const draft = await again.c.raw('GET', '/api/forms/automotive/draft');
      expect(draft.statusCode).toBe(401);
      // The captcha token was spent by the answer, as by any other refusal.
      const endpoint = await again.c.endpoint('Automotive', 'authorize');
      const replay = await again.c.raw('POST', endpoint, { json: { credentials: { clientId: 'credentials-1', metadata: { formType: 'Automotive', dtoMapping: 'Credentials' }, fields: { ...MARIA } }, reCaptchaResponse: again.token } });
      expect(replay.json()).toMatchObject({ authorized: false, code: 'CAPTCHA_FAILED' });

      // Her exclusion request would be refused too: she is told of her claim.
      expectAlreadyFiled((await signIn(server, 'Exclusion', MARIA)).res, text('EXCLUSION_AFTER_OWN_CLAIM', 'en', referenceCode), referenceCode);
    });

    it('a wrong PIN is refused as before (the claim is not told without the PIN); the VIN alone is told the refusal, never the reference code', async () => {
      const referenceCode = await file(server, 'Automotive', AIKO);
      const wrong = await signIn(server, 'Automotive', { ...AIKO, pin: '000000' });
      expect(wrong.res.statusCode).toBe(401);
      expect(wrong.res.json()).toMatchObject({ authorized: false, code: 'WRONG_PIN', error: SERVER_ERRORS.WRONG_PIN.en });
      expect(wrong.res.body).not.toContain(referenceCode);

      // An exclusion for the VIN is refused by the policy (a claim names it): whoever types a VIN is
      // not known to be who filed, so the answer is the refusal a submit gets, without the code.
      const byVin = await signIn(server, 'Exclusion', vinOnly(AIKO.vin), 'es');
      expectAlreadyFiled(byVin.res, text('EXCLUSION_AFTER_CLAIM', 'es'));
      expect(byVin.res.body).not.toContain(referenceCode);

      // Another claim for the VIN alone is only marked by the policy: signed in as before.
      expectSignedIn((await signIn(server, 'Automotive', vinOnly(AIKO.vin))).res);
      // The lookup answers whether the VIN is a class vehicle, as before.
      const lookup = await signIn(server, 'Lookup', vinOnly(AIKO.vin));
      expect(lookup.res.json()).toMatchObject({ authorized: true, error: null });
    });

    it('an exclusion filed is told at the exclusion’s sign-in, and at the claim’s, with its reference code', async () => {
      const referenceCode = await file(server, 'Exclusion', JAMES);
      expectAlreadyFiled((await signIn(server, 'Exclusion', JAMES)).res, text('ALREADY_FILED_EXCLUSION', 'en', referenceCode), referenceCode);
      expectAlreadyFiled((await signIn(server, 'Automotive', JAMES, 'es')).res, text('CLAIM_AFTER_OWN_EXCLUSION', 'es', referenceCode), referenceCode);
      // Signed in by the VIN alone: the refusal, without the code.
      expectAlreadyFiled((await signIn(server, 'Automotive', vinOnly(JAMES.vin))).res, text('CLAIM_AFTER_EXCLUSION', 'en'));
    });
  });

  describe('a policy that only marks repeats', () => {
    const marks = { noticeId: { sameForm: 'mark', otherForm: 'mark' }, vin: { sameForm: 'mark', otherForm: 'allow' } };
    const server = serverOver(dialect, () => ({ settlementDir: settlementCopy({ 'settings.json': { ...settings, duplicates: marks } }), clock: () => OPEN_NOW }));

    it('lets the claimant who filed sign in again, to either form', async () => {
      await file(server, 'Automotive', MARIA);
      expectSignedIn((await signIn(server, 'Automotive', MARIA)).res);
      expectSignedIn((await signIn(server, 'Exclusion', MARIA)).res);
    });
  });

  describe('an exclusion signed in by the Notice ID without its PIN (forms.json)', () => {
    const credentials = (secret: boolean) => [
      { field: 'vin', match: 'vin' },
      { field: 'noticeId', match: 'identifier', column: 'noticeId', optional: true },
      ...(secret ? [{ field: 'pin', match: 'secret', column: 'pin' }] : []),
    ];
    const forms = {
      classList: { columns: readFileSync(path.join(FIXTURES, 'class-members.csv'), 'utf8').split(/\r?\n/, 1)[0]!.split(',') },
      forms: [
        { id: 'Automotive', kind: 'claim', flow: 'flows/automotive.json', referencePrefix: 'AUT', signIn: { credentials: credentials(true) } },
        { id: 'Lookup', kind: 'lookup', flow: 'flows/lookup.json', referencePrefix: 'LKP', signIn: { credentials: [{ field: 'vin', match: 'vin' }] } },
        { id: 'Exclusion', kind: 'exclusion', flow: 'flows/exclusion.json', referencePrefix: 'EXC', signIn: { credentials: credentials(false) } },
      ],
    };
    const server = serverOver(dialect, () => ({ settlementDir: settlementCopy({ 'forms.json': forms }), clock: () => OPEN_NOW }));

    it('another claimant typing the same Notice ID is told a claim was filed for it, never its reference code', async () => {
      const referenceCode = await file(server, 'Automotive', MARIA);
      // This exclusion's sign-in does not check the PIN (its page still asks for one): any will do.
      const other = await signIn(server, 'Exclusion', { ...MARIA, pin: '000000' });
      expectAlreadyFiled(other.res, text('EXCLUSION_AFTER_CLAIM', 'en'));
      expect(other.res.body).not.toContain(referenceCode);
    });

    it('an exclusion filed with the Notice ID alone is not told by its code to the PIN’s holder: anyone could have filed it', async () => {
      const referenceCode = await file(server, 'Exclusion', { ...JAMES, pin: '000000' });
      const james = await signIn(server, 'Automotive', JAMES);
      expectAlreadyFiled(james.res, text('CLAIM_AFTER_EXCLUSION', 'en'));
      expect(james.res.body).not.toContain(referenceCode);
    });
  });
});
