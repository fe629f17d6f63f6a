import { describe, expect, it } from 'vitest';
import { refusalView } from '../../../runtime/core/view';
import { makeT, page } from './fixtures';

const t = makeT({ L_Vin: 'VIN', L_Notice: 'Notice ID', L_Pin: 'PIN' });
const signIn = page([
  { block: 'header', element: 'h1', textKey: 'L_Title' },
  {
    block: 'model',
    model: 'Credentials',
    fields: [
      { key: 'vin', widget: 'text', label: 'L_Vin' },
      { key: 'noticeId', widget: 'text', label: 'L_Notice' },
      { key: 'pin', widget: 'text', label: 'L_Pin' },
    ],
  },
]);

describe('a refused sign-in on its page', () => {
  it.each([
    ['WRONG_PIN', ['credentials-pin'], 'PIN'],
    ['NOT_CLASS_VEHICLE', ['credentials-vin'], 'VIN'],
    ['INVALID_CREDENTIALS', ['credentials-vin'], 'VIN'],
    ['TOO_MANY_PIN_ATTEMPTS', ['credentials-noticeId', 'credentials-pin'], 'Notice ID'],
  ])('%s marks the field it concerns and links the summary line to it', (code, fieldIds, label) => {
    const view = refusalView(signIn, { code, message: 'Refused.' }, t);
    expect(Object.keys(view.fieldErrors)).toEqual(fieldIds);
    expect(Object.values(view.fieldErrors).every((m) => m === 'Refused.')).toBe(true);
    expect(view.summary).toEqual([{ fieldId: fieldIds[0], clientId: '', field: expect.any(String), message: 'Refused.', label }]);
  });

  it('gives a summary line with no field for a code naming none (or none on the page), and for no code', () => {
    for (const code of ['CAPTCHA_FAILED', null]) {
      const view = refusalView(signIn, { code, message: 'Try again.' }, t);
      expect(view).toEqual({ summary: [{ fieldId: '', clientId: '', field: '', message: 'Try again.' }], fieldErrors: {} });
    }
    const vinOnly = page([{ block: 'model', model: 'Credentials', fields: [{ key: 'vin', widget: 'text', label: 'L_Vin' }] }]);
    expect(refusalView(vinOnly, { code: 'WRONG_PIN', message: 'No.' }, t).summary[0]!.fieldId).toBe('');
  });
});

describe('a refused declared sign-in (forms.json) on its page', () => {
  const tc = makeT({ L_ClaimId: 'Claim ID', L_Zip: 'ZIP code' });
  const claimStart = page([
    {
      block: 'model',
      model: 'Credentials',
      fields: [
        { key: 'claimId', widget: 'text', label: 'L_ClaimId' },
        { key: 'zip', widget: 'text', label: 'L_Zip', secret: true },
      ],
    },
  ]);

  it.each([
    ['SIGN_IN_NOT_MATCHED', ['credentials-zip'], 'ZIP code'],
    ['TOO_MANY_SIGN_IN_ATTEMPTS', ['credentials-zip'], 'ZIP code'],
  ])('%s marks the secret (the field the page marks secret) and links the summary to it', (code, fieldIds, label) => {
    const view = refusalView(claimStart, { code, message: 'Refused.' }, tc);
    expect(Object.keys(view.fieldErrors)).toEqual(fieldIds);
    expect(view.summary).toEqual([{ fieldId: fieldIds[0], clientId: '', field: expect.any(String), message: 'Refused.', label }]);
  });

  it('gives the summary line alone for a sign-in without a secret', () => {
    const identifierOnly = page([{ block: 'model', model: 'Credentials', fields: [{ key: 'claimId', widget: 'text', label: 'L_ClaimId' }] }]);
    expect(refusalView(identifierOnly, { code: 'SIGN_IN_NOT_MATCHED', message: 'No.' }, tc)).toEqual({ summary: [{ fieldId: '', clientId: '', field: '', message: 'No.' }], fieldErrors: {} });
  });
});
