/**
 * A VIN credential declaring `"checkDigit": true` (forms.json): a VIN whose 9th character is not its
 * check digit is refused with its own words, in the claimant's language, before the class-vehicle
 * list is read; the served model config carries the rule, so the page refuses it too. Real HTTP,
 * on SQLite and PostgreSQL, the real captcha emulator.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors.js';
import type { ModelConfig } from '../../runtime/core/types.js';
import { specFormsFile } from '../support/spec-forms.js';
import { DIALECTS, MARIA, NOT_CLASS_VIN, otherClassVehicle, serverOver, settlementCopy, vinOnly } from './helper.js';

/** NOT_CLASS_VIN with its 9th character typed wrong. */
const MISTYPED_OUTSIDER = `${NOT_CLASS_VIN.slice(0, 8)}4${NOT_CLASS_VIN.slice(9)}`;

describe.each(DIALECTS)('a sign-in that verifies the VIN check digit, over %s', (dialect) => {
  const server = serverOver(dialect, () => ({ settlementDir: settlementCopy({ 'forms.json': specFormsFile({ checkDigit: true }) }) }));

  it('signs in a class vehicle whose check digit is right', async () => {
    const c = await server.claimant();
    const res = await c.authorize('Automotive', { ...vinOnly(otherClassVehicle()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true, error: null });
  });

  it('refuses a VIN with a wrong check digit, in English and Spanish, naming the code the page marks the VIN by', async () => {
    const c = await server.claimant();
    const res = await c.authorize('Automotive', { ...MARIA });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ authorized: false, code: 'VIN_CHECK_DIGIT', error: SERVER_ERRORS.VIN_CHECK_DIGIT.en });
    const es = await server.claimant();
    const spanish = await server.http({
      method: 'POST',
      url: '/api/forms/lookup/authorize?culture=es',
      headers: es.headers(),
      payload: { credentials: { id: null, clientId: 'lkp0000001abcdefgh', metadata: { formType: 'Lookup', dtoMapping: 'credentials' }, metadataHash: lookupHash(), fields: { vin: MARIA.vin } }, reCaptchaResponse: await es.captchaToken() },
    });
    expect(spanish.statusCode, spanish.body).toBe(400);
    expect(spanish.json()).toMatchObject({ code: 'VIN_CHECK_DIGIT', error: SERVER_ERRORS.VIN_CHECK_DIGIT.es });
  });

  it('refuses a mistyped VIN before the class-vehicle list is read (a VIN outside the class is told it is mistyped, not that it is outside)', async () => {
    const c = await server.claimant();
    const mistyped = await c.authorize('Lookup', { vin: MISTYPED_OUTSIDER });
    expect(mistyped.statusCode, mistyped.body).toBe(400);
    expect(mistyped.json()).toMatchObject({ authorized: false, code: 'VIN_CHECK_DIGIT' });
    const outsider = await c.authorize('Lookup', { vin: NOT_CLASS_VIN });
    expect(outsider.statusCode, outsider.body).toBe(200);
    expect(outsider.json()).toMatchObject({ authorized: false, code: 'NOT_CLASS_VEHICLE' });
  });

  it('serves the rule on the VIN of each form, so the page refuses what the server refuses', async () => {
    const res = await server.http({ url: '/api/forms/config' });
    const configs = res.json<ModelConfig[]>().filter((m) => m.metadata.dtoMapping === 'Credentials');
    expect(configs.map((m) => [m.metadata.formType, m.fields.vin!.validations.map((r) => r.type).includes('vinCheckDigit')])).toEqual(
      expect.arrayContaining([
        ['Automotive', true],
        ['Lookup', true],
        ['Exclusion', true],
      ]),
    );
  });

  function lookupHash(): string {
    return server.app.settlement.models.find((m) => m.metadata.formType === 'Lookup' && m.metadata.dtoMapping === 'Credentials')!.metadataHash;
  }
});
