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
