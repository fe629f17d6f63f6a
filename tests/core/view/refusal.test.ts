import { describe, expect, it } from 'vitest';
import { pageRefusalView, refusalView, submitRefusalView } from '../../../runtime/core/view';
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

describe('pageRefusalView: a refusal that names no field', () => {
  const texts: Record<string, string> = {
    LocKey_Notice_ContactAdministrator: 'To reach the Settlement Administrator: e-mail {0}, phone {1}.',
    LocKey_Notice_FiledReferenceCode: 'Reference code of the claim or request already filed: {0}.',
    LocKey_Footer_EmailAddress: 'info@example.test',
    LocKey_Footer_PhoneNumber: '1-800-555-0199',
  };
  const tr = (key: string, ...args: string[]) => (texts[key] ?? key).replace(/\{(\d)\}/g, (_, i: string) => args[Number(i)] ?? '');

  it('an error of the claimant (a 400, a 413) is the error summary line', () => {
    expect(pageRefusalView({ code: 'VALIDATION_FAILED', message: 'Some answers need your attention: x' }, tr)).toEqual({
      summary: [{ fieldId: '', clientId: '', field: '', message: 'Some answers need your attention: x' }],
      fieldErrors: {},
      notice: null,
    });
    expect(pageRefusalView({ code: 'FILE_TOO_LARGE', message: 'Too large.' }, tr).notice).toBeNull();
  });

  it('an already filed claim is a notice, not a summary line, and says whom to contact', () => {
    const view = pageRefusalView({ code: 'ALREADY_SUBMITTED', message: 'This form has already been submitted; its reference code is AUT-1.' }, tr);
    expect(view.summary).toEqual([]);
    expect(view.notice?.lines).toEqual([
      'This form has already been submitted; its reference code is AUT-1.',
      'To reach the Settlement Administrator: e-mail info@example.test, phone 1-800-555-0199.',
    ]);
  });

  it('a duplicate refused by the Notice ID says the reference code the server gives, once', () => {
    const message = 'A claim has already been filed for this class member, and only one is accepted.';
    expect(pageRefusalView({ code: 'DUPLICATE_CLAIM', message, filedReferenceCode: 'AUT-7' }, tr).notice?.lines).toEqual([
      message,
      'Reference code of the claim or request already filed: AUT-7.',
      'To reach the Settlement Administrator: e-mail info@example.test, phone 1-800-555-0199.',
    ]);
    // Refused by the VIN alone, the server gives none, and none is said.
    expect(pageRefusalView({ code: 'DUPLICATE_CLAIM', message, filedReferenceCode: null }, tr).notice?.lines).toHaveLength(2);
    // The server's message already names it: not said twice.
    expect(pageRefusalView({ code: 'ALREADY_SUBMITTED', message: 'Already submitted; its reference code is AUT-7.', filedReferenceCode: 'AUT-7' }, tr).notice?.lines).toHaveLength(2);
  });

  it('the session, the service down and a failure with no text of the server are notices without the contact line', () => {
    expect(pageRefusalView({ code: 'NOT_AUTHORIZED', message: 'Your session has expired.' }, tr).notice?.lines).toEqual(['Your session has expired.']);
    expect(pageRefusalView({ code: 'DATABASE_UNAVAILABLE', message: 'Try again later.' }, tr).notice?.lines).toEqual(['Try again later.']);
    expect(pageRefusalView({ code: null, message: 'An error occured.', notice: true }, tr).summary).toEqual([]);
  });
});

describe('submitRefusalView: a refused Submit on its page', () => {
  const summaryPage = page([{ block: 'model', model: 'Signature', fields: [{ key: 'signature', widget: 'text', label: 'L_Signature' }] }], { id: 'claim-summary', action: 'submit' });
  const ts = makeT({ L_Signature: 'Signature' });
  const message = 'Some answers need your attention: Review — Signature: contains characters that are not allowed.';

  it("shows the server's message first, then each field it names on this page, under the field and linked from the summary", () => {
    const view = submitRefusalView(
      summaryPage,
      {
        code: 'VALIDATION_FAILED',
        message,
        fieldErrors: [
          { pageId: 'claim-summary', fieldId: 'signature-signature', message: 'contains characters that are not allowed.' },
          // Another page's field: the server's message names it; this page has nowhere to show it.
          { pageId: 'eligibility', fieldId: 'claimDetails-disposalDate', message: 'Enter the date.' },
        ],
      },
      ts,
    );
    expect(view.summary).toEqual([
      { fieldId: '', clientId: '', field: '', message },
      { fieldId: 'signature-signature', clientId: '', field: '', message: 'contains characters that are not allowed.', label: 'Signature' },
    ]);
    expect(view.fieldErrors).toEqual({ 'signature-signature': 'contains characters that are not allowed.' });
    expect(view.notice).toBeNull();
  });

  it('an already filed claim stays a notice, whatever fields come with it', () => {
    const view = submitRefusalView(summaryPage, { code: 'DUPLICATE_CLAIM', message: 'Already filed.', fieldErrors: [{ pageId: 'claim-summary', fieldId: 'signature-signature', message: 'x' }] }, ts);
    expect(view.summary).toEqual([]);
    expect(view.fieldErrors).toEqual({});
    expect(view.notice?.lines[0]).toBe('Already filed.');
  });
});
