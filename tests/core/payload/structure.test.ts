import { describe, expect, it } from 'vitest';
import { buildPayload, checkPayloadStructure } from '../../../runtime/core/payload';
import { fileClaim } from './fixtures';

function sound() {
  const { store, files } = fileClaim('false');
  return buildPayload({ formType: 'Automotive', store, files, culture: 'en' });
}

describe('the payload structure rules', () => {
  it('accept a payload built from the store', () => {
    expect(checkPayloadStructure(sound())).toEqual([]);
  });

  it('refuse anything but an object', () => {
    expect(checkPayloadStructure(null)).toEqual(['The payload must be an object.']);
    expect(checkPayloadStructure([])).toEqual(['The payload must be an object.']);
  });

  it('allow one model per single kind', () => {
    const payload = sound();
    const errors = checkPayloadStructure({ ...payload, signature: [payload.signature, payload.signature], claimDetails: 'x' });
    expect(errors).toEqual([
      'signature: at most one model is allowed, got 2.',
      'claimDetails: must be a form model with a clientId and fields.',
    ]);
  });

  it('require a culture and lists of models', () => {
    const payload = sound();
    expect(checkPayloadStructure({ ...payload, userPreferredCulture: '', claimTransactions: {}, prepopulatedData: [1] })).toEqual([
      'userPreferredCulture: a culture is required.',
      'prepopulatedData[0]: must be a form model with a clientId and fields.',
      'claimTransactions: must be a list of form models.',
    ]);
  });

  it('allow at most one file per document context', () => {
    const payload = sound();
    const first = payload.documents![0]!;
    const errors = checkPayloadStructure({ ...payload, documents: [...payload.documents!, { ...first, name: 'other.pdf' }] });
    expect(errors).toEqual([`documentContexts ${first.clientId}: at most one file per document context is allowed, got 2.`]);
  });

  it('tie each file to an existing document context', () => {
    const payload = sound();
    const errors = checkPayloadStructure({ ...payload, documents: [{ ...payload.documents![0]!, clientId: 'clm0000042zzzzzzzz' }] });
    expect(errors).toEqual(['documents[0] (invoice.pdf): no document context has the clientId clm0000042zzzzzzzz.']);
  });

  it('keep file names unique in documentContexts', () => {
    const payload = sound();
    const [a, b] = payload.documentContexts;
    const renamed = { ...b!, fields: { ...b!.fields, name: a!.fields.name } };
    expect(checkPayloadStructure({ ...payload, documentContexts: [a, renamed] })).toEqual([
      'documentContexts: the file name "invoice.pdf" is used by 2 document contexts; file names must be unique.',
    ]);
  });

  it('refuse clientIds outside the grammar of spec §3, and models carrying more than their shape', () => {
    const payload = sound();
    const signature = payload.signature!;
    expect(checkPayloadStructure({ ...payload, signature: { ...signature, clientId: '../x' } })).toEqual([
      'signature: the clientId is not in the expected format (letters, 7 digits, 8 letters or digits).',
    ]);
    expect(checkPayloadStructure({ ...payload, signature: { ...signature, extra: 1, id: 5 } })).toEqual(['signature: unexpected property "extra".', 'signature: id must be short text or null.']);
    // prepopulatedData echoes authorize's record under a fixed name, not a generated clientId.
    expect(checkPayloadStructure({ ...payload, prepopulatedData: [{ id: null, clientId: 'prepopulatedData', metadata: { formType: 'Automotive', dtoMapping: 'prepopulatedData' }, metadataHash: '', fields: {} }] })).toEqual([]);
  });

  it('refuse text no database can store: NUL bytes and broken surrogates, in answers, names and the culture', () => {
    const payload = sound();
    const info = payload.claimantInfo!;
    expect(checkPayloadStructure({ ...payload, userPreferredCulture: 'en\u0000', claimantInfo: { ...info, fields: { ...info.fields, firstName: '\ud800' } } })).toEqual([
      'userPreferredCulture: contains a character that cannot be stored (a NUL byte or a broken Unicode character).',
      'claimantInfo.fields.firstName: contains a character that cannot be stored (a NUL byte or a broken Unicode character).',
    ]);
    const documents = payload.documents!.map((d, i) => (i === 0 ? { ...d, name: 'a\u0000.pdf' } : d));
    expect(checkPayloadStructure({ ...payload, documents })).toContain('documents[0].name: contains a character that cannot be stored (a NUL byte or a broken Unicode character).');
  });
});
