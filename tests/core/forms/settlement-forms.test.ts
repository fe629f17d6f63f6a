import { describe, expect, it } from 'vitest';
import { classListHeader, settlementForms, signInOf, SPEC_CLASS_LIST, type FormsFile } from '../../../runtime/core/forms';

const BREACH: FormsFile = {
  classList: { columns: ['claimId', 'zip', 'firstName', 'lastName'], required: ['lastName'] },
  forms: [
    {
      id: 'Claim',
      kind: 'claim',
      flow: 'flows/claim.json',
      referencePrefix: 'DBC',
      signIn: { credentials: [{ field: 'claimId', match: 'identifier', column: 'claimId' }, { field: 'zip', match: 'secret', column: 'zip' }], prefill: { firstName: 'FirstName' } },
    },
  ],
};

describe('the forms of a settlement', () => {
  it('are the spec’s three, signed in by VIN with an optional Notice ID + PIN, without forms.json', () => {
    const forms = settlementForms(undefined);
    expect(forms.map((f) => [f.id, f.kind, f.referencePrefix])).toEqual([
      ['Automotive', 'claim', 'AUT'],
      ['Lookup', 'lookup', 'LKP'],
      ['Exclusion', 'exclusion', 'EXC'],
    ]);
    expect(forms[0]!.signIn).toMatchObject({ vin: 'vin', identifier: { field: 'noticeId', column: 'noticeId', optional: true }, secret: { field: 'pin', column: 'pin' } });
    expect(forms[1]!.signIn).toEqual({ vin: 'vin', prefill: {} });
    expect(classListHeader(undefined)).toBe(SPEC_CLASS_LIST);
  });

  it('are forms.json’s, each sign-in by role, and the class-list header it names with its credential columns required', () => {
    const [claim] = settlementForms(BREACH);
    expect(claim).toEqual({
      id: 'Claim',
      kind: 'claim',
      referencePrefix: 'DBC',
      signIn: { identifier: { field: 'claimId', column: 'claimId', optional: false }, secret: { field: 'zip', column: 'zip' }, prefill: { firstName: 'FirstName' } },
    });
    expect(classListHeader(BREACH)).toEqual({ known: ['claimId', 'zip', 'firstName', 'lastName'], required: ['claimId', 'zip', 'lastName'], identifier: 'claimId', secret: 'zip' });
  });

  it('signs in with nothing when no credential is declared', () => {
    expect(signInOf({ credentials: [] })).toEqual({ prefill: {} });
  });
});
