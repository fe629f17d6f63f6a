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
});
