import { describe, expect, it } from 'vitest';
import { formsIssues, settlementForms, withSignInRules, type FormsFile } from '../../../runtime/core/forms';
import { hasValidVinCheckDigit, vinCheckDigitOf } from '../../../runtime/core/rules';
import { validateModelFields } from '../../../runtime/core/rules';
import type { ModelConfig } from '../../../runtime/core/types';
import { check } from '../rules/context';
import { specFormsFile } from '../../support/spec-forms';

describe('the VIN check digit (ISO 3779, 49 CFR 565.15 position 9)', () => {
  it('is the weighted sum of the transliterated characters modulo 11, X for 10', () => {
    expect(vinCheckDigitOf('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigitOf('5EXMA1B2XHC100105')).toBe('X');
    expect(vinCheckDigitOf('1hgcm82633a004352')).toBe('3');
    expect(hasValidVinCheckDigit('1HGCM82633A004352')).toBe(true);
    expect(hasValidVinCheckDigit('5EXMA1B2XHC100105')).toBe(true);
  });

  it('fails a VIN with one character typed wrong, and text that is not a VIN', () => {
    expect(hasValidVinCheckDigit('1HGCM82643A004352')).toBe(false);
    expect(hasValidVinCheckDigit('1HGCM82633A004353')).toBe(false);
    expect(hasValidVinCheckDigit('5EXMA1B20HC000101')).toBe(false);
    expect(vinCheckDigitOf('1HGCM82633A00435')).toBeNull();
    expect(vinCheckDigitOf('1HGCM82633A00435I')).toBeNull();
  });

  it('as a rule, refuses a wrong check digit and leaves empty text and non-VINs to the other rules', () => {
    const rule = { type: 'vinCheckDigit' };
    expect(check('1HGCM82633A004352', rule)).toEqual([]);
    expect(check('1HGCM82643A004352', rule)).toEqual(['LocKey_Validation_VinCheckDigit']);
    expect(check('', rule)).toEqual([]);
    expect(check(null, rule)).toEqual([]);
    expect(check('1HGCM826', rule)).toEqual([]);
  });
});

const credentials = (formType: string): ModelConfig => ({
  metadataHash: 'h',
  metadata: { formType, dtoMapping: 'Credentials' },
  fields: { vin: { key: 'vin', validations: [{ type: 'required' }] }, noticeId: { key: 'noticeId', validations: [] }, pin: { key: 'pin', validations: [] } },
} as unknown as ModelConfig);

describe('a VIN credential declaring checkDigit', () => {
  it('gives the sign-in the check and its Credentials VIN field the rule, on every form that declares it', () => {
    const forms = settlementForms(specFormsFile({ checkDigit: true }));
    expect(forms.map((f) => f.signIn.vinCheckDigit)).toEqual([true, true, true]);
    const models = withSignInRules([credentials('Automotive'), credentials('Lookup')], forms);
    expect(models.map((m) => m.fields.vin!.validations.map((r) => r.type))).toEqual([
      ['required', 'vinCheckDigit'],
      ['required', 'vinCheckDigit'],
    ]);
    const problems = validateModelFields({ vin: '1HGCM82643A004352', noticeId: null, pin: null }, models[0]!.fields, { scope: { models: {} }, whitelist: null, now: new Date(), side: 'client', t: () => undefined });
    expect(problems).toEqual({ vin: ['LocKey_Validation_VinCheckDigit'] });
  });

  it('changes nothing without it (the sample keeps the spec’s sign-in)', () => {
    const forms = settlementForms(specFormsFile());
    expect(forms.some((f) => f.signIn.vinCheckDigit)).toBe(false);
    const models = [credentials('Automotive')];
    expect(withSignInRules(models, forms)[0]).toBe(models[0]);
  });

  it('is refused by the checker on a credential that is not a VIN', () => {
    const file: FormsFile = specFormsFile();
    const signIn = file.forms[0]!.signIn;
    file.forms[0]!.signIn = { ...signIn, credentials: signIn.credentials.map((c) => (c.match === 'secret' ? { ...c, checkDigit: true } : c)) };
    const issues = formsIssues(file, 'forms.json', { flows: [], credentialFields: () => ['vin', 'noticeId', 'pin'] }).filter((i) => i.pointer.endsWith('/checkDigit'));
    expect(issues).toEqual([{ file: 'forms.json', pointer: '/forms/0/signIn/credentials/2/checkDigit', message: 'only a VIN has a check digit, not this secret credential', hint: 'remove "checkDigit"' }]);
  });
});
