/**
 * The sample settlement's three forms written out as forms.json (what a folder without forms.json
 * gets), for tests that change one declaration: `checkDigit` on the VIN credential.
 */
import { SPEC_CLASS_LIST, type FormsFile } from '../../runtime/core/forms/index.js';

export function specFormsFile(options: { checkDigit?: boolean } = {}): FormsFile {
  const vin = { field: 'vin', match: 'vin' as const, ...(options.checkDigit ? { checkDigit: true } : {}) };
  const signIn = {
    credentials: [vin, { field: 'noticeId', match: 'identifier' as const, column: 'noticeId', optional: true }, { field: 'pin', match: 'secret' as const, column: 'pin' }],
    prefill: { firstName: 'FirstName', lastName: 'LastName', mailingCity: 'MailingCity' },
  };
  return {
    classList: { columns: [...SPEC_CLASS_LIST.known], required: [...SPEC_CLASS_LIST.required] },
    forms: [
      { id: 'Automotive', kind: 'claim', flow: 'flows/automotive.json', referencePrefix: 'AUT', signIn },
      { id: 'Lookup', kind: 'lookup', flow: 'flows/lookup.json', referencePrefix: 'LKP', signIn: { credentials: [vin] } },
      { id: 'Exclusion', kind: 'exclusion', flow: 'flows/exclusion.json', referencePrefix: 'EXC', signIn },
    ],
  };
}
